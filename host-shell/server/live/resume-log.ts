/**
 * When each scope last changed, kept in Redis for every process (live/README.md, "Resumed on any process"): a
 * stream that reconnects to another process with the id of its last event gets the fields whose scopes changed since,
 * not a full state. An event id is the time its flush's last change arrived, in microseconds (live/engine.ts).
 *
 * One key a scope, `salon:live:at:<scope>`, holding the time of its last change in ms and expiring after `LOG_MS`.
 * Only the scopes that change rarely are kept (a stand's visitors, history and exhibitors, a person's notifications);
 * the room-wide ones (who is active, the chat users, news for everyone, the settings) change all the time and are
 * small: a resumed stream always gets them again. A change of exhibitors by user, or of the settings, marks `ex:*`:
 * every stand's exhibitors.
 */
import type { LiveChange, Scope } from './changes';
import { route } from './channels';

/** How far back a resume on another process reaches; past it, a full state. */
export const LOG_MS = 5 * 60_000;

/**
 * A change recorded up to this long before a stream's last event may still have been on its way to that stream's
 * process (Redis, a flush's coalescing): it is sent again. Sending a field again is harmless.
 */
export const MARGIN_MS = 10_000;

const EVERY_STAND = 'ex:*';

/** How long a resume waits for Redis's answer before it sends a full state. */
export const ASK_MS = 1_000;

/** What ResumeLog needs of an ioredis client. */
export interface LogRedis {
  set(key: string, value: string, px: 'PX', ms: number): Promise<unknown>;
  mget(keys: string[]): Promise<(string | null)[]>;
}

/**
 * The scopes a change marks as changed: those of its own channels (live/channels.ts), and `ex:*` (every stand's
 * exhibitors) for an exhibitor's change by user or the settings.
 */
export function marked(change: LiveChange): string[] {
  return route(change).flatMap(({ scope, change: part }) =>
    scope ? [scope] : part.type === 'exhibitors' || part.type === 'settings' ? [EVERY_STAND] : [],
  );
}

/** Scopes a resumed stream always gets again. */
const roomWide = (scope: Scope): boolean => scope === 'active' || scope === 'chat' || scope === 'settings' || scope === 'news';

export class ResumeLog {
  constructor(
    private readonly redis: LogRedis,
    private readonly prefix = 'salon:live:at:',
  ) {}

  /** Marks what a change touches as changed now (by the process where it happened, as it publishes it). */
  record(change: LiveChange): Promise<unknown> {
    const now = String(Date.now());
    return Promise.all(marked(change).map((scope) => this.redis.set(this.prefix + scope, now, 'PX', LOG_MS)));
  }

  /** Of a stream's scopes, those that changed since `sinceMs` (the time of its last event); null: a full state. */
  async since(scopes: Scope[], sinceMs: number): Promise<Set<Scope> | null> {
    const now = Date.now();
    if (sinceMs < now - LOG_MS + MARGIN_MS || sinceMs > now + MARGIN_MS) return null;
    const asked = [...scopes.filter((scope) => !roomWide(scope)), EVERY_STAND];
    // Redis away (ioredis queues commands until it is back): a full state rather than a stream that waits.
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), ASK_MS)));
    const times = await Promise.race([this.redis.mget(asked.map((scope) => this.prefix + scope)).catch(() => null), late]);
    clearTimeout(timer);
    if (!times) return null;
    const after = sinceMs - MARGIN_MS;
    const changed = new Set<Scope>(scopes.filter(roomWide));
    asked.forEach((scope, i) => {
      if (Number(times[i] ?? 0) < after) return;
      if (scope !== EVERY_STAND) changed.add(scope as Scope);
      else for (const s of scopes) if (s.startsWith('ex:')) changed.add(s);
    });
    return changed;
  }
}
