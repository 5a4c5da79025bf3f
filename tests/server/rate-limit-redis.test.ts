import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Redis } from 'ioredis';
import { build, type SalonApp } from '../../host-shell/server/app';
import { DEFAULT_RATE_LIMITS } from '../../host-shell/server/config';
import { openDatabase, type DatabaseHandle } from '../../host-shell/server/db/connect';
import { migrateToLatest } from '../../host-shell/server/db/migrate';
import { seedDemo } from '../../host-shell/server/db/seed';
import { TEST_SCRYPT_COST, waitFor, type TestApp } from './helpers';
import { GIVEN_REDIS_URL, REDIS_SERVER_INSTALLED, startRedis, type TestRedis } from './redis-server';
import { type ask, closeSockets, connect, messageOf } from './sockets';
import { memberOf, openChannel, sendText } from './chat';
import { DEMO, login, userIdByEmail } from './accounts';
import { ORIGIN, XHR, form, request } from './http';

/**
 * Two salon processes (two apps here) on one database and one Redis count against the same budgets: a client cannot
 * double its budget by landing on the other process. Uses TEST_REDIS_URL, or starts `redis-server` when installed.
 */
const MINUTE = 60_000;
const LIMITS = {
  ...DEFAULT_RATE_LIMITS,
  loginPerAccount: { max: 3, windowMs: MINUTE },
  contactPerAddress: { max: 2, windowMs: MINUTE },
  formsPerUser: { max: 2, windowMs: MINUTE },
  chatMessagesPerUser: { max: 2, windowMs: MINUTE },
};

if (GIVEN_REDIS_URL || REDIS_SERVER_INSTALLED) {
  describe('rate limits shared through Redis by two processes', () => {
    let redis: TestRedis;
    let database: DatabaseHandle;
    let dir: string;
    const apps: SalonApp[] = [];
    const bases: string[] = [];
    const [a, b] = [0, 1];
    const app = (i: number) => apps[i] as SalonApp;
    const t = (i: number) => ({ app: app(i), database }) as TestApp;

    beforeAll(async () => {
      redis = await startRedis();
      // A Redis given from outside may hold the counters of an earlier run.
      const cleaner = new Redis(redis.url);
      const stale = await cleaner.keys('salon:rate-limit:*');
      if (stale.length > 0) await cleaner.del(...stale);
      await cleaner.quit();
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'salon-rate-limit-'));
      database = openDatabase({ dialect: 'sqlite', filename: path.join(dir, 'salon.sqlite') });
      await migrateToLatest(database);
      await seedDemo(database.db, { scryptCost: TEST_SCRYPT_COST });
      for (let i = 0; i < 2; i += 1) {
        const built = build({
          database,
          config: {
            scryptCost: TEST_SCRYPT_COST,
            spaDir: '/nonexistent/salon-spa',
            uploadDir: path.join(dir, 'uploads'),
            redisUrl: redis.url,
            rateLimits: LIMITS,
          },
        });
        await built.ready();
        apps.push(built);
        bases.push(await built.listen({ port: 0, host: '127.0.0.1' }));
      }
    });
    afterAll(async () => {
      closeSockets();
      for (const each of apps) {
        each.server.closeAllConnections();
        await each.close();
      }
      await database?.close();
      await redis?.stop();
      if (dir) fs.rmSync(dir, { recursive: true, force: true });
    });

    const loginWith = (i: number, email: string, password: string) =>
      request(app(i), { method: 'POST', url: '/connexion', ...form({ email, password }), remoteAddress: '10.3.0.1' });

    it('counts an account’s failed logins on both processes together; another account still logs in', async () => {
      expect((await loginWith(a, DEMO.visitor, 'wrong')).statusCode).toBe(401);
      expect((await loginWith(b, DEMO.visitor, 'wrong')).statusCode).toBe(401);
      expect((await loginWith(a, DEMO.visitor, 'wrong')).statusCode).toBe(401);
      const refused = await loginWith(b, DEMO.visitor, 'salon-demo');
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect((await loginWith(a, DEMO.visitor, 'salon-demo')).statusCode).toBe(429);
      expect((await loginWith(b, DEMO.visitor2, 'salon-demo')).statusCode).toBe(303);
    });

    /** A contact message without a session: only the address's budget counts it. */
    const contact = (i: number, address: string) =>
      request(app(i), {
        method: 'POST',
        url: '/contact',
        headers: { ...XHR, origin: ORIGIN },
        payload: { subject: 'question', message: 'Hello', email: 'a@example.com' },
        remoteAddress: address,
      });

    it('counts an address on both processes together (@fastify/rate-limit’s Redis store)', async () => {
      expect((await contact(a, '10.3.0.2')).json()).toMatchObject({ statusCode: 200 });
      expect((await contact(b, '10.3.0.2')).json()).toMatchObject({ statusCode: 200 });
      const refused = await contact(a, '10.3.0.2');
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({
        statusCode: 429,
        data: { error: true, message: expect.stringMatching(/^Too many attempts\. Try again in \d+ seconds?\.$/) },
      });
    });

    it('counts a user on both processes together (the per-user hooks)', async () => {
      const cookie = await login(app(a), DEMO.exhibitor);
      const opinion = (i: number) =>
        request(app(i), { method: 'POST', url: '/api/nps', headers: { ...XHR, cookie }, payload: { score: 8 } });
      expect((await opinion(a)).statusCode).toBe(200);
      expect((await opinion(b)).statusCode).toBe(200);
      const refused = await opinion(a);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ data: { error: true, message: expect.stringMatching(/^(Too many attempts|Trop de tentatives)/) } });
    });

    let visitorSocketA: Awaited<ReturnType<typeof connect>>;
    let send: (socket: typeof visitorSocketA, clientId: string) => ReturnType<typeof ask>;

    it('counts a user’s chat messages on both processes together', async () => {
      const visitor = await login(app(a), DEMO.visitor2);
      const exhibitorId = await userIdByEmail(t(a), DEMO.exhibitor2);
      const visitorId = await userIdByEmail(t(a), DEMO.visitor2);
      const channel = await openChannel(app(a), visitor, exhibitorId);
      send = (socket, clientId) => sendText(socket, channel, memberOf(channel, visitorId), clientId, clientId);
      visitorSocketA = await connect(bases[a] ?? '', { cookie: `${visitor}; salon_locale=en_EN` });
      const onB = await connect(bases[b] ?? '', { cookie: `${visitor}; salon_locale=fr_FR` });
      messageOf(await send(visitorSocketA, 'a1'));
      messageOf(await send(onB, 'b1'));
      expect(await send(visitorSocketA, 'a2')).toEqual({
        ok: false,
        error: expect.stringMatching(/^You are sending too many messages\. Try again in \d+ seconds?\.$/),
      });
      expect(await send(onB, 'b2')).toEqual({
        ok: false,
        error: expect.stringMatching(/^Vous envoyez trop de messages\. Réessayez dans \d+ secondes?\.$/),
      });
    });

    it('lets requests through, never a 500, when Redis goes away; counts in Redis again once it is back', async () => {
      if (!redis.own) return; // A Redis given from outside is not ours to stop.
      await redis.stop();
      try {
        // The address and account counters are unreachable: the login goes through, as any other request.
        const started = Date.now();
        expect((await loginWith(b, DEMO.promoter, 'salon-demo')).statusCode).toBe(303);
        expect(Date.now() - started).toBeLessThan(5000);
        expect((await contact(a, '10.3.0.3')).statusCode).toBe(200);
        // The chat counts in this process's memory meanwhile.
        messageOf(await send(visitorSocketA, 'a3'));
      } finally {
        await redis.restart();
      }
      // Back (empty): both processes count together again, for a new address.
      const counted = await waitFor(
        async () => {
          const address = `10.3.1.${Math.floor(Math.random() * 250)}`;
          const answers = [await contact(a, address), await contact(b, address), await contact(a, address)];
          return answers.map((r) => r.statusCode).join() === '200,200,429' ? true : undefined;
        },
        10_000,
        'the limits to count in Redis again',
      );
      expect(counted).toBe(true);
    });
  });
} else {
  describe('rate limits shared through Redis by two processes', () => {
    it('is not configured (no TEST_REDIS_URL, no redis-server): Redis was not tried', () => {
      console.log('Redis rate-limit tests NOT run: set TEST_REDIS_URL=redis://… or install redis-server.');
      expect(REDIS_SERVER_INSTALLED).toBe(false);
    });
  });
}
