/** The demo accounts the tests act as, and their sessions: logging in, an anonymous visitor, one session of each profile. */
import type { LightMyRequestResponse } from 'fastify';
import type { SalonApp } from '../../host-shell/server/app';
import { DEMO_PASSWORD } from '../../host-shell/server/db/seed-data';
import type { DatabaseHandle } from '../../host-shell/server/db/connect';
import { ORIGIN, request } from './http';

/** What the account helpers need of a test app. */
type AppAndDatabase = { app: SalonApp; database: DatabaseHandle };

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

export const DEMO = {
  visitor: 'visiteur@salon.test',
  visitor2: 'visiteur2@salon.test',
  exhibitor: 'exposant@salon.test',
  exhibitor2: 'exposant2@salon.test',
  promoter: 'organisateur@salon.test',
  admin: 'admin@salon.test',
} as const;

/** Who a test acts as: a demo account, or an anonymous visitor. */
export type Profile = keyof typeof DEMO | 'anonymous';

/** One session of each profile: anonymous, visitor, exhibitor, promoter (the organiser) and administrator. */
export const EACH_PROFILE = ['anonymous', 'visitor', 'exhibitor', 'promoter', 'admin'] as const;
export type EachProfile = (typeof EACH_PROFILE)[number];

/** The Cookie header of each profile: the demo accounts logged in, `anonymous` with the session /salon creates. */
export async function signIn<P extends Profile>(app: SalonApp, profiles: readonly P[]): Promise<Record<P, string>> {
  const cookies = await Promise.all(
    profiles.map((p) => (p === 'anonymous' ? anonymousCookie(app) : login(app, DEMO[p as keyof typeof DEMO]))),
  );
  return Object.fromEntries(profiles.map((p, i) => [p, cookies[i]])) as Record<P, string>;
}

export async function userIdByEmail(t: Pick<AppAndDatabase, 'database'>, email: string): Promise<number> {
  return (await t.database.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
}

/** Logs in the demo account of each key of `cookies`: its Cookie header goes there, its user id into `ids`. */
export async function logInAll<K extends keyof typeof DEMO>(
  t: AppAndDatabase,
  cookies: Record<K, string>,
  ids: Record<K, number>,
): Promise<void> {
  for (const key of Object.keys(cookies) as K[]) {
    cookies[key] = await login(t.app, DEMO[key]);
    ids[key] = await userIdByEmail(t, DEMO[key]);
  }
}
