import { monitorEventLoopDelay, performance, type EventLoopUtilization } from 'node:perf_hooks';
import { globalPlugin } from '../lib/plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** The event loop's delay and use over the last window (for GET /api/health and the logs). */
    saturation: SaturationMonitor;
  }
}

export interface SaturationFigures {
  eventLoopDelayP99Ms: number;
  eventLoopUtilization: number;
  saturated: boolean;
}

/** How often the event loop's delay is sampled (ms). */
export const DELAY_RESOLUTION_MS = 50;

/**
 * Watches the event loop: every `windowMs`, the p99 of its delay (perf_hooks `monitorEventLoopDelay`) and its
 * utilisation over that window. Above `thresholdMs` the process is saturated: every request waits that long before
 * it even starts. `onSaturated` (a warning in the logs) is called for each such window.
 */
export class SaturationMonitor {
  /**
   * One delay sample every `DELAY_RESOLUTION_MS` (a hundred per 5 s window): the histogram's timer wakes the process that
   * often, loaded or idle. At Node's 10 ms an idle process spent 8.4 ms of CPU a second on it; at 50 ms, 2.1
   * (docs/performance.md, 2026-12-02 evening). A held loop still shows whole: the sample after it is as late as it was
   * held. After `enable()` and each window's `reset()`, the first tick only marks the time.
   */
  private readonly histogram = monitorEventLoopDelay({ resolution: DELAY_RESOLUTION_MS });
  private timer: NodeJS.Timeout | null = null;
  private elu: EventLoopUtilization = performance.eventLoopUtilization();
  private figures: SaturationFigures = { eventLoopDelayP99Ms: 0, eventLoopUtilization: 0, saturated: false };

  constructor(
    readonly thresholdMs: number,
    private readonly windowMs: number,
    private readonly onSaturated: (figures: SaturationFigures) => void,
  ) {}

  start(): void {
    this.histogram.enable();
    this.timer = setInterval(() => this.sample(), this.windowMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.histogram.disable();
  }

  /** The last window's figures. */
  current(): SaturationFigures {
    return this.figures;
  }

  /** Closes the current window (the timer does it every `windowMs`). */
  sample(): void {
    const p99 = this.histogram.count > 0 ? this.histogram.percentile(99) / 1e6 : 0;
    this.histogram.reset();
    const elu = performance.eventLoopUtilization(this.elu);
    this.elu = performance.eventLoopUtilization();
    const saturated = p99 > this.thresholdMs;
    this.figures = {
      eventLoopDelayP99Ms: Math.round(p99 * 10) / 10,
      eventLoopUtilization: Math.round(elu.utilization * 1000) / 1000,
      saturated,
    };
    if (saturated) this.onSaturated(this.figures);
  }
}

/** `app.saturation`: started with the app, stopped on close; a warning in the logs for each saturated window. */
export const saturationPlugin = globalPlugin('salon-saturation', async (app) => {
  const monitor = new SaturationMonitor(app.config.saturationThresholdMs, app.config.saturationWindowMs, (figures) =>
    app.log.warn(
      {
        eventLoopDelayP99Ms: figures.eventLoopDelayP99Ms,
        eventLoopUtilization: figures.eventLoopUtilization,
        liveStreams: app.live.stats().streams,
        sockets: app.hasDecorator('realtime') ? app.realtime.stats().sockets : 0,
      },
      `saturated: event loop delay p99 ${figures.eventLoopDelayP99Ms} ms over the last ${app.config.saturationWindowMs / 1000} s (above ${app.config.saturationThresholdMs} ms)`,
    ),
  );
  app.decorate('saturation', monitor);
  monitor.start();
  app.addHook('onClose', async () => monitor.stop());
});
