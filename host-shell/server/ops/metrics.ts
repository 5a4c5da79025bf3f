/*
 * What `GET /metrics` shows, in Prometheus's text format (prom-client), one registry per app. The figures the process
 * already keeps (sockets, streams, the event loop, the database pool) are read when scraped; the rest is counted by
 * small hooks: every HTTP answer (ops/plugin.ts), each chat acknowledgement (a socket middleware), each Redis publish and
 * message received (`watchRedis`, called where the clients are made). Names: docs/operating.md, "Metrics".
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { DELAY_RESOLUTION_MS } from '../plugins/saturation';

/** What the scrape reads from the app at that moment. */
export interface MetricsSources {
  sockets(): number;
  streams(): number;
  saturation(): { eventLoopDelayP99Ms: number; eventLoopUtilization: number; saturated: boolean };
  pool(): { total: number; idle: number; waiting: number; max: number } | null;
}

/** The part of an ioredis client the hooks use. */
export interface WatchedRedis {
  status: string;
  on(event: 'messageBuffer' | 'pmessageBuffer', listener: (...args: unknown[]) => void): unknown;
  publish?: (...args: never[]) => Promise<unknown>;
  ping(): Promise<unknown>;
}

export class SalonMetrics {
  readonly registry = new Registry();
  private readonly requests: Histogram<'method' | 'route' | 'status'>;
  private readonly acks: Counter<'event' | 'result'>;
  private readonly ackSeconds: Histogram<'event'>;
  private readonly published: Counter<'client'>;
  private readonly received: Counter<'client'>;
  /** The Redis clients of this process, by purpose: the readiness check pings the publishers. */
  readonly redis: { name: string; client: WatchedRedis; publisher: boolean }[] = [];

  constructor(sources: MetricsSources, options: { processMetrics: boolean }) {
    const registers = [this.registry];
    // prom-client's event loop lag (nodejs_eventloop_lag_*) samples as often as the saturation monitor: its default,
    // every 10 ms, woke an idle process a hundred times a second.
    if (options.processMetrics) collectDefaultMetrics({ register: this.registry, eventLoopMonitoringPrecision: DELAY_RESOLUTION_MS });
    this.requests = new Histogram({
      name: 'salon_http_request_duration_seconds',
      help: 'HTTP answers by method, route (as registered) and status class, and how long each took',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    this.acks = new Counter({
      name: 'salon_chat_acks_total',
      help: 'Chat events acknowledged to their sender, by event and result (ok: stored, error: refused or failed)',
      labelNames: ['event', 'result'],
      registers,
    });
    this.ackSeconds = new Histogram({
      name: 'salon_chat_ack_seconds',
      help: 'Time from a chat event received to its acknowledgement',
      labelNames: ['event'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    this.published = new Counter({
      name: 'salon_redis_published_total',
      help: 'Messages published to Redis, by client (socket.io adapter, live hub)',
      labelNames: ['client'],
      registers,
    });
    this.received = new Counter({
      name: 'salon_redis_received_total',
      help: 'Messages received from Redis, by client',
      labelNames: ['client'],
      registers,
    });
    new Gauge({
      name: 'salon_sockets',
      help: 'socket.io connections open on this process',
      registers,
      collect() {
        this.set(sources.sockets());
      },
    });
    new Gauge({
      name: 'salon_live_streams',
      help: 'Live activity streams (SSE) open on this process',
      registers,
      collect() {
        this.set(sources.streams());
      },
    });
    new Gauge({
      name: 'salon_event_loop_delay_p99_seconds',
      help: "p99 of the event loop's delay over the last window",
      registers,
      collect() {
        this.set(sources.saturation().eventLoopDelayP99Ms / 1000);
      },
    });
    new Gauge({
      name: 'salon_event_loop_utilization',
      help: 'Share of the last window the event loop was busy (0-1)',
      registers,
      collect() {
        this.set(sources.saturation().eventLoopUtilization);
      },
    });
    new Gauge({
      name: 'salon_saturated',
      help: '1 while the event loop delay is above SALON_SATURATION_MS',
      registers,
      collect() {
        this.set(sources.saturation().saturated ? 1 : 0);
      },
    });
    if (sources.pool()) this.poolGauges(sources, registers);
    const redis = this.redis;
    new Gauge({
      name: 'salon_redis_ping_seconds',
      help: 'Round trip of a PING to Redis at the scrape, by client (the lag of what processes tell each other); -1 when it failed',
      labelNames: ['client'],
      registers,
      async collect() {
        await Promise.all(
          redis
            .filter((r) => r.publisher)
            .map(async ({ name, client }) => {
              const start = process.hrtime.bigint();
              const ok = await pingWithin(client, 1000);
              this.set({ client: name }, ok ? Number(process.hrtime.bigint() - start) / 1e9 : -1);
            }),
        );
      },
    });
  }

  /** PostgreSQL's pool (absent on SQLite). */
  private poolGauges(sources: MetricsSources, registers: Registry[]): void {
    new Gauge({
      name: 'salon_db_pool_connections',
      help: 'PostgreSQL pool: connections by state (open, idle, max); absent on SQLite',
      labelNames: ['state'],
      registers,
      collect() {
        const pool = sources.pool();
        if (!pool) return;
        this.set({ state: 'open' }, pool.total);
        this.set({ state: 'idle' }, pool.idle);
        this.set({ state: 'max' }, pool.max);
      },
    });
    new Gauge({
      name: 'salon_db_pool_waiting',
      help: 'PostgreSQL pool: queries waiting for a connection (PG_POOL_MAX all busy)',
      registers,
      collect() {
        const pool = sources.pool();
        if (pool) this.set(pool.waiting);
      },
    });
  }

  /** One HTTP answer (the onResponse hook). */
  observeRequest(method: string, route: string | undefined, statusCode: number, seconds: number): void {
    this.requests.observe({ method, route: route ?? 'unmatched', status: `${Math.floor(statusCode / 100)}xx` }, seconds);
  }

  /** Wraps a socket event's acknowledgement callback so that its answer is counted (`{ok: true}` or not). */
  countAck(event: string, ack: (answer: unknown) => void): (answer: unknown) => void {
    const start = process.hrtime.bigint();
    return (answer) => {
      const ok = typeof answer === 'object' && answer !== null && (answer as { ok?: unknown }).ok === true;
      this.acks.inc({ event, result: ok ? 'ok' : 'error' });
      this.ackSeconds.observe({ event }, Number(process.hrtime.bigint() - start) / 1e9);
      ack(answer);
    };
  }

  /**
   * Counts what a Redis client publishes and receives. `publisher`: the client that publishes (the other one is in
   * subscriber mode); the readiness check and the ping gauge use it.
   */
  watchRedis(name: string, client: WatchedRedis, publisher: boolean): void {
    this.redis.push({ name, client, publisher });
    if (publisher && client.publish) {
      const publish = client.publish.bind(client) as (...args: unknown[]) => Promise<unknown>;
      const published = this.published;
      (client as { publish: unknown }).publish = (...args: unknown[]) => {
        published.inc({ client: name });
        return publish(...args);
      };
    } else {
      client.on('messageBuffer', () => this.received.inc({ client: name }));
      client.on('pmessageBuffer', () => this.received.inc({ client: name }));
    }
  }

  text(): Promise<string> {
    return this.registry.metrics();
  }
}

/** True when the client answers a PING within `ms`. */
export async function pingWithin(client: WatchedRedis, ms: number): Promise<boolean> {
  if (client.status !== 'ready') return false;
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      client.ping().then(
        () => true,
        () => false,
      ),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}
