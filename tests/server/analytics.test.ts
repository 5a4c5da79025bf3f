import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { Client } from 'pg';
import type { AttendanceData, StandAnalyticsData, VisitorsData } from '@salon/shared/contracts/analytics';
import type { UsersActivesData } from '@salon/shared/contracts/backoffice';
import { encodeId } from '../../host-shell/server/lib/ids';
import { createTestApp, standBySlug, waitFor, type TestApp } from './helpers';
import { listen } from './sockets';
import { closeListening, closeStreams, openSse, type SseClient } from './sse';
import { DEMO, signIn, userIdByEmail } from './accounts';
import { ORIGIN, XHR, callApi, request } from './http';

let t: TestApp;
let base: string;
const opened: SseClient[] = [];
const PROFILES = ['visitor', 'exhibitor', 'exhibitor2', 'promoter', 'admin', 'anonymous'] as const;
let cookies: Record<(typeof PROFILES)[number], string>;
let solar: { id: number; key: string };
let nordic: { id: number; key: string };

const get = (url: string, cookie?: string) => callApi(t.app, 'GET', url, undefined, cookie);
const dataOf = <T>(body: string) => (JSON.parse(body) as { data: T }).data;
const csvRows = (body: string) => parse(body.replace(/^\uFEFF/, ''), { columns: true }) as Record<string, string>[];
const hourOf = (ms: number) => new Date(Math.floor(ms / 3_600_000) * 3_600_000).toISOString();

/** With TEST_DATABASE_URL (a postgres URL: scripts/pg-test-server.sh), the same tests run on PostgreSQL, in a schema of their own. */
const pgUrl = /^postgres(?:ql)?:\/\//.test(process.env.TEST_DATABASE_URL ?? '') ? (process.env.TEST_DATABASE_URL as string) : null;
const pgSchema = `salon_stats_${randomBytes(4).toString('hex')}`;
let pgAdmin: Client | null = null;

beforeAll(async () => {
  if (pgUrl) {
    pgAdmin = new Client({ connectionString: pgUrl });
    await pgAdmin.connect();
    await pgAdmin.query(`CREATE SCHEMA ${pgSchema}`);
  }
  t = await createTestApp({
    config: { livePingMs: 100, liveGlobalMinMs: 50 },
    ...(pgUrl ? { database: { dialect: 'postgres' as const, connectionString: pgUrl, schema: pgSchema } } : {}),
  });
  base = await listen(t);
  cookies = await signIn(t.app, PROFILES);
  [solar, nordic] = await Promise.all([standBySlug(t, 'stand-helios-solaire'), standBySlug(t, 'stand-nordic-robotics')]);
}, 30_000);
afterEach(() => closeStreams(t, opened));
afterAll(async () => {
  await closeListening(t);
  if (pgAdmin) {
    await pgAdmin.query(`DROP SCHEMA IF EXISTS ${pgSchema} CASCADE`);
    await pgAdmin.end();
  }
});

describe('refusals: every call, every profile', () => {
  const calls = () => [
    `/api/analytics?stand_id=${solar.key}`,
    `/api/analytics.csv?stand_id=${solar.key}`,
    '/api/analytics/attendance',
    '/api/analytics/attendance.csv',
    '/api/users/visitors',
    '/api/users/visitors.csv',
  ];
  const organisersOnly = (url: string) => !url.startsWith('/api/analytics?') && !url.startsWith('/api/analytics.csv');

  it('401 without a session', async () => {
    for (const url of calls()) {
      const response = await get(url);
      expect([url, response.statusCode]).toEqual([url, 401]);
      expect(dataOf<{ error: boolean }>(response.body).error).toBe(true);
    }
  });
  it.each(['anonymous', 'visitor'] as const)('403 for the %s visitor, before any validation', async (who) => {
    for (const url of [...calls(), '/api/analytics', '/api/analytics?stand_id=%25%25', '/api/users/visitors?page=0']) {
      const response = await get(url, cookies[who]);
      expect([url, response.statusCode]).toEqual([url, 403]);
      expect(dataOf<{ message: string }>(response.body).message).toMatch(/organi/i);
    }
  });
  it("exhibitors: their own stands only; never the organisers' lists", async () => {
    for (const url of calls()) {
      const response = await get(url, cookies.exhibitor);
      expect([url, response.statusCode]).toEqual([url, organisersOnly(url) ? 403 : 200]);
    }
    for (const url of [`/api/analytics?stand_id=${nordic.key}`, `/api/analytics.csv?stand_id=${nordic.key}`]) {
      const response = await get(url, cookies.exhibitor);
      expect(response.statusCode).toBe(403);
      expect(dataOf<{ message: string }>(response.body).message).toMatch(/exposants du stand/);
    }
    expect((await get(`/api/analytics?stand_id=${nordic.key}`, cookies.exhibitor2)).statusCode).toBe(200);
  });
  it.each(['promoter', 'admin'] as const)('the %s reads everything, any stand', async (who) => {
    for (const url of [...calls(), `/api/analytics?stand_id=${nordic.key}`])
      expect([url, (await get(url, cookies[who])).statusCode]).toEqual([url, 200]);
  });
  it('the live list: 401 without a session, 403 for visitors and exhibitors, a stream for organisers', async () => {
    const none = await openSse(`${base}/api/sse/users/actives`, { 'x-requested-with': 'XMLHttpRequest' });
    expect(none.status).toBe(401);
    for (const who of ['anonymous', 'visitor', 'exhibitor'] as const) {
      const refused = await openSse(`${base}/api/sse/users/actives`, { cookie: cookies[who] });
      expect([who, refused.status]).toEqual([who, 403]);
    }
    for (const who of ['promoter', 'admin'] as const) {
      const client = await openSse(`${base}/api/sse/users/actives`, { cookie: cookies[who] });
      opened.push(client);
      expect(client.status).toBe(200);
      expect(client.headers.get('content-type')).toMatch(/^text\/event-stream/);
    }
  });
  it('is documented in /api/openapi.json', async () => {
    const doc = (await request(t.app, { method: 'GET', url: '/api/openapi.json' })).json() as { paths: Record<string, unknown> };
    for (const path of [
      '/api/analytics',
      '/api/analytics.csv',
      '/api/analytics/attendance',
      '/api/users/visitors',
      '/api/users/visitors.csv',
      '/api/sse/users/actives',
    ])
      expect(Object.keys(doc.paths)).toContain(path);
  });
});

describe('bad input: a clear 4xx, never a 500', () => {
  it.each([
    ['/api/analytics', 400, /stand_id/],
    ['/api/analytics?stand_id=', 400, /stand_id/],
    ['/api/analytics?stand_id=%25%25', 400, /stand_id/],
    ['/api/analytics?stand_id=zzzzzzzzzz', 404, /Unknown stand/],
    ['/api/analytics?stand_id=SOLAR&format=xml', 400, /format/],
    ['/api/analytics?stand_id=SOLAR&what=1', 400, /what/],
    ['/api/analytics/attendance?format=pdf', 400, /format/],
    ['/api/users/visitors?page=0', 400, /page/],
    ['/api/users/visitors?page=1.5', 400, /page/],
    ['/api/users/visitors?sort=password', 400, /sort/],
    [`/api/users/visitors?search=${'x'.repeat(101)}`, 400, /search/],
  ])('%s → %i', async (url, status, message) => {
    const response = await get(url.replace('SOLAR', solar.key), cookies.admin);
    expect(response.statusCode).toBe(status);
    expect(dataOf<{ error: boolean; message: string }>(response.body)).toMatchObject({
      error: true,
      message: expect.stringMatching(message),
    });
  });
});

describe("a stand's figures", () => {
  it('counts visits per hour, unique visitors, chats started and leads from what is stored, a visit just made included', async () => {
    const db = t.database.db;
    const now = Date.now();
    // One minute into the hour before last: the rows below (seconds apart) stay in one hour whenever the test runs.
    const twoHoursAgo = Math.floor(now / 3_600_000) * 3_600_000 - 2 * 3_600_000 + 60_000;
    const [visitor, visitor2, exhibitor] = await Promise.all([
      userIdByEmail(t, DEMO.visitor),
      userIdByEmail(t, DEMO.visitor2),
      userIdByEmail(t, DEMO.exhibitor),
    ]);
    const at = (ms: number) => new Date(ms).toISOString();
    // Two hours ago: two visits by the same visitor and one by another, a chat, a lead. Another stand's visit is not counted.
    await db
      .insertInto('stand_visits')
      .values([
        { user_id: visitor, stand_id: solar.id, started_at: at(twoHoursAgo), ended_at: at(twoHoursAgo + 60_000), ended_by: 'client' },
        {
          user_id: visitor,
          stand_id: solar.id,
          started_at: at(twoHoursAgo + 1000),
          ended_at: at(twoHoursAgo + 61_000),
          ended_by: 'client',
        },
        {
          user_id: visitor2,
          stand_id: solar.id,
          started_at: at(twoHoursAgo + 2000),
          ended_at: at(twoHoursAgo + 62_000),
          ended_by: 'timeout',
        },
        {
          user_id: visitor2,
          stand_id: nordic.id,
          started_at: at(twoHoursAgo + 3000),
          ended_at: at(twoHoursAgo + 63_000),
          ended_by: 'client',
        },
      ])
      .execute();
    await db
      .insertInto('stand_history')
      .values({ stand_id: solar.id, user_id: exhibitor, type: 'chatStarted', content: '{}', created_at: at(twoHoursAgo + 5000) })
      .execute();
    await db
      .insertInto('leads')
      .values({
        kind: 'contact_request',
        stand_id: solar.id,
        user_id: visitor,
        firstname: '=cmd',
        lastname: 'Doe',
        consents: '[]',
        wording_locale: 'en_EN',
        created_at: at(twoHoursAgo + 6000),
      })
      .execute();
    // A visit now, through the API.
    const started = await request(t.app, {
      method: 'POST',
      url: `/api/stands/${solar.key}/visit`,
      headers: { ...XHR, origin: ORIGIN, cookie: cookies.visitor },
      payload: { start: true },
    });
    expect(started.statusCode).toBe(200);

    const response = await get(`/api/analytics?stand_id=${solar.key}`, cookies.exhibitor);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toMatch(/no-store/);
    const data = dataOf<StandAnalyticsData>(response.body);
    expect(data.stand).toEqual({ id: solar.key, name: 'Helios Solaire', name_en: 'Helios Solar' });
    expect(data.totals).toEqual({ visits: 4, unique_visitors: 2, chats: 1, leads: 1, meetings: { booked: 0, held: 0, cancelled: 0 } });
    expect(data.hours.map((h) => h.hour)).toEqual([hourOf(twoHoursAgo), hourOf(twoHoursAgo + 3_600_000), hourOf(now)]);
    expect(data.hours[0]).toEqual({ hour: hourOf(twoHoursAgo), visits: 3, unique_visitors: 2, chats: 1, leads: 1 });
    expect(data.hours[1]).toMatchObject({ visits: 0, unique_visitors: 0, chats: 0, leads: 0 });
    expect(data.hours[2]).toEqual({ hour: hourOf(now), visits: 1, unique_visitors: 1, chats: 0, leads: 0 });

    // The same figures as CSV, by ?format=csv and by the .csv address; the lead's name is not in it, the stand's name is.
    for (const url of [`/api/analytics?stand_id=${solar.key}&format=csv`, `/api/analytics.csv?stand_id=${solar.key}`]) {
      const csv = await get(url, cookies.exhibitor);
      expect(csv.statusCode).toBe(200);
      expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="visits-stand-helios-solaire-\d{4}-\d{2}-\d{2}\.csv"$/);
      expect(csv.body.startsWith('\uFEFF"stand","hour","visits","unique_visitors","chats","leads"\r\n')).toBe(true);
      expect(csvRows(csv.body)).toEqual(
        data.hours.map((h) => ({
          stand: 'Helios Solaire',
          hour: h.hour,
          visits: String(h.visits),
          unique_visitors: String(h.unique_visitors),
          chats: String(h.chats),
          leads: String(h.leads),
        })),
      );
    }
  });

  it('a stand nobody visited: the current hour, all zeros', async () => {
    const verdi = await standBySlug(t, 'stand-verdi');
    const data = dataOf<StandAnalyticsData>((await get(`/api/analytics?stand_id=${verdi.key}`, cookies.promoter)).body);
    expect(data.hours).toEqual([{ hour: hourOf(Date.now()), visits: 0, unique_visitors: 0, chats: 0, leads: 0 }]);
    expect(data.totals).toEqual({ visits: 0, unique_visitors: 0, chats: 0, leads: 0, meetings: { booked: 0, held: 0, cancelled: 0 } });
  });

  it('neutralises formula cells in the CSV (a stand named like a formula)', async () => {
    const verdi = await standBySlug(t, 'stand-verdi');
    await t.database.db
      .updateTable('stands')
      .set({ name: '=HYPERLINK("http://x")', name_en: '=HYPERLINK("http://x")' })
      .where('id', '=', verdi.id)
      .execute();
    const csv = await get(`/api/analytics.csv?stand_id=${verdi.key}`, cookies.admin);
    expect(csvRows(csv.body)[0]?.stand).toBe('\'=HYPERLINK("http://x")');
  });
});

describe('attendance over the day', () => {
  it('24 hours, distinct people per hour, as JSON and CSV', async () => {
    const response = await get('/api/analytics/attendance', cookies.promoter);
    const data = dataOf<AttendanceData>(response.body);
    expect(data.hours).toHaveLength(24);
    expect(data.hours.at(-1)?.hour).toBe(hourOf(Date.now()));
    // The logins of beforeAll and the visit of the stand test: several people this hour, one visit at least.
    const current = data.hours.at(-1);
    const sessionsNow = await t.database.db
      .selectFrom('sessions')
      .select('user_id')
      .where('created_at', '>=', hourOf(Date.now()))
      .execute();
    expect(current?.people).toBeGreaterThanOrEqual(new Set(sessionsNow.map((s) => s.user_id)).size);
    expect(current?.visits).toBeGreaterThanOrEqual(1);
    const csv = await get('/api/analytics/attendance?format=csv', cookies.admin);
    expect(csvRows(csv.body)).toHaveLength(24);
    expect(csvRows(csv.body).at(-1)).toEqual({ hour: current?.hour, people: String(current?.people), visits: String(current?.visits) });
  });
});

describe('the visitor list', () => {
  it('shows, searches and sorts only what each visitor published', async () => {
    const db = t.database.db;
    const visitor = await userIdByEmail(t, DEMO.visitor);
    // The first visitor publishes the first name only (their last name and e-mail stay unpublished).
    await db
      .updateTable('users')
      .set({
        firstname: 'Zoé',
        lastname: 'Secretname',
        city: 'Lyon',
        pseudo: null,
        fields_param: JSON.stringify({ firstname: '0', lastname: '1', email: '1', city: '0' }),
      })
      .where('id', '=', visitor)
      .execute();
    const all = dataOf<VisitorsData>((await get('/api/users/visitors?sort=name', cookies.promoter)).body);
    const listed = all.visitors.find((v) => v.id_user === encodeId(visitor));
    expect(listed).toMatchObject({ firstname: 'Zoé', lastname: null, email: null, city: 'Lyon' });
    expect(JSON.stringify(all)).not.toContain('Secretname');
    expect(JSON.stringify(all)).not.toContain(DEMO.visitor);
    // The search finds published values (accents folded), never unpublished ones.
    expect(
      dataOf<VisitorsData>((await get('/api/users/visitors?search=zoe', cookies.promoter)).body).visitors.map((v) => v.id_user),
    ).toEqual([encodeId(visitor)]);
    expect(dataOf<VisitorsData>((await get('/api/users/visitors?search=secretname', cookies.promoter)).body)).toMatchObject({
      visitors: [],
      total: 0,
      pages: 1,
    });
    expect(
      dataOf<VisitorsData>((await get(`/api/users/visitors?search=${encodeURIComponent(DEMO.visitor)}`, cookies.promoter)).body).total,
    ).toBe(0);
    // The CSV: same rule.
    const csv = await get('/api/users/visitors.csv?search=lyon', cookies.admin);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.body).not.toContain('Secretname');
    expect(csvRows(csv.body)).toEqual([
      expect.objectContaining({ id_user: encodeId(visitor), firstname: 'Zoé', lastname: '', email: '', city: 'Lyon' }),
    ]);
  });

  it('pages 25 at a time and sorts by name, city or date both ways', async () => {
    const db = t.database.db;
    const created = '2026-01-01T00:00:00.000Z';
    await db
      .insertInto('users')
      .values(
        Array.from({ length: 30 }, (_, i) => ({
          profile: 'visitor' as const,
          firstname: `Page${String(i).padStart(2, '0')}`,
          lastname: 'Tester',
          email: `page${i}@example.org`,
          city: i % 2 ? 'Brest' : 'Arles',
          created_at: created,
        })),
      )
      .execute();
    const first = dataOf<VisitorsData>((await get('/api/users/visitors?search=tester&sort=name', cookies.admin)).body);
    expect(first).toMatchObject({ page: 1, per_page: 25, total: 30, pages: 2 });
    expect(first.visitors.map((v) => v.firstname)).toEqual(Array.from({ length: 25 }, (_, i) => `Page${String(i).padStart(2, '0')}`));
    const second = dataOf<VisitorsData>((await get('/api/users/visitors?search=tester&sort=name&page=2', cookies.admin)).body);
    expect(second.visitors.map((v) => v.firstname)).toEqual(['Page25', 'Page26', 'Page27', 'Page28', 'Page29']);
    const desc = dataOf<VisitorsData>((await get('/api/users/visitors?search=tester&sort=-name', cookies.admin)).body);
    expect(desc.visitors[0]?.firstname).toBe('Page29');
    const byCity = dataOf<VisitorsData>((await get('/api/users/visitors?search=tester&sort=-city', cookies.admin)).body);
    expect(byCity.visitors[0]?.city).toBe('Brest');
    const past = dataOf<VisitorsData>((await get('/api/users/visitors?search=tester&page=99', cookies.admin)).body);
    expect(past.page).toBe(2);
    const csv = await get('/api/users/visitors.csv?search=tester', cookies.admin);
    expect(csvRows(csv.body)).toHaveLength(30);
    // A search with a LIKE wildcard is taken literally.
    expect(dataOf<VisitorsData>((await get('/api/users/visitors?search=%25', cookies.admin)).body).total).toBe(0);
  });
});

describe('GET /api/sse/users/actives', () => {
  it('sends who is here on connect, then again when someone arrives', async () => {
    const client = await openSse(`${base}/api/sse/users/actives`, { cookie: cookies.promoter });
    opened.push(client);
    const first = await client.next((e) => e.event === 'usersActives');
    const before = first.data as unknown as UsersActivesData;
    expect(before).toMatchObject({ period: expect.any(Number), count: expect.any(Number), users: expect.any(Array) });
    const visitor2 = await userIdByEmail(t, DEMO.visitor2);
    expect(before.users.some((u) => u.id_user === encodeId(visitor2))).toBe(false);
    // visiteur2 becomes active (a presence change on the live hub).
    t.app.activity.touch(visitor2, Date.now());
    const next = await client.next(
      (e) => e.event === 'usersActives' && (e.data as unknown as UsersActivesData).users.some((u) => u.id_user === encodeId(visitor2)),
      3000,
    );
    expect((next.data as unknown as UsersActivesData).count).toBe(before.count + 1);
    // The same as the GET.
    const now = dataOf<UsersActivesData>((await get('/api/users/actives', cookies.admin)).body);
    expect(now.count).toBe((next.data as unknown as UsersActivesData).count);
    // Pings keep it open; one feed for every stream.
    await waitFor(() => (client.comments.includes('ping') ? true : undefined), 10_000, 'a ping');
  });

  it("every organiser's stream gets the same change from one recomputation", async () => {
    const a = await openSse(`${base}/api/sse/users/actives`, { cookie: cookies.promoter });
    const b = await openSse(`${base}/api/sse/users/actives`, { cookie: cookies.admin });
    opened.push(a, b);
    await Promise.all([a.next((e) => e.event === 'usersActives'), b.next((e) => e.event === 'usersActives')]);
    expect(t.app.actives.size).toBe(2);
    const exhibitor2 = await userIdByEmail(t, DEMO.exhibitor2);
    t.app.activity.touch(exhibitor2, Date.now());
    const seen = (e: { event: string | undefined; data: Record<string, unknown> }) =>
      e.event === 'usersActives' && (e.data as unknown as UsersActivesData).users.some((u) => u.id_user === encodeId(exhibitor2));
    const [ea, eb] = await Promise.all([a.next(seen, 10_000), b.next(seen, 10_000)]);
    expect(ea.id).toBe(eb.id);
    a.close();
    b.close();
    await waitFor(() => (t.app.actives.size === 0 ? true : undefined), 10_000, 'streams to close');
  });
});

describe('the pages', () => {
  it('/exposant and /organisateur mount the stats widget; /salon never does', async () => {
    const slots = (body: string) => [...body.matchAll(/data-salon-widget="([^"]+)"/g)].map((m) => m[1]);
    const page = (url: string, cookie: string) => request(t.app, { method: 'GET', url, headers: { cookie } });
    expect(slots((await page('/exposant', cookies.exhibitor)).body)).toEqual(['stats', 'meetings']);
    expect(slots((await page('/organisateur', cookies.promoter)).body)).toEqual(['stats']);
    expect(slots((await page('/organisateur', cookies.admin)).body)).toEqual(['stats']);
    for (const who of ['exhibitor', 'promoter', 'visitor'] as const)
      expect(slots((await page('/salon', cookies[who])).body)).not.toContain('stats');
  });

  it('/organisateur/visiteurs: searched, sorted and paged on published fields, with the CSV of the same search', async () => {
    const page = await request(t.app, {
      method: 'GET',
      url: '/organisateur/visiteurs?search=zo%C3%A9&sort=name',
      headers: { cookie: cookies.promoter },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Zoé');
    expect(page.body).not.toContain('Secretname');
    expect(page.body).not.toContain(DEMO.visitor);
    expect(page.body).toContain('/api/users/visitors.csv?search=zo%C3%A9&amp;sort=name');
    expect(page.body).toMatch(/<option value="name" selected>/);
    // A hand-edited address falls back to the defaults and says which parameter, in the page's language.
    const cases: [string, string, string][] = [
      ['?page=0', 'en_EN', 'There is no page “0”: the first page is shown.'],
      ['?sort=bogus', 'fr_FR', 'Il n’y a pas d’ordre « bogus » : la liste est triée par inscription, la plus récente d’abord.'],
      [`?search=${'x'.repeat(101)}`, 'en_EN', 'The search is limited to 100 characters: only the first 100 were used.'],
    ];
    for (const [bad, locale, said] of cases) {
      const fallback = await request(t.app, {
        method: 'GET',
        url: `/organisateur/visiteurs${bad}`,
        headers: { cookie: `${cookies.promoter}; salon_locale=${locale}` },
      });
      expect(fallback.statusCode).toBe(200);
      expect(fallback.body).toContain(`<p class="notice" role="alert">${said}</p>`);
      expect(fallback.body).not.toMatch(/Invalid request|Requête invalide/);
    }
    expect(
      (await request(t.app, { method: 'GET', url: '/organisateur/visiteurs', headers: { cookie: cookies.exhibitor } })).statusCode,
    ).toBe(403);
  });
});
