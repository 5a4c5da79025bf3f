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
