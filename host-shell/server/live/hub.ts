import type { LiveChange } from './changes';

export type LiveListener = (change: LiveChange) => void;

/**
 * The pub/sub between whatever changes data (routes, the sweeper, the activity tracker) and the live activity
 * streams. In one process it is a list of listeners; with several processes behind one salon, a Redis
 * implementation publishes each change on a channel and every process (the publisher too) hands it to its own
 * listeners. Event ids and the resume buffer stay per process (see LiveActivity).
 */
export interface LiveHub {
  publish(change: LiveChange): void;
  /** Returns the unsubscribe function. */
  subscribe(listener: LiveListener): () => void;
  close(): Promise<void>;
}

export class InProcessHub implements LiveHub {
  private readonly listeners = new Set<LiveListener>();

  publish(change: LiveChange): void {
    for (const listener of this.listeners) listener(change);
  }

  subscribe(listener: LiveListener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  async close(): Promise<void> {
    this.listeners.clear();
  }
}

/** What RedisHub needs of an ioredis client (a publisher, and a subscriber in subscriber mode). */
export interface RedisLike {
  publish(channel: string, message: string): Promise<unknown>;
  subscribe(channel: string): Promise<unknown>;
  on(event: 'message', listener: (channel: string, message: string) => void): unknown;
  quit(): Promise<unknown>;
}

/**
 * The hub across processes (REDIS_URL): each change is published on one Redis channel, and every process — the
 * publisher too — hands what it reads to its own listeners. A change is JSON already (live/changes.ts).
 */
export class RedisHub implements LiveHub {
  private readonly listeners = new Set<LiveListener>();
  private readonly ready: Promise<unknown>;

  constructor(
    private readonly pub: RedisLike,
    private readonly sub: RedisLike,
    private readonly onError: (err: unknown) => void,
    private readonly channel = 'salon:live',
  ) {
    this.sub.on('message', (channel, message) => {
      if (channel !== this.channel) return;
      let change: LiveChange;
      try {
        change = JSON.parse(message) as LiveChange;
      } catch (err) {
        this.onError(err);
        return;
      }
      for (const listener of this.listeners) listener(change);
    });
    this.ready = this.sub.subscribe(this.channel).catch((err: unknown) => this.onError(err));
  }

  publish(change: LiveChange): void {
    // A change published before the subscription is in place would not come back to this process.
    void this.ready.then(() => this.pub.publish(this.channel, JSON.stringify(change))).catch((err: unknown) => this.onError(err));
  }

  subscribe(listener: LiveListener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  /** Resolves once this process receives what is published (tests, start-up). */
  whenReady(): Promise<unknown> {
    return this.ready;
  }

  async close(): Promise<void> {
    this.listeners.clear();
    await Promise.allSettled([this.sub.quit(), this.pub.quit()]);
  }
}
