import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { build, type BuildOptions, type SalonApp } from '../../host-shell/server/app';
import { openDatabase, type DatabaseHandle } from '../../host-shell/server/db/connect';
import { migrateToLatest } from '../../host-shell/server/db/migrate';
import { seedDemo } from '../../host-shell/server/db/seed';
import { DEMO_PASSWORD } from '../../host-shell/server/db/seed-data';
import type { DatabaseConfig } from '../../host-shell/server/config';
import type { PageData } from '../../shared/page-data/types';

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

/** A migrated, seeded app on a fresh in-memory SQLite database (or the given database). */
export async function createTestApp(options: { database?: DatabaseConfig; config?: BuildOptions['config'] } = {}): Promise<TestApp> {
  const database = openDatabase(options.database ?? { dialect: 'sqlite', filename: ':memory:' });
  try {
    await migrateToLatest(database);
    await seedDemo(database.db, { scryptCost: TEST_SCRYPT_COST });
  } catch (err) {
    await database.close();
    throw err;
  }
  const app = build({ database, config: { scryptCost: TEST_SCRYPT_COST, spaDir: '/nonexistent/salon-spa', ...options.config } });
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.close();
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
  return { payload: new URLSearchParams(fields).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN } };
}

export function pageDataOf(html: string): PageData {
  const match = /<script type="application\/json" id="salon-page-data">([^]*?)<\/script>/.exec(html);
  if (!match?.[1]) throw new Error('no page data element');
  return JSON.parse(match[1]) as PageData;
}

export function widgetSlotsOf(html: string): string[] {
  return [...html.matchAll(/<div data-salon-widget="([^"]+)"><\/div>/g)].map((m) => m[1] ?? '');
}

export const DEMO = {
  visitor: 'visiteur@salon.test',
  visitor2: 'visiteur2@salon.test',
  exhibitor: 'exposant@salon.test',
  exhibitor2: 'exposant2@salon.test',
  promoter: 'organisateur@salon.test',
  admin: 'admin@salon.test',
} as const;
