import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Client } from 'pg';
import { REPO_ROOT, loadConfig } from '../../host-shell/server/config';
import { openDatabase } from '../../host-shell/server/db/connect';
import { migrations } from '../../host-shell/server/db/migrations';
import { seedDemo } from '../../host-shell/server/db/seed';
import { DEMO_PASSWORD } from '../../host-shell/server/db/seed-data';
import type { Channel } from '@salon/shared/contracts/chat';
import { decodeId, encodeId } from '../../host-shell/server/lib/ids';
import { insertMessage } from '../../host-shell/server/services/chat-messages';
import { buildCompiled, loginStatus, runCompiled, startCompiled } from './compiled';
import { TEST_SCRYPT_COST, countRows, createTestApp, standBySlug, type TestApp } from './helpers';
import { OVERSIZED_ID_STATUSES, oversizedIdAnswers } from './oversized-ids';
import { ask, closeSockets, collect, connect, messageOf, settle } from './sockets';
import { CONTACT } from './stand-forms';
import { memberOf, openChannel } from './chat';
import { pageDataOf } from './markup';
import { closeListening } from './sse';
import { DEMO, login, signIn, userIdByEmail } from './accounts';
import { ORIGIN, XHR, markActive, request, visitStand } from './http';

/**
 * Runs against PostgreSQL when TEST_DATABASE_URL is a postgres URL (scripts/pg-test-server.sh prints one),
 * in a schema of its own that is dropped afterwards; the production start (the compiled server, a child process) gets a
 * database of its own, dropped afterwards too. Without it, one test records that PostgreSQL was not tried.
 */
const url = process.env.TEST_DATABASE_URL ?? '';
const configured = /^postgres(?:ql)?:\/\//.test(url);

if (configured) {
  describe('on PostgreSQL', () => {
    const schema = `salon_test_${randomBytes(4).toString('hex')}`;
    let admin: Client;
    let t: TestApp;

    beforeAll(async () => {
      admin = new Client({ connectionString: url });
      await admin.connect();
      await admin.query(`CREATE SCHEMA ${schema}`);
      t = await createTestApp({ database: { dialect: 'postgres', connectionString: url, schema } });
    }, 30_000);
    afterAll(async () => {
      if (t) await closeListening(t);
      await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await admin.end();
    });

    const count = (table: 'users' | 'stands' | 'companies' | 'notifications' | 'stand_exhibitors') => countRows(t, table);

    it('runs the migrations in its schema', async () => {
      const { rows } = await admin.query<{ name: string }>(`SELECT name FROM ${schema}.kysely_migration ORDER BY name`);
      // Every migration of the project, each once, in its order (`db/migrations/index.ts`).
      expect(rows.map((r) => r.name)).toEqual(Object.keys(migrations('postgres')).sort());
    });

    it('seeds the demo salon, idempotently', async () => {
      const before = {
        users: await count('users'),
        stands: await count('stands'),
        notifications: await count('notifications'),
        links: await count('stand_exhibitors'),
      };
      expect(before.stands).toBeGreaterThanOrEqual(12);
      await seedDemo(t.database.db, { scryptCost: TEST_SCRYPT_COST });
      expect({
        users: await count('users'),
        stands: await count('stands'),
        notifications: await count('notifications'),
        links: await count('stand_exhibitors'),
      }).toEqual(before);
    });

    it('logs in and renders the room with the exhibitor’s stands', async () => {
      const cookie = await login(t.app, DEMO.exhibitor);
      const response = await request(t.app, { method: 'GET', url: '/salon', headers: { cookie } });
      expect(response.statusCode).toBe(200);
      const data = pageDataOf(response.body);
      expect(data.user).toMatchObject({ email: DEMO.exhibitor, profile: 'exhibitor', homeRoute: `${ORIGIN}/exposant`, anonymous: false });
      expect(data.owned_stands_ids).toHaveLength(2);
    });

    it('creates anonymous visitors and updates users', async () => {
      const room = await request(t.app, { method: 'GET', url: '/salon' });
      const cookie = room.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
      const put = await request(t.app, {
        method: 'PUT',
        url: '/api/users/me',
        headers: { ...XHR, cookie },
        payload: { pseudo: 'pg guest' },
      });
      expect(put.json().data.user).toMatchObject({ anonymous: true, pseudo: 'pg guest' });
    });

    it('records visits, replaces them, enforces one open visit per user, and sweeps them', async () => {
      const cookie = await login(t.app, DEMO.visitor);
      const userId = await userIdByEmail(t, DEMO.visitor);
      const [aqua, nordic] = await Promise.all([standBySlug(t, 'stand-aquapure'), standBySlug(t, 'stand-nordic-robotics')]);
      const post = (stand: string, payload: Record<string, boolean>) => visitStand(t.app, cookie, stand, payload);
      expect((await post(aqua.key, { start: true })).json().data.stand_visit.stand_id).toBe(aqua.key);
      expect((await post(nordic.key, { start: true })).statusCode).toBe(200);
      const visits = await t.database.db.selectFrom('stand_visits').selectAll().where('user_id', '=', userId).orderBy('id').execute();
      expect(visits.map((v) => v.ended_by)).toEqual(['replaced', null]);
      await expect(
        t.database.db
          .insertInto('stand_visits')
          .values({ user_id: userId, stand_id: aqua.id, started_at: new Date().toISOString(), ended_at: null, ended_by: null })
          .execute(),
      ).rejects.toThrow(/unique/i);
      const beacon = await request(t.app, {
        method: 'POST',
        url: `/api/stands/${nordic.key}/visit`,
        headers: { cookie, origin: ORIGIN, 'content-type': 'text/plain;charset=UTF-8' },
        payload: '{"end":true}',
      });
      expect(beacon.json().data.stand_visit.ended_at).toEqual(expect.any(String));
      await post(aqua.key, { start: true });
      expect(await t.app.sweeper.sweep(Date.now() + 10_000_000)).toBe(1);
      const history = await t.database.db.selectFrom('stand_history').select('type').where('user_id', '=', userId).orderBy('id').execute();
      expect(history.map((h) => h.type)).toEqual([
        'enterOnStand',
        'leaveStand',
        'enterOnStand',
        'leaveStand',
        'enterOnStand',
        'leaveStand',
      ]);
    });

    it('writes the last activity of several users together', async () => {
      const cookies = await Promise.all([login(t.app, DEMO.visitor2), login(t.app, DEMO.promoter), login(t.app, DEMO.admin)]);
      const answers = await Promise.all(cookies.map((cookie) => markActive(t.app, cookie)));
      expect(await t.app.activity.flush()).toBeGreaterThanOrEqual(3);
      expect(await t.app.activity.flush()).toBe(0);
      const rows = await t.database.db
        .selectFrom('users')
        .select(['email', 'last_activity_at'])
        .where('email', 'in', [DEMO.visitor2, DEMO.promoter, DEMO.admin])
        .execute();
      const byEmail = Object.fromEntries(rows.map((r) => [r.email, r.last_activity_at]));
      expect([byEmail[DEMO.visitor2], byEmail[DEMO.promoter], byEmail[DEMO.admin]]).toEqual(
        answers.map((a) => a.json().data.last_activity_at),
      );
    });

    it('stores tracking events and reads the stream parameters', async () => {
      const solar = await standBySlug(t, 'stand-helios-solaire');
      const tracked = await request(t.app, {
        method: 'POST',
        url: '/api/tracking-event',
        headers: XHR,
        payload: { name: 'pg', stand_id: solar.key },
      });
      expect(tracked.json()).toEqual({ data: { success: true } });
      expect((await request(t.app, { method: 'GET', url: '/api/stream/active' })).json()).toEqual({
        data: { active: false, video_url: null, chat_url: null },
      });
    });

    it('computes the live activity state (visitors, history, exhibitors, chat)', async () => {
      const visitorCookie = await login(t.app, DEMO.visitor2);
      const solar = await standBySlug(t, 'stand-helios-solaire');
      await request(t.app, {
        method: 'POST',
        url: `/api/stands/${solar.key}/visit`,
        headers: { ...XHR, cookie: visitorCookie },
        payload: { start: true },
      });
      const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const owner = await login(t.app, DEMO.exhibitor);
      const controller = new AbortController();
      const response = await fetch(`${address}/api/sse/live/activity?owned_stands_ids=${solar.key}&visited_stand_id=${solar.key}`, {
        headers: { cookie: owner },
        signal: controller.signal,
      });
      const reader = response.body?.pipeThrough(new TextDecoderStream()).getReader();
      let text = '';
      while (reader && !/data: .*\n\n/.test(text)) {
        const { done, value } = await reader.read();
        if (done) break;
        text += value;
      }
      controller.abort();
      const data = JSON.parse(/data: (.*)\n/.exec(text)?.[1] ?? '{}');
      expect(data.owned_stands_users[solar.key].map((u: { fullname: string }) => u.fullname)).toContain('Thomas Petit');
      expect(data.histories[solar.key][0].content.type).toBe('enterOnStand');
      expect(data.visited_stand_animators[solar.key].length).toBeGreaterThan(0);
      expect(data.chat_users.length).toBeGreaterThan(0);
    });

    it('pages notifications', async () => {
      const page = (await request(t.app, { method: 'GET', url: '/api/notifications?page=2' })).json().data;
      expect(page).toMatchObject({ page: 2, total: 13 });
      expect(page.notifications).toHaveLength(3);
    });

    it('chats: one channel per pair even when two opens race, messages stored once per client id, counts and pages', async () => {
      const [visitor, exhibitor] = await Promise.all([login(t.app, DEMO.visitor), login(t.app, DEMO.exhibitor)]);
      const [visitorId, exhibitorId] = await Promise.all([userIdByEmail(t, DEMO.visitor), userIdByEmail(t, DEMO.exhibitor)]);
      const open = (cookie: string, userId: number) =>
        request(t.app, {
          method: 'POST',
          url: '/api/chat/channels',
          headers: { ...XHR, cookie },
          payload: { members: [encodeId(userId)] },
        });
      const opened = await Promise.all([open(visitor, exhibitorId), open(exhibitor, visitorId), open(visitor, exhibitorId)]);
      const channelIds = new Set(opened.map((r) => r.json().data.channel.id_channel as string));
      expect(channelIds.size).toBe(1);
      const channel = opened[0]?.json().data.channel as Channel;
      const channelId = decodeId(channel.id_channel) ?? 0;
      const memberId = decodeId(memberOf(channel, visitorId)) ?? 0;
      const sent = await Promise.all(
        ['a', 'a', 'b'].map((clientId) =>
          insertMessage(t.database.db, { channelId, memberId, clientId, content: { type: 'message', text: `text ${clientId}` } }),
        ),
      );
      expect(sent.filter((s) => s.created)).toHaveLength(2);
      expect(new Set(sent.map((s) => s.row.id)).size).toBe(2);
      const list = (await request(t.app, { method: 'GET', url: '/api/chat/channels', headers: { cookie: exhibitor } })).json().data
        .channels as Channel[];
      // Sent concurrently: the last is whichever got the higher id.
      const [older, newer] = [...new Map(sent.map((s) => [s.row.id, s.row])).values()].sort((a, b) => a.id - b.id);
      expect(list[0]).toMatchObject({
        id_channel: channel.id_channel,
        total_messages: 2,
        new_messages: 2,
        last_message: { client_id: newer?.client_id },
      });
      await request(t.app, {
        method: 'POST',
        url: `/api/chat/channels/${channel.id_channel}/read`,
        headers: { ...XHR, cookie: exhibitor },
      });
      expect(
        (
          (await request(t.app, { method: 'GET', url: '/api/chat/channels', headers: { cookie: exhibitor } })).json().data
            .channels as Channel[]
        )[0]?.new_messages,
      ).toBe(0);
      const after = await request(t.app, {
        method: 'GET',
        url: `/api/chat/channels/${channel.id_channel}/messages?lastOne=${encodeId(older?.id ?? 0)}`,
        headers: { cookie: exhibitor },
      });
      expect(after.json().data.messages.map((m: { client_id: string }) => m.client_id)).toEqual([newer?.client_id]);
    });

    it('chats: sockets, history pages, availability, search and targeted notifications', async () => {
      const address = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
      const { visitor, exhibitor, promoter } = await signIn(t.app, ['visitor', 'exhibitor', 'promoter']);
      const visitorId = await userIdByEmail(t, DEMO.visitor);
      const channel = await openChannel(t.app, exhibitor, visitorId);
      const exhibitorSocket = await connect(address, { cookie: exhibitor });
      const visitorSocket = await connect(address, { cookie: visitor });
      const promoterSocket = await connect(address, { cookie: promoter });
      try {
        const heard = collect(visitorSocket, 'new_chat_message');
        const memberId = channel.members.find((m) => m.user.id_user !== encodeId(visitorId))?.id_member ?? '';
        const answer = await ask(exhibitorSocket, 'new_chat_message', {
          channel_id: channel.id_channel,
          member_id: memberId,
          client_id: 'pg-1',
          content: { type: 'visio_invitation' },
        });
        expect(answer).toMatchObject({ ok: true, message: { content: { type: 'visio_invitation', acceptation: null } } });
        const invitation = messageOf(answer);
        expect(
          await ask(visitorSocket, 'update_chat_message', {
            channel_id: channel.id_channel,
            message_id: invitation.id_message,
            acceptation: true,
          }),
        ).toMatchObject({ ok: true });
        await settle();
        expect(heard.map((m) => m.id_message)).toEqual([invitation.id_message]);

        const solar = await standBySlug(t, 'stand-helios-solaire');
        const added = await request(t.app, {
          method: 'POST',
          url: `/api/stands/${solar.key}/history`,
          headers: { ...XHR, cookie: visitor },
          payload: { type: 'chatStarted', channel_id: channel.id_channel },
        });
        expect(added.statusCode).toBe(200);
        const page = (
          await request(t.app, { method: 'GET', url: `/api/stands/${solar.key}/history`, headers: { cookie: exhibitor } })
        ).json().data.history as { id_history: string }[];
        expect(page.length).toBeGreaterThan(1);
        const next = await request(t.app, {
          method: 'GET',
          url: `/api/stands/${solar.key}/history?last=${page[0]?.id_history ?? ''}`,
          headers: { cookie: exhibitor },
        });
        expect(next.json().data.history[0].id_history).toBe(page[1]?.id_history);
        expect(
          (
            await request(t.app, {
              method: 'PUT',
              url: '/api/exhibitors/me/availability',
              headers: { ...XHR, cookie: exhibitor },
              payload: { availability: false },
            })
          ).statusCode,
        ).toBe(200);

        t.app.activity.touch(visitorId);
        const users = (
          await request(t.app, { method: 'GET', url: `/api/chat/users?stand_id=${solar.key}`, headers: { cookie: promoter } })
        ).json().data;
        expect(users.search_enabled).toBe(true);

        expect(
          await ask(promoterSocket, 'notification', { content: { title: 'pg only', message: 'x' }, users_ids: [encodeId(visitorId)] }),
        ).toEqual({ ok: true });
        const titles = async (cookie: string) =>
          (
            (await request(t.app, { method: 'GET', url: '/api/notifications', headers: { cookie } })).json().data.notifications as {
              title: string;
            }[]
          ).map((n) => n.title);
        expect(await titles(visitor)).toContain('pg only');
        expect(await titles(exhibitor)).not.toContain('pg only');
      } finally {
        closeSockets();
      }
    });

    it('answers the company, the stands, the animators, and another exhibitor’s availability for those allowed', async () => {
      const { visitor, exhibitor, exhibitor2, promoter } = await signIn(t.app, ['visitor', 'exhibitor', 'exhibitor2', 'promoter']);
      const get = (url: string, cookie: string) => request(t.app, { method: 'GET', url, headers: { cookie } });
      const storage = await standBySlug(t, 'stand-helios-stockage');
      const stands = (await get('/api/stands', visitor)).json().data.stands as Record<
        string,
        { company_id: string; optin_marketing: boolean | null }
      >;
      expect(Object.keys(stands)).toHaveLength(14);
      const company = (await get(`/api/company/${stands[storage.key]?.company_id ?? ''}`, visitor)).json().data.company;
      expect(company).toMatchObject({ name: 'Helios Énergie', email: 'contact@helios-energie.example' });
      const list = async (cookie: string) =>
        (await get(`/api/stands/${storage.key}/animators?company_id=${company.id_company}`, cookie)).json().data
          .visited_stand_animators as { lastname: string; mobile: string | null }[];
      // Inès keeps her mobile private, except from her stand's other exhibitor (Claire).
      expect((await list(visitor)).map((a) => [a.lastname, a.mobile === null])).toEqual([
        ['Fontaine', false],
        ['Garnier', true],
      ]);
      expect((await list(exhibitor)).every((a) => a.mobile !== null)).toBe(true);
      const ines = encodeId(
        (await t.database.db.selectFrom('users').select('id').where('lastname', '=', 'Garnier').executeTakeFirstOrThrow()).id,
      );
      const put = (cookie: string) =>
        request(t.app, {
          method: 'PUT',
          url: `/api/exhibitors/${ines}/availability`,
          headers: { ...XHR, cookie },
          payload: { available: true },
        });
      expect((await put(visitor)).statusCode).toBe(403);
      expect((await put(exhibitor2)).statusCode).toBe(403);
      expect((await put(exhibitor)).statusCode).toBe(200);
      expect((await put(promoter)).statusCode).toBe(200);
    });

    it('answers an id above the integer id columns as an unknown id (404/400), not a database error', async () => {
      expect(await oversizedIdAnswers(t)).toEqual(Object.entries(OVERSIZED_ID_STATUSES));
    });

    it('stores leads with their consents, one contest entry per visitor even when submits race, opinions replaced, CSV for those allowed', async () => {
      const { visitor, exhibitor, exhibitor2, promoter } = await signIn(t.app, ['visitor', 'exhibitor', 'exhibitor2', 'promoter']);
      const post = (url: string, payload: unknown, cookie: string) =>
        request(t.app, {
          method: 'POST',
          url,
          payload: JSON.stringify(payload),
          headers: { ...XHR, 'content-type': 'application/json', origin: ORIGIN, cookie },
        });
      const get = (url: string, cookie: string) => request(t.app, { method: 'GET', url, headers: { cookie } });
      const solaire = await standBySlug(t, 'stand-helios-solaire');
      const contact = { ...CONTACT, firstname: '=HYPERLINK("http://x")', optin_marketing: true };
      expect((await post(`/api/stands/${solaire.key}/requestContact`, contact, visitor)).statusCode).toBe(200);
      const entry = {
        firstname: 'Léa',
        lastname: 'Moreau',
        email: 'lea@example.org',
        mobile: '0612345678',
        contest_rules: true,
        data: true,
        score: 4,
      };
      const answers = await Promise.all([1, 2, 3].map(() => post('/api/concours/default', entry, visitor)));
      expect(answers.map((a) => a.json().statusCode).sort()).toEqual([200, 409, 409]);
      const leads = (await get('/api/leads', promoter)).json().data.leads as {
        kind: string;
        score: number | null;
        consents: { key: string; given: boolean }[];
      }[];
      expect(leads.map((l) => [l.kind, l.score])).toEqual([
        ['contest', 4],
        ['contact_request', null],
      ]);
      expect(leads[1]?.consents.map((c) => [c.key, c.given])).toEqual([
        ['data_sharing', true],
        ['marketing', true],
      ]);
      const csv = await get(`/api/stands/${solaire.key}/leads.csv`, exhibitor);
      expect(csv.statusCode).toBe(200);
      expect(csv.body).toContain(`"'=HYPERLINK(""http://x"")"`);
      expect((await get(`/api/stands/${solaire.key}/leads.csv`, exhibitor2)).statusCode).toBe(403);
      expect((await get('/organisateur', promoter)).body).toContain('/api/leads.csv');
      await post('/api/nps', { score: 3 }, visitor);
      expect((await post('/api/nps', { score: 8, comment: 'Mieux' }, visitor)).json().data.success).toBe(true);
      const opinions = await t.database.db
        .selectFrom('opinions')
        .selectAll()
        .where('user_id', '=', await userIdByEmail(t, DEMO.visitor))
        .execute();
      expect(opinions).toEqual([expect.objectContaining({ score: 8, comment: 'Mieux' })]);
    });

    it('keeps the audit log (settings, stream, news) and answers the organisers’ user counts and actives', async () => {
      const { admin, promoter, visitor } = await signIn(t.app, ['admin', 'promoter', 'visitor']);
      const send = (method: 'PUT' | 'POST', url: string, payload: unknown, cookie: string) =>
        request(t.app, {
          method,
          url,
          payload: JSON.stringify(payload),
          headers: { ...XHR, 'content-type': 'application/json', origin: ORIGIN, cookie },
        });
      const get = (url: string, cookie: string) => request(t.app, { method: 'GET', url, headers: { ...XHR, cookie } });
      expect((await send('PUT', '/api/admin/parameters', { room_name: 'Salon PG', contests: ['default', 'pg'] }, admin)).statusCode).toBe(
        200,
      );
      expect((await send('PUT', '/api/admin/stream', { active: true, video_url: 'https://video.test/pg' }, admin)).statusCode).toBe(200);
      expect((await send('POST', '/api/notifications', { title: '<b>PG</b>', message: 'Nouvelle' }, promoter)).statusCode).toBe(200);
      // Refused after the insert began: the notification and its entry roll back together.
      expect(
        (await send('POST', '/api/notifications', { title: 'x', message: 'y', users_ids: [encodeId(2_000_000_000)] }, promoter)).statusCode,
      ).toBe(400);
      const log = (await get('/api/admin/audit', admin)).json().data as {
        total: number;
        entries: { action: string; actor: { email: string }; before: unknown; after: Record<string, unknown> }[];
      };
      expect(log.entries.slice(0, 3).map((e) => [e.action, e.actor.email])).toEqual([
        ['notification.send', DEMO.promoter],
        ['stream.update', DEMO.admin],
        ['parameters.update', DEMO.admin],
      ]);
      expect(log.entries[2]).toMatchObject({
        before: { room_name: 'Salon de l’innovation' },
        after: { room_name: 'Salon PG', contests: ['default', 'pg'] },
      });
      // Two changes at the same instant: one after the other, each entry's before is what the other left.
      const racing = await Promise.all(
        ['Course A', 'Course B'].map((room_name) => send('PUT', '/api/admin/parameters', { room_name }, admin)),
      );
      expect(racing.map((r) => r.statusCode)).toEqual([200, 200]);
      const [second, first] = ((await get('/api/admin/audit', admin)).json().data as typeof log).entries;
      expect(first?.before).toEqual({ room_name: 'Salon PG' });
      expect(second?.before).toEqual(first?.after);
      expect((await get('/api/admin/audit?page=0', admin)).statusCode).toBe(400);
      expect((await get('/api/admin/audit', promoter)).statusCode).toBe(403);
      const page = (await get('/admin', admin)).body;
      expect(page).toContain('&lt;b&gt;PG&lt;/b&gt;');
      expect(page).not.toContain('<b>PG</b>');

      const count = (await get('/api/users/count', promoter)).json().data as { registered: number; anonymous: number };
      expect(count.registered).toBe(
        Number(
          (
            await t.database.db
              .selectFrom('users')
              .select((eb) => eb.fn.countAll<string>().as('n'))
              .where('anonymous', '=', 0)
              .executeTakeFirstOrThrow()
          ).n,
        ),
      );
      await markActive(t.app, visitor);
      const actives = (await get('/api/users/actives', admin)).json().data as { count: number; users: { id_user: string }[] };
      expect(actives.users.map((u) => u.id_user)).toContain(encodeId(await userIdByEmail(t, DEMO.visitor)));
      expect((await get('/api/users/actives', visitor)).statusCode).toBe(403);
    });
  });

  describe('the production start on a fresh PostgreSQL database (compiled server)', () => {
    const database = `salon_prod_${randomBytes(4).toString('hex')}`;
    const databaseUrl = (() => {
      const u = new URL(url);
      u.pathname = `/${database}`;
      return u.toString();
    })();
    const ADMIN = { email: 'ops@example.org', password: 'correct-horse-battery' };
    const env = {
      DATABASE_URL: databaseUrl,
      NODE_ENV: 'production',
      UPLOAD_DIR: path.join(os.tmpdir(), `${database}-uploads`),
      PANORAMA_DIR: path.join(os.tmpdir(), 'salon-test-panoramas'),
      PANORAMA_PRERENDER: '0',
      UPLOADS_UNSCANNED: '1',
    };
    let admin: Client;
    let db: Client;
    const users = async () => (await db.query<{ email: string; profile: string }>('SELECT email, profile FROM users ORDER BY id')).rows;

    beforeAll(async () => {
      buildCompiled();
      admin = new Client({ connectionString: url });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${database}`);
      db = new Client({ connectionString: databaseUrl });
      await db.connect();
    }, 120_000);
    afterAll(async () => {
      await db?.end();
      await admin?.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      await admin?.end();
      fs.rmSync(env.UPLOAD_DIR, { recursive: true, force: true });
    });

    it('migrates, creates the administrator of the environment and no demo account', async () => {
      const server = await startCompiled({ ...env, SALON_ADMIN_EMAIL: ADMIN.email, SALON_ADMIN_PASSWORD: ADMIN.password });
      try {
        expect(server.output()).toMatch(/database: PostgreSQL \(DATABASE_URL\); production\)\. Administrators: 1/);
        expect(await loginStatus(server.baseUrl, DEMO.admin, DEMO_PASSWORD)).toBe(401);
        expect(await loginStatus(server.baseUrl, ADMIN.email, ADMIN.password)).toBe(303);
      } finally {
        await server.stop();
      }
      expect(await users()).toEqual([{ email: ADMIN.email, profile: 'administrator' }]);
    }, 60_000);

    it('create-admin adds an administrator who logs in', async () => {
      const created = await runCompiled('create-admin', { ...env, SALON_ADMIN_PASSWORD: 'second-admin-password' }, ['second@example.org']);
      expect(created).toMatchObject({
        code: 0,
        stdout: expect.stringMatching(
          /Database: PostgreSQL postgres@127\.0\.0\.1:\d+\/\w+\n[^]*Administrator second@example\.org created \(database: PostgreSQL /,
        ),
      });
      const server = await startCompiled(env);
      try {
        expect(server.output()).toContain('Administrators: 2');
        expect(await loginStatus(server.baseUrl, 'second@example.org', 'second-admin-password')).toBe(303);
      } finally {
        await server.stop();
      }
    }, 60_000);

    it('refuses to start once the database holds the demo accounts', async () => {
      const handle = openDatabase({ dialect: 'postgres', connectionString: databaseUrl });
      try {
        await seedDemo(handle.db, { scryptCost: TEST_SCRYPT_COST });
      } finally {
        await handle.close();
      }
      const refused = await runCompiled('server', env);
      expect(refused.code).toBe(1);
      const line = JSON.parse(refused.stdout.trim().split('\n').at(-1) ?? '{}') as { level?: string; event?: string; msg?: string };
      expect(line).toMatchObject({ level: 'fatal', event: 'refused' });
      expect(line.msg).toMatch(
        /^Salon refused to start: NODE_ENV=production, and these 6 accounts log in with the published demo password:/,
      );
      expect(line.msg).toContain(`${DEMO.admin} (administrator)`);
    }, 60_000);
  });
} else {
  describe('on PostgreSQL', () => {
    it('is not configured (TEST_DATABASE_URL unset): the server suite ran on SQLite only', () => {
      console.log(
        'PostgreSQL tests NOT run: TEST_DATABASE_URL is not a postgres:// URL.\n' +
          'To run them: export TEST_DATABASE_URL="$(scripts/pg-test-server.sh)" && npx jest tests/server/postgres.test.ts --selectProjects server',
      );
      expect(loadConfig({}).database).toEqual({ dialect: 'sqlite', filename: path.join(REPO_ROOT, 'data', 'salon.sqlite') });
    });
  });
}
