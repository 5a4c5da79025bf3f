import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Envelope } from '@salon/shared/contracts/envelope';
import { HealthData } from '@salon/shared/contracts/health';

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
};
