import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { parse } from 'csv-parse/sync';
import { CONSENTS } from '@salon/shared/contracts/consents';
import { CSV_COLUMNS, insertLead, neutralise } from '../../host-shell/server/services/leads';
import { createTestApp, standBySlug, type TestApp } from './helpers';
import { CONTACT, LEA, OFFER } from './stand-forms';
import { DEMO, anonymousCookie, login, userIdByEmail } from './accounts';
import { ORIGIN, XHR, request } from './http';

let t: TestApp;
const cookies: Record<'visitor' | 'exhibitor' | 'exhibitor2' | 'promoter' | 'admin' | 'anonymous', string> = {
  visitor: '',
  exhibitor: '',
  exhibitor2: '',
  promoter: '',
  admin: '',
  anonymous: '',
};
let solaire: { id: number; key: string };
let stockage: { id: number; key: string };
let nordic: { id: number; key: string };

const INJECTION = '=HYPERLINK("http://x")';

function post(url: string, payload: unknown, cookie: string) {
  return request(t.app, {
    method: 'POST',
    url,
    payload: JSON.stringify(payload),
    headers: { ...XHR, 'content-type': 'application/json', origin: ORIGIN, cookie },
  });
}
const get = (url: string, cookie?: string) => request(t.app, { method: 'GET', url, headers: cookie ? { cookie } : {} });

/** RFC 4180: quoted fields with doubled quotes, CRLF records. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}

/** The CSV as objects keyed by the header row (the BOM removed). */
function records(body: string): Record<string, string>[] {
  const [header, ...rows] = parseCsv(body.replace(/^\uFEFF/, ''));
  return rows.map((cells) => Object.fromEntries((header ?? []).map((name, i) => [name, cells[i] ?? ''])));
}

beforeAll(async () => {
  t = await createTestApp();
  cookies.visitor = await login(t.app, DEMO.visitor);
  cookies.exhibitor = await login(t.app, DEMO.exhibitor);
  cookies.exhibitor2 = await login(t.app, DEMO.exhibitor2);
  cookies.promoter = await login(t.app, DEMO.promoter);
  cookies.admin = await login(t.app, DEMO.admin);
  cookies.anonymous = await anonymousCookie(t.app);
  solaire = await standBySlug(t, 'stand-helios-solaire');
  stockage = await standBySlug(t, 'stand-helios-stockage');
  nordic = await standBySlug(t, 'stand-nordic-robotics');

  const sent = [
    await post(`/api/stands/${solaire.key}/requestContact`, { ...CONTACT, optin_marketing: true }, cookies.visitor),
    await post(
      `/api/stands/${solaire.key}/requestContact`,
      { ...CONTACT, firstname: INJECTION, lastname: '<script>alert(1)</script>', city: '@SUM(A1)', locale: 'fr_FR' },
      cookies.visitor,
    ),
    await post(`/api/stands/${solaire.key}/requestForminfo`, { ...OFFER, comments: 'Ligne 1\nLigne 2, "cité"' }, cookies.visitor),
    await post(`/api/stands/${stockage.key}/requestContact`, { ...CONTACT, firstname: 'Stockage' }, cookies.visitor),
    await post(`/api/stands/${nordic.key}/requestContact`, { ...CONTACT, firstname: 'Nordic' }, cookies.visitor),
    await post(
      '/api/concours/default',
      { firstname: 'Jeu', lastname: 'Concours', email: 'jeu@example.org', mobile: '0612345678', contest_rules: true, data: true, score: 5 },
      cookies.visitor,
    ),
  ];
  for (const response of sent)
    if (response.statusCode !== 200) throw new Error(`seeding a lead failed: ${response.statusCode} ${response.body}`);
}, 30_000);
afterAll(async () => {
  await t.close();
});

describe('who reads a stand’s leads', () => {
  it("lets the stand's exhibitor, promoters and administrators read them", async () => {
    for (const who of ['exhibitor', 'promoter', 'admin'] as const) {
      const response = await get(`/api/stands/${solaire.key}/leads`, cookies[who]);
      expect(response.statusCode).toBe(200);
      expect(response.json().data.leads.map((l: { firstname: string }) => l.firstname)).toEqual(['Marc', INJECTION, 'Léa']);
      expect((await get(`/api/stands/${solaire.key}/leads.csv`, cookies[who])).statusCode).toBe(200);
    }
  });

  it('refuses another stand’s exhibitor, visitors and anonymous visitors (403), and a caller without a session (401)', async () => {
    for (const who of ['exhibitor2', 'visitor', 'anonymous'] as const) {
      const json = await get(`/api/stands/${solaire.key}/leads`, cookies[who]);
      expect(json.statusCode).toBe(403);
      expect(json.json().data).toEqual({
        error: true,
        message: expect.stringMatching(/exhibitors and the organizers|exposants du stand et les organisateurs/),
      });
      expect((await get(`/api/stands/${solaire.key}/leads.csv`, cookies[who])).statusCode).toBe(403);
    }
    expect((await get(`/api/stands/${solaire.key}/leads`)).statusCode).toBe(401);
    expect((await get(`/api/stands/${solaire.key}/leads.csv`)).statusCode).toBe(401);
  });

  it('lets a co-exhibitor of the stand read it, not their other stands’ neighbours', async () => {
    const jonas = await userIdByEmail(t, DEMO.exhibitor2);
    await t.database.db.insertInto('stand_exhibitors').values({ stand_id: solaire.id, user_id: jonas }).execute();
    try {
      expect((await get(`/api/stands/${solaire.key}/leads`, cookies.exhibitor2)).statusCode).toBe(200);
      expect((await get(`/api/stands/${stockage.key}/leads`, cookies.exhibitor2)).statusCode).toBe(403);
      const own = await get(`/api/stands/${nordic.key}/leads`, cookies.exhibitor2);
      expect(own.json().data.leads.map((l: { firstname: string }) => l.firstname)).toEqual(['Nordic']);
    } finally {
      await t.database.db.deleteFrom('stand_exhibitors').where('stand_id', '=', solaire.id).where('user_id', '=', jonas).execute();
    }
  });

  it('is a 404 for an unknown stand', async () => {
    expect((await get('/api/stands/zzzzzzzz/leads', cookies.promoter)).statusCode).toBe(404);
    expect((await get('/api/stands/zzzzzzzz/leads.csv', cookies.exhibitor)).statusCode).toBe(404);
  });

  it('answers every field of the contract, consents included', async () => {
    const leads = (await get(`/api/stands/${solaire.key}/leads`, cookies.exhibitor)).json().data.leads;
    expect(leads[2]).toEqual({
      id_lead: expect.any(String),
      kind: 'contact_request',
      stand_id: solaire.key,
      stand_name: 'Helios Solaire',
      company_id: expect.any(String),
      company_name: expect.any(String),
      user_id: expect.any(String),
      ...LEA,
      birthdate: null,
      subject: null,
      code_apporteur: null,
      comments: null,
      contest_name: null,
      score: null,
      consents: [
        { key: 'data_sharing', version: 1, given: true, wording: CONSENTS.data_sharing.en },
        { key: 'marketing', version: 1, given: true, wording: CONSENTS.marketing.en },
      ],
      wording_locale: 'en_EN',
      created_at: expect.stringMatching(/Z$/),
    });
  });
});

describe('GET /api/stands/{id}/leads.csv', () => {
  it('is a UTF-8 CSV attachment with a BOM, a header row and one row per lead', async () => {
    const response = await get(`/api/stands/${solaire.key}/leads.csv`, cookies.exhibitor);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="leads-stand-helios-solaire-\d{4}-\d\d-\d\d\.csv"$/);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const [header] = parseCsv(response.body.replace(/^\uFEFF/, ''));
    expect(header).toEqual([...CSV_COLUMNS]);
    expect(header).toEqual(
      expect.arrayContaining([
        'created_at',
        'stand',
        'wording_locale',
        'consent_data_sharing',
        'consent_data_sharing_wording',
        'consent_data_sharing_version',
        'consent_marketing',
      ]),
    );
    expect(records(response.body)).toHaveLength(3);
  });

  it('writes the consents (given, wording, version), the wording language, the stand name and an ISO UTC time', async () => {
    const rows = records((await get(`/api/stands/${solaire.key}/leads.csv`, cookies.exhibitor)).body);
    const lea = rows.find((r) => r.firstname === 'Léa');
    expect(lea).toMatchObject({ kind: 'contact_request', stand: 'Helios Solaire', email: 'lea@example.org' });
    expect(lea).toMatchObject({
      consent_data_sharing: 'yes',
      consent_data_sharing_wording: CONSENTS.data_sharing.en,
      consent_data_sharing_version: '1',
      consent_marketing: 'yes',
      consent_opt_in: '',
      wording_locale: 'en_EN',
    });
    expect(lea?.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const offer = rows.find((r) => r.firstname === 'Marc');
    expect(offer).toMatchObject({ kind: 'offer_form', subject: 'Offre_Printemps', birthdate: '1985-02-03' });
    expect(offer).toMatchObject({ comments: 'Ligne 1\nLigne 2, "cité"', consent_opt_in: 'yes', consent_marketing: '' });
    const french = rows.find((r) => r.lastname?.includes('script'));
    expect(french).toMatchObject({
      wording_locale: 'fr_FR',
      consent_data_sharing_wording: CONSENTS.data_sharing.fr,
      consent_marketing: 'no',
    });
  });

  it('neutralises spreadsheet formulas with a leading apostrophe', async () => {
    const response = await get(`/api/stands/${solaire.key}/leads.csv`, cookies.exhibitor);
    expect(response.body).toContain(`"'=HYPERLINK(""http://x"")"`);
    const injected = records(response.body).find((r) => r.firstname?.includes('HYPERLINK'));
    expect(injected?.firstname).toBe(`'${INJECTION}`);
    expect(injected?.city).toBe("'@SUM(A1)");
    expect(injected?.phone).toBe("'+33 6 12 34 56 78");
    for (const start of ['=', '+', '-', '@', '\t', '\r']) expect(neutralise(`${start}1`)).toBe(`'${start}1`);
    expect(neutralise('Lyon')).toBe('Lyon');
  });
});

describe('every lead, for the organisers', () => {
  it('lists all leads, contest entries included, and filters by kind', async () => {
    const all = (await get('/api/leads', cookies.promoter)).json().data.leads;
    expect(all).toHaveLength(6);
    expect(all[0]).toMatchObject({ kind: 'contest', contest_name: 'default', score: 5, stand_id: null, phone: '0612345678' });
    const contests = (await get('/api/leads?kind=contest', cookies.admin)).json().data.leads;
    expect(contests.map((l: { firstname: string }) => l.firstname)).toEqual(['Jeu']);
    expect((await get('/api/leads?kind=spam', cookies.admin)).statusCode).toBe(400);
  });

  it('exports them as CSV', async () => {
    const response = await get('/api/leads.csv', cookies.admin);
    expect(response.headers['content-disposition']).toMatch(/filename="leads-all-/);
    const rows = records(response.body);
    expect(rows).toHaveLength(6);
    expect(rows[0]).toMatchObject({
      kind: 'contest',
      contest: 'default',
      score: '5',
      consent_contest_rules: 'yes',
      consent_privacy: 'yes',
      stand: '',
    });
  });

  it('refuses exhibitors and visitors', async () => {
    for (const who of ['exhibitor', 'visitor', 'anonymous'] as const) {
      expect((await get('/api/leads', cookies[who])).statusCode).toBe(403);
      expect((await get('/api/leads.csv', cookies[who])).statusCode).toBe(403);
    }
  });
});

describe('the area pages', () => {
  it("list the exhibitor's stands' leads, escaped, with a CSV link per stand that downloads them", async () => {
    const page = await get('/exposant', `${cookies.exhibitor}; salon_locale=en_EN`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('My leads');
    expect(page.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page.body).not.toContain('<script>alert(1)');
    expect(page.body).not.toContain('Nordic');
    // Each lead with the consents it carries: Léa's request shows the marketing box she left unticked.
    expect(page.body).toContain('<td>✓ sharing with the stand · ✗ commercial offers</td>');
    expect(page.body).toContain('<td>✓ sharing with the stand</td>');
    const links = [...page.body.matchAll(/<a href="([^"]+)" download>Download CSV \(([^)]+)\)<\/a>/g)].map((m) => [m[1], m[2]]);
    expect(links).toEqual([
      [`${ORIGIN}/api/stands/${solaire.key}/leads.csv`, 'Helios Solar'],
      [`${ORIGIN}/api/stands/${stockage.key}/leads.csv`, 'Helios Storage'],
    ]);
    const csv = await get(new URL(links[0]?.[0] ?? '').pathname, cookies.exhibitor);
    expect(records(csv.body).map((r) => r.firstname)).toEqual(['Marc', `'${INJECTION}`, 'Léa']);
  });

  it('show the organiser the latest leads and every CSV, in French by default for a French user', async () => {
    const page = await get('/organisateur', `${cookies.promoter}; salon_locale=fr_FR`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Contacts');
    expect(page.body).toContain('Jeu concours');
    expect(page.body).toContain(`href="${ORIGIN}/api/leads.csv" download>Télécharger tous les contacts (CSV)`);
    expect(page.body).toContain(`href="${ORIGIN}/api/stands/${nordic.key}/leads.csv" download>Télécharger le CSV (Robotique Nordique)`);
    expect(page.body).toContain('&lt;script&gt;');
  });
});

describe('CSV cells a spreadsheet could take for formulas', () => {
  /** Values as stored (straight into the table: the forms trim, so a tab or CR cannot lead through them) → as exported. */
  const CELLS: [stored: string, exported: string][] = [
    ["x;=cmd|' /C calc'!A0", "x;=cmd|' /C calc'!A0"],
    ['a;b;@SUM(A1)', 'a;b;@SUM(A1)'],
    ['=1+1', "'=1+1"],
    ['+33 6 12 34 56 78', "'+33 6 12 34 56 78"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=1+1', "'\t=1+1"],
    ['\r=1+1', "'\r=1+1"],
    ['a\tb\r\nc;d', 'a\tb\r\nc;d'],
  ];

  it('quotes every value (a French Excel splits on ";") and neutralises a leading = + - @ tab or CR; csv-parse reads them back', async () => {
    const aquapure = await standBySlug(t, 'stand-aquapure');
    for (const [stored] of CELLS) {
      await insertLead(
        t.database.db,
        {
          kind: 'contact_request',
          stand_id: aquapure.id,
          user_id: null,
          firstname: stored,
          lastname: 'Moreau',
          email: 'a@b.co',
          phone: stored,
          city: stored,
        },
        [],
        'en_EN',
      );
    }
    const response = await get(`/api/stands/${aquapure.key}/leads.csv`, cookies.promoter);
    expect(response.statusCode).toBe(200);
    const unquoted: string[] = [];
    const rows = parse(response.body, {
      bom: true,
      columns: true,
      cast: (value, context) => {
        if (!context.quoting && value !== '') unquoted.push(value);
        return value;
      },
    }) as Record<string, string>[];
    expect(unquoted).toEqual([]);
    expect(rows.map((r) => [r.firstname, r.phone, r.city]).reverse()).toEqual(CELLS.map(([, exported]) => [exported, exported, exported]));
    // The header is quoted too, and no record begins with a bare value.
    expect(response.body.replace(/^\uFEFF/, '').startsWith('"id","kind",')).toBe(true);
  });
});
