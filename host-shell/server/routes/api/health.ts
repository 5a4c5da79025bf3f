import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Envelope } from '@salon/shared/contracts/envelope';
import { HealthData, LiveData, ReadyData } from '@salon/shared/contracts/health';

export const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/health',
    {
      logLevel: 'warn',
      schema: {
        summary:
          "Is this process keeping up: `saturated` when the event loop's delay (p99 over the last 5 s) is above the threshold (SALON_SATURATION_MS, 100 ms), with its open streams and sockets. No personal data, no database work; for load balancers and monitoring.",
        response: { 200: Envelope(HealthData) },
      },
    },
    async () => {
      const figures = app.saturation.current();
      return {
        data: {
          status: figures.saturated ? ('saturated' as const) : ('ok' as const),
          eventLoopDelayP99Ms: figures.eventLoopDelayP99Ms,
          saturatedAboveMs: app.saturation.thresholdMs,
          eventLoopUtilization: figures.eventLoopUtilization,
          connections: { liveStreams: app.live.stats().streams, sockets: app.realtime.stats().sockets },
          uptimeSeconds: Math.round(process.uptime()),
        },
      };
    },
  );

  app.get(
    '/health/live',
    {
      logLevel: 'warn',
      schema: {
        summary: 'The process answers (a liveness probe: restart it when this fails). No database work.',
        response: { 200: Envelope(LiveData) },
      },
    },
    async () => ({ data: { status: 'live' as const } }),
  );

  app.get(
    '/health/ready',
    {
      logLevel: 'warn',
      schema: {
        summary:
          'Should this process get traffic (a readiness probe): 200 when the database and Redis (with REDIS_URL) answer within 2 s and the event loop is not saturated, 503 otherwise, with what failed.',
        response: { 200: Envelope(ReadyData), 503: Envelope(ReadyData) },
      },
    },
    async (_request, reply) => {
      const { ready, database, redis, eventLoop } = await app.ops.readiness();
      return reply.code(ready ? 200 : 503).send({ data: { status: ready ? 'ready' : 'unready', database, redis, eventLoop } });
    },
  );
};
