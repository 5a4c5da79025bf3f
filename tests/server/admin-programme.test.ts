/**
 * `/admin/programme`: organisers and administrators manage the talks from a page, times typed on the salon's wall
 * clock (the time zone of the opening hours, `/admin/acces`: Europe/Paris unless an administrator changed it); the same
 * checks as `POST /api/talks`, answered next to the fields; every change in the audit log.
 */
import { beforeAll, describe, expect, it } from '@jest/globals';
import type { ProgrammeData } from '@salon/shared/contracts/programme';
import { newestAudit } from './audit-log';
import { EACH_PROFILE, signIn, type EachProfile } from './accounts';
import { standBySlug, useTestApp } from './helpers';
import { XHR, form, request } from './http';

const PATH = '/admin/programme';
const t = useTestApp();
let cookies: Record<EachProfile, string>;

beforeAll(async () => {
  cookies = await signIn(t.app, EACH_PROFILE);
});

const page = (cookie: string, query = '', locale = 'en_EN') =>
  request(t.app, { method: 'GET', url: `${PATH}${query}`, headers: { cookie: `${cookie}; salon_locale=${locale}` } });
const post = (fields: Record<string, string>, cookie = cookies.promoter, locale = 'en_EN') => {
  const f = form(fields);
  return request(t.app, {
    method: 'POST',
    url: PATH,
    payload: f.payload,
    headers: { ...f.headers, cookie: `${cookie}; salon_locale=${locale}` },
  });
};
const programme = async () =>
  (
    JSON.parse((await request(t.app, { method: 'GET', url: '/api/programme', headers: { ...XHR, cookie: cookies.visitor } })).body) as {
      data: ProgrammeData;
    }
  ).data.talks;

const TALK = {
  action: 'create',
  title_fr: 'Table ronde',
  title_en: 'Round table',
  description_fr: 'Le solaire en ville.',
  description_en: 'Solar in town.',
  speakers: 'Ada Lovelace\r\nGrace Hopper',
  start: '2030-12-10T14:00',
  end: '2030-12-10T15:00',
  place: 'stream',
  video_url: 'https://video.example.org/round-table',
  chat_url: '',
  stand_id: '',
};

describe('/admin/programme', () => {
  it('no session → home; visitor, anonymous, exhibitor 403; organisers and administrators 200 in both languages, in the navigation', async () => {
    expect((await request(t.app, { method: 'GET', url: PATH })).statusCode).toBe(303);
    for (const who of ['anonymous', 'visitor', 'exhibitor'] as const) {
      expect([who, (await page(cookies[who])).statusCode]).toEqual([who, 403]);
      expect([who, (await post(TALK, cookies[who])).statusCode]).toEqual([who, 403]);
    }
    for (const who of ['promoter', 'admin'] as const) {
      const fr = await page(cookies[who], '', 'fr_FR');
      const en = await page(cookies[who]);
      expect([fr.statusCode, en.statusCode]).toEqual([200, 200]);
      expect(fr.body).toContain('<html lang="fr">');
      expect(en.body).toContain(`<a href="${PATH}" aria-current="page"><strong>Programme</strong></a>`);
      expect(en.body).toContain('Times are the salon’s (Europe/Paris), the time zone an administrator sets with the opening hours.');
    }
    // Every back-office page links to it.
    expect((await request(t.app, { method: 'GET', url: '/admin/stands', headers: { cookie: cookies.promoter } })).body).toContain(
      `href="${PATH}"`,
    );
    expect(await programme()).toEqual([]);
  });

  it('adds, edits and removes a talk: times on the salon’s wall clock, speakers one a line, each change audited', async () => {
    const created = await post(TALK);
    expect(created.statusCode).toBe(303);
    expect(created.headers.location).toMatch(/\/admin\/programme\?done=created$/);
    const [talk] = await programme();
    expect(talk).toMatchObject({
      title_en: 'Round table',
      speakers: ['Ada Lovelace', 'Grace Hopper'],
      // 14:00 in Paris in December is 13:00 UTC.
      start: '2030-12-10T13:00:00.000Z',
      end: '2030-12-10T14:00:00.000Z',
      place: 'stream',
      video_url: 'https://video.example.org/round-table',
      chat_url: null,
    });
    expect(await newestAudit(t, cookies.admin)).toMatchObject({ action: 'talk.create' });
    const listed = await page(cookies.promoter, '?done=created');
    expect(listed.body).toContain('Created.');
    expect(listed.body).toContain('2030-12-10 14:00 – 15:00');
    // Its form holds it as typed.
    const editing = (await page(cookies.promoter, `?edit=${talk!.id}`)).body;
    expect(editing).toContain('Edit the talk “Round table”');
    expect(editing).toContain('value="2030-12-10T14:00"');
    expect(editing).toContain('Ada Lovelace\nGrace Hopper</textarea>');

    const stand = await standBySlug(t, 'stand-helios-solaire');
    const moved = await post(
      { ...TALK, action: 'update', id: talk!.id, title_en: 'Panel', place: 'stand', stand_id: stand.key },
      cookies.admin,
    );
    expect(moved.statusCode).toBe(303);
    expect(await programme()).toEqual([
      expect.objectContaining({ id: talk!.id, title_en: 'Panel', place: 'stand', stand_id: stand.key, video_url: null }),
    ]);
    expect(await newestAudit(t, cookies.admin)).toMatchObject({ action: 'talk.update' });

    // Removal is asked in the page's own dialog, naming the talk.
    expect((await page(cookies.promoter)).body).toContain('Remove the talk “Panel” (2030-12-10 14:00 – 15:00)?');
    expect((await post({ action: 'remove', id: talk!.id })).statusCode).toBe(303);
    expect(await programme()).toEqual([]);
    expect(await newestAudit(t, cookies.admin)).toMatchObject({ action: 'talk.remove' });
    const again = await post({ action: 'remove', id: talk!.id });
    expect(again.statusCode).toBe(404);
    expect(again.body).toContain('Unknown talk');
  });

  it('the salon’s one time zone: set with the opening hours, it is the programme’s, on its page and for visitors', async () => {
    const access = (time_zone: string) => {
      const f = form({ time_zone, opens_at: '', closes_at: '', mode: 'anyone' });
      return request(t.app, { method: 'POST', url: '/admin/acces', payload: f.payload, headers: { ...f.headers, cookie: cookies.admin } });
    };
    expect((await access('America/New_York')).statusCode).toBe(303);
    try {
      expect((await page(cookies.promoter)).body).toContain(
        'Times are the salon’s (America/New_York), the time zone an administrator sets',
      );
      expect((await post(TALK)).statusCode).toBe(303);
      const [talk] = await programme();
      // 14:00 in New York in December is 19:00 UTC.
      expect(talk).toMatchObject({ start: '2030-12-10T19:00:00.000Z', end: '2030-12-10T20:00:00.000Z' });
      expect((await page(cookies.promoter, `?edit=${talk!.id}`)).body).toContain('value="2030-12-10T14:00"');
      const visitor = await request(t.app, { method: 'GET', url: '/api/programme', headers: { ...XHR, cookie: cookies.visitor } });
      expect((JSON.parse(visitor.body) as { data: ProgrammeData }).data.time_zone).toBe('America/New_York');
      expect((await post({ action: 'remove', id: talk!.id })).statusCode).toBe(303);
    } finally {
      expect((await access('Europe/Paris')).statusCode).toBe(303);
    }
  });

  it('refuses what the API refuses, next to the fields, the form as sent, nothing stored', async () => {
    const cases: [Record<string, string>, string, string][] = [
      [{ end: '2030-12-10T13:00' }, 'talk-end-error', 'must come after the start'],
      [{ start: 'tomorrow' }, 'talk-start-error', 'Expected a date and a time'],
      [{ title_fr: 'Table\u0007ronde' }, 'talk-title_fr-error', 'contains characters that are not allowed'],
      [{ title_en: '' }, 'talk-title_en-error', 'This field is required'],
      [{ video_url: '' }, 'talk-video_url-error', 'is required'],
      [{ place: 'stand' }, 'talk-stand_id-error', 'is not a stand'],
    ];
    for (const [change, errorId, text] of cases) {
      const refused = await post({ ...TALK, title_en: '<b>Bold</b> table', ...change });
      expect([change, refused.statusCode]).toEqual([change, 400]);
      expect(refused.body).toMatch(new RegExp(`id="${errorId}">[^<]*${text}`));
      if (change.title_en === undefined) expect(refused.body).toContain('value="&lt;b&gt;Bold&lt;/b&gt; table"');
    }
    expect(await programme()).toEqual([]);
  });
});
