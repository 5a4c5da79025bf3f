/**
 * Which Redis channel carries a change (live/README.md, "Routed by scope"). A stand's changes (its visitors, history,
 * exhibitors) and a person's notifications go on that scope's own channel, in Redis's sharded pub/sub: a process
 * subscribes to it only while one of its streams shows the scope, and releases it `RELEASE_MS` after the last one
 * left. Everything else (presence, settings, the room-wide values, ended sessions, news for everyone) goes on the
 * room's channel, to every process.
 */
import { exScope, hisScope, newsScope, parseScope, visScope, type LiveChange, type Scope, type VisitsDelta } from './changes';

/** How long a process keeps a scope's channel after its last stream showing it closed (a reload comes back within it). */
export const RELEASE_MS = 1_000;

/** A change as it travels: on a scope's channel, or on the room's (`scope` null). */
export interface Routed {
  scope: Scope | null;
  change: LiveChange;
}

/** Whether a scope has a channel of its own. */
export function isRouted(scope: Scope): boolean {
  const kind = parseScope(scope).kind;
  return kind === 'vis' || kind === 'his' || kind === 'ex' || kind === 'news-user';
}

/** A change split by the channels that carry it: one per stand or person it names, or the room's. */
export function route(change: LiveChange): Routed[] {
  switch (change.type) {
    case 'visitors':
      return change.standIds.map((id) => ({ scope: visScope(id), change: { type: 'visitors', standIds: [id], ...visitsOn(change, id) } }));
    case 'history': {
      const { entries } = change;
      return change.standIds.map((id) => ({
        scope: hisScope(id),
        change: { type: 'history', standIds: [id], ...(entries && { entries: entries.filter((e) => e.stand_id === id) }) },
      }));
    }
    case 'exhibitors':
      // By user: which stands they are on is resolved where the change is heard (rare: availability, a profile).
      if (change.userIds?.length || !change.standIds) return [{ scope: null, change }];
      return change.standIds.map((id) => ({
        scope: exScope(id),
        change: { type: 'exhibitors', standIds: [id], ...(change.links ? { links: true as const } : {}) },
      }));
    case 'notifications':
      if (change.userIds.length === 0) return [{ scope: null, change }];
      return change.userIds.map((id) => ({ scope: newsScope(id), change: { type: 'notifications', userIds: [id] } }));
    default:
      return [{ scope: null, change }];
  }
}

/** A visits delta's part on one stand: its visits, and the rows of those who opened one there. */
function visitsOn(change: { delta?: VisitsDelta }, standId: number): { delta?: VisitsDelta } {
  const { delta } = change;
  if (!delta) return {};
  const opened = delta.opened.filter((v) => v.standId === standId);
  const arrived = new Set(opened.map((v) => v.userId));
  return {
    delta: { opened, closed: delta.closed.filter((v) => v.standId === standId), users: delta.users.filter((u) => arrived.has(u.id)) },
  };
}

/**
 * The change that recomputes a routed scope: handed to a process's listeners once its subscription is in place, for
 * what was published between its first read and the subscription.
 */
export function changeOf(scope: Scope): LiveChange | null {
  const parsed = parseScope(scope);
  switch (parsed.kind) {
    case 'vis':
      return { type: 'visitors', standIds: [parsed.standId] };
    case 'his':
      return { type: 'history', standIds: [parsed.standId] };
    case 'ex':
      return { type: 'exhibitors', standIds: [parsed.standId] };
    case 'news-user':
      return { type: 'notifications', userIds: [parsed.userId] };
    default:
      return null;
  }
}

/**
 * The scope channels one process holds, counted by the streams that show each: the first one subscribes, the last
 * one's leaving releases it `RELEASE_MS` later unless another stream came back meanwhile.
 */
export class ScopeChannels {
  private readonly held = new Set<Scope>();
  private readonly releasing = new Map<Scope, NodeJS.Timeout>();

  constructor(
    private readonly subscribe: (scope: Scope) => void,
    private readonly unsubscribe: (scope: Scope) => void,
  ) {}

  watch(scope: Scope): void {
    if (!isRouted(scope)) return;
    const timer = this.releasing.get(scope);
    if (timer) {
      clearTimeout(timer);
      this.releasing.delete(scope);
    }
    if (this.held.has(scope)) return;
    this.held.add(scope);
    this.subscribe(scope);
  }

  unwatch(scope: Scope): void {
    if (!this.held.has(scope) || this.releasing.has(scope)) return;
    const timer = setTimeout(() => {
      this.releasing.delete(scope);
      this.held.delete(scope);
      this.unsubscribe(scope);
    }, RELEASE_MS);
    timer.unref();
    this.releasing.set(scope, timer);
  }

  /** The scopes subscribed now (resubscription after Redis came back, tests). */
  scopes(): Scope[] {
    return [...this.held];
  }

  has(scope: Scope): boolean {
    return this.held.has(scope);
  }

  stop(): void {
    for (const timer of this.releasing.values()) clearTimeout(timer);
    this.releasing.clear();
  }
}
