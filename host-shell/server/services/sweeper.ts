import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { LiveChange } from '../live/changes';
import { windowsOf } from '../live/state';
import type { ActivityTracker } from './activity';
import type { ParametersCache } from './settings';
import { endStaleVisits } from './visits';

export interface SweeperDeps {
  db: Kysely<Database>;
  activity: ActivityTracker;
  parameters: ParametersCache;
  publish: (change: LiveChange) => void;
  /** Whether this process sweeps for the salon (one does: live/leader.ts); the others only forget long-gone users. */
  leads?: () => boolean;
  /** New stand history entries (the leaveStand of visits that timed out), for the exhibitors' sockets. */
  onHistory?: (historyIds: number[]) => void;
  onError: (err: unknown) => void;
}

/**
 * No visit stays open forever: every `intervalMs`, the visits of users whose last activity is older than
 * last_activity_period end with 'timeout' at that last activity. The same tick reports users who went past
 * an activity window (the live activity's counts and availabilities) and forgets long-gone users. A visit's start
 * counts as activity: a test of the sweeper opens the visit in the database, or sweeps at a future `now`.
 */
export class Sweeper {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;

  constructor(
    private readonly deps: SweeperDeps,
    private readonly intervalMs: number,
  ) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      this.sweep().catch((err: unknown) => this.deps.onError(err));
    }, this.intervalMs);
    this.timer.unref();
  }

  stop(): Promise<unknown> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    return this.running?.catch(() => 0) ?? Promise.resolve();
  }

  /** One pass; returns how many visits it ended. `now` is for tests. */
  sweep(now = Date.now()): Promise<number> {
    this.running ??= this.run(now).finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async run(now: number): Promise<number> {
    const { activity, db, parameters, publish } = this.deps;
    const params = await parameters.get();
    activity.setWindows(windowsOf(params));
    if (this.deps.leads && !this.deps.leads()) {
      await activity.prune(now);
      return 0;
    }
    await activity.ready();
    await activity.scan(now);
    const ended = await endStaleVisits(db, activity, now - params.last_activity_period * 1000);
    if (ended.length > 0) {
      const standIds = [...new Set(ended.map((v) => v.stand_id))];
      publish({ type: 'visitors', standIds });
      publish({ type: 'history', standIds });
      this.deps.onHistory?.(ended.map((v) => v.history.id));
    }
    await activity.prune(now);
    return ended.length;
  }
}
