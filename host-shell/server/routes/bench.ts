import type { FastifyPluginAsync } from 'fastify';
import { written } from '../live/stream';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * For scripts/bench only (SALON_BENCH_ENDPOINTS=1, loopback callers): this process's memory, live stream and
 * socket counts. `?gc=1` collects garbage first when node runs with --expose-gc, so deltas measure what stays.
 */
export const benchRoutes: FastifyPluginAsync = async (app) => {
  app.get('/__bench/stats', async (request, reply) => {
    // To anyone else, the route does not exist: the same answer as an unknown route's.
    if (!LOOPBACK.has(request.socket.remoteAddress ?? '')) return reply.callNotFound();
    const query = request.query as Record<string, string | undefined>;
    const gc = (globalThis as { gc?: () => void }).gc;
    if (query.gc === '1' && gc) {
      gc();
      gc();
    }
    return {
      memory: process.memoryUsage(),
      gcExposed: gc !== undefined,
      live: app.live.stats(),
      realtime: app.realtime.stats(),
      activity: { users: app.activity.size, pending: app.activity.pending },
      // Messages this process received from Redis, and what it delivered to its own clients.
      traffic: {
        redis_received: app.live.stats().received + app.realtime.stats().received,
        delivered: written.events + app.realtime.stats().packets,
      },
    };
  });
};
