import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createParser } from 'eventsource-parser';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { Client } from 'pg';
import { build, type BuildOptions, type SalonApp } from '../../host-shell/server/app';
import { openDatabase, type DatabaseHandle } from '../../host-shell/server/db/connect';
import { migrateToLatest } from '../../host-shell/server/db/migrate';
import { seedDemo } from '../../host-shell/server/db/seed';
import { DEMO_PASSWORD } from '../../host-shell/server/db/seed-data';
import { encodeId } from '../../host-shell/server/lib/ids';
import type { DatabaseConfig } from '../../host-shell/server/config';
import type { PageData } from '@salon/shared/contracts/page-data';

/** Tests talk to the app as a browser on this origin. */
export const HOST = 'salon.test';
export const ORIGIN = `http://${HOST}`;
export const XHR = { 'x-requested-with': 'XMLHttpRequest' } as const;
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
  options: { database?: DatabaseConfig; config?: BuildOptions['config']; logger?: BuildOptions['logger'] } = {},
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
  const app = build({
    database,
    config: { scryptCost: TEST_SCRYPT_COST, spaDir: '/nonexistent/salon-spa', uploadDir, ...panoramas, ...options.config },
    ...(options.logger ? { logger: options.logger } : {}),
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

/** inject() with the test Host header (so the app's own origin is ORIGIN). */
export function request(app: SalonApp, options: InjectOptions): Promise<LightMyRequestResponse> {
  return app.inject({ ...options, headers: { host: HOST, ...options.headers } });
}

export function sessionCookieOf(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === 'salon_session');
  if (!cookie) throw new Error(`no session cookie (status ${response.statusCode})`);
  return `salon_session=${cookie.value}`;
}

/** Logs a demo account in; returns the Cookie header to send. */
export async function login(app: SalonApp, email: string, password = DEMO_PASSWORD): Promise<string> {
  const response = await request(app, {
    method: 'POST',
    url: '/connexion',
    headers: { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ email, password }).toString(),
  });
  if (response.statusCode !== 303) throw new Error(`login of ${email} failed: ${response.statusCode}`);
  return sessionCookieOf(response);
}

/** An anonymous visitor: the session /salon creates. */
export async function anonymousCookie(app: SalonApp): Promise<string> {
  return sessionCookieOf(await request(app, { method: 'GET', url: '/salon' }));
}

export function form(fields: Record<string, string>): { payload: string; headers: Record<string, string> } {
  return {
    payload: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
  };
}

export function pageDataOf(html: string): PageData {
  const match = /<script type="application\/json" id="salon-page-data">([^]*?)<\/script>/.exec(html);
  if (!match?.[1]) throw new Error('no page data element');
  return JSON.parse(match[1]) as PageData;
}

export function widgetSlotsOf(html: string): string[] {
  // A slot may hold what it shows until its widget mounts (the room's placeholder).
  return [...html.matchAll(/<div data-salon-widget="([^"]+)"( data-salon-lazy)?>/g)].map((m) => m[1] ?? '');
}

/** The slots marked lazy (mounted when the bus first opens them). */
export function lazySlotsOf(html: string): string[] {
  return [...html.matchAll(/<div data-salon-widget="([^"]+)" data-salon-lazy><\/div>/g)].map((m) => m[1] ?? '');
}

export const DEMO = {
  visitor: 'visiteur@salon.test',
  visitor2: 'visiteur2@salon.test',
  exhibitor: 'exposant@salon.test',
  exhibitor2: 'exposant2@salon.test',
  promoter: 'organisateur@salon.test',
  admin: 'admin@salon.test',
} as const;

/** A demo stand's numeric id and obfuscated id, by panorama slug. */
export async function standBySlug(t: TestApp, slug: string): Promise<{ id: number; key: string }> {
  const row = await t.database.db.selectFrom('stands').select('id').where('panorama_slug', '=', slug).executeTakeFirstOrThrow();
  return { id: row.id, key: encodeId(row.id) };
}

export async function userIdByEmail(t: TestApp, email: string): Promise<number> {
  return (await t.database.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
}

/** Until `check` returns a value (not undefined), polling every 10 ms; fails after `timeoutMs`. */
export async function waitFor<T>(check: () => T | undefined | Promise<T | undefined>, timeoutMs = 2000, what = 'condition'): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

export interface SseEvent {
  id: string | undefined;
  event: string | undefined;
  data: Record<string, unknown>;
  at: number;
}

/** A server-sent events connection read with fetch + eventsource-parser, as the widgets read it. */
export interface SseClient {
  status: number;
  headers: Headers;
  events: SseEvent[];
  comments: string[];
  retry: number | undefined;
  /** The first event after index `from` that satisfies `match`. */
  next(match?: (e: SseEvent) => boolean, timeoutMs?: number, from?: number): Promise<SseEvent>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

export async function openSse(url: string, headers: Record<string, string>): Promise<SseClient> {
  const controller = new AbortController();
  const response = await fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: controller.signal });
  const client: SseClient = {
    status: response.status,
    headers: response.headers,
    events: [],
    comments: [],
    retry: undefined,
    next: async (match = () => true, timeoutMs = 2000, from = 0) =>
      waitFor(() => client.events.slice(from).find(match), timeoutMs, 'a server-sent event'),
    ended: Promise.resolve(),
    close: () => controller.abort(),
  };
  if (!response.body || !(response.headers.get('content-type') ?? '').startsWith('text/event-stream')) {
    client.events.push({ id: undefined, event: 'http', data: { status: response.status, body: await response.text() }, at: Date.now() });
    return client;
  }
  const parser = createParser({
    onEvent: (message) =>
      client.events.push({
        id: message.id,
        event: message.event,
        data: JSON.parse(message.data) as Record<string, unknown>,
        at: Date.now(),
      }),
    onComment: (comment) => client.comments.push(comment.trim()),
    onRetry: (retry) => {
      client.retry = retry;
    },
  });
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  client.ended = (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        parser.feed(value);
      }
    } catch {
      // aborted by close()
    }
  })();
  return client;
}

/**
 * Closes a listening test app after SSE clients aborted their fetch. undici (Node's fetch) opens a spare socket
 * after an abort that never sends a request (nodejs/undici#5845); the HTTP server counts it as a request still to
 * come, so close() would wait for headersTimeout. Tests that abort streams drop such sockets first.
 */
export async function closeListening(t: TestApp): Promise<void> {
  t.app.server.closeAllConnections();
  await t.close();
}
