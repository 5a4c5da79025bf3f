import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { SaturationMonitor, type SaturationFigures } from '../../host-shell/server/plugins/saturation';
import { createTestApp, type TestApp } from './helpers';
import { request } from './http';

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

describe('the saturation monitor', () => {
  it('says it is saturated, and warns, when the event loop was held past the threshold; then ok again', async () => {
    const warnings: SaturationFigures[] = [];
    const monitor = new SaturationMonitor(100, 60_000, (figures) => warnings.push(figures));
    monitor.start();
    try {
      await sleep(30);
      block(300);
      // The histogram's own timer records the delay once the loop runs again.
      await sleep(30);
      monitor.sample();
      expect(monitor.current().saturated).toBe(true);
      expect(monitor.current().eventLoopDelayP99Ms).toBeGreaterThan(100);
      expect(warnings).toHaveLength(1);
      await sleep(100);
      monitor.sample();
      expect(monitor.current()).toMatchObject({ saturated: false });
      expect(warnings).toHaveLength(1);
    } finally {
      monitor.stop();
    }
  });
});
