import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { Redis } from 'ioredis';
import { build, type SalonApp } from '../../host-shell/server/app';
import { openDatabase, type DatabaseHandle } from '../../host-shell/server/db/connect';
import { migrateToLatest } from '../../host-shell/server/db/migrate';
import { seedDemo } from '../../host-shell/server/db/seed';
import { decodeId, encodeId } from '../../host-shell/server/lib/ids';
import { RoomState } from '../../host-shell/server/live/state';
import { MemoryActivityStore, RedisActivityStore } from '../../host-shell/server/services/activity-store';
import { TEST_SCRYPT_COST, standBySlug, waitFor, type TestApp } from './helpers';
import { closeSockets, collect, connect, messageOf, settle } from './sockets';
import { freePort } from './redis-server';
import { memberOf, openChannel, sendText } from './chat';
import { openSse } from './sse';
import { DEMO, anonymousCookie, login, userIdByEmail } from './accounts';
import { ORIGIN, XHR, markActive, request } from './http';

/**
 * Two salon processes (two apps here) on one database and one Redis: socket.io's Redis adapter and the live hub
 * carry messages, typing, history and live activity from one to the other. Uses TEST_REDIS_URL, or starts
 * `redis-server` on a free port when it is installed; otherwise one test records that Redis was not tried.
 */
const given = process.env.TEST_REDIS_URL ?? '';
const installed = spawnSync('redis-server', ['--version']).status === 0;

if (given || installed) {
  describe('two processes through Redis', () => {
    let redis: ChildProcess | null = null;
    let url = given;
    let database: DatabaseHandle;
    let dir: string;
    const apps: SalonApp[] = [];
    const bases: string[] = [];

    beforeAll(async () => {
      if (!url) {
        const port = await freePort();
        redis = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
          stdio: 'ignore',
        });
        url = `redis://127.0.0.1:${port}`;
        const deadline = Date.now() + 10_000;
        for (;;) {
          const probe = new Redis(url, { lazyConnect: true, retryStrategy: () => null, maxRetriesPerRequest: 0 });
          probe.on('error', () => undefined);
          const pong = await probe.connect().then(
            () => probe.ping(),
            () => null,
          );
          probe.disconnect();
          if (pong === 'PONG') break;
          if (Date.now() > deadline) throw new Error(`redis-server did not start on ${url}`);
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      }
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'salon-redis-'));
      database = openDatabase({ dialect: 'sqlite', filename: path.join(dir, 'salon.sqlite') });
      await migrateToLatest(database);
      await seedDemo(database.db, { scryptCost: TEST_SCRYPT_COST });
      for (let i = 0; i < 2; i += 1) {
        const app = build({
          database,
          config: {
            scryptCost: TEST_SCRYPT_COST,
            spaDir: '/nonexistent/salon-spa',
            uploadDir: path.join(dir, 'uploads'),
            redisUrl: url,
            liveCoalesceMs: 20,
            liveCountMs: 3_000,
          },
        });
        await app.ready();
        apps.push(app);
        bases.push(await app.listen({ port: 0, host: '127.0.0.1' }));
      }
    }, 30_000);
    afterAll(async () => {
      closeSockets();
      for (const app of apps) {
        app.server.closeAllConnections();
        await app.close();
      }
      await database?.close();
      redis?.kill('SIGKILL');
      if (dir) fs.rmSync(dir, { recursive: true, force: true });
    });

    const [a, b] = [0, 1];
    const t = (i: number) => ({ app: apps[i], database }) as TestApp;

    it('carries chat messages and typing between the processes, to a channel created on the other one', async () => {
      const visitor = await login(t(a).app, DEMO.visitor);
      const exhibitor = await login(t(a).app, DEMO.exhibitor);
      const exhibitorId = await userIdByEmail(t(a), DEMO.exhibitor);
      const onA = await connect(bases[a] ?? '', { cookie: visitor });
      const onB = await connect(bases[b] ?? '', { cookie: exhibitor });
      const heardOnB = collect(onB, 'new_chat_message');
      const typingOnB = collect(onB, 'user_writing');
      const heardOnA = collect(onA, 'new_chat_message');
      // Created through process A: the exhibitor's socket on B joins the channel's room through Redis.
      const channel = await openChannel(t(a).app, visitor, exhibitorId);
      const visitorId = await userIdByEmail(t(a), DEMO.visitor);
      await settle();

      onA.emit('user_writing', { channel_id: channel.id_channel });
      const sent = messageOf(await sendText(onA, channel, memberOf(channel, visitorId), 'redis-1', 'via A'));
      const reply = messageOf(await sendText(onB, channel, memberOf(channel, exhibitorId), 'redis-2', 'via B'));
      await settle(300);
      expect(heardOnB.map((m) => m.id_message)).toEqual([sent.id_message]);
      expect(heardOnA.map((m) => m.id_message)).toEqual([reply.id_message]);
      expect(typingOnB.map((e) => e.user_id)).toEqual([encodeId(visitorId)]);
      // The first sockets of the file: 3 s on a loaded machine.
    }, 15_000);

    it('tells a socket it is connected only once Redis has subscribed its channels: what is sent after its catch-up reaches it', async () => {
      // A channel no socket is in yet (visitor2 and exhibitor2 have none open).
      const visitor = await login(t(a).app, DEMO.visitor2);
      const exhibitor = await login(t(a).app, DEMO.exhibitor2);
      const [visitorId, exhibitorId] = [await userIdByEmail(t(a), DEMO.visitor2), await userIdByEmail(t(a), DEMO.exhibitor2)];
      const channel = await openChannel(t(a).app, visitor, exhibitorId);
      const probe = new Redis(url);
      const subscriptions = async () => {
        const reply = (await probe.call('PUBSUB', 'SHARDNUMSUB', `salon.socket.io#/#channel:${String(decodeId(channel.id_channel))}#`)) as [
          string,
          number,
        ];
        return reply[1];
      };
      try {
        expect(await subscriptions()).toBe(0);
        // Redis holds every command for 600 ms: the subscription of the socket's rooms waits, and so does its connection.
        const pausedAt = Date.now();
        await probe.call('CLIENT', 'PAUSE', '600', 'ALL');
        const onB = await connect(bases[b] ?? '', { cookie: exhibitor });
        expect(Date.now() - pausedAt).toBeGreaterThanOrEqual(550);
        expect(await subscriptions()).toBe(1);
        // Sent through the other process just after the connection (the widget's catch-up reads at that moment).
        const heard = collect(onB, 'new_chat_message');
        const onA = await connect(bases[a] ?? '', { cookie: visitor });
        const sent = messageOf(await sendText(onA, channel, memberOf(channel, visitorId), 'redis-subscribed', 'after the catch-up'));
        await waitFor(() => (heard.length > 0 ? true : undefined));
        expect(heard.map((m) => m.id_message)).toEqual([sent.id_message]);
        onA.close();
        onB.close();
      } finally {
        probe.disconnect();
      }
    });

    it('sends stand history and live activity changes to the exhibitors connected to the other process', async () => {
      const exhibitor = await login(t(b).app, DEMO.exhibitor);
      const visitor2 = await login(t(a).app, DEMO.visitor2);
      const solar = await standBySlug(t(a), 'stand-helios-solaire');
      const socket = await connect(bases[b] ?? '', { cookie: exhibitor });
      const history = collect(socket, 'stand_history');
      const stream = await openSse(`${bases[b] ?? ''}/api/sse/live/activity?owned_stands_ids=${solar.key}`, { cookie: exhibitor });
      await stream.next();
      const from = stream.events.length;
      await request(t(a).app, {
        method: 'POST',
        url: `/api/stands/${solar.key}/visit`,
        headers: { ...XHR, cookie: visitor2 },
        payload: { start: true },
      });
      // On the open stream, the stand's visitors come as a delta: the arrival whole.
      type Delta = Record<string, { users: { fullname: string }[] }> | undefined;
      const change = await stream.next((e) => Array.isArray((e.data.owned_stands_users_delta as Delta)?.[solar.key]?.users), 10_000, from);
      expect((change.data.owned_stands_users_delta as Delta)?.[solar.key]?.users.map((u) => u.fullname)).toContain('Thomas Petit');
      stream.close();
      await settle();
      expect(history.map((h) => h.content.type)).toEqual(['enterOnStand']);
    });

    it('a stand’s changes travel on its own channel, held by a process only while one of its streams shows the stand', async () => {
      const exhibitor = await login(t(b).app, DEMO.exhibitor);
      const solar = await standBySlug(t(a), 'stand-helios-solaire');
      const probe = new Redis(url);
      const held = async (scope: string) => {
        const reply = (await probe.call('PUBSUB', 'SHARDNUMSUB', `salon:live:${scope}:${solar.id}`)) as [string, number];
        return reply[1];
      };
      try {
        // The streams of the tests before have released it.
        await waitFor(async () => ((await held('vis')) === 0 ? true : undefined));
        const stream = await openSse(`${bases[b] ?? ''}/api/sse/live/activity?owned_stands_ids=${solar.key}`, { cookie: exhibitor });
        await stream.next();
        const all = async () => [await held('vis'), await held('his'), await held('ex')];
        await waitFor(async () => ((await all()).every((n) => n === 1) ? true : undefined));
        expect(await all()).toEqual([1, 1, 1]);
        stream.close();
        // A moment after the last stream left: released.
        await waitFor(async () => ((await held('vis')) + (await held('his')) + (await held('ex')) === 0 ? true : undefined));
      } finally {
        probe.disconnect();
      }
    });

    it('a live stream moved to the other process in the middle of a visit gets there what it missed, not a full state', async () => {
      const exhibitor = await login(t(b).app, DEMO.exhibitor);
      const [visitor, visitor2] = [await login(t(a).app, DEMO.visitor), await login(t(a).app, DEMO.visitor2)];
      const storage = await standBySlug(t(a), 'stand-helios-stockage');
      const live = (i: number, headers: Record<string, string> = {}) =>
        openSse(`${bases[i] ?? ''}/api/sse/live/activity?owned_stands_ids=${storage.key}`, { cookie: exhibitor, ...headers });
      const visit = (cookie: string, payload: Record<string, boolean>) =>
        request(t(a).app, { method: 'POST', url: `/api/stands/${storage.key}/visit`, headers: { ...XHR, cookie }, payload });
      type Users = Record<string, { users: { fullname: string }[] }> | undefined;
      const names = (users: Users) => users?.[storage.key]?.users.map((u) => u.fullname).sort();
      const onB = await live(b);
      await onB.next();
      const from = onB.events.length;
      await visit(visitor, { start: true });
      const arrival = await onB.next((e) => names(e.data.owned_stands_users_delta as Users)?.includes('Léa Moreau') ?? false, 10_000, from);
      // Process B goes away: while nobody watches, one visitor leaves and another arrives.
      onB.close();
      await visit(visitor, { end: true });
      await visit(visitor2, { start: true });
      const onA = await live(a, { 'last-event-id': arrival.id ?? '' });
      try {
        const resumed = await onA.next((e) => e.data.owned_stands_users !== undefined);
        const whole = resumed.data.owned_stands_users as Record<string, { fullname: string }[]>;
        expect(whole[storage.key]?.map((u) => u.fullname)).toEqual(['Thomas Petit']);
        expect(Object.keys(resumed.data.histories as object)).toEqual([storage.key]);
        // What did not change since its last event on B (the stand's exhibitors) is not sent again.
        expect(resumed.data.owned_stands_exhibitors).toBeUndefined();
      } finally {
        onA.close();
        await visit(visitor2, { end: true });
      }
    });

    it('keeps last activity in Redis as in memory: the newer value wins, ranges, counts and pruning answer alike', async () => {
      const client = new Redis(url);
      try {
        const stores = [new MemoryActivityStore(), new RedisActivityStore(client, `salon:activity:test-${Date.now()}`)];
        const answers = await Promise.all(
          stores.map(async (store) => {
            await store.record(
              new Map([
                [1, 5000],
                [2, 7000],
                [3, 7000],
                [4, 1000],
              ]),
            );
            // An older value (another process's late write) never wins.
            await store.record(
              new Map([
                [2, 6000],
                [4, 3000],
              ]),
            );
            const before = {
              get: [...(await store.get([1, 2, 3, 4, 9]))].sort(),
              since: await store.since(2000),
              limited: await store.since(2000, 2),
              count: await store.count(5000),
              between: (await store.between(3000, 7000)).sort(),
            };
            await store.prune(4000);
            return { ...before, pruned: await store.since(0) };
          }),
        );
        expect(answers[1]).toEqual(answers[0]);
        expect(answers[0]).toMatchObject({
          since: [
            { userId: 2, at: 7000 },
            { userId: 3, at: 7000 },
            { userId: 1, at: 5000 },
            { userId: 4, at: 3000 },
          ],
          count: 3,
          between: [1, 4],
        });
      } finally {
        client.disconnect();
      }
    });

    it('Start a chat and the contact point show the people active on the other process, before it writes the database', async () => {
      // The database gets last activity every 5 s: it must not be what carries it here.
      const found = await database.db
        .selectFrom('users')
        .select('last_activity_at')
        .where('email', '=', DEMO.exhibitor2)
        .executeTakeFirst();
      expect(found?.last_activity_at ?? null).toBeNull();
      const exhibitor2 = await login(t(a).app, DEMO.exhibitor2);
      const visitor = await login(t(b).app, DEMO.visitor);
      const exhibitor2Id = encodeId(await userIdByEmail(t(a), DEMO.exhibitor2));
      const nordic = await standBySlug(t(a), 'stand-nordic-robotics');
      expect((await markActive(t(a).app, exhibitor2)).statusCode).toBe(200);
      const onB = async () => {
        const [chat, animators] = await Promise.all(
          [`/api/chat/users?search=Nordic`, `/api/stands/${nordic.key}/animators`].map((url) =>
            request(t(b).app, { method: 'GET', url, headers: { ...XHR, cookie: visitor } }),
          ),
        );
        type Person = { id_user: string; availability?: boolean };
        const people = chat?.json().data as { elsewhere: Person[]; on_stand: Person[] };
        const cards = (animators?.json().data as { visited_stand_animators: Person[] }).visited_stand_animators;
        return {
          listed: [...people.on_stand, ...people.elsewhere].some((u) => u.id_user === exhibitor2Id),
          available: cards.find((u) => u.id_user === exhibitor2Id)?.availability,
        };
      };
      const deadline = Date.now() + 2000;
      let seen = await onB();
      while (!(seen.listed && seen.available) && Date.now() < deadline) {
        await settle(50);
        seen = await onB();
      }
      expect(seen).toEqual({ listed: true, available: true });
      // The same people from either process.
      const fromA = await request(t(a).app, { method: 'GET', url: '/api/chat/users', headers: { ...XHR, cookie: exhibitor2 } });
      const fromB = await request(t(b).app, { method: 'GET', url: '/api/chat/users', headers: { ...XHR, cookie: exhibitor2 } });
      expect(fromB.json()).toEqual(fromA.json());
    });

    it('computes the room-wide lists on one process: the other forwards what it publishes, without recomputing them', async () => {
      const leaders = apps.map((app) => app.live.stats().leader);
      expect(leaders.filter(Boolean)).toHaveLength(1);
      const follower = leaders.indexOf(false);
      const followerState = (apps[follower]?.live as unknown as { state: RoomState }).state;
      const visitor = await login(t(follower).app, DEMO.visitor);
      const stream = await openSse(`${bases[follower] ?? ''}/api/sse/live/activity`, { cookie: visitor });
      const first = await stream.next();
      const from = stream.events.length;
      const compute = jest.spyOn(RoomState.prototype, 'compute');
      try {
        // Someone arrives on the follower: the leader counts them, the follower's stream hears it.
        expect((await markActive(t(follower).app, await anonymousCookie(t(follower).app))).statusCode).toBe(200);
        const counted = await stream.next(
          (e) => e.data.active_users !== undefined && Number(e.data.active_users) > Number(first.data.active_users),
          10_000,
          from,
        );
        expect(Number(counted.data.active_users)).toBe(Number(first.data.active_users) + 1);
        const onFollower = compute.mock.calls.filter(
          ([scope], i) => compute.mock.contexts[i] === followerState && ['active', 'chat'].includes(scope),
        );
        expect(onFollower).toEqual([]);
      } finally {
        compute.mockRestore();
        stream.close();
      }
    }, 20_000);

    it('a logout on one process ends the session on the other at once, whose session cache had it', async () => {
      const cookie = await login(t(a).app, DEMO.visitor2);
      const active = () => markActive(t(b).app, cookie);
      expect((await active()).statusCode).toBe(200);
      // B trusts its cache for 10 minutes: the session row going away behind its back is not seen…
      const saved = await database.db.selectFrom('sessions').selectAll().execute();
      await database.db.deleteFrom('sessions').execute();
      expect((await active()).statusCode).toBe(200);
      await database.db.insertInto('sessions').values(saved).execute();
      // …but a logout on A is, through Redis.
      expect((await request(t(a).app, { method: 'GET', url: '/deconnexion', headers: { cookie } })).statusCode).toBe(303);
      const deadline = Date.now() + 20_000;
      let status = (await active()).statusCode;
      while (status === 200 && Date.now() < deadline) {
        await settle(50);
        status = (await active()).statusCode;
      }
      expect(status).toBe(401);
    });

    it('an administrator’s change on one process reaches the streams of the other, whose parameters cache drops it', async () => {
      const admin = await login(t(a).app, DEMO.admin);
      const visitor = await login(t(b).app, DEMO.visitor);
      // B has the parameters cached (5 s) before the change.
      expect((await t(b).app.parameters.get()).last_activity_period).toBe(900);
      const stream = await openSse(`${bases[b] ?? ''}/api/sse/live/activity`, { cookie: visitor });
      await stream.next((e) => e.event === 'liveSettings');
      const from = stream.events.length;
      const headers = { ...XHR, cookie: admin, origin: ORIGIN };
      const put = (url: string, payload: unknown) =>
        request(t(a).app, { method: 'PUT', url, headers, payload: payload as Record<string, unknown> });
      expect((await put('/api/admin/parameters', { last_activity_period: 420 })).statusCode).toBe(200);
      expect((await put('/api/admin/stream', { active: true, video_url: 'https://video.test/live' })).statusCode).toBe(200);
      const change = await stream.next((e) => e.event === 'liveSettings' && (e.data.stream as { active: boolean }).active, 10_000, from);
      expect((change.data.parameters as { last_activity_period: number }).last_activity_period).toBe(420);
      expect((await t(b).app.parameters.get()).last_activity_period).toBe(420);
      stream.close();
      await put('/api/admin/stream', { active: false });
      await put('/api/admin/parameters', { last_activity_period: 900 });
    });
  });
} else {
  describe('two processes through Redis', () => {
    it('is not configured (no TEST_REDIS_URL, no redis-server): the Redis adapter was not tried', () => {
      console.log('Redis tests NOT run: set TEST_REDIS_URL=redis://… or install redis-server (apt-get install redis-server).');
      expect(installed).toBe(false);
    });
  });
}
