import { InProcessHub } from '../live/hub';
import { LiveActivity } from '../live/engine';
import { globalPlugin } from '../lib/plugin';
import { ActivityTracker } from '../services/activity';
import { ParametersCache } from '../services/settings';
import { Sweeper } from '../services/sweeper';

declare module 'fastify' {
  interface FastifyInstance {
    /** Last activity of every user, in memory, written in batches. */
    activity: ActivityTracker;
    /** The parameters, cached for a few seconds (for code that reads them on every tick). */
    parameters: ParametersCache;
    /** The live activity streams; `publish()` tells them what changed. */
    live: LiveActivity;
    /** Ends visits of inactive users. */
    sweeper: Sweeper;
  }
}

/** Chat users per stream (spec: people active in the last 60 minutes), capped. */
const CHAT_LIMIT = 200;

/**
 * Activity tracking, live activity and the visit sweeper, with their timers (unref'd: they never keep the
 * process alive). On close: the SSE streams end first (preClose, or the HTTP server would wait for them), then
 * the timers stop and the last activity is written, before the database plugin closes the database.
 */
export const livePlugin = globalPlugin('salon-live', async (app) => {
  const { config } = app;
  const hub = new InProcessHub();
  const parameters = new ParametersCache(app.db, config.parametersTtlMs);
  const activity = new ActivityTracker(app.db, {
    onPresence: (userIds) => hub.publish({ type: 'presence', userIds }),
    onError: (err) => app.log.error({ err }, 'activity tracker'),
  });
  const live = new LiveActivity(
    { db: app.db, hub, activity, parameters, onError: (err, what) => app.log.error({ err }, what) },
    {
      coalesceMs: config.liveCoalesceMs,
      globalMinMs: config.liveGlobalMinMs,
      pingMs: config.livePingMs,
      ringSize: config.liveRingSize,
      maxBufferedBytes: config.liveMaxBufferedBytes,
      chatLimit: CHAT_LIMIT,
    },
  );
  const sweeper = new Sweeper(
    { db: app.db, activity, parameters, publish: (change) => hub.publish(change), onError: (err) => app.log.error({ err }, 'visit sweeper') },
    config.sweepIntervalMs,
  );
  app.decorate('activity', activity);
  app.decorate('parameters', parameters);
  app.decorate('live', live);
  app.decorate('sweeper', sweeper);

  live.start();
  sweeper.start();
  const flushTimer = setInterval(() => {
    activity.flush().catch((err: unknown) => app.log.error({ err }, 'writing last activity'));
  }, config.activityFlushMs);
  flushTimer.unref();

  app.addHook('preClose', async () => {
    await live.stop();
  });
  app.addHook('onClose', async () => {
    clearInterval(flushTimer);
    await sweeper.stop();
    await live.stop();
    await hub.close();
    await activity.flush();
  });
});
