/**
 * The live hub across processes (the unit side of redis.test.ts and restart-drills.test.ts): a process's own changes
 * reach its own streams at once and once, a stand's changes reach only the processes that watch it, what it could not
 * publish is sent when its subscription is back, and a resubscription or a recovery hands its streams a full
 * recomputation, retried while the database fails.
 */
import { EventEmitter } from 'node:events';
import { describe, expect, it } from '@jest/globals';
import type { LiveChange, Scope } from '../../host-shell/server/live/changes';
import { LOG_MS, MARGIN_MS, ResumeLog } from '../../host-shell/server/live/resume-log';
import { InProcessHub } from '../../host-shell/server/live/hub';
import { RedisHub, type RedisLike } from '../../host-shell/server/live/redis-hub';

/** One Redis for every fake client: `down()` drops every connection, `up()` brings them back ('ready'). */
class FakeRedis {
  readonly clients = new Set<FakeClient>();
  readonly keys = new Map<string, string>();
  alive = true;
  publish(channel: string, message: string, sharded = false): number {
    let heard = 0;
    for (const client of this.clients)
      if ((sharded ? client.sharded : client.channels).has(channel)) {
        heard += 1;
        client.emit(sharded ? 'smessage' : 'message', channel, message);
      }
    return heard;
  }
  down(): void {
    this.alive = false;
    for (const client of this.clients) {
      client.channels.clear();
      client.sharded.clear();
      client.emit('close');
    }
  }
  up(): void {
    this.alive = true;
    for (const client of this.clients) client.emit('ready');
  }
}

class FakeClient extends EventEmitter implements RedisLike {
  readonly channels = new Set<string>();
  readonly sharded = new Set<string>();
  constructor(private readonly redis: FakeRedis) {
    super();
    redis.clients.add(this);
  }
  private up(): void {
    if (!this.redis.alive) throw new Error('Connection is closed.');
  }
  async publish(channel: string, message: string): Promise<unknown> {
    this.up();
    return this.redis.publish(channel, message);
  }
  async spublish(channel: string, message: string): Promise<unknown> {
    this.up();
    return this.redis.publish(channel, message, true);
  }
  async subscribe(channel: string): Promise<unknown> {
    this.up();
    this.channels.add(channel);
    return 1;
  }
  async ssubscribe(channel: string): Promise<unknown> {
    this.up();
    this.sharded.add(channel);
    return 1;
  }
  async sunsubscribe(channel: string): Promise<unknown> {
    this.up();
    this.sharded.delete(channel);
    return 1;
  }
  async set(key: string, value: string): Promise<unknown> {
    this.up();
    this.redis.keys.set(key, value);
    return 'OK';
  }
  async mget(keys: string[]): Promise<(string | null)[]> {
    this.up();
    return keys.map((key) => this.redis.keys.get(key) ?? null);
  }
  async quit(): Promise<unknown> {
    this.redis.clients.delete(this);
    return 'OK';
  }
}

const visit = (standId: number): LiveChange => ({ type: 'visitors', standIds: [standId] });
const until = async (check: () => boolean) => {
  const deadline = Date.now() + 20_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
};

function processOn(redis: FakeRedis, resync?: () => Promise<LiveChange[]>) {
  const errors: unknown[] = [];
  const hub = new RedisHub(new FakeClient(redis), new FakeClient(redis), (err) => errors.push(err), { resync });
  const heard: LiveChange[] = [];
  hub.subscribe((change) => heard.push(change));
  return { hub, heard, errors };
}

describe('the live hub over Redis', () => {
  it('hands a process its own changes at once and once, and the other process gets them through Redis', async () => {
    const redis = new FakeRedis();
    const [a, b] = [processOn(redis), processOn(redis)];
    await Promise.all([a.hub.whenReady(), b.hub.whenReady()]);
    a.hub.publish({ type: 'settings' });
    expect(a.heard).toEqual([{ type: 'settings' }]);
    await until(() => b.heard.length === 1);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(a.heard).toEqual([{ type: 'settings' }]);
    expect(b.heard).toEqual([{ type: 'settings' }]);
  });

  it('sends a stand’s changes only to the processes that watch it, until a moment after the last stream left', async () => {
    const redis = new FakeRedis();
    const [a, b] = [processOn(redis), processOn(redis)];
    await Promise.all([a.hub.whenReady(), b.hub.whenReady()]);
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    a.hub.publish({ type: 'visitors', standIds: [1, 2] });
    await pause(20);
    expect(b.hub.received).toBe(0);
    // Once subscribed, the watching process computes the stand again: a change published just before is in it.
    b.hub.watch('vis:1');
    await until(() => b.heard.length === 1);
    expect(b.heard).toEqual([visit(1)]);
    a.hub.publish({ type: 'visitors', standIds: [1, 2] });
    a.hub.publish({ type: 'notifications', userIds: [7] });
    await until(() => b.heard.length === 2);
    await pause(20);
    expect(b.heard).toEqual([visit(1), visit(1)]);
    expect(b.hub.received).toBe(1);
    // A stream back within the release delay keeps the subscription: no second recomputation.
    b.hub.unwatch('vis:1');
    b.hub.watch('vis:1');
    b.hub.unwatch('vis:1');
    await until(() => ![...redis.clients].some((client) => client.sharded.has('salon:live:vis:1')));
    a.hub.publish(visit(1));
    await pause(20);
    expect(b.heard).toEqual([visit(1), visit(1)]);
    expect(b.hub.received).toBe(1);
  });

  it('while Redis is down: its own streams still hear it, the others once Redis is back; then everything is read again', async () => {
    const redis = new FakeRedis();
    const resyncs = { a: 0, b: 0 };
    const a = processOn(redis, async () => {
      resyncs.a += 1;
      return [{ type: 'settings' }];
    });
    const b = processOn(redis, async () => {
      resyncs.b += 1;
      return [{ type: 'settings' }];
    });
    await Promise.all([a.hub.whenReady(), b.hub.whenReady()]);
    b.hub.watch('vis:2');
    await until(() => b.heard.length === 1);
    b.heard.length = 0;
    redis.down();
    a.hub.publish(visit(2));
    expect(a.heard).toEqual([visit(2)]);
    expect(b.heard).toEqual([]);
    redis.up();
    await until(() => b.heard.some((c) => c.type === 'visitors'));
    await until(() => resyncs.a === 1 && resyncs.b === 1);
    expect(b.heard).toEqual(expect.arrayContaining([visit(2), { type: 'settings' }]));
    expect(a.heard).toEqual([visit(2), { type: 'settings' }]);
    expect(a.hub.heldCount()).toBe(0);
  });

  it('still understands a bare change from a process of the previous release', async () => {
    const redis = new FakeRedis();
    const b = processOn(redis);
    await b.hub.whenReady();
    redis.publish('salon:live', JSON.stringify(visit(3)));
    expect(b.heard).toEqual([visit(3)]);
  });
});

describe('recovering after a failed computation', () => {
  it('reads everything again, retrying while the database fails', async () => {
    let failures = 2;
    const hub = new InProcessHub(async () => {
      if (failures > 0) {
        failures -= 1;
        throw new Error('the database system is starting up');
      }
      return [visit(4)];
    });
    const heard: LiveChange[] = [];
    hub.subscribe((change) => heard.push(change));
    hub.recover();
    hub.recover();
    await until(() => heard.length > 0);
    expect(failures).toBe(0);
    expect(heard).toEqual([visit(4)]);
    await hub.close();
  });
});

describe('the resume log: what changed since a stream’s last event, for any process', () => {
  const keys = new Map<string, string>();
  const log = new ResumeLog({
    set: async (key, value) => keys.set(key, value),
    mget: async (asked) => asked.map((key) => keys.get(key) ?? null),
  });
  const stream: Scope[] = ['active', 'chat', 'ex:3', 'ex:1', 'vis:1', 'his:1', 'news', 'news:9', 'settings'];

  it('gives the stand scopes changed since (a margin before), the room-wide ones always; too old or ahead: null', async () => {
    keys.clear();
    const now = Date.now();
    await log.record({ type: 'visitors', standIds: [1, 2] });
    await log.record({ type: 'notifications', userIds: [8] });
    expect(await log.since(stream, now - 1_000)).toEqual(new Set(['active', 'chat', 'news', 'settings', 'vis:1']));
    // Recorded before the last event, but within the margin: it may not have reached that stream's process yet.
    expect(await log.since(stream, now + MARGIN_MS - 1_000)).toEqual(new Set(['active', 'chat', 'news', 'settings', 'vis:1']));
    expect(await log.since(stream, now + MARGIN_MS + 1_000)).toBeNull();
    keys.set('salon:live:at:vis:1', String(now - MARGIN_MS - 5_000));
    expect(await log.since(stream, now)).toEqual(new Set(['active', 'chat', 'news', 'settings']));
    expect(await log.since(stream, now - LOG_MS)).toBeNull();
  });

  it('an exhibitor’s change by user, or the settings, count for every stand’s exhibitors', async () => {
    keys.clear();
    await log.record({ type: 'exhibitors', userIds: [5] });
    expect(await log.since(stream, Date.now())).toEqual(new Set(['active', 'chat', 'news', 'settings', 'ex:3', 'ex:1']));
    keys.clear();
    await log.record({ type: 'settings' });
    await log.record({ type: 'notifications', userIds: [9] });
    expect(await log.since(stream, Date.now())).toEqual(new Set(['active', 'chat', 'news', 'settings', 'ex:3', 'ex:1', 'news:9']));
  });
});

describe('the resume log when Redis does not answer', () => {
  it('gives a full state within a second instead of a stream that waits', async () => {
    const log = new ResumeLog({ set: async () => 'OK', mget: () => new Promise(() => undefined) });
    const failing = new ResumeLog({ set: async () => 'OK', mget: async () => Promise.reject(new Error('Connection is closed.')) });
    // An answer that never comes: without the limit, this would wait until the test's own timeout.
    expect(await log.since(['vis:1'], Date.now())).toBeNull();
    expect(await failing.since(['vis:1'], Date.now())).toBeNull();
  });
});
