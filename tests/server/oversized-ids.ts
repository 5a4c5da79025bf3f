import { encodeId } from '../../host-shell/server/lib/ids';
import type { TestApp } from './helpers';
import { CONTACT } from './stand-forms';
import { DEMO, login } from './accounts';
import { ORIGIN, XHR, request } from './http';

/**
 * Calls that take an obfuscated id, each with one that decodes above the 32-bit id columns of PostgreSQL, and the
 * answer SQLite always gave (an unknown id). Run on both databases.
 */
export async function oversizedIdAnswers(t: TestApp): Promise<[call: string, status: number][]> {
  const [visitor, promoter] = await Promise.all([login(t.app, DEMO.visitor), login(t.app, DEMO.promoter)]);
  const big = encodeId(2 ** 40);
  const calls: [method: 'GET' | 'POST' | 'PUT', url: string, payload: unknown, cookie: string][] = [
    ['POST', `/api/stands/${big}/requestContact`, CONTACT, visitor],
    ['POST', `/api/stands/${big}/visit`, { start: true }, visitor],
    ['PUT', '/api/journey', { vistingStand: big, standsToVisit: [], standsVisited: [] }, visitor],
    ['GET', `/api/stands/${big}/leads`, undefined, promoter],
    ['GET', `/api/stands/${big}/animators`, undefined, visitor],
    ['GET', `/api/company/${big}`, undefined, visitor],
    ['POST', '/api/notifications', { title: 'T', message: 'M', users_ids: [big] }, promoter],
    ['PUT', `/api/exhibitors/${big}/availability`, { available: true }, promoter],
    ['GET', `/exposant/${big}/profil`, undefined, visitor],
  ];
  const answers: [string, number][] = [];
  for (const [method, url, payload, cookie] of calls) {
    const headers = payload === undefined ? { ...XHR, cookie } : { ...XHR, origin: ORIGIN, 'content-type': 'application/json', cookie };
    const response = await request(t.app, { method, url, headers, ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }) });
    answers.push([`${method} ${url.replace(big, '{2^40}')}`, response.statusCode]);
  }
  return answers;
}

/** What each call of `oversizedIdAnswers` answers: an unknown id, never a database error. */
export const OVERSIZED_ID_STATUSES: Record<string, number> = {
  'POST /api/stands/{2^40}/requestContact': 404,
  'POST /api/stands/{2^40}/visit': 404,
  'PUT /api/journey': 400,
  'GET /api/stands/{2^40}/leads': 404,
  'GET /api/stands/{2^40}/animators': 404,
  'GET /api/company/{2^40}': 404,
  'POST /api/notifications': 400,
  'PUT /api/exhibitors/{2^40}/availability': 404,
  'GET /exposant/{2^40}/profil': 404,
};
