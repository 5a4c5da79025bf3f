import type { LiveChange, Scope } from './changes';
import { RECOVER_DELAYS_MS, Recovery, type Resync } from './recovery';

export type { Resync } from './recovery';

export type LiveListener = (change: LiveChange) => void;

/**
 * The pub/sub between whatever changes data (routes, the sweeper, the activity tracker) and the live activity
 * streams. In one process it is a list of listeners; with several processes behind one salon, a Redis
 * implementation publishes each change on its channel (live/channels.ts) and the processes that listen to it hand it
 * to their own listeners. Event ids and the resume buffer stay per process (see LiveActivity).
 */
export interface LiveHub {
  publish(change: LiveChange): void;
  /** A stream of this process shows the scope now: its changes from other processes are wanted. */
  watch(scope: Scope): void;
  /** No stream of this process shows the scope any more. */
  unwatch(scope: Scope): void;
  /**
   * Of a stream's scopes, those changed since `sinceMs` by any process (a stream resumed with another process's event
   * id); null when that is not known (one process, or too long ago): a full state.
   */
  changedSince(scopes: Scope[], sinceMs: number): Promise<Set<Scope> | null>;
  /** Returns the unsubscribe function. */
  subscribe(listener: LiveListener): () => void;
  /**
   * Something of this process's live activity failed (the database went away while a change was computed): its
   * listeners get a full recomputation (`resync`), retried until it works.
   */
  recover(): void;
  close(): Promise<void>;
  /** Messages received from Redis so far (0 in process). */
  readonly received: number;
}

export class InProcessHub implements LiveHub {
  readonly received = 0;
  private readonly listeners = new Set<LiveListener>();
  private readonly recovery: Recovery;

  constructor(resync?: Resync, onError: (err: unknown) => void = () => undefined) {
    this.recovery = new Recovery(resync, (change) => this.publish(change), onError);
  }

  publish(change: LiveChange): void {
    for (const listener of this.listeners) listener(change);
  }

  watch(): void {}

  unwatch(): void {}

  async changedSince(): Promise<Set<Scope> | null> {
    return null;
  }

  recover(): void {
    // Not at once: what failed is likely to fail again for a moment.
    this.recovery.request(RECOVER_DELAYS_MS[0]);
  }

  subscribe(listener: LiveListener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  async close(): Promise<void> {
    this.recovery.stop();
    this.listeners.clear();
  }
}
