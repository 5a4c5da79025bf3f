import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Client } from 'pg';
import { REPO_ROOT, loadConfig } from '../../host-shell/server/config';
import { seedDemo } from '../../host-shell/server/db/seed';
import { DEMO, ORIGIN, TEST_SCRYPT_COST, XHR, createTestApp, login, pageDataOf, request, type TestApp } from './helpers';

/**
 * Runs against PostgreSQL when TEST_DATABASE_URL is a postgres URL (scripts/pg-test-server.sh prints one),
 * in a schema of its own that is dropped afterwards. Without it, one test records that PostgreSQL was not tried.
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
    });
    afterAll(async () => {
      await t?.close();
      await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await admin.end();
    });

    const count = async (table: 'users' | 'stands' | 'companies' | 'notifications' | 'stand_exhibitors') =>
      Number((await t.database.db.selectFrom(table).select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);

    it('runs the migrations in its schema', async () => {
      const { rows } = await admin.query<{ name: string }>(`SELECT name FROM ${schema}.kysely_migration ORDER BY name`);
      expect(rows.map((r) => r.name)).toEqual(['0001_initial']);
    });

    it('seeds the demo salon, idempotently', async () => {
      const before = { users: await count('users'), stands: await count('stands'), notifications: await count('notifications'), links: await count('stand_exhibitors') };
      expect(before.stands).toBeGreaterThanOrEqual(12);
      await seedDemo(t.database.db, { scryptCost: TEST_SCRYPT_COST });
      expect({ users: await count('users'), stands: await count('stands'), notifications: await count('notifications'), links: await count('stand_exhibitors') }).toEqual(before);
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
      const put = await request(t.app, { method: 'PUT', url: '/api/users/me', headers: { ...XHR, cookie }, payload: { pseudo: 'pg guest' } });
      expect(put.json().data.user).toMatchObject({ anonymous: true, pseudo: 'pg guest' });
    });

    it('pages notifications', async () => {
      const page = (await request(t.app, { method: 'GET', url: '/api/notifications?page=2' })).json().data;
      expect(page).toMatchObject({ page: 2, total: 13 });
      expect(page.notifications).toHaveLength(3);
    });
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
