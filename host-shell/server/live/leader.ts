import type { RedisCommands } from '../services/activity-store';

/** How long a leader's claim lasts without being renewed, and how often it is renewed. */
export const LEASE_MS = 10_000;
export const RENEW_MS = 3_000;

/**
 * Which process of a salon does the work the whole room shares once (the room-wide live scopes, the visit sweeper):
 * with Redis, the one holding a lease (`SET NX PX`, renewed every `RENEW_MS`; another process takes over within
 * `LEASE_MS` of a leader's end); alone, this process.
 */
export class Leadership {
  readonly id = `${process.pid}-${Math.random().toString(36).slice(2, 10)}`;
  private leading: boolean;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly redis: RedisCommands | null,
    private readonly onError: (err: unknown) => void = () => undefined,
    private readonly key = 'salon:live:leader',
  ) {
    this.leading = redis === null;
  }

  /** Whether other processes exist to receive what the leader computes. */
  get shared(): boolean {
    return this.redis !== null;
  }

  get isLeader(): boolean {
    return this.leading;
  }

  /** Claims or renews the lease once; resolves with whether this process leads. */
  async claim(): Promise<boolean> {
    if (!this.redis) return true;
    try {
      if ((await this.redis.call('SET', this.key, this.id, 'NX', 'PX', LEASE_MS)) === 'OK') this.leading = true;
      else if ((await this.redis.call('GET', this.key)) === this.id) {
        await this.redis.call('PEXPIRE', this.key, LEASE_MS);
        this.leading = true;
      } else this.leading = false;
    } catch (err) {
      // Redis away: nobody can tell, and each process doing the work is better than none doing it.
      this.leading = true;
      this.onError(err);
    }
    return this.leading;
  }

  async start(): Promise<void> {
    await this.claim();
    this.timer = setInterval(() => void this.claim(), RENEW_MS);
    this.timer.unref();
  }

  /** Ends the lease at once when this process holds it, so that another one takes over without waiting. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    if (!this.redis || !this.leading) return;
    this.leading = false;
    await this.redis
      .call('EVAL', "if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0", 1, this.key, this.id)
      .catch(this.onError);
  }
}
