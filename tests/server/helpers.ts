import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll } from '@jest/globals';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { build, type BuildOptions, type SalonApp } from '../../host-shell/server/app';
import { openDatabase, type DatabaseHandle } from '../../host-shell/server/db/connect';
import { migrateToLatest } from '../../host-shell/server/db/migrate';
import { seedDemo } from '../../host-shell/server/db/seed';
import { encodeId } from '../../host-shell/server/lib/ids';
import type { DatabaseConfig } from '../../host-shell/server/config';
import type { Database } from '../../host-shell/server/db/schema';

// Still exported from here for the files that import them with the test app.
export { HOST, ORIGIN, XHR, request } from './http';
export { DEMO, anonymousCookie, login, userIdByEmail } from './accounts';

/** Low scrypt cost: the tests hash a dozen passwords per file. */
export const TEST_SCRYPT_COST = 1024;

export interface TestApp {
  app: SalonApp;
  database: DatabaseHandle;
  close(): Promise<void>;
}

/**
 * With SALON_TEST_POSTGRES (a postgres:// URL; `npm run test:postgres` sets it), every test app runs on PostgreSQL
 * instead of SQLite, each in a schema of its own, dropped when the app closes.
 */
const POSTGRES_URL = /^postgres(?:ql)?:\/\//.test(process.env.SALON_TEST_POSTGRES ?? '')
  ? (process.env.SALON_TEST_POSTGRES as string)
  : null;

/** The database of a new test app: a fresh in-memory SQLite, or a fresh schema of SALON_TEST_POSTGRES; `drop` removes it. */
async function freshDatabase(): Promise<{ config: DatabaseConfig; drop: () => Promise<void> }> {
  if (!POSTGRES_URL) return { config: { dialect: 'sqlite', filename: ':memory:' }, drop: async () => undefined };
  const schema = `salon_t_${randomBytes(6).toString('hex')}`;
  const admin = new Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  try {
    await admin.query(`CREATE SCHEMA ${schema}`);
  } finally {
    await admin.end();
  }
  return {
    config: { dialect: 'postgres', connectionString: POSTGRES_URL, schema },
    drop: async () => {
      const client = new Client({ connectionString: POSTGRES_URL });
      await client.connect();
      try {
        await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      } finally {
        await client.end();
      }
    },
  };
}

/** Whether the test apps run on PostgreSQL (SALON_TEST_POSTGRES). */
export const ON_POSTGRES = POSTGRES_URL !== null;

/** A migrated, seeded app on a fresh database (SQLite in memory, or PostgreSQL: see SALON_TEST_POSTGRES), or the given one. */
export async function createTestApp(
  options: {
    database?: DatabaseConfig;
    config?: BuildOptions['config'];
    logger?: BuildOptions['logger'];
    /** A local catch-all SMTP server (`startMailCatcher`) the app sends its e-mails to, closed with the app. */
    mailCatcher?: BuildOptions['mailCatcher'];
  } = {},
): Promise<TestApp> {
  const fresh = options.database ? { config: options.database, drop: async () => undefined } : await freshDatabase();
  const database = openDatabase(fresh.config);
  try {
    await migrateToLatest(database);
    await seedDemo(database.db, { scryptCost: TEST_SCRYPT_COST });
  } catch (err) {
    await database.close();
    await fresh.drop();
    throw err;
  }
  // Uploaded chat files go to a folder of this app's own, removed when it closes.
  const uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'salon-test-uploads-'));
  // Panoramas are drawn only when a test asks for one (panoramas.test.ts), into a folder all tests share: files are
  // named by what they show.
  const panoramas = { panoramaDir: path.join(os.tmpdir(), 'salon-test-panoramas'), panoramaPrerender: false };
  // Last activity reaches the database when a test flushes it or closes the app, never on a timer in between.
  const quiet = { activityFlushMs: 3_600_000 };
  const app = build({
    database,
    config: { scryptCost: TEST_SCRYPT_COST, spaDir: '/nonexistent/salon-spa', uploadDir, ...panoramas, ...quiet, ...options.config },
    ...(options.logger ? { logger: options.logger } : {}),
    ...(options.mailCatcher ? { mailCatcher: options.mailCatcher } : {}),
  });
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.close();
      await fresh.drop();
      fs.rmSync(uploadDir, { recursive: true, force: true });
    },
  };
}

/** One test app for the whole file: created before its tests (a default app), closed after them. */
export function useTestApp(): TestApp {
  const t = {} as TestApp;
  beforeAll(async () => {
    Object.assign(t, await createTestApp());
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });
  return t;
}

/** A demo stand's numeric id and obfuscated id, by panorama slug. */
export async function standBySlug(t: TestApp, slug: string): Promise<{ id: number; key: string }> {
  const row = await t.database.db.selectFrom('stands').select('id').where('panorama_slug', '=', slug).executeTakeFirstOrThrow();
  return { id: row.id, key: encodeId(row.id) };
}

/** How many rows the table holds. */
export async function countRows(t: TestApp, table: keyof Database): Promise<number> {
  const row = await t.database.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Until `check` returns a value (not undefined), polling every 10 ms; fails after `timeoutMs`. */
export async function waitFor<T>(check: () => T | undefined | Promise<T | undefined>, timeoutMs = 10_000, what = 'condition'): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
