import type { ServerResponse } from 'node:http';
import type { Kysely } from 'kysely';
import { USERS_ACTIVES_EVENT } from '@salon/shared/contracts/analytics';
import { ACTIVE_USERS_LISTED, type UsersActivesData } from '@salon/shared/contracts/backoffice';
import type { Database } from '../db/schema';
import { ActivityView, type ActivityTracker } from '../services/activity';
import { companiesOf, roomUserRowsWithCity, toRoomUser } from '../services/room-users';
import type { ParametersCache } from '../services/settings';
import type { LiveChange } from './changes';
import type { LiveHub } from './hub';
import { windowsOf } from './state';

export interface ActivesDeps {
  db: Kysely<Database>;
  activity: ActivityTracker;
  parameters: ParametersCache;
}

/**
 * Who is here now (`GET /api/users/actives`, and each event of `/api/sse/users/actives`): the people active within
 * last_activity_period, the most recent first; organisers see hidden profiles too (flagged), names as published, and
 * each person's city (which tells apart two people of one name).
 */
export async function activeUsers({ db, activity, parameters }: ActivesDeps): Promise<UsersActivesData> {
  const params = await parameters.get();
  activity.setWindows(windowsOf(params));
  const since = Date.now() - params.last_activity_period * 1000;
  const [recent, count] = await Promise.all([activity.recentSince(since, ACTIVE_USERS_LISTED), activity.countSince(since)]);
  const view = new ActivityView(new Map(recent.map((r) => [r.userId, r.at])));
  const rows = new Map(
    (
      await roomUserRowsWithCity(
        db,
        recent.map((r) => r.userId),
      )
    ).map((row) => [row.id, row]),
  );
  const listed = recent.flatMap((r) => {
    const row = rows.get(r.userId);
    return row ? [row] : [];
  });
  const companies = await companiesOf(
    db,
    listed.filter((row) => row.profile === 'exhibitor').map((row) => row.id),
  );
  const users = listed.map((row) => ({
    ...toRoomUser(row, companies.get(row.id) ?? null, view.effectiveIso(row.id, row.last_activity_at), { hidden: row.hidden === 1 }),
    city: row.city,
  }));
  return { count, period: params.last_activity_period, users };
}

/** What changes who is here, or how they show: presence, a profile (hidden, names), the parameters (the window). */
const touchesActives = (change: LiveChange): boolean =>
  change.type === 'presence' || change.type === 'exhibitors' || change.type === 'settings';

const PING = ': ping\n\n';

/**
 * The streams of `GET /api/sse/users/actives` in this process. It listens to the live hub (the same changes as the
 * live activity, from every process with Redis) while a stream is open; a change schedules ONE recomputation for
 * every stream, at most one per `minMs`, and an event goes out only when the list or the count really changed.
 * One ping timer for all the streams.
 */
export class ActivesFeed {
  private readonly streams = new Set<ServerResponse>();
  private last: string | null = null;
  private seq = Date.now() * 1000;
  private unsubscribe: (() => void) | null = null;
  private timer: NodeJS.Timeout | null = null;
  private pingTimer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private dirty = false;
  private lastRun = 0;
  private stopped = false;

  constructor(
    private readonly deps: ActivesDeps & { hub: LiveHub; onError: (err: unknown) => void },
    private readonly options: { minMs: number; pingMs: number; maxBufferedBytes: number },
  ) {}

  get size(): number {
    return this.streams.size;
  }

  /** Serves one stream on `out` (headers written): the current state at once, then each change. */
  async open(out: ServerResponse): Promise<void> {
    if (this.stopped) {
      out.end();
      return;
    }
    if (out.destroyed) return;
    this.streams.add(out);
    out.on('close', () => this.remove(out));
    if (!this.unsubscribe) this.unsubscribe = this.deps.hub.subscribe((change) => touchesActives(change) && this.schedule());
    if (!this.pingTimer) {
      this.pingTimer = setInterval(() => {
        for (const stream of this.streams) this.write(stream, PING);
      }, this.options.pingMs);
      this.pingTimer.unref();
    }
    try {
      const json = JSON.stringify(await activeUsers(this.deps));
      this.write(out, this.frame(json));
      // The others saw `last`: when it has changed since, they get the new state too.
      if (this.last === null) this.last = json;
      else if (json !== this.last) this.schedule();
    } catch (err) {
      this.deps.onError(err);
      out.destroy();
    }
  }

  /** Recomputes for every stream now (tests; a change arrives the same way through the hub). */
  refresh(): Promise<void> {
    this.dirty = true;
    return this.run();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.running?.catch(() => undefined);
    for (const out of [...this.streams]) {
      out.end();
      this.remove(out);
    }
    this.idle();
  }

  private frame(json: string): string {
    this.seq += 1;
    return `id: ${this.seq}\nevent: ${USERS_ACTIVES_EVENT}\ndata: ${json}\n\n`;
  }

  private write(out: ServerResponse, chunk: string): void {
    if (out.destroyed || out.writableEnded) return;
    // A client that does not read is dropped rather than buffered without end (it reconnects).
    if (out.writableLength > this.options.maxBufferedBytes) out.destroy();
    else out.write(chunk);
  }

  private remove(out: ServerResponse): void {
    this.streams.delete(out);
    if (this.streams.size === 0) this.idle();
  }

  /** No stream left: nothing to listen to or ping. */
  private idle(): void {
    this.unsubscribe?.();
    this.unsubscribe = null;
    if (this.timer) clearTimeout(this.timer);
    if (this.pingTimer) clearInterval(this.pingTimer);
    this.timer = null;
    this.pingTimer = null;
    this.last = null;
  }

  private schedule(): void {
    this.dirty = true;
    if (this.timer || this.running || this.stopped) return;
    const delay = Math.max(0, this.lastRun + this.options.minMs - Date.now());
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.run();
    }, delay);
    this.timer.unref();
  }

  private run(): Promise<void> {
    if (this.running) return this.running;
    const work = async () => {
      if (!this.dirty || this.streams.size === 0 || this.stopped) return;
      this.dirty = false;
      const json = JSON.stringify(await activeUsers(this.deps));
      if (json === this.last) return;
      this.last = json;
      const chunk = this.frame(json);
      for (const out of this.streams) this.write(out, chunk);
    };
    const running = work()
      .catch((err: unknown) => this.deps.onError(err))
      .finally(() => {
        this.running = null;
        this.lastRun = Date.now();
        if (this.dirty && this.streams.size > 0) this.schedule();
      });
    this.running = running;
    return running;
  }
}
