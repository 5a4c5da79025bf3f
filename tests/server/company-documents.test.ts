import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { LightMyRequestResponse } from 'fastify';
import { encodeId } from '../../host-shell/server/lib/ids';
import { createTestApp, waitFor, type TestApp } from './helpers';
import { auditCount, newestAudit } from './audit-log';
import { antivirusApp } from './fake-clamd';
import { PDF, PNG, UPLOAD_RATE_LIMITS, multipart } from './uploads';
import { EACH_PROFILE, signIn, type EachProfile } from './accounts';
import { ORIGIN, XHR, request } from './http';

/*
 * A company's document from /admin/entreprises: POST /admin/entreprises/document stores a PDF
 * as a `document` media and sets the company's storage_link to /api/medias/<str>, or removes it.
 */

const PATH = '/admin/entreprises/document';

let t: TestApp;
let cookies: Record<EachProfile, string>;
let helios = { id: 0, key: '' };

async function companyNamed(app: TestApp, name: string) {
  const row = await app.database.db
    .selectFrom('companies')
    .select(['id', 'storage_link'])
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row;
}
const storageLink = async (app = t) =>
  (await app.database.db.selectFrom('companies').select('storage_link').where('id', '=', helios.id).executeTakeFirstOrThrow()).storage_link;
const mediaCount = async (app = t) => (await app.database.db.selectFrom('medias').select('id').execute()).length;

function upload(
  content: Buffer,
  cookie: string,
  options: { company?: string; filename?: string; app?: TestApp; locale?: 'fr_FR' | 'en_EN' } = {},
) {
  const form = multipart([
    { name: 'id', content: options.company ?? helios.key },
    { name: 'file', filename: options.filename ?? 'brochure.pdf', type: 'application/pdf', content },
  ]);
  const withLocale = options.locale ? `${cookie}${cookie ? '; ' : ''}salon_locale=${options.locale}` : cookie;
  return request((options.app ?? t).app, {
    method: 'POST',
    url: PATH,
    payload: form.payload,
    headers: { origin: ORIGIN, ...form.headers, ...(withLocale ? { cookie: withLocale } : {}) },
  });
}
const remove = (cookie: string, company = helios.key) =>
  request(t.app, {
    method: 'POST',
    url: PATH,
    payload: new URLSearchParams({ action: 'remove', id: company }).toString(),
    headers: { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded', cookie },
  });

const newest = () => newestAudit(t, cookies.admin);
const alertOf = (response: LightMyRequestResponse) => /role="alert">([^<]*)</.exec(response.body)?.[1];

beforeAll(async () => {
  t = await createTestApp({ config: { rateLimits: UPLOAD_RATE_LIMITS } });
  cookies = await signIn(t.app, EACH_PROFILE);
  const row = await companyNamed(t, 'Helios Énergie');
  helios = { id: row.id, key: encodeId(row.id) };
  // Building the app and five logins may take a while on a busy machine.
}, 60_000);
afterAll(async () => {
  await t.close();
});

describe('the "Document (PDF)" form of /admin/entreprises', () => {
  it('shows a document form per company, in English and French', async () => {
    const english = await request(t.app, { method: 'GET', url: '/admin/entreprises', headers: { cookie: cookies.promoter } });
    expect(english.statusCode).toBe(200);
    expect(english.body).toContain(
      `<form method="post" action="${ORIGIN}${PATH}#company-${helios.key}-document" enctype="multipart/form-data">`,
    );
    expect(english.body).toContain('Upload the document');
    expect(english.body).toContain('PDF, 10 MB at most.');
    const french = await request(t.app, {
      method: 'GET',
      url: '/admin/entreprises',
      headers: { cookie: `${cookies.promoter}; salon_locale=fr_FR` },
    });
    expect(french.body).toContain('Envoyer le document');
    expect(french.body).toContain('PDF, 10 Mo au plus.');
  });

  it('uploads a PDF: a document media, the company’s storage_link, an audit entry, the live activity told; the sheet offers it', async () => {
    const publish = jest.spyOn(t.app.live, 'publish');
    const before = await storageLink();
    try {
      const sent = await upload(PDF, cookies.admin);
      expect(sent.statusCode).toBe(303);
      expect(sent.headers.location).toBe(
        `${ORIGIN}/admin/entreprises?document=uploaded&company=${helios.key}#company-${helios.key}-document`,
      );
      const link = await storageLink();
      expect(link).toMatch(/^\/api\/medias\/[A-Za-z0-9_-]{24}$/);
      const media = await t.database.db
        .selectFrom('medias')
        .select(['kind', 'mime', 'original_name'])
        .where('str', '=', String(link).slice('/api/medias/'.length))
        .executeTakeFirstOrThrow();
      expect(media).toEqual({ kind: 'document', mime: 'application/pdf', original_name: 'brochure.pdf' });
      expect(await newest()).toMatchObject({
        action: 'company.update',
        target: 'Helios Énergie',
        before: { storage_link: before },
        after: { storage_link: link },
      });
      const standIds = (await t.database.db.selectFrom('stands').select('id').where('company_id', '=', helios.id).execute()).map(
        (s) => s.id,
      );
      expect(publish).toHaveBeenCalledWith({ type: 'exhibitors', standIds, userIds: [], links: true });

      const served = await request(t.app, { method: 'GET', url: String(link) });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('application/pdf');
      expect(String(served.headers['content-disposition'])).toMatch(/^attachment/);
      expect(served.rawPayload.equals(PDF)).toBe(true);

      const sheet = await request(t.app, { method: 'GET', url: `/api/company/${helios.key}` });
      expect((JSON.parse(sheet.body) as { data: { company: { storage_link: string } } }).data.company.storage_link).toBe(link);

      const page = await request(t.app, {
        method: 'GET',
        url: String(sent.headers.location).replace(ORIGIN, ''),
        headers: { cookie: cookies.admin },
      });
      expect(page.body).toContain('Document saved: the company sheet offers it.');
      expect(page.body).toContain(`<a href="${ORIGIN}${link}" download>Helios Énergie’s document (PDF)</a>`);
      expect(page.body).toContain('Remove the document');
    } finally {
      publish.mockRestore();
    }
  });

  it('keeps the uploaded document when the company’s form is saved, and refuses a media address that is no served document', async () => {
    const link = await storageLink();
    const saved = await request(t.app, {
      method: 'PUT',
      url: `/api/admin/companies/${helios.key}`,
      payload: JSON.stringify({ storage_link: link, description_en: 'Solar energy and storage.' }),
      headers: { ...XHR, origin: ORIGIN, 'content-type': 'application/json', cookie: cookies.admin },
    });
    expect(saved.statusCode).toBe(200);
    for (const value of ['/api/medias/AAAAAAAAAAAAAAAAAAAAAAAA', '/api/medias/../../etc/passwd']) {
      const refused = await request(t.app, {
        method: 'PUT',
        url: `/api/admin/companies/${helios.key}`,
        payload: JSON.stringify({ storage_link: value }),
        headers: { ...XHR, origin: ORIGIN, 'content-type': 'application/json', cookie: cookies.admin },
      });
      expect(refused.statusCode).toBe(400);
    }
    expect(await storageLink()).toBe(link);
  });

  it('refuses a PNG and a fake PDF with the server’s message, as it is, and keeps the link', async () => {
    const link = await storageLink();
    const media = await mediaCount();
    const png = await upload(PNG, cookies.admin, { filename: 'logo.pdf' });
    expect(png.statusCode).toBe(415);
    expect(alertOf(png)).toBe('Only PDF files are accepted');
    expect(png.body).toContain(`id="company-${helios.key}-document"`);
    const fake = await upload(Buffer.from('just some text pretending to be a PDF document'), cookies.admin, {
      filename: 'brochure.pdf',
      locale: 'fr_FR',
    });
    expect(fake.statusCode).toBe(415);
    expect(alertOf(fake)).toBe('Seuls les fichiers PDF sont acceptés');
    expect(await storageLink()).toBe(link);
    expect(await mediaCount()).toBe(media);
  });

  it('refuses a PDF over 10 MB with the server’s message', async () => {
    const heavy = Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024, 0x20)]);
    const response = await upload(heavy, cookies.promoter);
    expect(response.statusCode).toBe(413);
    expect(alertOf(response)).toBe('The file is too heavy, maximum 10 MB');
  });

  it('refuses no session, anonymous visitors, visitors and exhibitors, an unknown company and another origin; nothing changes', async () => {
    const link = await storageLink();
    const entries = await auditCount(t);
    const media = await mediaCount();
    const none = await upload(PDF, '');
    expect(none.statusCode).toBe(303);
    expect(none.headers.location).toBe(`${ORIGIN}/`);
    for (const cookie of [cookies.anonymous, cookies.visitor, cookies.exhibitor]) expect((await upload(PDF, cookie)).statusCode).toBe(403);
    for (const cookie of [cookies.anonymous, cookies.visitor, cookies.exhibitor]) expect((await remove(cookie)).statusCode).toBe(403);
    const unknown = await upload(PDF, cookies.admin, { company: encodeId(999_999) });
    expect(unknown.statusCode).toBe(404);
    expect(alertOf(unknown)).toBe('Unknown company');
    const form = multipart([
      { name: 'id', content: helios.key },
      { name: 'file', filename: 'a.pdf', content: PDF },
    ]);
    const evil = await request(t.app, {
      method: 'POST',
      url: PATH,
      payload: form.payload,
      headers: { origin: 'https://evil.example', ...form.headers, cookie: cookies.admin },
    });
    expect(evil.statusCode).toBe(403);
    expect(await storageLink()).toBe(link);
    expect(await auditCount(t)).toBe(entries);
    expect(await mediaCount()).toBe(media);
  });

  it('removes the document: no link any more, audit-logged; the sheet offers no document', async () => {
    const link = await storageLink();
    const removed = await remove(cookies.promoter);
    expect(removed.statusCode).toBe(303);
    expect(removed.headers.location).toBe(
      `${ORIGIN}/admin/entreprises?document=removed&company=${helios.key}#company-${helios.key}-document`,
    );
    expect(await storageLink()).toBeNull();
    expect(await newest()).toMatchObject({
      action: 'company.update',
      target: 'Helios Énergie',
      before: { storage_link: link },
      after: { storage_link: null },
    });
    const sheet = await request(t.app, { method: 'GET', url: `/api/company/${helios.key}` });
    expect((JSON.parse(sheet.body) as { data: { company: { storage_link: string | null } } }).data.company.storage_link).toBeNull();
    const page = await request(t.app, {
      method: 'GET',
      url: String(removed.headers.location).replace(ORIGIN, ''),
      headers: { cookie: `${cookies.promoter}; salon_locale=fr_FR` },
    });
    expect(page.body).toContain('Document retiré : la fiche entreprise n’a plus de lien de documents.');
    const entries = await auditCount(t);
    expect((await remove(cookies.promoter)).statusCode).toBe(303);
    expect(await auditCount(t)).toBe(entries);
  });
});

describe('with the antivirus (CLAMAV_SOCKET)', () => {
  const av = antivirusApp();

  it('says the scan is in progress and sets no link while it runs', async () => {
    const before = await storageLink(av);
    av.clamd.delayMs = 1200;
    try {
      const response = await upload(PDF, av.admin, { app: av });
      expect(response.statusCode).toBe(202);
      expect(alertOf(response)).toBe('The antivirus scan of the file is in progress, please try again in a moment');
      expect(await storageLink(av)).toBe(before);
    } finally {
      av.clamd.delayMs = 0;
    }
    // Once the slow scan has answered, the same file is taken.
    await waitFor(() => (av.clamd.answered === av.clamd.scans ? true : undefined), 20_000, 'the slow scan to answer');
    const clean = await waitFor(
      async () => {
        const answer = await upload(PDF, av.admin, { app: av, locale: 'fr_FR' });
        return answer.statusCode === 202 ? undefined : answer;
      },
      20_000,
      'the upload to be taken',
    );
    expect(clean.statusCode).toBe(303);
    expect(await storageLink(av)).toMatch(/^\/api\/medias\//);
  });
});
