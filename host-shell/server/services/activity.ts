import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

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
}

const toMs = (iso: string | null | undefined): number => {
  if (!iso) return 0;
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? 0 : ms;
};

/**
 * Last activity of every user, in memory (spec §4.3: every visitor pushes it every 2 s). The database gets it in
 * batches: `flush()` writes what changed in one transaction (a timer calls it, and close). Everything that reads
 * "last activity" (connected users, live activity, the sweeper, the viewer) asks this tracker first.
 *
 * On first use it loads the users active within the longest window from the database, so it knows who is
 * "connected" after a restart. It also notices presence transitions: a user coming back after a gap (touch), or
 * going past a window's edge (scan, called by the sweeper).
 */
export class ActivityTracker {
  private readonly entries = new Map<number, Entry>();
  private windows: ActivityWindows = DEFAULT_WINDOWS;
  private loaded: Promise<void> | null = null;
  private flushing: Promise<number> | null = null;
  private lastScan = Date.now();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly options: ActivityTrackerOptions,
  ) {}

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
    for (const row of rows) {
      const at = toMs(row.last_activity_at);
      const entry = this.entries.get(row.id);
      if (!entry) this.entries.set(row.id, { at, saved: at });
      else entry.saved = Math.max(entry.saved, at);
      if (entry && at > entry.at) entry.at = at;
    }
  }

  /** The hot path: records activity now (or at `now`), returns it as ISO 8601. No I/O. */
  touch(userId: number, now = Date.now()): string {
    const entry = this.entries.get(userId);
    let previous: number | undefined;
    if (entry) {
      previous = entry.at;
      if (now > entry.at) entry.at = now;
    } else {
      this.entries.set(userId, { at: now, saved: 0 });
      if (!this.loaded) this.ready().catch((err: unknown) => this.options.onError?.(err));
    }
    if (previous === undefined || now - previous >= this.shortestWindowMs) this.options.onPresence([userId]);
    return new Date(Math.max(now, previous ?? 0)).toISOString();
  }

  /** Last activity in memory (ms), if any. */
  lastActivity(userId: number): number | undefined {
    return this.entries.get(userId)?.at;
  }

  /** The newer of memory and what a row says, in ms; 0 when neither knows. */
  effective(userId: number, stored: string | null | undefined): number {
    return Math.max(this.entries.get(userId)?.at ?? 0, toMs(stored));
  }

  /** The newer of memory and a row's value, as the row's ISO text (null when neither knows). */
  effectiveIso(userId: number, stored: string | null | undefined): string | null {
    const memory = this.entries.get(userId)?.at;
    if (memory === undefined || memory <= toMs(stored)) return stored ?? null;
    return new Date(memory).toISOString();
  }

  /** How many users were active at or after `since` (ms). */
  countSince(since: number): number {
    let n = 0;
    for (const entry of this.entries.values()) if (entry.at >= since) n += 1;
    return n;
  }

  /**
   * Users active at or after `since`, most recent first, at most `limit`; with `grain` (ms), by last activity
   * rounded down to it and at most `ceiling`, then by id (`at` is then that value).
   */
  recentSince(since: number, limit: number, grain = 1, ceiling = Number.POSITIVE_INFINITY): { userId: number; at: number }[] {
    const out: { userId: number; at: number }[] = [];
    for (const [userId, entry] of this.entries) {
      if (entry.at >= since) out.push({ userId, at: grain === 1 ? entry.at : Math.min(Math.floor(entry.at / grain) * grain, ceiling) });
    }
    out.sort((a, b) => b.at - a.at || a.userId - b.userId);
    return out.length > limit ? out.slice(0, limit) : out;
  }

  /**
   * Users who went past the edge of a window since the last scan (inactive now, active at the previous scan):
   * they are reported through onPresence. Returns them.
   */
  scan(now = Date.now()): number[] {
    const previous = this.lastScan;
    this.lastScan = now;
    if (now <= previous) return [];
    const edges = [this.windows.activeSeconds, this.windows.exhibitorSeconds, this.windows.chatSeconds].map((s) => s * 1000);
    const crossed: number[] = [];
    for (const [userId, entry] of this.entries) {
      if (edges.some((w) => entry.at >= previous - w && entry.at < now - w)) crossed.push(userId);
    }
    if (crossed.length > 0) this.options.onPresence(crossed);
    return crossed;
  }

  /** Forgets users inactive for longer than every window whose activity is already in the database. */
  prune(now = Date.now()): void {
    const before = now - this.longestWindowMs;
    for (const [userId, entry] of this.entries) if (entry.at < before && entry.saved >= entry.at) this.entries.delete(userId);
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
