/**
 * Where last activity is kept for every process of one salon: in memory (one process), or in a Redis sorted set
 * scored by last activity (REDIS_URL), so that Start a chat, the contact point and the live activity show the same
 * people whichever process serves the viewer. The activity tracker (`activity.ts`) is the one code path over both.
 */
export interface ActivityStore {
  /** Keeps, for each user, the newer of what is stored and what is given (ms). */
  record(entries: ReadonlyMap<number, number>): Promise<void>;
  /** The last activity of those users that have one (ms). */
  get(userIds: readonly number[]): Promise<Map<number, number>>;
  /** Users active at or after `since`, the most recent first (then by id), at most `limit`. */
  since(since: number, limit?: number): Promise<{ userId: number; at: number }[]>;
  /** How many users were active at or after `since`. */
  count(since: number): Promise<number>;
  /** Users whose last activity is at or after `from` and before `to`. */
  between(from: number, to: number): Promise<number[]>;
  /** Forgets the users last active before `before`. */
  prune(before: number): Promise<void>;
}

/** An ISO 8601 text as ms (0 when absent or invalid). */
export const toMs = (iso: string | null | undefined): number => {
  if (!iso) return 0;
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? 0 : ms;
};

/** Last activity of some users, read once from the store: the newer of it and a row's value, without I/O. */
export class ActivityView {
  constructor(private readonly known: ReadonlyMap<number, number>) {}

  /** Last activity in the store (ms), if any. */
  lastActivity(userId: number): number | undefined {
    return this.known.get(userId);
  }

  /** The newer of the store and what a row says, in ms; 0 when neither knows. */
  effective(userId: number, stored: string | null | undefined): number {
    return Math.max(this.known.get(userId) ?? 0, toMs(stored));
  }

  /** The newer of the store and a row's value, as the row's ISO text (null when neither knows). */
  effectiveIso(userId: number, stored: string | null | undefined): string | null {
    const memory = this.known.get(userId);
    if (memory === undefined || memory <= toMs(stored)) return stored ?? null;
    return new Date(memory).toISOString();
  }
}

/** `promise`, or a failure after `ms`. */
export async function within<T>(ms: number, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

const byRecency = (a: { userId: number; at: number }, b: { userId: number; at: number }): number => b.at - a.at || a.userId - b.userId;

export class MemoryActivityStore implements ActivityStore {
  private readonly entries = new Map<number, number>();

  async record(entries: ReadonlyMap<number, number>): Promise<void> {
    for (const [userId, at] of entries) this.put(userId, at);
  }

  /** One user's activity, at once (`record` for the tracker's hot path: every visitor, every 2 s). */
  put(userId: number, at: number): void {
    if (at > (this.entries.get(userId) ?? -Infinity)) this.entries.set(userId, at);
  }

  async get(userIds: readonly number[]): Promise<Map<number, number>> {
    const out = new Map<number, number>();
    for (const id of userIds) {
      const at = this.entries.get(id);
      if (at !== undefined) out.set(id, at);
    }
    return out;
  }

  async since(since: number, limit = Infinity): Promise<{ userId: number; at: number }[]> {
    const out: { userId: number; at: number }[] = [];
    for (const [userId, at] of this.entries) if (at >= since) out.push({ userId, at });
    out.sort(byRecency);
    return out.length > limit ? out.slice(0, limit) : out;
  }

  async count(since: number): Promise<number> {
    let n = 0;
    for (const at of this.entries.values()) if (at >= since) n += 1;
    return n;
  }

  async between(from: number, to: number): Promise<number[]> {
    const out: number[] = [];
    for (const [userId, at] of this.entries) if (at >= from && at < to) out.push(userId);
    return out;
  }

  async prune(before: number): Promise<void> {
    for (const [userId, at] of this.entries) if (at < before) this.entries.delete(userId);
  }
}

/** What RedisActivityStore needs of an ioredis client: any command. */
export interface RedisCommands {
  call(command: string, ...args: (string | number)[]): Promise<unknown>;
}

/** Members per ZADD or ZMSCORE. */
const CHUNK = 1000;

/**
 * One sorted set, user id → last activity (ms). `ZADD GT` keeps the newer of two processes' values, so the writes
 * need no order; every read is one command.
 */
export class RedisActivityStore implements ActivityStore {
  constructor(
    private readonly redis: RedisCommands,
    private readonly key = 'salon:activity',
  ) {}

  async record(entries: ReadonlyMap<number, number>): Promise<void> {
    const all = [...entries];
    const writes: Promise<unknown>[] = [];
    for (let i = 0; i < all.length; i += CHUNK) {
      const args = all.slice(i, i + CHUNK).flatMap(([userId, at]) => [at, userId]);
      writes.push(this.redis.call('ZADD', this.key, 'GT', ...args));
    }
    await Promise.all(writes);
  }

  async get(userIds: readonly number[]): Promise<Map<number, number>> {
    const out = new Map<number, number>();
    const reads: Promise<void>[] = [];
    for (let i = 0; i < userIds.length; i += CHUNK) {
      const ids = userIds.slice(i, i + CHUNK);
      reads.push(
        this.redis.call('ZMSCORE', this.key, ...ids).then((scores) =>
          (scores as (string | null)[]).forEach((score, j) => {
            if (score !== null) out.set(ids[j] as number, Number(score));
          }),
        ),
      );
    }
    await Promise.all(reads);
    return out;
  }

  async since(since: number, limit?: number): Promise<{ userId: number; at: number }[]> {
    const args: (string | number)[] = ['WITHSCORES'];
    if (limit !== undefined && Number.isFinite(limit)) args.push('LIMIT', 0, limit);
    // ioredis 6 answers WITHSCORES as [member, score] pairs; older clients, flat.
    const flat = ((await this.redis.call('ZREVRANGEBYSCORE', this.key, '+inf', since, ...args)) as (string | string[])[]).flat();
    const out: { userId: number; at: number }[] = [];
    for (let i = 0; i + 1 < flat.length; i += 2) out.push({ userId: Number(flat[i]), at: Number(flat[i + 1]) });
    // Redis orders equal scores by member in reverse: the ids' order is the one of MemoryActivityStore.
    return out.sort(byRecency);
  }

  async count(since: number): Promise<number> {
    return Number(await this.redis.call('ZCOUNT', this.key, since, '+inf'));
  }

  async between(from: number, to: number): Promise<number[]> {
    return ((await this.redis.call('ZRANGEBYSCORE', this.key, from, `(${to}`)) as string[]).map(Number);
  }

  async prune(before: number): Promise<void> {
    await this.redis.call('ZREMRANGEBYSCORE', this.key, '-inf', `(${before}`);
  }
}
