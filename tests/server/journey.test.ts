/**
 * The journey on the server (spec §4.1, §7 PUT /api/journey): validation, who may save it, and the page data
 * giving it back on the next page load.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { Value } from '@sinclair/typebox/value';
import { JourneyData, type Journey } from '@salon/shared/contracts/journey';
import { encodeId } from '../../host-shell/server/lib/ids';
import { setFeature } from '../../host-shell/server/services/settings';
import { createTestApp, standBySlug, type TestApp } from './helpers';
import { pageDataOf } from './markup';
import { DEMO_PASSWORD } from '../../host-shell/server/db/seed-data';
import { DEMO, anonymousCookie, login, sessionCookieOf, userIdByEmail } from './accounts';
import { ORIGIN, XHR, form, request } from './http';

let t: TestApp;
let visitor: string;
let helios: string;
let storage: string;
let nordic: string;
let verdi: string;

const EMPTY: Journey = { vistingStand: null, standsToVisit: [], standsVisited: [] };

function put(cookie: string | null, payload: unknown, headers: Record<string, string> = { ...XHR, origin: ORIGIN }) {
  return request(t.app, {
    method: 'PUT',
    url: '/api/journey',
    headers: { ...headers, ...(cookie ? { cookie } : {}) },
    payload: payload as Record<string, unknown>,
  });
}

async function storedJourney(email: string): Promise<string | null> {
  const id = await userIdByEmail(t, email);
  return (await t.database.db.selectFrom('users').select('journey').where('id', '=', id).executeTakeFirstOrThrow()).journey;
}

const withCookie = (sent: ReturnType<typeof form>, cookie: string) => ({ ...sent, headers: { ...sent.headers, cookie } });

const messageOf = (response: { json(): unknown }) => (response.json() as { data: { error: boolean; message: string } }).data;

beforeAll(async () => {
  t = await createTestApp();
  visitor = await login(t.app, DEMO.visitor);
  helios = (await standBySlug(t, 'stand-helios-solaire')).key;
  storage = (await standBySlug(t, 'stand-helios-stockage')).key;
  nordic = (await standBySlug(t, 'stand-nordic-robotics')).key;
  verdi = (await standBySlug(t, 'stand-verdi')).key;
}, 30_000);

afterAll(() => t.close());

beforeEach(async () => {
  await t.database.db.updateTable('users').set({ journey: null }).execute();
});

describe('PUT /api/journey', () => {
  it('stores the journey (spec §7 keys) and answers it as {data: {journey}}', async () => {
    const journey: Journey = { vistingStand: helios, standsToVisit: [nordic, verdi], standsVisited: [storage] };
    const response = await put(visitor, journey);
    expect(response.statusCode).toBe(200);
    const body = response.json() as { data: unknown };
    expect(Value.Check(JourneyData, body.data)).toBe(true);
    expect(body).toEqual({ data: { journey } });
    expect(JSON.parse((await storedJourney(DEMO.visitor)) ?? 'null')).toEqual(journey);
  });

  it('gives the saved journey back in the page data of the next page load', async () => {
    const journey: Journey = { vistingStand: null, standsToVisit: [verdi, nordic], standsVisited: [helios] };
    expect((await put(visitor, journey)).statusCode).toBe(200);
    const page = await request(t.app, { method: 'GET', url: '/salon', headers: { cookie: visitor } });
    expect(page.statusCode).toBe(200);
    const user = pageDataOf(page.body).user;
    expect(JSON.parse(user.journey ?? 'null')).toEqual(journey);
  });

  it('replaces the whole journey each time; an empty journey empties it', async () => {
    await put(visitor, { vistingStand: helios, standsToVisit: [nordic], standsVisited: [] });
    const response = await put(visitor, EMPTY);
    expect(response.json()).toEqual({ data: { journey: EMPTY } });
    expect(JSON.parse((await storedJourney(DEMO.visitor)) ?? 'null')).toEqual(EMPTY);
  });

  it('drops repeats within a list, keeping the first order', async () => {
    const response = await put(visitor, {
      vistingStand: null,
      standsToVisit: [nordic, verdi, nordic, verdi],
      standsVisited: [helios, helios],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { journey: { vistingStand: null, standsToVisit: [nordic, verdi], standsVisited: [helios] } } });
  });

  it('each user has their own journey', async () => {
    const other = await login(t.app, DEMO.visitor2);
    await put(visitor, { vistingStand: null, standsToVisit: [nordic], standsVisited: [] });
    await put(other, { vistingStand: null, standsToVisit: [verdi], standsVisited: [] });
    expect(JSON.parse((await storedJourney(DEMO.visitor)) ?? 'null')).toMatchObject({ standsToVisit: [nordic] });
    expect(JSON.parse((await storedJourney(DEMO.visitor2)) ?? 'null')).toMatchObject({ standsToVisit: [verdi] });
  });

  it('is open to every logged-in profile (spec §6: the flag is the only condition)', async () => {
    for (const email of [DEMO.exhibitor, DEMO.promoter, DEMO.admin]) {
      const response = await put(await login(t.app, email), { vistingStand: null, standsToVisit: [nordic], standsVisited: [] });
      expect(response.statusCode).toBe(200);
    }
  });
});

describe('PUT /api/journey refuses', () => {
  it('unknown stands: 400 naming each (spec §8 "Unknow stand with id"), nothing stored', async () => {
    const gone = encodeId(987654);
    const response = await put(visitor, { vistingStand: 'nope12', standsToVisit: [nordic, gone], standsVisited: ['abc'] });
    expect(response.statusCode).toBe(400);
    const data = messageOf(response);
    expect(data.error).toBe(true);
    expect(data.message).toBe(`Unknow stand with id "nope12", "${gone}", "abc"`);
    expect(await storedJourney(DEMO.visitor)).toBeNull();
  });

  it('a stand in two lists (a stand is to visit, being visited or visited)', async () => {
    for (const journey of [
      { vistingStand: helios, standsToVisit: [helios], standsVisited: [] },
      { vistingStand: null, standsToVisit: [nordic, verdi], standsVisited: [verdi] },
    ]) {
      const response = await put(visitor, journey);
      expect(response.statusCode).toBe(400);
      expect(messageOf(response).message).toMatch(/in one list of the journey at most/);
    }
    expect(await storedJourney(DEMO.visitor)).toBeNull();
  });

  it('more than one visiting stand, missing or extra keys, wrong types: 400 naming the field', async () => {
    const cases: [unknown, string][] = [
      [{ vistingStand: [helios, nordic], standsToVisit: [], standsVisited: [] }, 'vistingStand'],
      [{ vistingStand: null, standsToVisit: [] }, 'standsVisited'],
      [{ vistingStand: null, standsToVisit: [], standsVisited: [], visitingStand: helios }, 'visitingStand'],
      [{ vistingStand: null, standsToVisit: helios, standsVisited: [] }, 'standsToVisit'],
      [{ vistingStand: null, standsToVisit: [42], standsVisited: [] }, 'standsToVisit.0'],
      [{ vistingStand: null, standsToVisit: ['../x'], standsVisited: [] }, 'standsToVisit.0'],
      [{ vistingStand: '', standsToVisit: [], standsVisited: [] }, 'vistingStand'],
    ];
    for (const [payload, field] of cases) {
      const response = await put(visitor, payload);
      expect([response.statusCode, JSON.stringify(payload)]).toEqual([400, JSON.stringify(payload)]);
      expect(messageOf(response).message).toContain(`"${field}"`);
    }
    expect(await storedJourney(DEMO.visitor)).toBeNull();
  });

  it('a body that is not a JSON object', async () => {
    for (const [contentType, payload] of [
      ['application/json', '[1,2'],
      ['text/plain', 'hello'],
    ] as const) {
      const response = await put(visitor, payload, { ...XHR, origin: ORIGIN, 'content-type': contentType });
      expect([contentType, response.statusCode]).toEqual([contentType, 400]);
    }
  });

  it('lists longer than 500 stands', async () => {
    const response = await put(visitor, {
      vistingStand: null,
      standsToVisit: Array.from({ length: 501 }, () => nordic),
      standsVisited: [],
    });
    expect(response.statusCode).toBe(400);
    expect(messageOf(response).message).toBe('"standsToVisit" must hold at most 500 stands');
  });

  it('without a session: 401, before looking at the body', async () => {
    expect((await put(null, EMPTY)).statusCode).toBe(401);
    expect((await put(null, { junk: true })).statusCode).toBe(401);
  });

  it('an anonymous visitor’s journey is saved, kept when they register, and joins their account when they log in', async () => {
    // Saved like anyone's.
    const anonymous = await anonymousCookie(t.app);
    const response = await put(anonymous, { vistingStand: null, standsToVisit: [nordic], standsVisited: [] });
    expect(response.statusCode).toBe(200);
    // Registering keeps the user: the page data gives the journey back.
    const registered = await request(t.app, {
      method: 'POST',
      url: '/inscription',
      ...withCookie(form({ email: 'journey.keeper@example.org', password: 'long-enough', firstname: 'Jo', lastname: 'Keeper' }), anonymous),
    });
    expect(registered.statusCode).toBe(303);
    const page = await request(t.app, { method: 'GET', url: '/salon', headers: { cookie: sessionCookieOf(registered) } });
    expect(JSON.parse(pageDataOf(page.body).user.journey ?? 'null')).toEqual({
      vistingStand: null,
      standsToVisit: [nordic],
      standsVisited: [],
    });

    // Logging in to an existing account adds the visit's stands to the account's journey.
    expect((await put(visitor, { vistingStand: null, standsToVisit: [helios], standsVisited: [verdi] })).statusCode).toBe(200);
    const second = await anonymousCookie(t.app);
    expect((await put(second, { vistingStand: storage, standsToVisit: [nordic, verdi], standsVisited: [] })).statusCode).toBe(200);
    const back = await request(t.app, {
      method: 'POST',
      url: '/connexion',
      ...withCookie(form({ email: DEMO.visitor, password: DEMO_PASSWORD }), second),
    });
    expect(back.statusCode).toBe(303);
    expect(JSON.parse((await storedJourney(DEMO.visitor)) ?? 'null')).toEqual({
      vistingStand: storage,
      standsToVisit: [helios, nordic],
      standsVisited: [verdi],
    });
  });

  it('when the journey feature is off: 403', async () => {
    await setFeature(t.database.db, 'journey', false);
    try {
      const response = await put(visitor, { vistingStand: null, standsToVisit: [nordic], standsVisited: [] });
      expect(response.statusCode).toBe(403);
      expect(await storedJourney(DEMO.visitor)).toBeNull();
    } finally {
      await setFeature(t.database.db, 'journey', true);
    }
  });

  it('without X-Requested-With, or from another origin: 403 (same-origin guard)', async () => {
    expect((await put(visitor, EMPTY, { origin: ORIGIN })).statusCode).toBe(403);
    expect((await put(visitor, EMPTY, { ...XHR, origin: 'http://evil.test' })).statusCode).toBe(403);
    expect(await storedJourney(DEMO.visitor)).toBeNull();
  });
});

describe('the OpenAPI document', () => {
  it('lists PUT /api/journey with its body', async () => {
    const doc = (await request(t.app, { method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, { requestBody?: unknown }>>;
    };
    expect(doc.paths['/api/journey']?.put?.requestBody).toBeDefined();
  });
});
