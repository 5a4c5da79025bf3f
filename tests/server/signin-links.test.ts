import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { parse } from 'csv-parse/sync';
import type { ImportData } from '@salon/shared/contracts/imports';
import { countRows, createTestApp, waitFor, type TestApp } from './helpers';
import { encodeId } from '../../host-shell/server/lib/ids';
import { multipart } from './uploads';
import { DEMO, EACH_PROFILE, login, sessionCookieOf, signIn, userIdByEmail, type EachProfile } from './accounts';
import { ORIGIN, XHR, request } from './http';

let t: TestApp;
let cookies: Record<EachProfile, string>;
const english = (cookie: string) => (cookie ? `${cookie}; salon_locale=en_EN` : 'salon_locale=en_EN');
const french = (cookie: string) => (cookie ? `${cookie}; salon_locale=fr_FR` : 'salon_locale=fr_FR');
const db = () => t.database.db;

/** A form post as the page sends it (urlencoded, this origin); `fields` may repeat a name. */
function post(url: string, fields: [string, string][], cookie: string) {
  return request(t.app, {
    method: 'POST',
    url,
    payload: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN, cookie },
  });
}
const askLinks = (fields: [string, string][], cookie = cookies.admin) =>
  post('/admin/comptes', [['action', 'signin-links'], ...fields], english(cookie));

interface LinkLine {
  email: string;
  firstname: string;
  lastname: string;
  link: string;
}
function linesOf(csv: string): LinkLine[] {
  expect(csv.startsWith('\ufeff"email","firstname","lastname","link"\r\n')).toBe(true);
  return parse(csv.slice(1), { columns: true }) as LinkLine[];
}
const pathOf = (link: string) => new URL(link).pathname;

async function importUsers(csv: string, name = 'people.csv'): Promise<ImportData> {
  const body = multipart([{ name: 'file', filename: name, type: 'text/csv', content: csv }]);
  const headers = { ...XHR, origin: ORIGIN, cookie: english(cookies.admin) };
  const uploaded = await request(t.app, {
    method: 'POST',
    url: '/api/users/import',
    payload: body.payload,
    headers: { ...headers, ...body.headers },
  });
  expect(uploaded.statusCode).toBe(200);
  const { id } = (JSON.parse(uploaded.body) as { data: ImportData }).data;
  const confirmed = await request(t.app, {
    method: 'POST',
    url: `/api/imports/${id}/confirm`,
    payload: '{}',
    headers: { ...headers, 'content-type': 'application/json' },
  });
  expect(confirmed.statusCode).toBe(200);
  return waitFor(
    async () => {
      const current = (
        JSON.parse((await request(t.app, { method: 'GET', url: `/api/imports/${id}`, headers })).body) as { data: ImportData }
      ).data;
      return current.status === 'running' ? undefined : current;
    },
    10_000,
    'the import to end',
  );
}

const linkCount = () => countRows(t, 'signin_links');
/** The sign-in links queued for e-mail (no mail server here: they wait in the outbox), by address, after `afterId`. */
async function mailedLinks(afterId = 0): Promise<{ to: string; lang: string; text: string; id: number }[]> {
  const rows = await db()
    .selectFrom('mail_outbox')
    .select(['id', 'to_address', 'lang', 'text_body'])
    .where('kind', '=', 'signin_link')
    .where('id', '>', afterId)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ id: r.id, to: r.to_address, lang: r.lang, text: r.text_body }));
}
const lastMailId = async () => (await mailedLinks()).at(-1)?.id ?? 0;
/** The token of the one sign-in link in an e-mail's text. */
const tokenIn = (text: string) => /\/connexion\/lien\/([A-Za-z0-9_-]{43})/.exec(text)?.[1];
const linkEntries = () => db().selectFrom('audit_log').selectAll().where('action', '=', 'signin_links.create').orderBy('id').execute();
const passwordOf = async (email: string) =>
  (await db().selectFrom('users').select('password_hash').where('email', '=', email).executeTakeFirstOrThrow()).password_hash;

beforeAll(async () => {
  t = await createTestApp();
  cookies = await signIn(t.app, EACH_PROFILE);
}, 30_000);
afterAll(() => t.close());

describe('who may make sign-in links', () => {
  it('no session goes to the login page; anonymous visitors, visitors and exhibitors get the 403 page; nothing is made or recorded', async () => {
    const exhibitorId = encodeId(await userIdByEmail(t, DEMO.exhibitor2));
    for (const fields of [
      [['scope', 'without_password']],
      [
        ['scope', 'selected'],
        ['ids', exhibitorId],
      ],
    ] as [string, string][][]) {
      const none = await askLinks(fields, '');
      expect(none.statusCode).toBe(303);
      expect(none.headers.location).toBe(`${ORIGIN}/`);
      for (const who of ['anonymous', 'visitor', 'exhibitor'] as const) {
        const refused = await askLinks(fields, cookies[who]);
        expect(refused.statusCode).toBe(403);
        expect(refused.headers['content-type']).toMatch(/^text\/html/);
      }
    }
    expect(await linkCount()).toBe(0);
    expect(await linkEntries()).toHaveLength(0);
  });

  it('another site cannot make them (the form guard refuses a foreign origin)', async () => {
    const response = await request(t.app, {
      method: 'POST',
      url: '/admin/comptes',
      payload: 'action=signin-links&scope=without_password',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example', cookie: english(cookies.admin) },
    });
    expect(response.statusCode).toBe(403);
    expect(await linkCount()).toBe(0);
  });

  it('a promoter gets links for exhibitors, never for a promoter or an administrator; an administrator for promoters too, never for an administrator', async () => {
    const [exhibitor, promoter, admin] = await Promise.all(
      [DEMO.exhibitor2, DEMO.promoter, DEMO.admin].map((e) => userIdByEmail(t, e).then(encodeId)),
    );
    const byPromoter = await askLinks(
      [
        ['scope', 'selected'],
        ['ids', exhibitor!],
        ['ids', promoter!],
        ['ids', admin!],
      ],
      cookies.promoter,
    );
    expect(byPromoter.statusCode).toBe(200);
    expect(linesOf(byPromoter.body).map((l) => l.email)).toEqual([DEMO.exhibitor2]);
    const onlyOthers = await askLinks(
      [
        ['scope', 'selected'],
        ['ids', promoter!],
        ['ids', admin!],
      ],
      cookies.promoter,
    );
    expect(onlyOthers.statusCode).toBe(400);
    expect(onlyOthers.body).toContain('None of the ticked accounts can get a sign-in link.');
    const byAdmin = await askLinks(
      [
        ['scope', 'selected'],
        ['ids', promoter!],
        ['ids', admin!],
      ],
      cookies.admin,
    );
    expect(byAdmin.statusCode).toBe(200);
    expect(linesOf(byAdmin.body).map((l) => l.email)).toEqual([DEMO.promoter]);
    const entries = await linkEntries();
    expect(entries.map((e) => [e.actor_email, e.target])).toEqual([
      [DEMO.promoter, 'accounts'],
      [DEMO.admin, 'accounts'],
    ]);
    expect(JSON.parse(entries[0]!.after!)).toMatchObject({ scope: 'selected', count: 1, accounts: [DEMO.exhibitor2] });
    // E-mailed instead (`send=selected`): each ticked account that may get one, its own link, and nobody else.
    const before = await lastMailId();
    const mailed = await askLinks(
      [
        ['send', 'selected'],
        ['ids', exhibitor!],
        ['ids', promoter!],
        ['ids', admin!],
      ],
      cookies.admin,
    );
    expect(mailed.statusCode).toBe(200);
    expect(mailed.headers['content-type']).toMatch(/^text\/html/);
    expect(mailed.body).toContain('Sign-in links sent by e-mail: 2.');
    const sent = await mailedLinks(before);
    expect(sent.map((m) => m.to).sort()).toEqual([DEMO.exhibitor2, DEMO.promoter].sort());
    const tokens = sent.map((m) => tokenIn(m.text));
    expect(new Set(tokens).size).toBe(2);
    for (const token of tokens)
      expect((await request(t.app, { method: 'GET', url: `/connexion/lien/${token!}`, headers: { cookie: english('') } })).statusCode).toBe(
        200,
      );
    // Nothing ticked, or an id that is none: refused with the reason.
    expect((await askLinks([['scope', 'selected']])).body).toContain('Tick at least one account.');
    expect(
      (
        await askLinks([
          ['scope', 'selected'],
          ['ids', 'nope!'],
        ])
      ).statusCode,
    ).toBe(400);
  });
});

describe('links for an import, used once', () => {
  const CSV = [
    'email,firstname,lastname,profile',
    'ines.link@example.org,Inès,Lien,visitor',
    'marc.link@example.org,=1+2,-Marc,exhibitor',
    `${DEMO.visitor},Léa,Moreau,visitor`,
  ].join('\n');
  let lines: LinkLine[] = [];

  it('the import’s report gives a CSV of links for its accounts without a password (formulas neutralised), audit-logged; only hashes are stored', async () => {
    const done = await importUsers(CSV);
    expect(done).toMatchObject({ status: 'done', report: { created: 2 } });
    const response = await askLinks([['import', done.id]]);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="signin-links-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(response.headers['cache-control']).toBe('private, no-store');
    lines = linesOf(response.body);
    // The demo visitor of the file has a password: no link for them.
    expect(lines.map((l) => [l.email, l.firstname, l.lastname])).toEqual([
      ['ines.link@example.org', 'Inès', 'Lien'],
      ['marc.link@example.org', "'=1+2", "'-Marc"],
    ]);
    for (const line of lines) expect(line.link).toMatch(/^http:\/\/salon\.test\/connexion\/lien\/[A-Za-z0-9_-]{43}$/);
    const stored = await db().selectFrom('signin_links').selectAll().execute();
    const tokens = lines.map((l) => pathOf(l.link).split('/').pop()!);
    for (const token of tokens) expect(JSON.stringify(stored)).not.toContain(token);
    const entry = (await linkEntries()).at(-1)!;
    expect(entry).toMatchObject({ actor_email: DEMO.admin, target: 'people.csv' });
    expect(JSON.parse(entry.after!)).toMatchObject({
      scope: 'import',
      count: 2,
      accounts: ['ines.link@example.org', 'marc.link@example.org'],
    });
    // Imported without a password: the login form refuses them.
    expect(await passwordOf('ines.link@example.org')).toBeNull();
    // E-mailed from the report instead (`send=import`): the same two accounts, each their own link, in their language.
    const before = await lastMailId();
    const mailed = await askLinks([
      ['import', done.id],
      ['send', 'import'],
    ]);
    expect(mailed.statusCode).toBe(200);
    expect(mailed.body).toContain('Sign-in links sent by e-mail: 2.');
    const sent = await mailedLinks(before);
    expect(sent.map((m) => m.to)).toEqual(['ines.link@example.org', 'marc.link@example.org']);
    expect(sent.map((m) => m.lang)).toEqual(['en', 'en']);
    const [ines, marc] = sent.map((m) => tokenIn(m.text));
    expect(ines).toBeDefined();
    expect(ines).not.toBe(marc);
    const opened = await request(t.app, { method: 'GET', url: `/connexion/lien/${ines!}`, headers: { cookie: english('') } });
    expect(opened.body).toContain('ines.link@example.org');
  });

  it('opening the link shows the password form and uses nothing; a short password is refused with the registration’s rule', async () => {
    const path = pathOf(lines[0]!.link);
    const page = await request(t.app, { method: 'GET', url: path, headers: { cookie: english('') } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['referrer-policy']).toBe('same-origin');
    expect(page.body).toContain('Choose your password');
    expect(page.body).toContain('ines.link@example.org');
    expect(page.body).toContain('Welcome, Inès!');
    const short = await post(path, [['password', 'short']], english(''));
    expect(short.statusCode).toBe(400);
    expect(short.body).toContain('aria-invalid="true"');
    expect(await passwordOf('ines.link@example.org')).toBeNull();
    expect((await request(t.app, { method: 'GET', url: path, headers: { cookie: french('') } })).body).toContain(
      'Choisir votre mot de passe',
    );
  });

  it('a password chosen through the link logs the person in; the link then says it was used, and the password works at the login form', async () => {
    const path = pathOf(lines[0]!.link);
    const done = await post(path, [['password', 'my own secret']], english(''));
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe(`${ORIGIN}/salon`);
    const me = await request(t.app, { method: 'GET', url: '/api/users/me', headers: { ...XHR, cookie: sessionCookieOf(done) } });
    expect(me.statusCode).toBe(200);
    expect(me.body).toContain('ines.link@example.org');

    const again = await request(t.app, { method: 'GET', url: path, headers: { cookie: english('') } });
    expect(again.statusCode).toBe(410);
    expect(again.body).toContain('This sign-in link has already been used: it works only once.');
    expect(again.body).toContain('Ask the fair’s organizer for a new link.');
    expect(again.body).toContain('href="http://salon.test/contact"');
    const hash = await passwordOf('ines.link@example.org');
    const reuse = await post(path, [['password', 'another secret']], english(''));
    expect(reuse.statusCode).toBe(410);
    expect(reuse.headers['set-cookie']).toBeUndefined();
    expect(await passwordOf('ines.link@example.org')).toBe(hash);
    const inFrench = await request(t.app, { method: 'GET', url: path, headers: { cookie: french('') } });
    expect(inFrench.body).toContain('Ce lien de connexion a déjà servi : il ne fonctionne qu’une fois.');
    expect(inFrench.body).toContain('Demandez un nouveau lien à l’organisateur du salon.');
    await expect(login(t.app, 'ines.link@example.org', 'my own secret')).resolves.toMatch(/^salon_session=/);
  });

  it('a new link of an account that has used one is used too; an expired link says so; an unknown one is not valid', async () => {
    const fresh = linesOf(
      (
        await askLinks([
          ['scope', 'selected'],
          ['ids', encodeId(await userIdByEmail(t, 'ines.link@example.org'))],
        ])
      ).body,
    )[0]!;
    const other = linesOf(
      (
        await askLinks([
          ['scope', 'selected'],
          ['ids', encodeId(await userIdByEmail(t, 'ines.link@example.org'))],
        ])
      ).body,
    )[0]!;
    expect((await post(pathOf(fresh.link), [['password', 'a third secret']], english(''))).statusCode).toBe(303);
    expect((await request(t.app, { method: 'GET', url: pathOf(other.link), headers: { cookie: english('') } })).statusCode).toBe(410);

    const marc = pathOf(lines[1]!.link);
    await db()
      .updateTable('signin_links')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('used_at', 'is', null)
      .execute();
    const expired = await request(t.app, { method: 'GET', url: marc, headers: { cookie: english('') } });
    expect(expired.statusCode).toBe(410);
    expect(expired.body).toContain('This sign-in link has expired.');
    expect((await request(t.app, { method: 'GET', url: marc, headers: { cookie: french('') } })).body).toContain(
      'Ce lien de connexion a expiré.',
    );
    const refused = await post(marc, [['password', 'too late secret']], english(''));
    expect(refused.statusCode).toBe(410);
    expect(await passwordOf('marc.link@example.org')).toBeNull();

    for (const token of ['x'.repeat(43), 'short', `${'A'.repeat(42)}%2F`]) {
      const unknown = await request(t.app, { method: 'GET', url: `/connexion/lien/${token}`, headers: { cookie: english('') } });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.body).toContain('This sign-in link is not valid.');
    }
  });

  it('every account without a password at once; none left: the page says so and nothing is recorded', async () => {
    const all = await askLinks([['scope', 'without_password']]);
    expect(all.statusCode).toBe(200);
    expect(linesOf(all.body).map((l) => l.email)).toContain('marc.link@example.org');
    expect(linesOf(all.body).map((l) => l.email)).not.toContain('ines.link@example.org');
    await db()
      .updateTable('users')
      .set({ password_hash: 'scrypt$set' })
      .where('password_hash', 'is', null)
      .where('anonymous', '=', 0)
      .execute();
    const entries = (await linkEntries()).length;
    const none = await askLinks([['scope', 'without_password']]);
    expect(none.statusCode).toBe(200);
    expect(none.headers['content-type']).toMatch(/^text\/html/);
    expect(none.body).toContain('No account without a password: there is no link to create.');
    expect(await linkEntries()).toHaveLength(entries);
  });

  it('an unknown import, or a video-links import, gives no links', async () => {
    expect((await askLinks([['import', encodeId(999_999)]])).statusCode).toBe(404);
    expect((await askLinks([['import', 'not an id']])).statusCode).toBe(404);
  });
});

describe('the accounts page', () => {
  it('offers the links in both languages', async () => {
    const en = await request(t.app, { method: 'GET', url: '/admin/comptes', headers: { cookie: english(cookies.admin) } });
    expect(en.body).toContain('<h2 id="signin-links-heading">Sign-in links</h2>');
    expect(en.body).toContain('Links for every account without a password (CSV)');
    expect(en.body).toContain('Links for the ticked accounts (CSV)');
    const fr = await request(t.app, { method: 'GET', url: '/admin/comptes', headers: { cookie: french(cookies.promoter) } });
    expect(fr.body).toContain('<h2 id="signin-links-heading">Liens de connexion</h2>');
    expect(fr.body).toContain('Liens pour tous les comptes sans mot de passe (CSV)');
  });
});
