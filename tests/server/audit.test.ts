import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { AuditData } from '@salon/shared/contracts/backoffice';
import { encodeId } from '../../host-shell/server/lib/ids';
import { createTestApp, type TestApp } from './helpers';
import { auditCount, newestAudit } from './audit-log';
import { settingsForm } from './admin-forms';
import { ask, closeSockets, connect, listen } from './sockets';
import { closeListening } from './sse';
import { DEMO, EACH_PROFILE, signIn, userIdByEmail, type EachProfile } from './accounts';
import { ORIGIN, callApi, form, request } from './http';

let t: TestApp;
let base: string;
let cookies: Record<EachProfile, string>;

const call = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown, cookie?: string) =>
  callApi(t.app, method, url, payload, cookie);
const entryCount = () => auditCount(t);
const newest = () => newestAudit(t, cookies.admin);

/** The change log section of /admin. */
async function auditSectionOf(query = '', locale = 'fr_FR'): Promise<string> {
  const page = await request(t.app, {
    method: 'GET',
    url: `/admin${query}`,
    headers: { cookie: `${cookies.admin}; salon_locale=${locale}` },
  });
  expect(page.statusCode).toBe(200);
  const match = /<section class="card" id="audit">([^]*?)<\/section>/.exec(page.body);
  if (!match?.[1]) throw new Error('no change log on /admin');
  return match[1];
}

const admin = { name: 'Camille Admin', email: DEMO.admin };

beforeAll(async () => {
  t = await createTestApp({ config: { livePingMs: 100, liveGlobalMinMs: 50 } });
  base = await listen(t);
  cookies = await signIn(t.app, EACH_PROFILE);
  const row = await t.database.db
    .selectFrom('users')
    .select(['firstname', 'lastname'])
    .where('email', '=', DEMO.admin)
    .executeTakeFirstOrThrow();
  admin.name = [row.firstname, row.lastname].filter(Boolean).join(' ') || DEMO.admin;
}, 30_000);
afterAll(async () => {
  closeSockets();
  await closeListening(t);
});

describe('GET /api/admin/audit: who may read it', () => {
  it('401 without a session', async () => {
    expect((await call('GET', '/api/admin/audit')).statusCode).toBe(401);
  });
  it.each(['anonymous', 'visitor', 'exhibitor', 'promoter'] as const)('403 for %s, a bad page too (the role first)', async (who) => {
    for (const url of ['/api/admin/audit', '/api/admin/audit?page=abc']) {
      const response = await call('GET', url, undefined, cookies[who]);
      expect(response.statusCode).toBe(403);
      expect(response.json().data).toMatchObject({ error: true });
    }
  });
  it.each(['0', '-1', '1.5', 'abc', '100001', ''])('page=%s: 400 for an administrator', async (page) => {
    const response = await call('GET', `/api/admin/audit?page=${page}`, undefined, cookies.admin);
    expect(response.statusCode).toBe(400);
    expect(response.json().data).toMatchObject({ error: true });
  });
  it('an empty log: page 1 of 1', async () => {
    expect((await call('GET', '/api/admin/audit', undefined, cookies.admin)).json()).toEqual({
      data: { entries: [], page: 1, per_page: 20, total: 0, pages: 1 },
    });
    expect(await auditSectionOf()).toContain('Aucune modification enregistrée.');
  });
  it('is documented in /api/openapi.json', async () => {
    const doc = (await request(t.app, { method: 'GET', url: '/api/openapi.json' })).json() as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/admin/audit']));
  });
});

describe('every change by an administrator or a promoter leaves an entry', () => {
  it('a parameter change: the changed keys, before and after, the actor', async () => {
    const response = await call('PUT', '/api/admin/parameters', { room_name: 'Salon d’hiver', feedback_delay: 30 }, cookies.admin);
    expect(response.statusCode).toBe(200);
    const entry = await newest();
    expect(entry).toMatchObject({
      actor: { id_user: encodeId(await userIdByEmail(t, DEMO.admin)), name: admin.name, email: DEMO.admin },
      action: 'parameters.update',
      before: { room_name: 'Salon de l’innovation' },
      after: { room_name: 'Salon d’hiver', feedback_delay: 30 },
    });
    expect(Object.keys(entry.before as object).sort()).toEqual(Object.keys(entry.after as object).sort());
    expect(entry.at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(Math.abs(Date.parse(entry.at) - Date.now())).toBeLessThan(60_000);
  });

  it('the same values again is not a change: no entry', async () => {
    const before = await entryCount();
    expect((await call('PUT', '/api/admin/parameters', { room_name: 'Salon d’hiver' }, cookies.admin)).statusCode).toBe(200);
    expect(await entryCount()).toBe(before);
  });

  it('a feature change', async () => {
    expect((await call('PUT', '/api/admin/features', { journey: false }, cookies.admin)).statusCode).toBe(200);
    expect(await newest()).toMatchObject({
      action: 'features.update',
      actor: { email: DEMO.admin },
      before: { journey: '1' },
      after: { journey: '0' },
    });
  });

  it('a stream switch', async () => {
    expect((await call('PUT', '/api/admin/stream', { active: true, video_url: 'https://video.test/live' }, cookies.admin)).statusCode).toBe(
      200,
    );
    expect(await newest()).toMatchObject({
      action: 'stream.update',
      actor: { email: DEMO.admin },
      before: { active: false, video_url: null },
      after: { active: true, video_url: 'https://video.test/live' },
    });
    expect((await call('PUT', '/api/admin/stream', { active: false }, cookies.admin)).statusCode).toBe(200);
    expect(await newest()).toMatchObject({ action: 'stream.update', before: { active: true }, after: { active: false } });
  });

  it('a notification a promoter sends (REST)', async () => {
    const response = await call('POST', '/api/notifications', { title: 'Pause café', message: 'Au hall B' }, cookies.promoter);
    expect(response.statusCode).toBe(200);
    const id = (response.json() as { data: { notification: { id_notification: number } } }).data.notification.id_notification;
    expect(await newest()).toMatchObject({
      action: 'notification.send',
      target: `notification ${id}`,
      actor: { email: DEMO.promoter },
      before: null,
      after: { title: 'Pause café', title_en: 'Pause café', message: 'Au hall B', to: 'everyone' },
    });
  });

  it('a notification sent through the socket, to some users', async () => {
    const socket = await connect(base, { cookie: cookies.admin });
    const visitorId = encodeId(await userIdByEmail(t, DEMO.visitor));
    expect(await ask(socket, 'notification', { content: { title: 'Pour vous', message: 'Bonjour' }, users_ids: [visitorId] })).toEqual({
      ok: true,
    });
    expect(await newest()).toMatchObject({
      action: 'notification.send',
      actor: { email: DEMO.admin },
      after: { title: 'Pour vous', to: 1 },
    });
  });

  it('a notification sent from the /organisateur form', async () => {
    const response = await request(t.app, {
      method: 'POST',
      url: '/organisateur',
      ...form({ title: 'Depuis le formulaire', message: 'Texte' }),
      headers: { ...form({}).headers, cookie: cookies.promoter },
    });
    expect(response.statusCode).toBe(303);
    expect(await newest()).toMatchObject({
      action: 'notification.send',
      actor: { email: DEMO.promoter },
      after: { title: 'Depuis le formulaire' },
    });
  });

  it("an exhibitor's availability changed by an organiser; not the exhibitor's own switch", async () => {
    const exhibitorId = await userIdByEmail(t, DEMO.exhibitor);
    const own = await entryCount();
    expect((await call('PUT', '/api/exhibitors/me/availability', { availability: false }, cookies.exhibitor)).statusCode).toBe(200);
    expect(await entryCount()).toBe(own);
    expect(
      (await call('PUT', `/api/exhibitors/${encodeId(exhibitorId)}/availability`, { available: true }, cookies.promoter)).statusCode,
    ).toBe(200);
    const entry = await newest();
    expect(entry).toMatchObject({
      action: 'availability.update',
      actor: { email: DEMO.promoter },
      before: { availability: false },
      after: { availability: true },
    });
    expect(entry.target).toContain(DEMO.exhibitor);
  });

  it('the /admin forms: the settings (parameters and features, one entry each) and the stream', async () => {
    const before = await entryCount();
    const body = settingsForm({ room_name: 'Salon du formulaire', feedback_delay: '30' });
    const post = (payload: URLSearchParams) =>
      request(t.app, {
        method: 'POST',
        url: '/admin',
        payload: payload.toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN, cookie: cookies.admin },
      });
    expect((await post(body)).statusCode).toBe(303);
    const log = ((await call('GET', '/api/admin/audit', undefined, cookies.admin)).json() as { data: AuditData }).data.entries;
    expect(await entryCount()).toBe(before + 2);
    const [features, parameters] = log;
    expect(features).toMatchObject({
      action: 'features.update',
      actor: { email: DEMO.admin },
      before: { journey: '0' },
      after: { journey: '1' },
    });
    expect(parameters).toMatchObject({
      action: 'parameters.update',
      actor: { email: DEMO.admin },
      before: { room_name: 'Salon d’hiver' },
      after: { room_name: 'Salon du formulaire' },
    });
    expect(Object.keys(parameters?.after as object)).not.toContain('feedback_delay');
    // The same form again changes nothing: no entry.
    expect((await post(body)).statusCode).toBe(303);
    expect(await entryCount()).toBe(before + 2);

    const stream = await post(new URLSearchParams({ form: 'stream', active: '1', video_url: 'https://video.test/form', chat_url: '' }));
    expect(stream.statusCode).toBe(303);
    expect(await newest()).toMatchObject({ action: 'stream.update', after: { active: true, video_url: 'https://video.test/form' } });
    expect(await entryCount()).toBe(before + 3);
  });

  it('refused calls leave no entry', async () => {
    const before = await entryCount();
    await call('PUT', '/api/admin/parameters', { room_name: 'Pirate' }, cookies.promoter);
    await call('PUT', '/api/admin/parameters', { room_name: '' }, cookies.admin);
    await call('PUT', '/api/admin/features', { journey: true }, cookies.visitor);
    await call('PUT', '/api/admin/stream', { active: true, video_url: 'https://pirate.test' }, cookies.exhibitor);
    await call('POST', '/api/notifications', { title: 'x', message: 'y' }, cookies.visitor);
    await call('POST', '/api/notifications', { title: 'x', message: 'y' }, cookies.anonymous);
    await call('POST', '/api/notifications', { title: 'x', message: 'y', users_ids: ['zzzzzz'] }, cookies.promoter);
    expect(await entryCount()).toBe(before);
  });
});

describe('the change log on /admin', () => {
  it('shows the entries, newest first, with who, what, before → after, in both languages', async () => {
    const fr = await auditSectionOf();
    expect(fr).toContain('Journal des modifications');
    expect(fr).toContain('Paramètres modifiés');
    expect(fr).toContain(DEMO.admin);
    expect(fr).toContain(admin.name);
    expect(fr).toContain(
      'room_name: &quot;Salon de l’innovation&quot;, feedback_delay: 1200 → room_name: &quot;Salon d’hiver&quot;, feedback_delay: 30',
    );
    expect(fr.indexOf('Direct modifié')).toBeLessThan(fr.indexOf('Notification envoyée'));
    const en = await auditSectionOf('', 'en_EN');
    expect(en).toContain('Change log');
    expect(en).toContain('Parameters changed');
    expect(en).toContain('Notification sent');
    expect(en).toMatch(/\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC/);
  });

  it('a hostile value shows as text', async () => {
    const hostile = '<img src=x onerror=alert(1)>';
    expect((await call('PUT', '/api/admin/parameters', { room_name_en: hostile }, cookies.admin)).statusCode).toBe(200);
    expect(
      (await call('POST', '/api/notifications', { title: '<script>alert(2)</script>', message: '"x" & \'y\'' }, cookies.promoter))
        .statusCode,
    ).toBe(200);
    await t.database.db.updateTable('users').set({ firstname: '<b>Eve</b>' }).where('email', '=', DEMO.promoter).execute();
    expect((await call('POST', '/api/notifications', { title: 'Encore', message: 'z' }, cookies.promoter)).statusCode).toBe(200);
    const section = await auditSectionOf();
    expect(section).not.toContain('<img');
    expect(section).not.toContain('<script');
    expect(section).not.toContain('<b>Eve');
    expect(section).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(section).toContain('&lt;script&gt;alert(2)&lt;/script&gt;');
    expect(section).toContain('&lt;b&gt;Eve&lt;/b&gt;');
  });

  it('pages: 20 a page, ?audit_page= for the older ones; a bad page is a 400', async () => {
    const total = await entryCount();
    for (let i = total; i < 25; i += 1) await call('PUT', '/api/admin/parameters', { feedback_delay: 100 + i }, cookies.admin);
    const api = (await call('GET', '/api/admin/audit?page=2', undefined, cookies.admin)).json() as { data: AuditData };
    expect(api.data).toMatchObject({ page: 2, per_page: 20, pages: 2 });
    expect(api.data.entries.length).toBe(api.data.total - 20);
    const first = (await call('GET', '/api/admin/audit', undefined, cookies.admin)).json() as { data: AuditData };
    const ids = [...first.data.entries, ...api.data.entries].map((e) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const second = await auditSectionOf('?audit_page=2');
    expect(second).toContain('Page 2 sur 2');
    expect(second).toContain('audit_page=1');
    for (const bad of ['0', 'abc', '1.5']) {
      const response = await request(t.app, { method: 'GET', url: `/admin?audit_page=${bad}`, headers: { cookie: cookies.admin } });
      expect(response.statusCode).toBe(400);
    }
  });
});
