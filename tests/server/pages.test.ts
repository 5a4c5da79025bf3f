import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { encodeId } from '../../host-shell/server/lib/ids';
import { ROUTES, buildPath } from '@salon/shared/contracts/routes';
import { createTestApp, type TestApp } from './helpers';
import { DEMO, anonymousCookie, login } from './accounts';
import { ORIGIN, request } from './http';

let t: TestApp;
const cookies: Record<string, string | undefined> = {};
let exhibitorId = '';

beforeAll(async () => {
  t = await createTestApp();
  cookies.none = undefined;
  cookies.anonymous = await anonymousCookie(t.app);
  cookies.visitor = await login(t.app, DEMO.visitor);
  cookies.exhibitor = await login(t.app, DEMO.exhibitor);
  cookies.promoter = await login(t.app, DEMO.promoter);
  cookies.admin = await login(t.app, DEMO.admin);
  const row = await t.database.db.selectFrom('users').select('id').where('email', '=', DEMO.exhibitor).executeTakeFirstOrThrow();
  exhibitorId = encodeId(row.id);
}, 30_000);
afterAll(async () => {
  await t.close();
});

type Role = 'none' | 'anonymous' | 'visitor' | 'exhibitor' | 'promoter' | 'admin';
const ROLES: Role[] = ['none', 'anonymous', 'visitor', 'exhibitor', 'promoter', 'admin'];
/** Expected status per role: 200 page, 303 to home (no session), 403 page, 404 page. */
type Expectation = Record<Role, 200 | 303 | 403 | 404>;
const all = (status: 200 | 404): Expectation => ({
  none: status,
  anonymous: status,
  visitor: status,
  exhibitor: status,
  promoter: status,
  admin: status,
});
const only = (...allowed: Role[]): Expectation =>
  Object.fromEntries(ROLES.map((r) => [r, r === 'none' ? 303 : allowed.includes(r) ? 200 : 403])) as Expectation;

const GATES: Record<Exclude<keyof typeof ROUTES, 'logout'>, Expectation> = {
  home: all(200),
  room: all(200),
  notfound: all(404),
  profile: only('visitor', 'exhibitor', 'promoter', 'admin'),
  contact: all(200),
  login: all(200),
  faq: all(200),
  'legal-notice': all(200),
  'privacy-policy': all(200),
  'contest-rules': all(200),
  'cookie-policy': all(200),
  'chat.file': all(404),
  exhibitor: only('exhibitor'),
  'exhibitor.profile': all(200),
  'exhibitor.profile.me': only('exhibitor'),
  promoter: only('promoter', 'admin'),
  'promoter.visitors': only('promoter', 'admin'),
  admin: only('admin'),
  'admin.panoramas': only('promoter', 'admin'),
  'admin.imports': only('promoter', 'admin'),
  'admin.companies': only('promoter', 'admin'),
  'admin.stands': only('promoter', 'admin'),
  'admin.accounts': only('promoter', 'admin'),
};

describe('role gating of every page of the route table', () => {
  const cases = Object.entries(GATES).flatMap(([name, expected]) => ROLES.map((role) => [name, role, expected[role]] as const));
  it.each(cases)('%s as %s → %i', async (name, role, status) => {
    const path = buildPath(ROUTES[name as keyof typeof ROUTES], { id_user: exhibitorId, filename: 'notes.pdf' });
    const cookie = cookies[role];
    const response = await request(t.app, { method: 'GET', url: path, headers: cookie ? { cookie } : {} });
    expect(response.statusCode).toBe(status);
    if (status === 303) expect(response.headers.location).toBe(`${ORIGIN}/`);
    else expect(response.headers['content-type']).toContain('text/html');
    if (status === 403) expect(response.body).toMatch(/Access denied|Accès refusé/);
  });
});

describe('not found', () => {
  it('renders the 404 page for an unknown path', async () => {
    const response = await request(t.app, { method: 'GET', url: '/nulle-part?x=<b>', headers: { 'accept-language': 'fr' } });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('<html lang="fr">');
    expect(response.body).toContain('Page introuvable');
    expect(response.body).not.toContain('<b>');
  });

  it('answers 404 for a wrong method on a page', async () => {
    const response = await request(t.app, { method: 'DELETE', url: '/faq', headers: { origin: ORIGIN } });
    expect(response.statusCode).toBe(404);
  });
});

describe('exhibitor profile /exposant/{id_user}/profil', () => {
  it('shows published fields only', async () => {
    // Inès Garnier keeps her mobile private; her contact email is published.
    const ines = await t.database.db.selectFrom('users').selectAll().where('lastname', '=', 'Garnier').executeTakeFirstOrThrow();
    const response = await request(t.app, { method: 'GET', url: `/exposant/${encodeId(ines.id)}/profil` });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('Inès Garnier');
    expect(response.body).toContain(ines.contact_email ?? 'missing');
    expect(response.body).not.toContain(ines.mobile ?? 'missing');
    expect(response.body).toContain(`src="${ORIGIN}/media/avatars/${encodeId(ines.id)}.svg"`);
  });

  it.each([
    ['not an id at all', 'not-an-id!'],
    ['a string that does not decode', 'zzzzzz'],
    ['the id of a visitor', 'visitor'],
    ['an unknown id', encodeId(999999)],
  ])('answers 404 for %s', async (_case, id) => {
    let value = id;
    if (id === 'visitor') {
      const row = await t.database.db.selectFrom('users').select('id').where('email', '=', DEMO.visitor).executeTakeFirstOrThrow();
      value = encodeId(row.id);
    }
    const response = await request(t.app, { method: 'GET', url: `/exposant/${encodeURIComponent(value)}/profil` });
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('Page not found');
  });

  it('hides an unpublished profile from others but shows it to its owner', async () => {
    await t.database.db.updateTable('users').set({ hidden: 1 }).where('email', '=', DEMO.exhibitor).execute();
    try {
      const publicView = await request(t.app, { method: 'GET', url: `/exposant/${exhibitorId}/profil` });
      expect(publicView.statusCode).toBe(404);
      const own = await request(t.app, { method: 'GET', url: '/exposant/profil', headers: { cookie: cookies.exhibitor } });
      expect(own.statusCode).toBe(200);
      expect(own.body).toMatch(/not published|n’est pas publié/);
    } finally {
      await t.database.db.updateTable('users').set({ hidden: 0 }).where('email', '=', DEMO.exhibitor).execute();
    }
  });
});

describe('content pages', () => {
  it.each(['/faq', '/mentions-legales', '/politique-de-confidentialite', '/reglement', '/cookies'])('%s is bilingual', async (path) => {
    const en = await request(t.app, { method: 'GET', url: path, headers: { 'accept-language': 'en' } });
    const fr = await request(t.app, { method: 'GET', url: path, headers: { 'accept-language': 'fr' } });
    expect(en.body).toContain('<html lang="en">');
    expect(fr.body).toContain('<html lang="fr">');
    const h1 = (body: string) => /<h1>(.*?)<\/h1>/.exec(body)?.[1];
    expect(h1(en.body)).toBeTruthy();
    expect(h1(en.body)).not.toBe(h1(fr.body));
  });
});

describe('back-office pages', () => {
  it('lists registered visitors for the organizer, with paging validated', async () => {
    const response = await request(t.app, { method: 'GET', url: '/organisateur/visiteurs', headers: { cookie: cookies.promoter } });
    expect(response.body).toContain(DEMO.visitor);
    expect(response.body).not.toContain(DEMO.exhibitor);
    const bad = await request(t.app, { method: 'GET', url: '/organisateur/visiteurs?page=0', headers: { cookie: cookies.promoter } });
    expect(bad.statusCode).toBe(200);
    expect(bad.body).toContain(DEMO.visitor);
  });

  it('shows the exhibitor their two stands', async () => {
    // A French browser (the demo exhibitor's saved language is French too).
    const response = await request(t.app, {
      method: 'GET',
      url: '/exposant',
      headers: { cookie: cookies.exhibitor, 'accept-language': 'fr-FR,fr;q=0.9' },
    });
    expect(response.body).toContain('Helios Solaire');
    expect(response.body).toContain('Helios Stockage');
  });
});

describe('media', () => {
  it('serves exhibitor avatars as SVG, 404 for a bad id', async () => {
    const ok = await request(t.app, { method: 'GET', url: `/media/avatars/${exhibitorId}.svg` });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toContain('image/svg+xml');
    expect(ok.body).toContain('>CF</text>');
    const bad = await request(t.app, { method: 'GET', url: '/media/avatars/nope.svg' });
    expect(bad.statusCode).toBe(404);
  });
});
