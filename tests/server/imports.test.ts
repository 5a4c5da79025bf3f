import http from 'node:http';
import { sql } from 'kysely';
import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { ImportData } from '@salon/shared/contracts/imports';
import { ImportFileError, readCsv } from '../../host-shell/server/services/import-csv';
import { countRows, createTestApp, waitFor, type TestApp } from './helpers';
import { PNG, multipart, zip } from './uploads';
import { pageDataOf, widgetSlotsOf } from './markup';
import { closeListening } from './sse';
import { DEMO, EACH_PROFILE, login, signIn, type EachProfile } from './accounts';
import { ORIGIN, XHR, request } from './http';

let t: TestApp;
let cookies: Record<EachProfile, string>;

/** English unless the cookie says otherwise (the locale cookie comes before the account's own language). */
const headers = (cookie?: string) => ({
  ...XHR,
  origin: ORIGIN,
  ...(cookie ? { cookie: cookie.includes('salon_locale=') ? cookie : `${cookie}; salon_locale=en_EN` } : {}),
});
const inFrench = (cookie: string) => `${cookie}; salon_locale=fr_FR`;

function upload(kind: 'users' | 'visio-links', content: Buffer | string, cookie = cookies.admin, filename = `${kind}.csv`) {
  const body = multipart([{ name: 'file', filename, type: 'text/csv', content }]);
  return request(t.app, {
    method: 'POST',
    url: `/api/${kind}/import`,
    payload: body.payload,
    headers: { ...headers(cookie), ...body.headers },
  });
}
const confirm = (id: string, body: Record<string, unknown> = {}, cookie = cookies.admin) =>
  request(t.app, {
    method: 'POST',
    url: `/api/imports/${id}/confirm`,
    payload: JSON.stringify(body),
    headers: { ...headers(cookie), 'content-type': 'application/json' },
  });
const status = (id: string, cookie = cookies.admin) =>
  request(t.app, { method: 'GET', url: `/api/imports/${id}`, headers: headers(cookie) });

const dataOf = (body: string) => (JSON.parse(body) as { data: ImportData }).data;
const messageOf = (body: string) => (JSON.parse(body) as { data: { error: boolean; message: string } }).data.message;

async function previewOf(kind: 'users' | 'visio-links', content: Buffer | string, cookie = cookies.admin): Promise<ImportData> {
  const response = await upload(kind, content, cookie);
  expect(response.statusCode).toBe(200);
  return dataOf(response.body);
}

/** Confirms and polls until the run ends; returns the final import and every progress seen on the way. */
async function run(
  id: string,
  body: Record<string, unknown> = {},
  cookie = cookies.admin,
): Promise<{ final: ImportData; seen: ImportData[] }> {
  const started = await confirm(id, body, cookie);
  expect(started.statusCode).toBe(200);
  const seen: ImportData[] = [dataOf(started.body)];
  const final = await waitFor(
    async () => {
      const current = dataOf((await status(id, cookie)).body);
      seen.push(current);
      return current.status === 'running' ? undefined : current;
    },
    30_000,
    'the import to end',
  );
  return { final, seen };
}

const db = () => t.database.db;
const userCount = () => countRows(t, 'users');
const importCount = () => countRows(t, 'imports');
const auditEntries = (action: string) => db().selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id').execute();
const userByEmail = (email: string) => db().selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();

beforeAll(async () => {
  t = await createTestApp();
  cookies = await signIn(t.app, EACH_PROFILE);
}, 30_000);
afterAll(async () => {
  await closeListening(t);
});

const USERS_CSV = [
  'email,firstname,lastname,city,profile,company',
  'nina.roy@example.org,Nina,Roy,Lyon,visitor,Acme',
  ',Sans,Adresse,Paris,,',
  'BOB.MARTIN@example.org,Bob,Martin,,exhibitor,',
  'visiteur@salon.test,Léa,Moreau-Dubois,Lyon,,',
  ',Autre,Sans,Paris,,',
  'not-an-email,Bad,Email,,,',
].join('\r\n');

describe('who may import', () => {
  const calls: [string, (cookie?: string) => Promise<{ statusCode: number; body: string }>][] = [
    ['upload users', (cookie) => upload('users', USERS_CSV, cookie)],
    ['upload video links', (cookie) => upload('visio-links', 'name,link\nvisiteur@salon.test,https://meet.test/a', cookie)],
    ['read an import', (cookie) => status('abcdef', cookie)],
    ['confirm an import', (cookie) => confirm('abcdef', { skip_missing: true }, cookie)],
  ];
  it.each(calls)('%s: 401 without a session, 403 for anonymous visitors, visitors and exhibitors; nothing stored', async (_what, call) => {
    const users = await userCount();
    const imports = await importCount();
    expect((await call('')).statusCode).toBe(401);
    for (const who of ['anonymous', 'visitor', 'exhibitor'] as const) {
      const response = await call(cookies[who]);
      expect(response.statusCode).toBe(403);
      expect(messageOf(response.body)).toMatch(/organi[sz]ers/);
    }
    expect(await userCount()).toBe(users);
    expect(await importCount()).toBe(imports);
  });

  it('administrators and promoters may (each confirms its own upload or the other’s)', async () => {
    const byAdmin = await previewOf('visio-links', 'name,link\nvisiteur2@salon.test,https://meet.test/thomas', cookies.admin);
    const byPromoter = await previewOf('visio-links', 'name,link\nvisiteur2@salon.test,https://meet.test/thomas', cookies.promoter);
    expect((await status(byAdmin.id, cookies.promoter)).statusCode).toBe(200);
    const { final } = await run(byPromoter.id, {}, cookies.promoter);
    expect(final).toMatchObject({ status: 'done', report: { updated: 1 } });
    const entries = await auditEntries('visio_links.import');
    expect(entries.at(-1)).toMatchObject({ actor_email: DEMO.promoter, target: 'visio-links.csv' });
  });
});

describe('the users import', () => {
  it('previews without writing, refuses to run until the lines without email are confirmed, then reports them', async () => {
    const users = await userCount();
    const preview = await previewOf('users', USERS_CSV);
    expect(preview).toMatchObject({
      kind: 'users',
      status: 'preview',
      file_name: 'users.csv',
      preview: { lines: 6, create: 2, update: 1, unchanged: 0, missing: [3, 6], invalid_count: 1, ignored_columns: ['company'] },
      progress: { processed: 0, total: 3 },
      report: null,
    });
    expect(preview.preview.invalid).toEqual([{ line: 7, code: 'email_invalid', reason: 'invalid email: not-an-email' }]);
    expect(await userCount()).toBe(users);

    const refused = await confirm(preview.id, { skip_invalid: true });
    expect(refused.statusCode).toBe(400);
    expect(messageOf(refused.body)).toBe('Lines without email (3, 6): confirm that they are skipped (skip_missing)');
    expect((await confirm(preview.id, { skip_missing: true })).statusCode).toBe(400);
    expect(await userCount()).toBe(users);

    const { final } = await run(preview.id, { skip_missing: true, skip_invalid: true });
    expect(final.status).toBe('done');
    expect(final.progress).toEqual({ processed: 3, total: 3 });
    expect(final.report).toMatchObject({ created: 2, updated: 1, unchanged: 0, skipped_count: 3 });
    expect(final.report?.skipped.map((s) => [s.line, s.code])).toEqual([
      [3, 'missing'],
      [6, 'missing'],
      [7, 'email_invalid'],
    ]);
    expect(await userCount()).toBe(users + 2);
    expect(await userByEmail('nina.roy@example.org')).toMatchObject({
      firstname: 'Nina',
      lastname: 'Roy',
      city: 'Lyon',
      profile: 'visitor',
      password_hash: null,
      anonymous: 0,
    });
    expect(await userByEmail('bob.martin@example.org')).toMatchObject({
      firstname: 'Bob',
      profile: 'exhibitor',
      password_hash: null,
      city: null,
    });
    // Only what the line says changed: the pseudo and the mobile stay.
    expect(await userByEmail(DEMO.visitor)).toMatchObject({
      firstname: 'Léa',
      lastname: 'Moreau-Dubois',
      pseudo: 'lea_m',
      mobile: '06 12 34 56 78',
    });

    const entries = await auditEntries('users.import');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actor_email: DEMO.admin, target: 'users.csv', before: null });
    expect(JSON.parse(entries[0]?.after ?? 'null')).toEqual({
      file: 'users.csv',
      lines: 6,
      created: 2,
      updated: 1,
      unchanged: 0,
      skipped: 3,
    });

    // Confirmed once only.
    expect((await confirm(preview.id, { skip_missing: true, skip_invalid: true })).statusCode).toBe(409);
  });

  it('the same file a second time changes nothing: every line unchanged', async () => {
    const before = await db().selectFrom('users').selectAll().orderBy('id').execute();
    const preview = await previewOf('users', USERS_CSV);
    expect(preview.preview).toMatchObject({ create: 0, update: 0, unchanged: 3 });
    const { final } = await run(preview.id, { skip_missing: true, skip_invalid: true });
    expect(final.report).toMatchObject({ created: 0, updated: 0, unchanged: 3, skipped_count: 3 });
    expect(await db().selectFrom('users').selectAll().orderBy('id').execute()).toEqual(before);
  });

  it('never changes an administrator’s or a promoter’s account, nor an account’s profile', async () => {
    const preview = await previewOf(
      'users',
      `email;firstname;lastname;profile\n${DEMO.admin};Pirate;Roux;\n${DEMO.promoter};Sophie;Bernard;visitor\n${DEMO.visitor2};Thomas;Petit;exhibitor\n`,
    );
    expect(preview.preview).toMatchObject({ create: 0, update: 0, unchanged: 0, invalid_count: 3 });
    expect(preview.preview.invalid.map((i) => [i.line, i.code])).toEqual([
      [2, 'protected_account'],
      [3, 'protected_account'],
      [4, 'profile_change'],
    ]);
    expect(preview.preview.invalid[2]?.reason).toBe('the account exists as visitor, not exhibitor: change it from the admin area');
    const { final } = await run(preview.id, { skip_invalid: true });
    expect(final.report).toMatchObject({ created: 0, updated: 0, skipped_count: 3 });
    expect(await userByEmail(DEMO.admin)).toMatchObject({ firstname: 'Antoine', profile: 'administrator' });
    expect(await userByEmail(DEMO.visitor2)).toMatchObject({ profile: 'visitor' });
  });

  it('lists every kind of invalid line with its reason, in the caller’s language', async () => {
    const csv = [
      'Email,FirstName,LastName,Mobile,Postal_Code,Profile',
      'a@example.org,Ann,Lee,06 00 00 00 01,69001,visitor',
      'a@example.org,Ann,Again,,,',
      'b@example.org,,Lee,,,',
      'c@example.org,Cy,Lee,call me,,',
      'd@example.org,Di,Lee,,ABC,',
      'e@example.org,Ed,Lee,,,admin',
      'f@example.org,Fay',
      'g@example.org,"Gus\u202E",Lee,,,',
      'h@example.org,"Hal\nNewline",Lee,,,',
      'i@example.org,Ivy,Lee,,,visiteur',
    ].join('\n');
    const preview = await previewOf('users', csv, inFrench(cookies.admin));
    // A line break inside quotes is a space in a name; the line numbers still count the file's lines.
    expect(preview.preview.create).toBe(3);
    expect(preview.preview.invalid.map((i) => [i.line, i.code, i.reason])).toEqual([
      [3, 'duplicate', 'déjà à la ligne 2'],
      [4, 'required', 'la colonne firstname est vide'],
      [5, 'mobile_invalid', 'numéro de mobile invalide : call me'],
      [6, 'postal_code_invalid', 'code postal invalide : ABC'],
      [7, 'profile_invalid', 'profil inconnu : admin (visitor ou exhibitor)'],
      [8, 'fields_count', '2 champs au lieu des 6 de l’en-tête'],
      [9, 'text_invalid', 'la colonne firstname contient des caractères de contrôle'],
    ]);
    expect(preview.preview.lines).toBe(10);
  });

  it('runs 10,000 lines in batches, with progress to follow, and a second time all unchanged', async () => {
    const lines = ['email,firstname,lastname,city'];
    for (let i = 0; i < 10_000; i += 1) lines.push(`bulk${i}@example.org,Prénom${i},Nom${i},Ville${i % 50}`);
    const csv = lines.join('\n');
    const users = await userCount();
    const preview = await previewOf('users', csv);
    expect(preview.preview).toMatchObject({ lines: 10_000, create: 10_000, missing: [], invalid_count: 0 });
    const { final, seen } = await run(preview.id);
    expect(final).toMatchObject({
      status: 'done',
      progress: { processed: 10_000, total: 10_000 },
      report: { created: 10_000, skipped_count: 0 },
    });
    // The progress moved by batches while it ran.
    const partial = seen.filter((s) => s.status === 'running' && s.progress.processed > 0 && s.progress.processed < 10_000);
    expect(partial.length).toBeGreaterThan(0);
    expect(partial.every((s) => s.progress.processed % 500 === 0)).toBe(true);
    expect(await userCount()).toBe(users + 10_000);
    expect(await userByEmail('bulk9999@example.org')).toMatchObject({ firstname: 'Prénom9999', lastname: 'Nom9999', city: 'Ville49' });

    const again = await previewOf('users', csv);
    expect(again.preview).toMatchObject({ create: 0, update: 0, unchanged: 10_000 });
    const second = await run(again.id);
    expect(second.final.report).toMatchObject({ created: 0, updated: 0, unchanged: 10_000 });
    expect(await userCount()).toBe(users + 10_000);
  }, 60_000);
});

describe('a run that fails part way', () => {
  it('keeps whole batches only: the failing batch is rolled back, the run is reported failed, and the same file finishes it', async () => {
    // The database refuses one line of the second batch (a stand-in for any failure while writing).
    if (t.database.dialect === 'postgres') {
      await sql`CREATE FUNCTION imports_boom() RETURNS trigger AS $$ BEGIN IF NEW.email = 'boom@example.org' THEN RAISE EXCEPTION 'boom'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql`.execute(
        db(),
      );
      await sql`CREATE TRIGGER imports_boom BEFORE INSERT ON users FOR EACH ROW EXECUTE FUNCTION imports_boom()`.execute(db());
    } else {
      await sql`CREATE TRIGGER imports_boom BEFORE INSERT ON users WHEN NEW.email = 'boom@example.org' BEGIN SELECT RAISE(ABORT, 'boom'); END`.execute(
        db(),
      );
    }
    const lines = ['email,firstname,lastname'];
    for (let i = 0; i < 1200; i += 1) lines.push(i === 700 ? 'boom@example.org,Boom,Line' : `part${i}@example.org,Part${i},Way`);
    const users = await userCount();
    const preview = await previewOf('users', lines.join('\n'));
    const { final } = await run(preview.id);
    expect(final.status).toBe('failed');
    expect(final.error).toBe(
      'The import stopped at line 502 on a server error: the lines before it are imported; send the same file again to finish',
    );
    expect(final.progress).toEqual({ processed: 500, total: 1200 });
    expect(final.report).toMatchObject({ created: 500, updated: 0 });
    // Exactly the first batch: nothing of the failed one.
    expect(await userCount()).toBe(users + 500);
    expect(await userByEmail('part499@example.org')).toBeDefined();
    expect(await userByEmail('part500@example.org')).toBeUndefined();
    const entry = (await auditEntries('users.import')).at(-1);
    expect(JSON.parse(entry?.after ?? 'null')).toMatchObject({ created: 500, stopped_at: 500 });

    await sql`DROP TRIGGER imports_boom${sql.raw(t.database.dialect === 'postgres' ? ' ON users' : '')}`.execute(db());
    const again = await previewOf('users', lines.join('\n'));
    expect(again.preview).toMatchObject({ create: 700, unchanged: 500 });
    const second = await run(again.id);
    expect(second.final).toMatchObject({ status: 'done', report: { created: 700, unchanged: 500 } });
    expect(await userCount()).toBe(users + 1200);
  }, 60_000);
});

describe('the video links import', () => {
  it('finds people by e-mail or by their unique full name, reports unknown names, skips lines without link after confirmation', async () => {
    const hugo = await db()
      .selectFrom('users')
      .select(['id', 'visio_link'])
      .where('firstname', '=', 'Hugo')
      .where('lastname', '=', 'Lambert')
      .executeTakeFirstOrThrow();
    await db()
      .insertInto('users')
      .values([
        { profile: 'visitor', firstname: 'Jean', lastname: 'Dupont', created_at: new Date().toISOString() },
        { profile: 'visitor', firstname: 'Jean', lastname: 'Dupont', created_at: new Date().toISOString() },
      ])
      .execute();
    const csv = [
      'name,link',
      'exposant2@salon.test,https://meet.example/jonas',
      '  hugo   LAMBERT ,https://meet.example/hugo',
      'Nobody Here,https://meet.example/x',
      'Jean Dupont,https://meet.example/jean',
      'visiteur@salon.test,',
      'visiteur2@salon.test,javascript:alert(1)',
      'admin@salon.test,https://meet.example/admin',
    ].join('\n');
    const preview = await previewOf('visio-links', csv);
    expect(preview.preview).toMatchObject({ lines: 7, update: 2, create: 0, missing: [6], invalid_count: 4 });
    expect(preview.preview.invalid.map((i) => [i.line, i.code, i.reason])).toEqual([
      [4, 'name_unknown', 'nobody by that name: Nobody Here'],
      [5, 'name_ambiguous', '2 accounts have this name: use the email'],
      [7, 'link_invalid', 'the link must be an http(s) address: javascript:alert(1)'],
      [8, 'protected_account', 'administrator account: never changed by an import'],
    ]);
    const refused = await confirm(preview.id, { skip_invalid: true });
    expect(messageOf(refused.body)).toBe('Lines without link (6): confirm that they are skipped (skip_missing)');
    const { final } = await run(preview.id, { skip_missing: true, skip_invalid: true });
    expect(final.report).toMatchObject({ created: 0, updated: 2, unchanged: 0, skipped_count: 5 });
    expect(await userByEmail(DEMO.exhibitor2)).toMatchObject({ visio_link: 'https://meet.example/jonas' });
    expect((await db().selectFrom('users').select('visio_link').where('id', '=', hugo.id).executeTakeFirstOrThrow()).visio_link).toBe(
      'https://meet.example/hugo',
    );
    expect(await userByEmail(DEMO.admin)).toMatchObject({ visio_link: null });

    const again = await previewOf('visio-links', csv);
    expect(again.preview).toMatchObject({ update: 0, unchanged: 2 });
    const second = await run(again.id, { skip_missing: true, skip_invalid: true });
    expect(second.final.report).toMatchObject({ updated: 0, unchanged: 2 });
    expect((await auditEntries('visio_links.import')).length).toBeGreaterThanOrEqual(3);
  });
});

describe('a file refused as a whole writes nothing', () => {
  const cases: [string, Buffer | string, number, string][] = [
    ['a PNG image', PNG, 415, 'Only CSV files are accepted (this one is a PNG file)'],
    [
      'a spreadsheet (XLSX)',
      zip({ '[Content_Types].xml': '<Types/>', 'xl/workbook.xml': '<workbook/>' }),
      415,
      'Only CSV files are accepted',
    ],
    ['a binary file', Buffer.from([0x65, 0x6d, 0x61, 0x69, 0x6c, 0x00, 0x01, 0x02]), 415, 'Only CSV files are accepted'],
    [
      'neither UTF-8 nor Windows-1252 (a byte Windows-1252 leaves undefined)',
      Buffer.from([...Buffer.from('email,firstname,lastname\nzoe@example.org,Zo'), 0xe9, 0x81, ...Buffer.from(',Lee\n')]),
      400,
      'The file is not encoded in UTF-8: save it as "CSV UTF-8" and send it again',
    ],
    [
      'a wrong header',
      'mail,first,last\nzoe@example.org,Zoe,Lee\n',
      400,
      'The header (line 1) must contain the columns email, firstname, lastname; missing: email, firstname, lastname',
    ],
    [
      'a column twice',
      'email,firstname,lastname,email\nzoe@example.org,Zoe,Lee,z@example.org\n',
      400,
      'The column "email" appears twice in the header (line 1)',
    ],
    [
      'an unclosed quote',
      'email,firstname,lastname\nzoe@example.org,"Zoe,Lee\n',
      400,
      'The file is not valid CSV (line 2): a quote is never closed',
    ],
    [
      'a misplaced quote, with more lines after it',
      `email,firstname,lastname\nzoe@example.org,"Zoe"x,Lee\n${'more@example.org,More,Lines\n'.repeat(5000)}`,
      400,
      'The file is not valid CSV (line 2): a quote is misplaced',
    ],
    ['an empty file', '', 400, 'The file is empty'],
    ['a header alone', 'email,firstname,lastname\n', 400, 'The file has no line under its header'],
  ];
  it.each(cases)('%s', async (_what, content, code, message) => {
    const users = await userCount();
    const imports = await importCount();
    const response = await upload('users', content);
    expect(response.statusCode).toBe(code);
    expect(messageOf(response.body)).toContain(message);
    expect(await userCount()).toBe(users);
    expect(await importCount()).toBe(imports);
  });

  it('in French too', async () => {
    const response = await upload('users', 'mail,first\nzoe@example.org,Zoé\n', inFrench(cookies.promoter));
    expect(messageOf(response.body)).toBe(
      'L’en-tête (ligne 1) doit contenir les colonnes email, firstname, lastname ; il manque : email, firstname, lastname',
    );
  });

  it('accepts a UTF-8 byte-order mark and semicolons (a French spreadsheet’s CSV)', async () => {
    const preview = await previewOf(
      'users',
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('email;firstname;lastname\nzoe@example.org;Zoé;Lee\n')]),
    );
    expect(preview.preview).toMatchObject({ lines: 1, create: 1, invalid_count: 0 });
  });

  it('reads French Excel’s “CSV (séparateur : point-virgule)”, Windows-1252 with semicolons, and shows its names decoded', async () => {
    const rows =
      'email;firstname;lastname;city\r\nhelene.lefevre@example.org;Hélène;Lefèvre;Orléans\r\nfrancois@example.org;François;Noël – “Œuvre”;Besançon\r\n';
    // Written byte by byte as Excel does: é = E9, è = E8, ç = E7, ë = EB, – = 96, “ = 93, ” = 94, Œ = 8C.
    const cp1252 = Buffer.from([...rows].map((c) => ({ '–': 0x96, '“': 0x93, '”': 0x94, Œ: 0x8c })[c] ?? c.charCodeAt(0)));
    const { preview } = await previewOf('users', cp1252);
    expect(preview).toMatchObject({ lines: 2, create: 2, invalid_count: 0, encoding: 'windows-1252' });
    expect(preview.sample.columns).toEqual(['email', 'firstname', 'lastname', 'city']);
    expect(preview.sample.rows).toEqual([
      { line: 2, values: ['helene.lefevre@example.org', 'Hélène', 'Lefèvre', 'Orléans'] },
      { line: 3, values: ['francois@example.org', 'François', 'Noël – “Œuvre”', 'Besançon'] },
    ]);
    // Found late in a long file (after its first chunks, already parsed as UTF-8): read again from the start.
    const ascii = Array.from({ length: 4000 }, (_, i) => `p${i}@example.org;Ann;Lee;Paris\r\n`).join('');
    const [head = '', ...accented] = rows.split('\r\n');
    const late = Buffer.concat([Buffer.from(`${head}\r\n${ascii}`), cp1252.subarray(Buffer.byteLength(`${head}\r\n`))]);
    expect(accented.length).toBeGreaterThan(0);
    expect((await previewOf('users', late)).preview).toMatchObject({
      lines: 4002,
      create: 4002,
      invalid_count: 0,
      encoding: 'windows-1252',
    });
    const utf8 = await previewOf('users', 'email,firstname,lastname\nzoe@example.org,Zoé,Lee\n');
    expect(utf8.preview).toMatchObject({ encoding: 'utf-8', sample: { rows: [{ line: 2, values: ['zoe@example.org', 'Zoé', 'Lee'] }] } });
  });

  it('415 without multipart, 400 without the file field', async () => {
    const json = await request(t.app, {
      method: 'POST',
      url: '/api/users/import',
      payload: '{}',
      headers: { ...headers(cookies.admin), 'content-type': 'application/json' },
    });
    expect(json.statusCode).toBe(415);
    const body = multipart([{ name: 'other', filename: 'x.csv', content: 'email,firstname,lastname\n' }]);
    const wrong = await request(t.app, {
      method: 'POST',
      url: '/api/users/import',
      payload: body.payload,
      headers: { ...headers(cookies.admin), ...body.headers },
    });
    expect(wrong.statusCode).toBe(400);
  });

  it('a 50 MB file gets the size message (413) from its declared length, before it is sent, over a real socket', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('not listening');
    const users = await userCount();
    const boundary = '----salonbig';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.csv"\r\nContent-Type: text/csv\r\n\r\nemail,firstname,lastname\n`,
    );
    const piece = Buffer.from('someone@example.org,Some,One\n'.repeat(32 * 1024));
    const size = 50 * 1024 * 1024;
    let written = head.length;
    const answer = await new Promise<{ status: number; body: string; written: number }>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port: address.port,
          method: 'POST',
          path: '/api/users/import',
          headers: {
            ...headers(cookies.admin),
            host: 'salon.test',
            'content-type': `multipart/form-data; boundary=${boundary}`,
            'content-length': size,
          },
        },
        (res) => {
          const sent = written;
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (c: string) => (body += c));
          res.on('end', () => {
            req.destroy();
            resolve({ status: res.statusCode ?? 0, body, written: sent });
          });
        },
      );
      req.on('error', (err) => (req.destroyed ? undefined : reject(err)));
      req.write(head);
      // Written as a browser sends it, piece by piece, until the answer comes.
      const writeMore = () => {
        while (!req.destroyed && written + piece.length < size) {
          written += piece.length;
          if (!req.write(piece)) return void req.once('drain', writeMore);
        }
      };
      writeMore();
    });
    expect(answer.status).toBe(413);
    expect(messageOf(answer.body)).toBe('The file is too heavy, maximum 20 MB');
    expect(answer.written).toBeLessThan(size / 2);
    expect(await userCount()).toBe(users);
  });

  it('a file sent without its length is cut at the limit while it streams in: 413, the rest never read', async () => {
    let pulled = 0;
    async function* chunks() {
      yield Buffer.from('email,firstname,lastname\n');
      for (;;) {
        pulled += 1;
        yield Buffer.from('someone@example.org,Some,One\n'.repeat(10));
      }
    }
    const refusal = await readCsv(chunks(), 4096).catch((err: unknown) => err);
    expect(refusal).toBeInstanceOf(ImportFileError);
    expect((refusal as ImportFileError).statusCode).toBe(413);
    expect((refusal as ImportFileError).messageIn('fr_FR')).toBe('Le fichier est trop lourd, maximum 20 Mo');
    expect(pulled).toBe(Math.ceil((4096 - 25) / 290));
  });
});

describe('an import’s id', () => {
  it('404 for an unknown or malformed id, and for an expired preview', async () => {
    expect((await status('zzzzzz')).statusCode).toBe(404);
    expect((await status('not an id!')).statusCode).toBe(404);
    const preview = await previewOf('users', 'email,firstname,lastname\nexp@example.org,Ex,Pired\n');
    await db()
      .updateTable('imports')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .execute();
    const expired = await confirm(preview.id, {});
    expect(expired.statusCode).toBe(404);
    expect(messageOf(expired.body)).toBe('Unknown or expired import: send the file again');
    expect(await userByEmail('exp@example.org')).toBeUndefined();
  });

  it('rejects a confirmation body with other keys (400)', async () => {
    const preview = await previewOf('users', 'email,firstname,lastname\nbody@example.org,Bo,Dy\n');
    expect((await confirm(preview.id, { skip_missing: 'yes' })).statusCode).toBe(400);
    expect((await confirm(preview.id, { everything: true })).statusCode).toBe(400);
    expect(await userByEmail('body@example.org')).toBeUndefined();
  });
});

describe('the /admin/imports page', () => {
  it('mounts the admin-imports widget alone with the page data, for administrators and promoters; linked from /admin and /organisateur', async () => {
    for (const who of ['admin', 'promoter'] as const) {
      const page = await request(t.app, {
        method: 'GET',
        url: '/admin/imports',
        headers: { cookie: `${cookies[who]}; salon_locale=en_EN` },
      });
      expect(page.statusCode).toBe(200);
      expect(widgetSlotsOf(page.body)).toEqual(['admin-imports']);
      expect(pageDataOf(page.body).user.profile).toBe(who === 'admin' ? 'administrator' : 'promoter');
      expect(page.body).toContain('<h1>CSV imports</h1>');
    }
    for (const [url, cookie] of [
      ['/admin', cookies.admin],
      ['/organisateur', cookies.promoter],
    ] as const) {
      const area = await request(t.app, { method: 'GET', url, headers: { cookie } });
      expect(area.body).toContain(`href="${ORIGIN}/admin/imports"`);
    }
  });

  it('never mounts the imports on /salon', async () => {
    const salon = await request(t.app, { method: 'GET', url: '/salon', headers: { cookie: cookies.admin } });
    expect(widgetSlotsOf(salon.body)).not.toContain('admin-imports');
  });
});

/** The same import on PostgreSQL when TEST_DATABASE_URL is a postgres URL (scripts/pg-test-server.sh), in a schema of its own. */
const pgUrl = process.env.TEST_DATABASE_URL ?? '';
(/^postgres(?:ql)?:\/\//.test(pgUrl) ? describe : describe.skip)('on PostgreSQL', () => {
  const schema = `salon_imports_${Math.random().toString(16).slice(2, 10)}`;
  let pg: TestApp;
  let owner: Client;
  let admin = '';

  beforeAll(async () => {
    owner = new Client({ connectionString: pgUrl });
    await owner.connect();
    await owner.query(`CREATE SCHEMA ${schema}`);
    pg = await createTestApp({ database: { dialect: 'postgres', connectionString: pgUrl, schema } });
    admin = await login(pg.app, DEMO.admin);
  }, 30_000);
  afterAll(async () => {
    await pg?.close();
    await owner.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await owner.end();
  });

  it('previews, runs 1,200 lines in batches, and finds them unchanged the second time; video links too', async () => {
    const previous = t;
    t = pg;
    try {
      const lines = ['email,firstname,lastname', ',No,Email'];
      for (let i = 0; i < 1200; i += 1) lines.push(`pg${i}@example.org,Pé${i},Gé${i}`);
      const preview = await previewOf('users', lines.join('\n'), admin);
      expect(preview.preview).toMatchObject({ create: 1200, missing: [2] });
      const first = await run(preview.id, { skip_missing: true }, admin);
      expect(first.final.report).toMatchObject({ created: 1200, skipped_count: 1 });
      const again = await previewOf('users', lines.join('\n'), admin);
      const second = await run(again.id, { skip_missing: true }, admin);
      expect(second.final.report).toMatchObject({ created: 0, updated: 0, unchanged: 1200 });
      const links = await previewOf(
        'visio-links',
        'name,link\npg7@example.org,https://meet.example/pg7\nPé8 Gé8,https://meet.example/pg8',
        admin,
      );
      const linked = await run(links.id, {}, admin);
      expect(linked.final.report).toMatchObject({ updated: 2 });
      expect(await userByEmail('pg8@example.org')).toMatchObject({ visio_link: 'https://meet.example/pg8' });
      expect(await auditEntries('users.import')).toHaveLength(2);
    } finally {
      t = previous;
    }
  }, 60_000);
});
