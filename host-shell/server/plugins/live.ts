import type { LiveChange } from '../live/changes';
import { InProcessHub, type LiveHub } from '../live/hub';
import { RedisHub } from '../live/redis-hub';
import { ActivesFeed } from '../live/actives';
import { LiveActivity } from '../live/engine';
import { Leadership } from '../live/leader';
import { globalPlugin } from '../lib/plugin';
import { ActivityTracker } from '../services/activity';
import { MemoryActivityStore, RedisActivityStore, type ActivityStore } from '../services/activity-store';
import { effectiveStream } from '../services/programme';
import { ParametersCache } from '../services/settings';
import { Sweeper } from '../services/sweeper';

declare module 'fastify' {
  interface FastifyInstance {
    /** Last activity of every user, in memory or Redis, written to the database in batches. */
    activity: ActivityTracker;
    /** The parameters, cached for a few seconds (for code that reads them on every tick). */
    parameters: ParametersCache;
    /** The live activity streams; `publish()` tells them what changed. */
    live: LiveActivity;
    /** Ends visits of inactive users. */
    sweeper: Sweeper;
    /** The streams of GET /api/sse/users/actives (organisers: who is here now). */
    actives: ActivesFeed;
    /** Whether this process does the work the whole salon shares once (live/leader.ts): alone, always. */
    leadership: { readonly isLeader: boolean };
  }
}

/** A salon configured with Redis does not start without it. */
const REDIS_START_TIMEOUT_MS = 8000;

/** With Redis, this process's activity reaches the other processes at most this long after it happened. */
const ACTIVITY_SHARE_MS = 250;

/** Chat users per stream (spec: people active in the last 60 minutes), capped. */
const CHAT_LIMIT = 200;

/**
 * Activity tracking, live activity and the visit sweeper, with their timers (unref'd: they never keep the
 * process alive). The hub is in process, or Redis pub/sub with REDIS_URL. On close: the SSE streams end first
 * (preClose, or the HTTP server would wait for them), then the timers stop and the last activity is written, before
 * the database plugin closes the database.
 */
export const livePlugin = globalPlugin('salon-live', async (app) => {
  const { config } = app;
  // Everything a stream may show, read again: after Redis came back (what other processes published meanwhile may not
  // have arrived), and after a computation failed (the database went away): streams receive what differs.
  const resync = async (): Promise<LiveChange[]> => {
    const standIds = (await app.db.selectFrom('stands').select('id').execute()).map((row) => row.id);
    app.log.warn('live activity: read again from the database (after a failure, or Redis coming back)');
    return [
      { type: 'settings' },
      { type: 'presence', userIds: [] },
      { type: 'notifications', userIds: [] },
      { type: 'visitors', standIds },
      { type: 'history', standIds },
      { type: 'exhibitors', standIds, links: true },
    ];
  };
  let hub: LiveHub = new InProcessHub(resync, (err) => app.log.error({ err }, 'live hub'));
  let store: ActivityStore = new MemoryActivityStore();
  let leadership = new Leadership(null);
  if (config.redisUrl) {
    // Several processes serve the salon: what changes in one reaches the live streams of all.
    // ioredis is loaded only by a salon configured with Redis.
    const { Redis } = await import('ioredis');
    const pub = new Redis(config.redisUrl, { maxRetriesPerRequest: null });
    const sub = pub.duplicate();
    for (const client of [pub, sub]) client.on('error', (err: unknown) => app.log.error({ err }, 'redis (live hub)'));
    app.ops.metrics.watchRedis('live hub', pub, true);
    app.ops.metrics.watchRedis('live hub', sub, false);
    const redisHub = new RedisHub(pub, sub, (err) => app.log.error({ err }, 'live hub'), { resync });
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(
        () => reject(new Error(`Redis (REDIS_URL) did not answer within ${REDIS_START_TIMEOUT_MS / 1000} s`)),
        REDIS_START_TIMEOUT_MS,
      );
    });
    try {
      await Promise.race([redisHub.whenReady(), timeout]);
    } catch (err) {
      pub.disconnect();
      sub.disconnect();
      throw err;
    } finally {
      clearTimeout(timer);
    }
    hub = redisHub;
    // Who is active is one truth for every process.
    store = new RedisActivityStore(pub);
    // One process computes what the whole room shares (live/README.md).
    leadership = new Leadership(pub, (err) => app.log.error({ err }, 'live leader'));
  }
  // Rooms show the stream the programme's talks switch (services/programme.ts).
  const parameters = new ParametersCache(app.db, config.parametersTtlMs, () => effectiveStream(app.db));
  const activity = new ActivityTracker(app.db, {
    onPresence: (userIds) => hub.publish({ type: 'presence', userIds }),
    onError: (err) => app.log.error({ err }, 'activity tracker'),
    store,
    shareMs: config.redisUrl ? ACTIVITY_SHARE_MS : 0,
  });
  const live = new LiveActivity(
    {
      db: app.db,
      hub,
      activity,
      parameters,
      leader: leadership,
      onError: (err, what) => {
        app.log.error({ err }, what);
        // A change that failed to compute would otherwise never reach the streams.
        hub.recover();
      },
    },
    {
      coalesceMs: config.liveCoalesceMs,
      visitorsMs: config.liveVisitorsMs,
      globalMinMs: config.liveGlobalMinMs,
      countMinMs: config.liveCountMs,
      pingMs: config.livePingMs,
      ringSize: config.liveRingSize,
      maxBufferedBytes: config.liveMaxBufferedBytes,
      chatLimit: CHAT_LIMIT,
    },
  );
  const sweeper = new Sweeper(
    {
      db: app.db,
      activity,
      parameters,
      publish: (change) => hub.publish(change),
      leads: () => leadership.isLeader,
      // The realtime plugin is registered after this one; it sends new entries to the stands' exhibitors.
      onHistory: (ids) => {
        if (app.hasDecorator('realtime')) void app.realtime.historyAdded(ids);
      },
      onError: (err) => app.log.error({ err }, 'visit sweeper'),
    },
    config.sweepIntervalMs,
  );
  app.decorate('activity', activity);
  app.decorate('parameters', parameters);
  app.decorate('live', live);
  // Sessions that end on one process are forgotten by every process's session cache (registered before this plugin).
  app.sessions.connect((ended) => hub.publish({ type: 'sessions', ...ended }));
  hub.subscribe((change) => {
    if (change.type === 'sessions') app.sessions.drop(change);
  });
  app.decorate('sweeper', sweeper);
  const actives = new ActivesFeed(
    {
      db: app.db,
      activity,
      parameters,
      hub,
      onError: (err) => {
        app.log.error({ err }, 'users actives stream');
        hub.recover();
      },
    },
    { minMs: config.liveGlobalMinMs, pingMs: config.livePingMs, maxBufferedBytes: config.liveMaxBufferedBytes },
  );
  app.decorate('actives', actives);
  app.decorate('leadership', leadership);

  await leadership.start();
  live.start();
  sweeper.start();
  const flushTimer = setInterval(() => {
    activity.flush().catch((err: unknown) => app.log.error({ err }, 'writing last activity'));
  }, config.activityFlushMs);
  flushTimer.unref();

  app.addHook('preClose', async () => {
    await Promise.all([live.stop(), actives.stop()]);
  });
  app.addHook('onClose', async () => {
    clearInterval(flushTimer);
    await sweeper.stop();
    await live.stop();
    await leadership.stop();
    await hub.close();
    await activity.flush();
  });
});
