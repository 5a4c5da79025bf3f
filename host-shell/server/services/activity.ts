import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { ActivityView, MemoryActivityStore, toMs, within, type ActivityStore } from './activity-store';

export { ActivityView } from './activity-store';

/** The activity windows that matter to someone watching (seconds, from the parameters). */
export interface ActivityWindows {
  /** "Connected": active within last_activity_period (spec §9). */
  activeSeconds: number;
  /** An available exhibitor: active within exhibitor_activity_period_before_hide. */
  exhibitorSeconds: number;
  /** Chat participants: active within the last 60 minutes. */
  chatSeconds: number;
}

export const CHAT_WINDOW_SECONDS = 3600;

/**
 * The live activity's lists (chat users, a stand's visitors) carry last activity to the minute, rounded down: a
 * heartbeat every 2 s then changes a person's entry once a minute rather than at every recomputation, and their
 * order (by that minute, then by id) stays put in between. "Connected" (within `last_activity_period`, 900 s by
 * default) and the 60-minute chat window need nothing finer; rounding down never shows someone as connected who
 * was not (they may show as gone up to a minute early).
 */
export const LIVE_ACTIVITY_GRAIN_MS = 60_000;
export const toLiveGrain = (ms: number): number => Math.floor(ms / LIVE_ACTIVITY_GRAIN_MS) * LIVE_ACTIVITY_GRAIN_MS;
/**
 * The chat users' order counts the current minute as the previous one: at the turn of a minute, everyone active
 * moves to the new one over the next 2 s (their heartbeats), which would reshuffle the list twice; this way it
 * changes only for people who were inactive for a whole minute, or came back.
 */
export const liveOrderCeiling = (now: number): number => toLiveGrain(now) - LIVE_ACTIVITY_GRAIN_MS;
/** A read of the activity store waits at most this long before this process's own knowledge answers. */
const READ_TIMEOUT_MS = 1000;

export const DEFAULT_WINDOWS: ActivityWindows = { activeSeconds: 900, exhibitorSeconds: 900, chatSeconds: CHAT_WINDOW_SECONDS };

interface Entry {
  /** Last activity (ms). */
  at: number;
  /** What the database holds (ms, 0 when unknown): `at > saved` means the next flush writes it. */
  saved: number;
}

export interface ActivityTrackerOptions {
  /** Users who became active (first activity after a gap longer than the shortest window) or inactive. */
  onPresence: (userIds: number[]) => void;
  onError?: (err: unknown) => void;
  /** Rows per UPDATE statement when flushing. */
  chunkSize?: number;
  /** Where every process reads last activity (default: this process's memory). */
  store?: ActivityStore;
  /** This process's activity reaches the store at most this long after it happened (ms; 0: at once). */
  shareMs?: number;
}

/**
 * Last activity of every user (spec §4.3: every visitor pushes it every 2 s), kept in a store every process reads
 * (`activity-store.ts`: memory, or Redis). The hot path, `touch`, does no I/O: this process's activity reaches the
 * store within `shareMs`, in one command, and the database in batches: `flush()` writes what changed (a timer calls
 * it, and close). Everything that reads "last activity" (connected users, live activity, the sweeper, the viewer) asks
 * this tracker first; a read sends this process's pending activity first, so it sees its own.
 *
 * On first use it loads the users active within the longest window from the database into the store, so it knows
 * who is "connected" after a restart. It also notices presence transitions: a user coming back to this process after
 * a gap (touch), or anyone going past a window's edge (scan, called by the sweeper).
 */
export class ActivityTracker {
  /** This process's own users: what the database gets from it, and their presence transitions. */
  private readonly entries = new Map<number, Entry>();
  private readonly store: ActivityStore;
  /** This process's own knowledge: the store without Redis, the fallback with it. */
  private readonly local = new MemoryActivityStore();
  /** This process's activity not yet in the store. */
  private unsent = new Map<number, number>();
  private shareTimer: NodeJS.Timeout | null = null;
  private windows: ActivityWindows = DEFAULT_WINDOWS;
  private loaded: Promise<void> | null = null;
  private flushing: Promise<number> | null = null;
  private lastScan = Date.now();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly options: ActivityTrackerOptions,
  ) {
    this.store = options.store ?? this.local;
  }

  setWindows(windows: ActivityWindows): void {
    this.windows = windows;
  }

  private get shortestWindowMs(): number {
    return Math.min(this.windows.activeSeconds, this.windows.exhibitorSeconds, this.windows.chatSeconds) * 1000;
  }

  private get longestWindowMs(): number {
    return Math.max(this.windows.activeSeconds, this.windows.exhibitorSeconds, this.windows.chatSeconds) * 1000;
  }

  /** Loads recent activity from the database once (retried on the next call if it failed). */
  ready(): Promise<void> {
    if (!this.loaded) {
      this.loaded = this.load().catch((err: unknown) => {
        this.loaded = null;
        throw err;
      });
    }
    return this.loaded;
  }

  private async load(): Promise<void> {
    const since = new Date(Date.now() - this.longestWindowMs).toISOString();
    const rows = await this.db.selectFrom('users').select(['id', 'last_activity_at']).where('last_activity_at', '>=', since).execute();
    const known = new Map<number, number>();
    for (const row of rows) {
      const at = toMs(row.last_activity_at);
      known.set(row.id, at);
      const entry = this.entries.get(row.id);
      if (entry) entry.saved = Math.max(entry.saved, at);
    }
    await this.local.record(known);
    if (this.store !== this.local) this.store.record(known).catch((err: unknown) => this.options.onError?.(err));
  }

  /** The hot path: records activity now (or at `now`) in this process's memory, returns it as ISO 8601. No I/O. */
  touch(userId: number, now = Date.now()): string {
    const entry = this.entries.get(userId);
    const previous = entry?.at;
    if (entry) entry.at = Math.max(entry.at, now);
    else {
      this.entries.set(userId, { at: now, saved: 0 });
      if (!this.loaded) this.ready().catch((err: unknown) => this.options.onError?.(err));
    }
    const at = Math.max(now, previous ?? 0);
    // A shared store (Redis) gets it within `shareMs`, in one command.
    this.local.put(userId, at);
    if (this.store !== this.local) {
      this.unsent.set(userId, at);
      if (!this.options.shareMs) void this.share();
      else this.shareTimer ??= setTimeout(() => void this.share(), this.options.shareMs);
    }
    if (previous === undefined || now - previous >= this.shortestWindowMs) this.options.onPresence([userId]);
    return new Date(at).toISOString();
  }

  /** Sends this process's pending activity to the store; kept for the next time if the store failed. */
  private async share(): Promise<void> {
    if (this.shareTimer) clearTimeout(this.shareTimer);
    this.shareTimer = null;
    if (this.unsent.size === 0) return;
    const batch = this.unsent;
    this.unsent = new Map();
    try {
      await this.store.record(batch);
    } catch (err) {
      for (const [userId, at] of batch) if (at > (this.unsent.get(userId) ?? 0)) this.unsent.set(userId, at);
      this.options.onError?.(err);
    }
  }

  /**
   * The newer of this process's own record of a user and a row's value, without I/O (the viewer of a request: their
   * own activity is recorded where they are served).
   */
  ownIso(userId: number, stored: string | null | undefined): string | null {
    return new ActivityView(new Map(this.entries.has(userId) ? [[userId, this.entries.get(userId)?.at ?? 0]] : [])).effectiveIso(
      userId,
      stored,
    );
  }

  /**
   * A read of the store, after this process's pending activity (sent first, on the same connection). When the store
   * does not answer within `READ_TIMEOUT_MS` (Redis away), this process's own knowledge answers instead.
   */
  private async read<T>(query: (store: ActivityStore) => Promise<T>): Promise<T> {
    await this.ready();
    if (this.unsent.size > 0) void this.share();
    if (this.store === this.local) return query(this.store);
    try {
      return await within(READ_TIMEOUT_MS, query(this.store));
    } catch (err) {
      this.options.onError?.(err);
      return query(this.local);
    }
  }

  /** Last activity of these users, as every process knows it. */
  async view(userIds: Iterable<number>): Promise<ActivityView> {
    const ids = [...new Set(userIds)];
    return new ActivityView(await this.read((store) => store.get(ids)));
  }

  /** How many users were active at or after `since` (ms). */
  async countSince(since: number): Promise<number> {
    return this.read((store) => store.count(since));
  }

  /**
   * Users active at or after `since`, most recent first, at most `limit`; with `grain` (ms), by last activity
   * rounded down to it and at most `ceiling`, then by id (`at` is then that value).
   */
  async recentSince(
    since: number,
    limit: number,
    grain = 1,
    ceiling = Number.POSITIVE_INFINITY,
  ): Promise<{ userId: number; at: number }[]> {
    let rows = await this.read((store) => store.since(since, limit));
    const last = rows.at(-1);
    if (grain !== 1 && last && rows.length >= limit) {
      // Everyone who shares the last one's rounded value competes with it by id: read them all.
      const edge = Math.min(Math.floor(last.at / grain) * grain, ceiling);
      rows = await this.read((store) => store.since(Math.max(since, edge)));
    }
    const out = grain === 1 ? rows : rows.map(({ userId, at }) => ({ userId, at: Math.min(Math.floor(at / grain) * grain, ceiling) }));
    out.sort((a, b) => b.at - a.at || a.userId - b.userId);
    return out.length > limit ? out.slice(0, limit) : out;
  }

  /**
   * Users who went past the edge of a window since the last scan (inactive now, active at the previous scan),
   * wherever they were active: they are reported through onPresence. Returns them.
   */
  async scan(now = Date.now()): Promise<number[]> {
    const previous = this.lastScan;
    this.lastScan = now;
    if (now <= previous) return [];
    const edges = [...new Set([this.windows.activeSeconds, this.windows.exhibitorSeconds, this.windows.chatSeconds])].map((s) => s * 1000);
    const crossed = new Set((await this.read((store) => Promise.all(edges.map((w) => store.between(previous - w, now - w))))).flat());
    if (crossed.size > 0) this.options.onPresence([...crossed]);
    return [...crossed];
  }

  /** Forgets users inactive for longer than every window (this process's, once their activity is in the database). */
  async prune(now = Date.now()): Promise<void> {
    const before = now - this.longestWindowMs;
    for (const [userId, entry] of this.entries) if (entry.at < before && entry.saved >= entry.at) this.entries.delete(userId);
    await this.local.prune(before);
    if (this.store !== this.local) await this.read((store) => store.prune(before));
  }

  /** How many users have activity not yet written. */
  get pending(): number {
    let n = 0;
    for (const entry of this.entries.values()) if (entry.at > entry.saved) n += 1;
    return n;
  }

  get size(): number {
    return this.entries.size;
  }

  /**
   * Writes every unsaved activity, a statement per `chunkSize` users, sent together; returns how many users were
   * written. Not a transaction: each row stands alone, and a transaction's statements would each be waited for in turn
   * (on SQLite, with the event loop blocked: `db/sqlite-thread.ts`) where writes sent together share one commit.
   */
  flush(): Promise<number> {
    // One flush at a time; a call during a flush waits for it, then writes what came in meanwhile.
    const run = async (): Promise<number> => {
      const batch: [number, number][] = [];
      for (const [userId, entry] of this.entries) if (entry.at > entry.saved) batch.push([userId, entry.at]);
      if (batch.length === 0) return 0;
      const size = this.options.chunkSize ?? 500;
      const chunks: [number, number][][] = [];
      for (let i = 0; i < batch.length; i += size) chunks.push(batch.slice(i, i + size));
      await Promise.all(
        chunks.map((chunk) => {
          const cases = sql.join(
            chunk.map(([userId, at]) => sql`when ${userId} then ${new Date(at).toISOString()}`),
            sql` `,
          );
          return this.db
            .updateTable('users')
            .set({ last_activity_at: sql<string>`case id ${cases} else last_activity_at end` })
            .where(
              'id',
              'in',
              chunk.map(([userId]) => userId),
            )
            .execute();
        }),
      );
      for (const [userId, at] of batch) {
        const entry = this.entries.get(userId);
        if (entry && entry.saved < at) entry.saved = at;
      }
      return batch.length;
    };
    const previous = this.flushing;
    const next = (previous ? previous.catch(() => 0).then(run) : run()).finally(() => {
      if (this.flushing === next) this.flushing = null;
    });
    this.flushing = next;
    return next;
  }
}
