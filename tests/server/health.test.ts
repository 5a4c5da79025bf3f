import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Redis } from 'ioredis';
import { DELAY_RESOLUTION_MS, SaturationMonitor, type SaturationFigures } from '../../host-shell/server/plugins/saturation';
import { ON_POSTGRES, createTestApp, type TestApp } from './helpers';
import { request } from './http';
import { freePort } from './redis-server';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { saturationWindowMs: 50 } });
}, 30_000);
afterAll(async () => {
  await t.close();
});

const block = (ms: number) => {
  const until = Date.now() + ms;
  while (Date.now() < until);
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('GET /api/health', () => {
  it('answers the event loop figures and the open connections, without a session and without personal data', async () => {
    await sleep(120);
    const answer = await request(t.app, { method: 'GET', url: '/api/health' });
    expect(answer.statusCode).toBe(200);
    const { data } = answer.json<{ data: Record<string, unknown> }>();
    expect(Object.keys(data).sort()).toEqual([
      'connections',
      'eventLoopDelayP99Ms',
      'eventLoopUtilization',
      'saturatedAboveMs',
      'status',
      'uptimeSeconds',
    ]);
    expect(data).toMatchObject({ saturatedAboveMs: 100, connections: { liveStreams: 0, sockets: 0 } });
    expect(['ok', 'saturated']).toContain(data.status);
  });
});

describe('GET /api/health/live and /api/health/ready', () => {
  it('answers live; ready with the database reachable (Redis not used without REDIS_URL); 503 once it is out of reach', async () => {
    // A threshold no loaded test machine reaches: the database alone decides here.
    const own = await createTestApp({ config: { saturationThresholdMs: 60_000 } });
    try {
      expect((await request(own.app, { method: 'GET', url: '/api/health/live' })).json()).toEqual({ data: { status: 'live' } });
      const ready = await request(own.app, { method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ data: { status: 'ready', database: 'ok', redis: 'not used', eventLoop: 'ok' } });
      await own.app.dbHandle.close();
      const unready = await request(own.app, { method: 'GET', url: '/api/health/ready' });
      expect(unready.statusCode).toBe(503);
      expect(unready.json()).toEqual({ data: { status: 'unready', database: 'unreachable', redis: 'not used', eventLoop: 'ok' } });
      expect((await request(own.app, { method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    } finally {
      await own.close();
    }
  });

  it('answers 503 while Redis is out of reach (with REDIS_URL: its publishing client is not connected)', async () => {
    // A client of a Redis that does not answer (nothing listens on that port; no retry), watched for this test only.
    const client = new Redis(`redis://127.0.0.1:${await freePort()}`, {
      lazyConnect: true,
      retryStrategy: () => null,
      maxRetriesPerRequest: 0,
    });
    client.on('error', () => undefined);
    try {
      await client.connect().catch(() => undefined);
      t.app.ops.metrics.watchRedis('publisher', client, true);
      const unready = await request(t.app, { method: 'GET', url: '/api/health/ready' });
      expect(unready.statusCode).toBe(503);
      expect(unready.json()).toMatchObject({ data: { status: 'unready', database: 'ok', redis: 'unreachable' } });
    } finally {
      t.app.ops.metrics.redis.splice(
        t.app.ops.metrics.redis.findIndex((r) => r.client === client),
        1,
      );
      client.disconnect();
    }
  });

  it('answers 503 while the event loop is saturated', async () => {
    // The window is closed by hand: its timer never fires during the test.
    const saturated = await createTestApp({ config: { saturationThresholdMs: 20, saturationWindowMs: 600_000 } });
    try {
      await sleep(30);
      const blockedUntil = Date.now() + 80;
      while (Date.now() < blockedUntil); // the event loop blocked 80 ms: the next turn comes that late
      await sleep(30);
      saturated.app.saturation.sample();
      const ready = await request(saturated.app, { method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ data: { status: 'unready', database: 'ok', eventLoop: 'saturated' } });
    } finally {
      await saturated.close();
    }
  });
});

describe('GET /metrics', () => {
  it("answers Prometheus's text format: requests by route and status, sockets, streams, the event loop", async () => {
    await request(t.app, { method: 'GET', url: '/api/health' });
    await request(t.app, { method: 'GET', url: '/nowhere-at-all' });
    const answer = await request(t.app, { method: 'GET', url: '/metrics' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = answer.body;
    expect(text).toMatch(/^salon_http_request_duration_seconds_count\{method="GET",route="\/api\/health",status="2xx"\} [1-9]/m);
    expect(text).toMatch(/^salon_http_request_duration_seconds_count\{method="GET",route="unmatched",status="4xx"\} 1$/m);
    for (const name of ['salon_sockets 0', 'salon_live_streams 0', 'salon_saturated ', 'salon_event_loop_delay_p99_seconds '])
      expect(text).toContain(`\n${name}`);
    // The pool's figures are PostgreSQL's (SQLite has no pool).
    if (ON_POSTGRES) expect(text).toMatch(/^salon_db_pool_waiting /m);
    else expect(text).not.toMatch(/^salon_db_pool_waiting /m);
  });
});

describe('the saturation monitor', () => {
  it('says it is saturated, and warns, when the event loop was held past the threshold; then ok again', async () => {
    const warnings: SaturationFigures[] = [];
    // The histogram's first tick after it starts or is reset only marks the time: a window closed by hand holds a
    // sample when it spans two ticks, and the block comes after the first.
    const WINDOW_MS = 2 * DELAY_RESOLUTION_MS + 20;
    const monitor = new SaturationMonitor(100, 60_000, (figures) => warnings.push(figures));
    monitor.start();
    try {
      await sleep(WINDOW_MS);
      block(300);
      // The histogram's own timer records the delay once the loop runs again: before or after this test's timer, so
      // the windows are closed until one holds it (the first, on a quiet machine).
      for (let windows = 0; windows < 20; windows += 1) {
        await sleep(WINDOW_MS);
        monitor.sample();
        if (monitor.current().saturated) break;
      }
      expect(monitor.current().saturated).toBe(true);
      expect(monitor.current().eventLoopDelayP99Ms).toBeGreaterThan(100);
      expect(warnings).toHaveLength(1);
      // A window without the block is ok again (a loaded machine may take a few windows to give one, and delays the
      // loop past the threshold now and then): one warning for each saturated window, none for an ok one.
      let saturatedWindows = 1;
      for (let windows = 0; windows < 100; windows += 1) {
        await sleep(WINDOW_MS);
        monitor.sample();
        if (!monitor.current().saturated) break;
        saturatedWindows += 1;
      }
      expect(monitor.current()).toMatchObject({ saturated: false });
      expect(warnings).toHaveLength(saturatedWindows);
    } finally {
      monitor.stop();
    }
  });
});
