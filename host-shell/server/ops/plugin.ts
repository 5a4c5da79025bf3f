/*
 * What an operator watches: `app.ops` (the metrics, the Redis clients, the readiness check), `GET /metrics`, and the
 * hooks that count HTTP answers and chat acknowledgements. Registered right after the database, so that the plugins
 * which make Redis clients can hand them over (`app.ops.metrics.watchRedis`); what it reads of the other plugins
 * (sockets, streams, saturation) it reads when asked.
 */
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { globalPlugin } from '../lib/plugin';
import { SalonMetrics, pingWithin } from './metrics';

declare module 'fastify' {
  interface FastifyInstance {
    ops: Ops;
  }
}

/** How long each readiness probe may take before it counts as failed. */
const PROBE_MS = 2000;

export type Probe = 'ok' | 'unreachable' | 'saturated' | 'not used';

export interface Readiness {
  ready: boolean;
  database: Probe;
  redis: Probe;
  eventLoop: Probe;
}

export class Ops {
  constructor(
    readonly metrics: SalonMetrics,
    private readonly app: FastifyInstance,
  ) {}

  /** Database and Redis reachable within 2 s each, the event loop not saturated. */
  async readiness(): Promise<Readiness> {
    const { app } = this;
    const database = await within(
      sql`select 1`.execute(app.db).then(() => true),
      PROBE_MS,
    );
    const publishers = this.metrics.redis.filter((r) => r.publisher);
    const redis =
      publishers.length === 0
        ? 'not used'
        : (await Promise.all(publishers.map((r) => pingWithin(r.client, PROBE_MS)))).every(Boolean)
          ? 'ok'
          : 'unreachable';
    const saturated = app.hasDecorator('saturation') && app.saturation.current().saturated;
    const result: Readiness = {
      ready: false,
      database: database ? 'ok' : 'unreachable',
      redis,
      eventLoop: saturated ? 'saturated' : 'ok',
    };
    result.ready = result.database === 'ok' && result.redis !== 'unreachable' && result.eventLoop === 'ok';
    return result;
  }
}

async function within(check: Promise<boolean>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      check.catch(() => false),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

export const opsPlugin = globalPlugin('salon-ops', async (app: FastifyInstance) => {
  const metrics = new SalonMetrics(
    {
      sockets: () => (app.hasDecorator('realtime') ? app.realtime.stats().sockets : 0),
      streams: () => (app.hasDecorator('live') ? app.live.stats().streams : 0),
      saturation: () =>
        app.hasDecorator('saturation') ? app.saturation.current() : { eventLoopDelayP99Ms: 0, eventLoopUtilization: 0, saturated: false },
      pool: () => app.dbHandle.pool?.() ?? null,
    },
    // Node's own figures (memory, CPU, open files against LimitNOFILE, GC): not in the tests' many apps of one process.
    { processMetrics: process.env.NODE_ENV !== 'test' },
  );
  app.decorate('ops', new Ops(metrics, app));

  app.addHook('onResponse', async (request, reply) => {
    metrics.observeRequest(request.method, request.routeOptions.url, reply.statusCode, reply.elapsedTime / 1000);
  });

  app.addHook('onReady', async () => {
    if (!app.hasDecorator('realtime')) return;
    const { io } = app.realtime;
    const adapter = io.of('/').adapter as { pubClient?: unknown; subClient?: unknown };
    if (adapter.pubClient && adapter.subClient) {
      metrics.watchRedis('socket.io', adapter.pubClient as Parameters<SalonMetrics['watchRedis']>[1], true);
      metrics.watchRedis('socket.io', adapter.subClient as Parameters<SalonMetrics['watchRedis']>[1], false);
    }
    // Each chat event's acknowledgement is counted: a middleware wraps the callback before the handlers see it.
    io.on('connection', (socket) => {
      socket.use((packet, next) => {
        const [event] = packet;
        const last = packet.length - 1;
        const ack = packet[last];
        if (last > 0 && typeof event === 'string' && typeof ack === 'function' && event.endsWith('chat_message'))
          packet[last] = metrics.countAck(event, ack as (answer: unknown) => void);
        next();
      });
    });
  });

  app.get('/metrics', { logLevel: 'warn' }, async (_request, reply) => {
    const text = await metrics.text();
    return reply.type(metrics.registry.contentType).send(text);
  });
});
