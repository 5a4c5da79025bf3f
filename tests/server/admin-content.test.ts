/**
 * The event's content: companies, stands, exhibitor and promoter accounts under /api/admin/…, and
 * the pages /admin/entreprises, /admin/stands, /admin/comptes. EachProfile may, bad input, conflicts, audit entries, and what
 * visitors see after a change.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Client } from 'pg';
import { sql } from 'kysely';
import type {
  AccountCreatedData,
  AdminAccountData,
  AdminAccountsData,
  AdminCompaniesData,
  AdminCompanyData,
  AdminStandData,
} from '@salon/shared/contracts/content';
import type { StandsData } from '@salon/shared/contracts/exhibitors';
import { encodeId } from '../../host-shell/server/lib/ids';
import { createTestApp, standBySlug, type TestApp } from './helpers';
import { auditCount, newestAudit } from './audit-log';
import { openSse, type SseEvent } from './sse';
import { DEMO, EACH_PROFILE, login, signIn, userIdByEmail, type EachProfile } from './accounts';
import { ORIGIN, XHR, callApi, form, markActive, request } from './http';

let t: TestApp;
let cookies: Record<EachProfile, string>;

/** French unless the test says otherwise (the messages are checked in the viewer's language). */
const call = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: unknown, cookie?: string) =>
  callApi(t.app, method, url, payload, cookie && (cookie.includes('salon_locale=') ? cookie : `${cookie}; salon_locale=fr_FR`));
const as = (who: EachProfile) => ({
  get: (url: string) => call('GET', url, undefined, cookies[who]),
  post: (url: string, payload: unknown) => call('POST', url, payload, cookies[who]),
  put: (url: string, payload: unknown) => call('PUT', url, payload, cookies[who]),
  del: (url: string) => call('DELETE', url, undefined, cookies[who]),
});
const admin = () => as('admin');
const promoter = () => as('promoter');
const dataOf = <T>(body: string) => (JSON.parse(body) as { data: T }).data;
const errorOf = (body: string) => dataOf<{ error: boolean; message: string; formErrors?: Record<string, string> }>(body);

const entryCount = () => auditCount(t);
const newest = () => newestAudit(t, cookies.admin);

let companyId = '';
let demoStand = { id: 0, key: '' };
let exhibitorKey = '';
let promoterKey = '';

/*
 * On PostgreSQL too when TEST_DATABASE_URL is a postgres URL (scripts/pg-test-server.sh prints one): the whole file
 * runs in a schema of its own, dropped afterwards.
 */
const pgUrl = /^postgres(?:ql)?:\/\//.test(process.env.TEST_DATABASE_URL ?? '') ? (process.env.TEST_DATABASE_URL as string) : null;
const pgSchema = `salon_content_${randomBytes(4).toString('hex')}`;

async function pgQuery(text: string): Promise<void> {
  const client = new Client({ connectionString: pgUrl ?? '' });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

// A minute: migrations and the demo seed take a while on PostgreSQL on a busy machine.
beforeAll(async () => {
  if (pgUrl) await pgQuery(`CREATE SCHEMA ${pgSchema}`);
  t = await createTestApp(pgUrl ? { database: { dialect: 'postgres', connectionString: pgUrl, schema: pgSchema } } : {});
  cookies = await signIn(t.app, EACH_PROFILE);
  demoStand = await standBySlug(t, 'stand-helios-solaire');
  exhibitorKey = encodeId(await userIdByEmail(t, DEMO.exhibitor2));
  promoterKey = encodeId(await userIdByEmail(t, DEMO.promoter));
  const companies = dataOf<AdminCompaniesData>((await admin().get('/api/admin/companies')).body).companies;
  companyId = companies[0]!.id_company;
}, 60_000);
afterAll(async () => {
  // SSE clients aborted their fetch: drop their spare sockets first (see closeListening).
  t.app.server.closeAllConnections();
  await t.close();
  if (pgUrl) await pgQuery(`DROP SCHEMA ${pgSchema} CASCADE`);
});

describe('who may call it', () => {
  const calls = (): [string, 'GET' | 'POST' | 'PUT' | 'DELETE', string, unknown][] => [
    ['list the companies', 'GET', '/api/admin/companies', undefined],
    ['create a company', 'POST', '/api/admin/companies', { name: 'Pirate Inc' }],
    ['read a company', 'GET', `/api/admin/companies/${companyId}`, undefined],
    ['change a company', 'PUT', `/api/admin/companies/${companyId}`, { name: 'Pirate Inc' }],
    ['remove a company', 'DELETE', `/api/admin/companies/${companyId}`, undefined],
    ['list the stands', 'GET', '/api/admin/stands', undefined],
    ['create a stand', 'POST', '/api/admin/stands', { name: 'Pirate', name_en: 'Pirate', company_id: companyId }],
    ['read a stand', 'GET', `/api/admin/stands/${demoStand.key}`, undefined],
    ['change a stand', 'PUT', `/api/admin/stands/${demoStand.key}`, { name_en: 'Pirate' }],
    ['remove a stand', 'DELETE', `/api/admin/stands/${demoStand.key}`, undefined],
    ['list the accounts', 'GET', '/api/admin/accounts', undefined],
    ['create an account', 'POST', '/api/admin/accounts', { profile: 'exhibitor', email: 'pirate@salon.test' }],
    ['read an account', 'GET', `/api/admin/accounts/${exhibitorKey}`, undefined],
    ['change an account', 'PUT', `/api/admin/accounts/${exhibitorKey}`, { hidden: true }],
    ['remove an account', 'DELETE', `/api/admin/accounts/${exhibitorKey}`, undefined],
  ];

  it('without a session: 401 for every call, nothing changes', async () => {
    const before = await entryCount();
    for (const [what, method, url, payload] of calls()) expect([what, (await call(method, url, payload)).statusCode]).toEqual([what, 401]);
    expect(await entryCount()).toBe(before);
  });

  it.each(['anonymous', 'visitor', 'exhibitor'] as const)('as %s: 403 for every call (a bad body too), nothing changes', async (who) => {
    const before = await entryCount();
    for (const [what, method, url, payload] of calls()) {
      const response = await call(method, url, payload, cookies[who]);
      expect([what, response.statusCode]).toEqual([what, 403]);
      expect(errorOf(response.body).message).toBe('Réservé aux organisateurs');
    }
    expect((await call('POST', '/api/admin/companies', { nope: 1 }, cookies[who])).statusCode).toBe(403);
    expect(await entryCount()).toBe(before);
    const stand = dataOf<AdminStandData>((await admin().get(`/api/admin/stands/${demoStand.key}`)).body).stand;
    expect(stand.niceNameEn).toBe('Helios Solar');
  });

  it('as a promoter: every list and read; promoter accounts refused (403), the administrator’s allowed', async () => {
    for (const url of [
      '/api/admin/companies',
      '/api/admin/stands',
      '/api/admin/accounts',
      `/api/admin/companies/${companyId}`,
      `/api/admin/stands/${demoStand.key}`,
      `/api/admin/accounts/${exhibitorKey}`,
    ])
      expect([url, (await promoter().get(url)).statusCode]).toEqual([url, 200]);
    const before = await entryCount();
    const refused = [
      await promoter().post('/api/admin/accounts', { profile: 'promoter', email: 'other-promoter@salon.test' }),
      await promoter().get(`/api/admin/accounts/${promoterKey}`),
      await promoter().put(`/api/admin/accounts/${promoterKey}`, { firstname: 'Pirate' }),
      await promoter().del(`/api/admin/accounts/${promoterKey}`),
    ];
    for (const response of refused) {
      expect(response.statusCode).toBe(403);
      expect(errorOf(response.body).message).toBe('Seuls les administrateurs gèrent les comptes organisateurs');
    }
    expect(await entryCount()).toBe(before);
    expect((await admin().get(`/api/admin/accounts/${promoterKey}`)).statusCode).toBe(200);
  });

  it('administrators and visitors are not managed here: 404', async () => {
    for (const email of [DEMO.admin, DEMO.visitor]) {
      const key = encodeId(await userIdByEmail(t, email));
      expect((await admin().get(`/api/admin/accounts/${key}`)).statusCode).toBe(404);
      expect((await admin().put(`/api/admin/accounts/${key}`, { hidden: true })).statusCode).toBe(404);
      expect((await admin().del(`/api/admin/accounts/${key}`)).statusCode).toBe(404);
    }
  });
});

describe('companies', () => {
  let id = '';
  it('a promoter creates a company with every field; the audit has it', async () => {
    const response = await promoter().post('/api/admin/companies', {
      name: '  Atelier  Nova ',
      description: 'Des lampes.',
      description_en: 'Lamps.',
      website_link: 'https://nova.test',
      storage_link: 'https://files.nova.test/docs',
      mobile: '+33 6 12 34 56 78',
      email: 'Contact@Nova.test',
      facebook_link: 'https://facebook.com/nova',
      linkedin_link: 'https://linkedin.com/company/nova',
      twitter_link: 'https://twitter.com/nova',
      youtube_link: 'https://youtube.com/@nova',
    });
    expect(response.statusCode).toBe(200);
    const { company } = dataOf<AdminCompanyData>(response.body);
    id = company.id_company;
    expect(company).toMatchObject({
      name: 'Atelier Nova',
      description_en: 'Lamps.',
      email: 'contact@nova.test',
      youtube_link: 'https://youtube.com/@nova',
      stands: [],
    });
    const entry = await newest();
    expect(entry).toMatchObject({ action: 'company.create', target: 'Atelier Nova', before: null, actor: { email: DEMO.promoter } });
    expect(entry.after).toMatchObject({ name: 'Atelier Nova', website_link: 'https://nova.test' });
    // The public company sheet has it.
    const sheet = await call('GET', `/api/company/${id}`, undefined, cookies.visitor);
    expect(dataOf<{ company: { description_en: string } }>(sheet.body).company.description_en).toBe('Lamps.');
  });

  it('a second company of the same name (any case) is a 409 naming it; nothing written', async () => {
    const before = await entryCount();
    const response = await admin().post('/api/admin/companies', { name: 'atelier nova' });
    expect(response.statusCode).toBe(409);
    expect(errorOf(response.body)).toMatchObject({
      error: true,
      message: 'Une entreprise s’appelle déjà « atelier nova ».',
      formErrors: { name: 'Ce nom est déjà pris' },
    });
    expect(await entryCount()).toBe(before);
  });

  it.each<[string, unknown, string]>([
    ['no name', { description: 'x' }, 'name'],
    ['an empty name', { name: '' }, 'name'],
    ['a name on two lines', { name: 'a\nb' }, 'name'],
    ['a link that is not http(s)', { name: 'X', website_link: 'javascript:alert(1)' }, 'website_link'],
    ['a bad e-mail', { name: 'X', email: 'nope' }, 'email'],
    ['a bad phone', { name: 'X', mobile: 'call me' }, 'mobile'],
    ['an unknown field', { name: 'X', colour: 'red' }, 'colour'],
    ['a number for a text', { name: 42 }, 'name'],
  ])('%s: 400 naming the field', async (_what, payload, field) => {
    const response = await admin().post('/api/admin/companies', payload);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response.body).message).toContain(field);
  });

  it('not JSON at all: 400', async () => {
    const response = await request(t.app, {
      method: 'POST',
      url: '/api/admin/companies',
      payload: '{"name":',
      headers: { ...XHR, origin: ORIGIN, 'content-type': 'application/json', cookie: cookies.admin },
    });
    expect(response.statusCode).toBe(400);
  });

  it('changes some fields, clears one; the audit keeps only what changed; the same save again is no entry', async () => {
    const response = await admin().put(`/api/admin/companies/${id}`, { description_en: 'Lamps and lights.', twitter_link: '' });
    expect(response.statusCode).toBe(200);
    expect(dataOf<AdminCompanyData>(response.body).company).toMatchObject({
      description_en: 'Lamps and lights.',
      twitter_link: null,
      description: 'Des lampes.',
    });
    expect(await newest()).toMatchObject({
      action: 'company.update',
      before: { description_en: 'Lamps.', twitter_link: 'https://twitter.com/nova' },
      after: { description_en: 'Lamps and lights.', twitter_link: null },
    });
    const before = await entryCount();
    expect((await admin().put(`/api/admin/companies/${id}`, { description_en: 'Lamps and lights.' })).statusCode).toBe(200);
    expect(await entryCount()).toBe(before);
  });

  it('an empty change is a 400; an unknown or malformed id a 404 / 400', async () => {
    expect((await admin().put(`/api/admin/companies/${id}`, {})).statusCode).toBe(400);
    expect((await admin().get(`/api/admin/companies/${encodeId(999999)}`)).statusCode).toBe(404);
    expect((await admin().put(`/api/admin/companies/${encodeId(999999)}`, { name: 'Y' })).statusCode).toBe(404);
    expect((await admin().del('/api/admin/companies/not-an-id!')).statusCode).toBe(400);
  });

  it('renaming onto another company’s name is a 409', async () => {
    const taken = dataOf<AdminCompaniesData>((await admin().get('/api/admin/companies')).body).companies.find(
      (c) => c.id_company !== id && /[^ -~]/.test(c.name),
    )!;
    const response = await admin().put(`/api/admin/companies/${id}`, { name: taken.name.toLocaleUpperCase('fr') });
    expect(response.statusCode).toBe(409);
    expect(errorOf(response.body).formErrors).toEqual({ name: 'Ce nom est déjà pris' });
  });

  it('a company with stands is not removed (409 saying so); its stands are still there', async () => {
    const response = await admin().del(`/api/admin/companies/${companyId}`);
    expect(response.statusCode).toBe(409);
    expect(errorOf(response.body).message).toMatch(/n’a pas été supprimée : elle a \d+ stand\(s\)/);
    const english = await call('DELETE', `/api/admin/companies/${companyId}`, undefined, `${cookies.admin}; salon_locale=en_EN`);
    expect(errorOf(english.body).message).toMatch(/was not removed: it holds \d+ stand\(s\)/);
    expect((await admin().get(`/api/admin/companies/${companyId}`)).statusCode).toBe(200);
  });

  it('a company without stand or lead is removed; the audit keeps what it was', async () => {
    const response = await promoter().del(`/api/admin/companies/${id}`);
    expect(response.statusCode).toBe(200);
    expect(dataOf(response.body)).toEqual({ removed: true });
    expect(await newest()).toMatchObject({
      action: 'company.remove',
      target: 'Atelier Nova',
      after: null,
      before: { name: 'Atelier Nova', description: 'Des lampes.' },
    });
    expect((await admin().get(`/api/admin/companies/${id}`)).statusCode).toBe(404);
  });
});

describe('stands', () => {
  let key = '';
  it('creates a stand with its owners and optin; visitors’ stand list and the room frame have it', async () => {
    const response = await promoter().post('/api/admin/stands', {
      name: 'Éclairage Nova',
      name_en: 'Nova Lighting',
      company_id: companyId,
      optin_marketing: false,
      owners: [exhibitorKey],
    });
    expect(response.statusCode).toBe(200);
    const { stand } = dataOf<AdminStandData>(response.body);
    key = stand.id_stand;
    expect(stand).toMatchObject({
      niceName: 'Éclairage Nova',
      niceNameEn: 'Nova Lighting',
      panoramaSlug: 'stand-nova-lighting',
      optin_marketing: false,
      owners: [{ id_user: exhibitorKey, email: DEMO.exhibitor2 }],
      holds: { visits: 0, history: 0, leads: 0 },
    });
    expect(await newest()).toMatchObject({
      action: 'stand.create',
      after: { name: 'Éclairage Nova', name_en: 'Nova Lighting', owners: [DEMO.exhibitor2], optin_marketing: 0 },
    });
    const list = dataOf<StandsData>((await call('GET', '/api/stands', undefined, cookies.visitor)).body).stands;
    expect(list[key]).toMatchObject({ niceNameEn: 'Nova Lighting', panoramaSlug: 'stand-nova-lighting' });
    const frame = await request(t.app, { method: 'GET', url: '/room/stand-nova-lighting?lang=en' });
    expect(frame.statusCode).toBe(200);
    expect(frame.body).toContain('"niceNameEn":"Nova Lighting"');
    // A second stand of the same name gets its own slug.
    const twin = await admin().post('/api/admin/stands', { name: 'Éclairage Nova', name_en: 'Nova Lighting', company_id: companyId });
    expect(dataOf<AdminStandData>(twin.body).stand.panoramaSlug).toBe('stand-nova-lighting-2');
  });

  it.each<[string, () => unknown, number, string]>([
    ['an unknown company', () => ({ name: 'A', name_en: 'A', company_id: encodeId(999999) }), 400, 'company_id'],
    ['a visitor as owner', () => ({ name: 'A', name_en: 'A', company_id: companyId, owners: [encodeId(1)] }), 400, 'owners'],
    ['no English name', () => ({ name: 'A', company_id: companyId }), 400, 'name_en'],
    ['optin as text', () => ({ name: 'A', name_en: 'A', company_id: companyId, optin_marketing: 'yes' }), 400, 'optin_marketing'],
    ['a panorama slug (read-only)', () => ({ name: 'A', name_en: 'A', company_id: companyId, panoramaSlug: 'home' }), 400, 'panoramaSlug'],
  ])('%s: refused (4xx) naming the field', async (_what, payload, status, field) => {
    const visitorId = encodeId(await userIdByEmail(t, DEMO.visitor));
    const body = JSON.parse(JSON.stringify(payload()).replace(encodeId(1), visitorId)) as unknown;
    const before = await entryCount();
    const response = await admin().post('/api/admin/stands', body);
    expect(response.statusCode).toBe(status);
    const error = errorOf(response.body);
    expect(`${error.message} ${JSON.stringify(error.formErrors ?? {})}`).toContain(field);
    expect(await entryCount()).toBe(before);
  });

  it('renames a stand in English: the stand list, the page’s stands and the room frame follow at once; the audit has before and after', async () => {
    const response = await admin().put(`/api/admin/stands/${demoStand.key}`, { name_en: 'Helios Sun Power' });
    expect(response.statusCode).toBe(200);
    expect(await newest()).toMatchObject({
      action: 'stand.update',
      before: { name_en: 'Helios Solar' },
      after: { name_en: 'Helios Sun Power' },
    });
    const list = dataOf<StandsData>((await call('GET', '/api/stands', undefined, cookies.visitor)).body).stands;
    expect(list[demoStand.key]?.niceNameEn).toBe('Helios Sun Power');
    const frame = await request(t.app, { method: 'GET', url: '/room/?lang=en' });
    expect(frame.body).toContain('"niceNameEn":"Helios Sun Power"');
    const panorama = await t.database.db
      .selectFrom('panoramas')
      .select('name_en')
      .where('slug', '=', 'stand-helios-solaire')
      .executeTakeFirstOrThrow();
    expect(panorama.name_en).toBe('Helios Sun Power');
  });

  it('optin back to the global setting (null), owners replaced; the audit names the owners', async () => {
    const response = await admin().put(`/api/admin/stands/${key}`, { optin_marketing: null, owners: [] });
    expect(dataOf<AdminStandData>(response.body).stand).toMatchObject({ optin_marketing: null, owners: [] });
    expect(await newest()).toMatchObject({
      action: 'stand.update',
      before: { optin_marketing: 0, owners: [DEMO.exhibitor2] },
      after: { optin_marketing: null, owners: [] },
    });
  });

  it('a stand with visits and history is not removed (409 saying what it holds)', async () => {
    await call('POST', `/api/stands/${demoStand.key}/visit`, { start: true }, cookies.visitor);
    const response = await admin().del(`/api/admin/stands/${demoStand.key}`);
    expect(response.statusCode).toBe(409);
    expect(errorOf(response.body).message).toMatch(
      /^Le stand « Helios Solaire » n’a pas été supprimé : il a 1 visite\(s\), 1 entrée\(s\) d’historique/,
    );
    const stand = dataOf<AdminStandData>((await admin().get(`/api/admin/stands/${demoStand.key}`)).body).stand;
    expect(stand.holds).toMatchObject({ visits: 1, history: 1 });
    expect(stand.owners.length).toBeGreaterThan(0);
  });

  it('a stand that holds nothing is removed; its panorama row stays', async () => {
    const response = await promoter().del(`/api/admin/stands/${key}`);
    expect(response.statusCode).toBe(200);
    expect(await newest()).toMatchObject({ action: 'stand.remove', before: { name_en: 'Nova Lighting' }, after: null });
    expect((await admin().get(`/api/admin/stands/${key}`)).statusCode).toBe(404);
    expect(dataOf<StandsData>((await call('GET', '/api/stands', undefined, cookies.visitor)).body).stands[key]).toBeUndefined();
    expect(
      await t.database.db.selectFrom('panoramas').select('slug').where('slug', '=', 'stand-nova-lighting').executeTakeFirst(),
    ).toBeDefined();
  });
});

describe('accounts', () => {
  let key = '';
  let generated = '';
  it('an exhibitor account with a generated password, shown once; it logs in with it', async () => {
    const response = await promoter().post('/api/admin/accounts', {
      profile: 'exhibitor',
      email: 'New.Exhibitor@salon.test',
      firstname: 'Nina',
      lastname: 'Nouvel',
      function: 'Directrice',
      function_en: 'Director',
      visio_link: 'https://meet.test/nina',
      stands: [demoStand.key],
    });
    expect(response.statusCode).toBe(200);
    const created = dataOf<AccountCreatedData>(response.body);
    key = created.account.id_user;
    generated = created.password ?? '';
    expect(generated).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(created.account).toMatchObject({
      profile: 'exhibitor',
      email: 'new.exhibitor@salon.test',
      hidden: false,
      visio_link: 'https://meet.test/nina',
      stands: [{ id_stand: demoStand.key }],
    });
    const entry = await newest();
    expect(entry).toMatchObject({
      action: 'account.create',
      target: 'new.exhibitor@salon.test',
      after: { profile: 'exhibitor', firstname: 'Nina' },
    });
    expect(JSON.stringify(entry)).not.toContain(generated);
    const cookie = await login(t.app, 'new.exhibitor@salon.test', generated);
    const page = await request(t.app, { method: 'GET', url: '/exposant', headers: { cookie } });
    expect(page.statusCode).toBe(200);
    // Reading it again never shows the password.
    expect((await admin().get(`/api/admin/accounts/${key}`)).body).not.toContain(generated);
  });

  it('a promoter account with a typed password (administrators only)', async () => {
    const response = await admin().post('/api/admin/accounts', {
      profile: 'promoter',
      email: 'second.organiser@salon.test',
      password: 'a long enough passphrase',
    });
    expect(response.statusCode).toBe(200);
    expect(dataOf<AccountCreatedData>(response.body).password).toBeNull();
    await login(t.app, 'second.organiser@salon.test', 'a long enough passphrase');
  });

  it.each<[string, unknown, number, string]>([
    ['a used e-mail', { profile: 'exhibitor', email: DEMO.visitor }, 409, 'email'],
    ['a used e-mail in another case', { profile: 'exhibitor', email: 'Exposant@Salon.test' }, 409, 'email'],
    ['a short password', { profile: 'exhibitor', email: 'x1@salon.test', password: 'short' }, 400, 'password'],
    ['the demo password', { profile: 'exhibitor', email: 'x2@salon.test', password: 'Salon-Demo' }, 400, 'password'],
    ['a bad e-mail', { profile: 'exhibitor', email: 'nope' }, 400, 'email'],
    ['an administrator profile', { profile: 'administrator', email: 'x3@salon.test' }, 400, 'profile'],
    ['stands for a promoter', { profile: 'promoter', email: 'x4@salon.test', stands: ['abcdef'] }, 400, 'stands'],
    ['an unknown stand', { profile: 'exhibitor', email: 'x5@salon.test', stands: [encodeId(999999)] }, 400, 'stands'],
    ['a visio link that is not http(s)', { profile: 'exhibitor', email: 'x6@salon.test', visio_link: 'meet.test' }, 400, 'visio_link'],
  ])('%s: refused (4xx) on the field, nothing written', async (_what, payload, status, field) => {
    const before = await entryCount();
    const response = await admin().post('/api/admin/accounts', payload);
    expect(response.statusCode).toBe(status);
    const error = errorOf(response.body);
    expect(`${error.message} ${JSON.stringify(error.formErrors ?? {})}`).toContain(field);
    expect(await entryCount()).toBe(before);
    expect(await t.database.db.selectFrom('users').select('id').where('email', 'like', 'x_@salon.test').execute()).toEqual([]);
  });

  it('edits names, hides, moves to other stands; the audit has before and after; the hidden exhibitor leaves the stand’s animators', async () => {
    const other = await standBySlug(t, 'stand-aquapure');
    const response = await promoter().put(`/api/admin/accounts/${key}`, {
      lastname: 'Nouvelle',
      hidden: true,
      stands: [other.key, demoStand.key],
    });
    expect(response.statusCode).toBe(200);
    expect(dataOf<AdminAccountData>(response.body).account).toMatchObject({ lastname: 'Nouvelle', hidden: true });
    expect(
      dataOf<AdminAccountData>(response.body)
        .account.stands.map((s) => s.id_stand)
        .sort(),
    ).toEqual([demoStand.key, other.key].sort());
    const entry = await newest();
    expect(entry).toMatchObject({
      action: 'account.update',
      before: { lastname: 'Nouvel', hidden: false },
      after: { lastname: 'Nouvelle', hidden: true },
    });
    const animators = dataOf<{ visited_stand_animators: { id_user: string }[] }>(
      (await call('GET', `/api/stands/${other.key}/animators`, undefined, cookies.visitor)).body,
    );
    expect(animators.visited_stand_animators.map((a) => a.id_user)).not.toContain(key);
    const shown = await promoter().put(`/api/admin/accounts/${key}`, { hidden: false });
    expect(shown.statusCode).toBe(200);
    const again = dataOf<{ visited_stand_animators: { id_user: string }[] }>(
      (await call('GET', `/api/stands/${other.key}/animators`, undefined, cookies.visitor)).body,
    );
    expect(again.visited_stand_animators.map((a) => a.id_user)).toContain(key);
  });

  it('a new password set by an organiser (same rules): the old one stops working; the audit says so without it', async () => {
    expect((await admin().put(`/api/admin/accounts/${key}`, { password: 'too short' })).statusCode).toBe(400);
    const response = await promoter().put(`/api/admin/accounts/${key}`, { password: 'another long passphrase' });
    expect(response.statusCode).toBe(200);
    const entry = await newest();
    expect(entry).toMatchObject({ action: 'account.update', before: { password: null }, after: { password: 'new' } });
    expect(JSON.stringify(entry)).not.toContain('another long passphrase');
    await login(t.app, 'new.exhibitor@salon.test', 'another long passphrase');
    await expect(login(t.app, 'new.exhibitor@salon.test', generated)).rejects.toThrow(/failed/);
    generated = 'another long passphrase';
    // Saving without a password keeps it.
    expect((await promoter().put(`/api/admin/accounts/${key}`, { password: '', function_en: 'Head of sales' })).statusCode).toBe(200);
    await login(t.app, 'new.exhibitor@salon.test', generated);
  });

  it('an e-mail taken by another account is a 409', async () => {
    const response = await admin().put(`/api/admin/accounts/${key}`, { email: DEMO.exhibitor });
    expect(response.statusCode).toBe(409);
    expect(errorOf(response.body).formErrors).toEqual({ email: 'Adresse déjà utilisée' });
  });

  it('the list has exhibitors and promoters, never visitors or administrators', async () => {
    const { accounts } = dataOf<AdminAccountsData>((await promoter().get('/api/admin/accounts')).body);
    expect(new Set(accounts.map((a) => a.profile))).toEqual(new Set(['exhibitor', 'promoter']));
    expect(accounts.map((a) => a.email)).toEqual(expect.arrayContaining([DEMO.exhibitor, DEMO.promoter, 'new.exhibitor@salon.test']));
    expect(accounts.map((a) => a.email)).not.toContain(DEMO.admin);
  });

  it('an account with chats or history is not removed: 409, hide it instead', async () => {
    // The exhibitor switches their availability: an entry in their stands' history.
    for (const availability of [false, true])
      expect((await call('PUT', '/api/exhibitors/me/availability', { availability }, cookies.exhibitor)).statusCode).toBe(200);
    const response = await admin().del(`/api/admin/accounts/${encodeId(await userIdByEmail(t, DEMO.exhibitor))}`);
    expect(response.statusCode).toBe(409);
    expect(errorOf(response.body).message).toMatch(
      /^Le compte exposant@salon\.test n’a pas été supprimé : il a .*entrée\(s\) d’historique.*Masquez-le plutôt\.$/,
    );
    expect((await admin().get(`/api/admin/accounts/${encodeId(await userIdByEmail(t, DEMO.exhibitor))}`)).statusCode).toBe(200);
  });

  it('an account another table still points at (a foreign key without cascade, such as a later part’s): 409, nothing removed', async () => {
    const created = dataOf<AccountCreatedData>(
      (await admin().post('/api/admin/accounts', { profile: 'exhibitor', email: 'held@salon.test' })).body,
    );
    const userId = await userIdByEmail(t, 'held@salon.test');
    await sql`create table content_test_refs (user_id integer not null references users(id))`.execute(t.database.db);
    try {
      await sql`insert into content_test_refs (user_id) values (${userId})`.execute(t.database.db);
      const before = await entryCount();
      const response = await admin().del(`/api/admin/accounts/${created.account.id_user}`);
      expect(response.statusCode).toBe(409);
      expect(errorOf(response.body).message).toBe('Rien n’a été supprimé : d’autres données s’y rapportent encore.');
      expect(await entryCount()).toBe(before);
      expect((await admin().get(`/api/admin/accounts/${created.account.id_user}`)).statusCode).toBe(200);
    } finally {
      await sql`drop table content_test_refs`.execute(t.database.db);
    }
  });

  it('an account that holds nothing is removed: its stands lose it, its sessions end, the audit keeps it', async () => {
    const cookie = await login(t.app, 'new.exhibitor@salon.test', generated);
    const active = () => markActive(t.app, cookie);
    // The activity push trusts its session cache for minutes: the removal must empty it.
    expect((await active()).statusCode).toBe(200);
    const response = await promoter().del(`/api/admin/accounts/${key}`);
    expect(response.statusCode).toBe(200);
    expect((await active()).statusCode).toBe(401);
    expect(await newest()).toMatchObject({
      action: 'account.remove',
      target: 'new.exhibitor@salon.test',
      after: null,
      before: { firstname: 'Nina' },
    });
    expect((await admin().get(`/api/admin/accounts/${key}`)).statusCode).toBe(404);
    const stand = dataOf<AdminStandData>((await admin().get(`/api/admin/stands/${demoStand.key}`)).body).stand;
    expect(stand.owners.map((o) => o.id_user)).not.toContain(key);
    const after = await request(t.app, { method: 'GET', url: '/exposant', headers: { cookie } });
    expect(after.statusCode).not.toBe(200);
  });
});

describe('what connected visitors see', () => {
  let base = '';
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('not listening');
    base = `http://127.0.0.1:${address.port}`;
  });

  it('an exhibitor hidden, renamed, shown again by an organiser: a visitor on their stand sees it live, without a reload', async () => {
    const stand = await standBySlug(t, 'stand-nordic-robotics');
    const client = await openSse(`${base}/api/sse/live/activity?visited_stand_id=${stand.key}`, { cookie: cookies.visitor });
    // Keyed by stand id (spec §3 Room state).
    const animators = (e: SseEvent) =>
      (
        e.data.visited_stand_animators as
          Record<string, { id_user: string; fullname: string; company: { name: string } | null }[]> | undefined
      )?.[stand.key] ?? null;
    try {
      const first = await client.next((e) => e.event === 'liveActivity', 10_000);
      expect(animators(first)?.map((a) => a.id_user)).toContain(exhibitorKey);

      let from = client.events.length;
      expect((await promoter().put(`/api/admin/accounts/${exhibitorKey}`, { hidden: true })).statusCode).toBe(200);
      const hidden = await client.next((e) => e.event === 'liveActivity' && animators(e) !== null, 10_000, from);
      expect(animators(hidden)?.map((a) => a.id_user)).not.toContain(exhibitorKey);

      from = client.events.length;
      expect((await promoter().put(`/api/admin/accounts/${exhibitorKey}`, { hidden: false, lastname: 'Bergström' })).statusCode).toBe(200);
      const shown = await client.next(
        (e) => e.event === 'liveActivity' && (animators(e)?.some((a) => a.id_user === exhibitorKey) ?? false),
        3000,
        from,
      );
      // The name as the stand's card shows it (the publication rule applies to the live activity as to the API).
      const card = dataOf<{ visited_stand_animators: { id_user: string; lastname: string | null }[] }>(
        (await call('GET', `/api/stands/${stand.key}/animators`, undefined, cookies.visitor)).body,
      );
      const published = card.visited_stand_animators.find((a) => a.id_user === exhibitorKey)?.lastname;
      expect(published).toBe('Bergström');
      expect(animators(shown)?.find((a) => a.id_user === exhibitorKey)?.fullname).toBe(`Jonas ${published}`);

      // The company renamed: the stand's exhibitors carry its new name.
      const company = dataOf<AdminStandData>((await admin().get(`/api/admin/stands/${stand.key}`)).body).stand.company;
      from = client.events.length;
      expect((await admin().put(`/api/admin/companies/${company.id_company}`, { name: 'Nordic Robotics Group' })).statusCode).toBe(200);
      const renamed = await client.next((e) => e.event === 'liveActivity' && animators(e) !== null, 10_000, from);
      expect(animators(renamed)?.find((a) => a.id_user === exhibitorKey)?.company).toEqual({ name: 'Nordic Robotics Group' });
    } finally {
      client.close();
    }
  });
});

describe('the pages', () => {
  const page = (path: string, cookie: string, locale = 'fr_FR') =>
    request(t.app, { method: 'GET', url: path, headers: { cookie: `${cookie}; salon_locale=${locale}` } });
  const post = (path: string, fields: Record<string, string>, cookie = cookies.admin, locale = 'fr_FR') => {
    const f = form(fields);
    return request(t.app, {
      method: 'POST',
      url: path,
      payload: f.payload,
      headers: { ...f.headers, cookie: `${cookie}; salon_locale=${locale}` },
    });
  };

  it.each(['/admin/entreprises', '/admin/stands', '/admin/comptes'])(
    '%s: no session → home; visitor, anonymous, exhibitor 403; promoter and admin 200 in both languages',
    async (path) => {
      expect((await request(t.app, { method: 'GET', url: path })).statusCode).toBe(303);
      for (const who of ['anonymous', 'visitor', 'exhibitor'] as const)
        expect([who, (await page(path, cookies[who])).statusCode]).toEqual([who, 403]);
      for (const who of ['anonymous', 'visitor', 'exhibitor'] as const)
        expect([who, (await post(path, { action: 'create', name: 'X' }, cookies[who])).statusCode]).toEqual([who, 403]);
      for (const who of ['promoter', 'admin'] as const) {
        const fr = await page(path, cookies[who]);
        const en = await page(path, cookies[who], 'en_EN');
        expect([fr.statusCode, en.statusCode]).toEqual([200, 200]);
        expect(fr.body).toContain('<html lang="fr">');
        expect(en.body).toContain('<html lang="en">');
      }
    },
  );

  it('every back-office page has the same navigation, its own page marked', async () => {
    const pages: [string, string][] = [
      ['/admin', 'Administration'],
      ['/organisateur', 'Organizer area'],
      ['/organisateur/visiteurs', 'Visitors'],
      ['/admin/entreprises', 'Companies'],
      ['/admin/stands', 'Stands'],
      ['/admin/comptes', 'Accounts'],
      ['/admin/panoramas', 'Panoramas'],
      ['/admin/imports', 'CSV imports'],
    ];
    const navOf = (body: string) => /<nav class="back-office" aria-label="Back office">([\s\S]*?)<\/nav>/.exec(body)?.[1] ?? '';
    const links = (nav: string) => [...nav.matchAll(/href="http:\/\/salon\.test([^"]*)"/g)].map((m) => m[1]);
    for (const [path, label] of pages) {
      const nav = navOf((await page(path, cookies.admin, 'en_EN')).body);
      expect({ path, links: links(nav) }).toEqual({ path, links: pages.map(([p]) => p) });
      expect(nav).toContain(`aria-current="page"><strong>${label}</strong>`);
    }
    // A promoter's has no administration.
    const promoterNav = navOf((await page('/admin/imports', cookies.promoter, 'en_EN')).body);
    expect(links(promoterNav)).toEqual(pages.slice(1).map(([p]) => p));
  });

  it('/admin says why the spec’s auth parameter has no control, and what it changes', async () => {
    const en = (await page('/admin', cookies.admin, 'en_EN')).body;
    expect(en).toMatch(
      /<fieldset id="settings-auth"><legend>Authentication \(auth\)<\/legend>\n<p>Not a setting: each page gives it per person/,
    );
    const fr = (await page('/admin', cookies.admin, 'fr_FR')).body;
    expect(fr).toContain('<legend>Authentification (auth)</legend>');
  });

  it('the areas link to the pages', async () => {
    expect((await page('/admin', cookies.admin, 'en_EN')).body).toMatch(/href="http:\/\/salon\.test\/admin\/stands"/);
    expect((await page('/organisateur', cookies.promoter, 'en_EN')).body).toMatch(/href="http:\/\/salon\.test\/admin\/entreprises"/);
  });

  it('a company form with errors comes back with them next to the fields, the values kept and escaped', async () => {
    const response = await post(
      '/admin/entreprises',
      { action: 'create', name: '<b>Bad</b>', website_link: 'ftp://x', email: 'nope' },
      cookies.admin,
      'en_EN',
    );
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('value="&lt;b&gt;Bad&lt;/b&gt;"');
    expect(response.body).toMatch(/id="company-website_link-error">[^<]+</);
    expect(response.body).toMatch(/id="company-email-error">[^<]+</);
    expect(response.body).not.toContain('<b>Bad</b>');
  });

  it('creates, edits and removes a company through the page (303 each), with the audit entries', async () => {
    const created = await post('/admin/entreprises', { action: 'create', name: 'Page Co', description_en: 'From the page' });
    expect(created.statusCode).toBe(303);
    const row = await t.database.db.selectFrom('companies').select('id').where('name', '=', 'Page Co').executeTakeFirstOrThrow();
    expect(await newest()).toMatchObject({ action: 'company.create', target: 'Page Co' });
    const edited = await post('/admin/entreprises', { action: 'update', id: encodeId(row.id), name: 'Page Co', description_en: 'Edited' });
    expect(edited.statusCode).toBe(303);
    expect(await newest()).toMatchObject({ action: 'company.update', after: { description_en: 'Edited' } });
    const conflictPage = await post('/admin/entreprises', { action: 'remove', id: companyId }, cookies.admin, 'en_EN');
    expect(conflictPage.statusCode).toBe(409);
    expect(conflictPage.body).toMatch(/role="alert">The company “[^”]+” was not removed/);
    const removed = await post('/admin/entreprises', { action: 'remove', id: encodeId(row.id) });
    expect(removed.statusCode).toBe(303);
    expect(await newest()).toMatchObject({ action: 'company.remove', target: 'Page Co' });
  });

  it('edits a stand’s English name through the page; the optin choice and owners are kept', async () => {
    const other = await standBySlug(t, 'stand-nordic-robotics');
    const before = dataOf<AdminStandData>((await admin().get(`/api/admin/stands/${other.key}`)).body).stand;
    const editForm = await page(`/admin/stands?edit=${other.key}`, cookies.admin, 'en_EN');
    expect(editForm.body).toContain('value="Nordic Robotics"');
    expect(editForm.body).toContain('stand-nordic-robotics');
    const fields: Record<string, string> = {
      action: 'update',
      id: other.key,
      name: before.niceName,
      name_en: 'Nordic Robots',
      company_id: before.company.id_company,
      optin_marketing: 'no',
    };
    const f = form(fields);
    const payload = `${f.payload}${before.owners.map((o) => `&owners=${o.id_user}`).join('')}`;
    const response = await request(t.app, {
      method: 'POST',
      url: '/admin/stands',
      payload,
      headers: { ...f.headers, cookie: cookies.admin },
    });
    expect(response.statusCode).toBe(303);
    const after = dataOf<AdminStandData>((await admin().get(`/api/admin/stands/${other.key}`)).body).stand;
    expect(after).toMatchObject({ niceNameEn: 'Nordic Robots', optin_marketing: false, owners: before.owners });
  });

  it('creates an exhibitor account through the page: the generated password is shown once, never again', async () => {
    const response = await post(
      '/admin/comptes',
      { action: 'create', profile: 'exhibitor', email: 'page.exhibitor@salon.test', firstname: 'Paul', password: '' },
      cookies.promoter,
      'en_EN',
    );
    expect(response.statusCode).toBe(200);
    const match = /<code id="generated-password">([A-Za-z0-9_-]{16})<\/code>/.exec(response.body);
    expect(match).not.toBeNull();
    await login(t.app, 'page.exhibitor@salon.test', match![1]!);
    expect((await page('/admin/comptes', cookies.promoter)).body).not.toContain(match![1]!);
    const promoterForm = await post(
      '/admin/comptes',
      { action: 'create', profile: 'promoter', email: 'page.promoter@salon.test' },
      cookies.promoter,
      'en_EN',
    );
    expect(promoterForm.statusCode).toBe(403);
  });

  it('edits an account through the page: hidden, a new password, its stands; a promoter cannot edit a promoter’s', async () => {
    const id = encodeId(await userIdByEmail(t, 'page.exhibitor@salon.test'));
    const editForm = await page(`/admin/comptes?edit=${id}`, cookies.promoter, 'en_EN');
    expect(editForm.body).toContain('value="page.exhibitor@salon.test"');
    expect(editForm.body).toContain('New password');
    const stand = await standBySlug(t, 'stand-verdi');
    const f = form({
      action: 'update',
      id,
      email: 'page.exhibitor@salon.test',
      firstname: 'Paul',
      lastname: 'Page',
      function: '',
      function_en: '',
      visio_link: '',
      hidden: '1',
      password: 'a brand new passphrase',
    });
    const response = await request(t.app, {
      method: 'POST',
      url: '/admin/comptes',
      payload: `${f.payload}&stands=${stand.key}`,
      headers: { ...f.headers, cookie: cookies.promoter },
    });
    expect(response.statusCode).toBe(303);
    const account = dataOf<AdminAccountData>((await admin().get(`/api/admin/accounts/${id}`)).body).account;
    expect(account).toMatchObject({ lastname: 'Page', hidden: true, stands: [{ id_stand: stand.key }] });
    await login(t.app, 'page.exhibitor@salon.test', 'a brand new passphrase');
    const refused = await post(
      '/admin/comptes',
      { action: 'update', id: promoterKey, email: DEMO.promoter, firstname: 'Pirate' },
      cookies.promoter,
      'en_EN',
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.body).toContain('Only administrators manage promoter accounts');
  });

  it('creates a stand through the page, then removes it; a stand with visits is refused with the reason on top', async () => {
    const f = form({
      action: 'create',
      name: 'Stand de la page',
      name_en: 'Page Stand',
      company_id: companyId,
      optin_marketing: 'inherit',
    });
    const created = await request(t.app, {
      method: 'POST',
      url: '/admin/stands',
      payload: f.payload,
      headers: { ...f.headers, cookie: cookies.promoter },
    });
    expect(created.statusCode).toBe(303);
    expect(created.headers.location).toBe(`${ORIGIN}/admin/stands?done=created`);
    const row = await t.database.db.selectFrom('stands').selectAll().where('name_en', '=', 'Page Stand').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: 'Stand de la page', optin_marketing: null, panorama_slug: 'stand-page-stand' });
    const invalid = await post('/admin/stands', { action: 'create', name: '', name_en: 'X', company_id: 'nope!' }, cookies.admin, 'en_EN');
    expect(invalid.statusCode).toBe(400);
    expect(invalid.body).toMatch(/id="stand-name-error">[^<]+</);
    expect(invalid.body).toMatch(/id="stand-company_id-error">[^<]+</);
    const refused = await post('/admin/stands', { action: 'remove', id: demoStand.key }, cookies.admin, 'en_EN');
    expect(refused.statusCode).toBe(409);
    expect(refused.body).toMatch(/role="alert">The stand “[^”]+” was not removed: it holds \d+ visit\(s\)/);
    const removed = await post('/admin/stands', { action: 'remove', id: encodeId(row.id) }, cookies.promoter);
    expect(removed.statusCode).toBe(303);
    expect(await t.database.db.selectFrom('stands').select('id').where('id', '=', row.id).executeTakeFirst()).toBeUndefined();
  });

  it('an account with history cannot be removed through the page: the reason and “hide it instead” on top', async () => {
    const refused = await post(
      '/admin/comptes',
      { action: 'remove', id: encodeId(await userIdByEmail(t, DEMO.exhibitor)) },
      cookies.admin,
      'en_EN',
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.body).toMatch(/role="alert">The account exposant@salon\.test was not removed: [^<]*Hide it instead\.</);
  });

  it('a short typed password is shown next to its field', async () => {
    const response = await post(
      '/admin/comptes',
      { action: 'create', profile: 'exhibitor', email: 'page.short@salon.test', password: 'short' },
      cookies.admin,
      'en_EN',
    );
    expect(response.statusCode).toBe(400);
    expect(response.body).toMatch(/id="account-password-error">At least 12 characters</);
  });
});
