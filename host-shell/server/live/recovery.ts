/** After a failure of the live activity, a full recomputation, retried until the database answers again. */
import type { LiveChange } from './changes';

/** The changes that recompute everything a stream may show (read from the database: it may fail). */
export type Resync = () => Promise<LiveChange[]>;

/** First retry of a failed resync; doubled up to the last. */
export const RECOVER_DELAYS_MS = [250, 500, 1000, 2000, 5000];

/**
 * Hands `resync()`'s changes to `deliver`, once at a time, retrying with a growing delay while it fails (the database
 * is still away). Requests made while one runs or waits are one.
 */
export class Recovery {
  private timer: NodeJS.Timeout | null = null;
  private running = false;
  private again = false;
  private failures = 0;
  private stopped = false;
  /** Resyncs handed over (tests). */
  done = 0;

  constructor(
    private readonly resync: Resync | undefined,
    private readonly deliver: (change: LiveChange) => void,
    private readonly onError: (err: unknown) => void,
  ) {}

  request(delayMs = 0): void {
    if (!this.resync || this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.run();
    }, delayMs);
    this.timer.unref();
  }

  private async run(): Promise<void> {
    if (!this.resync || this.stopped) return;
    this.running = true;
    let changes: LiveChange[] | null = null;
    try {
      changes = await this.resync();
    } catch (err) {
      this.onError(err);
    }
    this.running = false;
    if (changes === null) {
      this.request(RECOVER_DELAYS_MS[Math.min(this.failures, RECOVER_DELAYS_MS.length - 1)]);
      this.failures += 1;
      return;
    }
    this.failures = 0;
    this.done += 1;
    for (const change of changes) this.deliver(change);
    if (this.again) {
      this.again = false;
      this.request(RECOVER_DELAYS_MS[0]);
    }
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
