/**
 * Server side: the company sheet, the stands, a stand's animators (the contact point) with the field
 * publication rule, another exhibitor's availability, and who may do what (spec §2.5, §2.8, §4.4, §5, §6, §7).
 */
import { afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { Value } from '@sinclair/typebox/value';
import { AnimatorsData, CompanyData, StandsData, type Animator } from '@salon/shared/contracts/exhibitors';
import type { LiveActivityState } from '@salon/shared/contracts/room';
import { nowIso } from '../../host-shell/server/db/schema';
import { encodeId } from '../../host-shell/server/lib/ids';
import { createSession } from '../../host-shell/server/services/sessions';
import { createTestApp, standBySlug, waitFor, type TestApp } from './helpers';
import { collect, connect, listen, settle } from './sockets';
import { closeAfterTests, openSse, type SseClient, type SseEvent } from './sse';
import { DEMO, anonymousCookie, login, userIdByEmail } from './accounts';
import { ORIGIN, XHR, request } from './http';

type Stand = { id: number; key: string };
type Who = 'visitor' | 'visitor2' | 'exhibitor' | 'exhibitor2' | 'promoter' | 'admin' | 'anonymous' | 'hugo' | 'ines' | 'maja';

let t: TestApp;
let base: string;
const cookies = {} as Record<Who, string>;
const ids = {} as Record<Who, number>;
let solar: Stand;
let storage: Stand;
let nordic: Stand;
let verdi: Stand;
let helios: number;
let nordicCompany: number;
let lucas: number;
const streams: SseClient[] = [];

/** A session for a seeded exhibitor without a password (the demo's other animators). */
async function sessionOf(firstname: string, lastname: string): Promise<{ id: number; cookie: string }> {
  const { id } = await t.database.db
    .selectFrom('users')
    .select('id')
    .where('firstname', '=', firstname)
    .where('lastname', '=', lastname)
    .executeTakeFirstOrThrow();
  return { id, cookie: `salon_session=${await createSession(t.database.db, id)}` };
}

beforeAll(async () => {
  // The default coalescing window (300 ms): the timings below are the product's.
  t = await createTestApp();
  base = await listen(t);
  for (const who of ['visitor', 'visitor2', 'exhibitor', 'exhibitor2', 'promoter', 'admin'] as const) {
    cookies[who] = await login(t.app, DEMO[who]);
    ids[who] = await userIdByEmail(t, DEMO[who]);
  }
  cookies.anonymous = await anonymousCookie(t.app);
  ids.anonymous = (
    await request(t.app, { method: 'GET', url: '/api/users/me', headers: { cookie: cookies.anonymous } })
  ).json().data.user.id_user;
  for (const [who, first, last] of [
    ['hugo', 'Hugo', 'Lambert'],
    ['ines', 'Inès', 'Garnier'],
    ['maja', 'Maja', 'Lindqvist'],
  ] as const) {
    ({ id: ids[who], cookie: cookies[who] } = await sessionOf(first, last));
  }
  lucas = (await sessionOf('Lucas', 'Mercier')).id;
  [solar, storage, nordic, verdi] = await Promise.all([
    standBySlug(t, 'stand-helios-solaire'),
    standBySlug(t, 'stand-helios-stockage'),
    standBySlug(t, 'stand-nordic-robotics'),
    standBySlug(t, 'stand-verdi'),
  ]);
  const companyOf = async (standId: number) =>
    (await t.database.db.selectFrom('stands').select('company_id').where('id', '=', standId).executeTakeFirstOrThrow()).company_id;
  [helios, nordicCompany] = await Promise.all([companyOf(solar.id), companyOf(nordic.id)]);
}, 30_000);
closeAfterTests(() => t, streams);

const get = (url: string, cookie?: string, headers: Record<string, string> = {}) =>
  request(t.app, { method: 'GET', url, headers: { ...headers, ...(cookie ? { cookie } : {}) } });
const put = (url: string, cookie: string, payload: unknown, headers: Record<string, string> = XHR) =>
  request(t.app, {
    method: 'PUT',
    url,
    headers: { ...headers, ...(cookie ? { cookie } : {}) },
    payload: payload as Record<string, unknown>,
  });
const setOther = (who: Who, target: string, available: unknown, headers?: Record<string, string>) =>
  put(`/api/exhibitors/${target}/availability`, cookies[who], { available }, headers);
const setMine = (who: Who, availability: boolean) => put('/api/exhibitors/me/availability', cookies[who], { availability });
const animators = async (who: Who | null, stand: string, query = ''): Promise<Animator[]> => {
  const response = await get(`/api/stands/${stand}/animators${query}`, who ? cookies[who] : undefined);
  expect(response.statusCode).toBe(200);
  const body = response.json();
  expect(Value.Check(AnimatorsData, body.data)).toBe(true);
  return body.data.visited_stand_animators as Animator[];
};
const byName = (list: Animator[], lastname: string) => list.find((a) => a.obfuscated_id === encodeId(idsByLastname[lastname] ?? 0));
const idsByLastname: Record<string, number> = {};
const availabilityOf = async (userId: number) =>
  (await t.database.db.selectFrom('users').select('availability').where('id', '=', userId).executeTakeFirstOrThrow()).availability;
const stream = async (cookie: string, visited: string) => {
  const client = await openSse(`${base}/api/sse/live/activity?visited_stand_id=${visited}`, { cookie });
  streams.push(client);
  await client.next();
  return client;
};
const animatorsIn = (e: SseEvent, stand: string) => (e.data as LiveActivityState).visited_stand_animators?.[stand] ?? [];

beforeAll(async () => {
  for (const lastname of ['Fontaine', 'Lambert', 'Garnier', 'Berg', 'Lindqvist', 'Mercier']) {
    idsByLastname[lastname] = (
      await t.database.db.selectFrom('users').select('id').where('lastname', '=', lastname).executeTakeFirstOrThrow()
    ).id;
  }
});

describe('GET /api/company/{id}', () => {
  it('answers every field of the company, to anyone (anonymous visitors, no session)', async () => {
    const row = await t.database.db.selectFrom('companies').selectAll().where('id', '=', helios).executeTakeFirstOrThrow();
    for (const cookie of [cookies.anonymous, cookies.visitor, undefined]) {
      const response = await get(`/api/company/${encodeId(helios)}`, cookie);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        data: {
          company: {
            id_company: encodeId(helios),
            name: 'Helios Énergie',
            description: row.description,
            description_en: row.description_en,
            website_link: 'https://www.helios-energie.example',
            storage_link: 'https://www.helios-energie.example/documents',
            mobile: '+33 4 76 00 11 00',
            email: 'contact@helios-energie.example',
            facebook_link: 'https://www.facebook.com/helios-energie',
            linkedin_link: 'https://www.linkedin.com/company/helios-energie',
            twitter_link: 'https://twitter.com/helios_energie',
            youtube_link: 'https://www.youtube.com/@helios-energie',
          },
        },
      });
      expect(Value.Check(CompanyData, response.json().data)).toBe(true);
    }
    expect(row.description).toMatch(/^Panneaux solaires/);
    expect(row.description_en).toMatch(/^High-efficiency/);
  });

  it('answers null for the fields a company has not given', async () => {
    const { id } = await t.database.db
      .insertInto('companies')
      .values({ name: 'Sans Fiche', created_at: nowIso() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const company = (await get(`/api/company/${encodeId(id)}`)).json().data.company;
    expect(company).toEqual({
      id_company: encodeId(id),
      name: 'Sans Fiche',
      ...Object.fromEntries(
        [
          'description',
          'description_en',
          'website_link',
          'storage_link',
          'mobile',
          'email',
          'facebook_link',
          'linkedin_link',
          'twitter_link',
          'youtube_link',
        ].map((k) => [k, null]),
      ),
    });
  });

  it.each([
    ['a non-canonical id', 'zzzzzz', /^Unknown company: "zzzzzz" is not a company id$/],
    ['an id of no company', encodeId(987654), /^Unknown company/],
    ['a malformed id', 'not-an-id', /^Unknown company/],
    ['a stand id that is no company', 'stand', /^Unknown company/],
    ['no id', '', /^A company id is required/],
  ])('answers 404 for %s', async (_case, id, message) => {
    const response = await get(`/api/company/${id}`, cookies.visitor, XHR);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ data: { error: true, message: expect.stringMatching(message) } });
  });
});

describe('GET /api/stands', () => {
  it('lists every stand keyed by obfuscated id, with its names, panorama, marketing opt-in and company', async () => {
    const response = await get('/api/stands', cookies.anonymous);
    expect(response.statusCode).toBe(200);
    const { stands } = response.json().data as StandsData;
    expect(Value.Check(StandsData, { stands })).toBe(true);
    const rows = await t.database.db.selectFrom('stands').select('id').orderBy('id').execute();
    expect(Object.keys(stands)).toEqual(rows.map((r) => encodeId(r.id)));
    expect(Object.keys(stands)).toHaveLength(14);
    expect(stands[solar.key]).toEqual({
      id_stand: solar.key,
      obfuscated_id: solar.key,
      name: 'Helios Solaire',
      niceName: 'Helios Solaire',
      niceNameEn: 'Helios Solar',
      panoramaSlug: 'stand-helios-solaire',
      optin_marketing: true,
      company_id: encodeId(helios),
    });
    expect(stands[storage.key]?.optin_marketing).toBeNull();
    expect(stands[nordic.key]).toMatchObject({
      niceName: 'Robotique Nordique',
      niceNameEn: 'Nordic Robotics',
      optin_marketing: false,
      company_id: encodeId(nordicCompany),
    });
    // Anyone may list them (the room frame shows them to everyone).
    expect((await get('/api/stands')).statusCode).toBe(200);
  });
});

describe('GET /api/stands/{stand_id}/animators', () => {
  it('answers the stand’s exhibitors with every field of the contract', async () => {
    const list = await animators('visitor', solar.key);
    expect(list.map((a) => a.lastname)).toEqual(['Fontaine', 'Lambert']);
    const claire = byName(list, 'Fontaine');
    expect(claire).toEqual({
      id_user: encodeId(ids.exhibitor),
      obfuscated_id: encodeId(ids.exhibitor),
      firstname: 'Claire',
      lastname: 'Fontaine',
      pseudo: 'claire.helios',
      identifier: 'claire.helios',
      profile: 'exhibitor',
      profileLabel: expect.stringMatching(/^(Exhibitor|Exposant)$/),
      function: 'Directrice commerciale',
      function_en: 'Sales director',
      presentation: expect.stringMatching(/^Je vous aide/),
      presentation_en: expect.stringMatching(/^I help you/),
      contact_email: 'claire.fontaine@helios-energie.example',
      mobile: '+33 4 76 00 11 22',
      linkedin: 'https://www.linkedin.com/in/claire-fontaine',
      picturePath: `${ORIGIN}/media/avatars/${encodeId(ids.exhibitor)}.svg`,
      videoPath: null,
      availability: expect.any(Boolean),
      // Null or a time (the schema check above): it depends on what ran before.
      last_activity_at: claire?.last_activity_at,
      hidden: false,
      fields_param: expect.objectContaining({ contact_email: '0', mobile: '0', linkedin: '0', birthdate: '1' }),
      visio_link: { link: 'https://meet.example.com/helios-energie-claire-fontaine' },
      company: { name: 'Helios Énergie' },
    });
    // Hugo has no published video link.
    expect(byName(list, 'Lambert')?.visio_link).toBeNull();
    // The picture is the avatar the server serves.
    const avatar = await get(new URL(claire?.picturePath ?? '').pathname);
    expect(avatar.statusCode).toBe(200);
    expect(avatar.headers['content-type']).toBe('image/svg+xml');
  });

  it('leaves unpublished contact fields null, except for the exhibitor themself and the stand’s other exhibitors', async () => {
    // Inès keeps her mobile private; Lucas his LinkedIn.
    for (const who of ['visitor', 'anonymous', 'exhibitor2', 'promoter'] as const) {
      const ines = byName(await animators(who, storage.key), 'Garnier');
      expect(ines).toMatchObject({
        firstname: 'Inès',
        contact_email: 'ines.garnier@helios-energie.example',
        mobile: null,
        linkedin: 'https://www.linkedin.com/in/ines-garnier',
      });
    }
    for (const who of ['ines', 'exhibitor'] as const) {
      expect(byName(await animators(who, storage.key), 'Garnier')?.mobile).toBe('+33 4 76 00 11 00');
    }
    const lucasCard = byName(await animators('visitor', verdi.key), 'Mercier');
    expect(lucasCard).toMatchObject({ linkedin: null, mobile: '+33 1 84 00 22 33', contact_email: 'lucas.mercier@verdi-mobilite.example' });
  });

  it('applies the rule to names and the video link too, and publishes everything when fields_param is empty', async () => {
    const original = await t.database.db
      .selectFrom('users')
      .select(['fields_param', 'mobile', 'pseudo'])
      .where('id', '=', lucas)
      .executeTakeFirstOrThrow();
    try {
      await t.database.db
        .updateTable('users')
        .set({
          fields_param: JSON.stringify({ firstname: '1', lastname: '0', visio_link: '1', linkedin: '1' }),
          visio_link: 'https://meet.example.com/lucas',
        })
        .where('id', '=', lucas)
        .execute();
      const hidden = byName(await animators('visitor', verdi.key), 'Mercier');
      expect(hidden).toMatchObject({
        firstname: null,
        lastname: 'Mercier',
        identifier: 'Mercier',
        contact_email: null,
        mobile: null,
        linkedin: null,
        visio_link: null,
      });

      await t.database.db.updateTable('users').set({ fields_param: '{}', mobile: '' }).where('id', '=', lucas).execute();
      const open = byName(await animators('visitor', verdi.key), 'Mercier');
      // An empty value is no value.
      expect(open).toMatchObject({
        firstname: 'Lucas',
        linkedin: 'https://www.linkedin.com/in/lucas-mercier',
        visio_link: { link: 'https://meet.example.com/lucas' },
        mobile: null,
        fields_param: {},
      });
    } finally {
      await t.database.db
        .updateTable('users')
        .set({ ...original, visio_link: null })
        .where('id', '=', lucas)
        .execute();
    }
  });

  it('leaves hidden exhibitors out, except for themselves', async () => {
    expect((await animators('visitor', nordic.key)).map((a) => a.lastname)).toEqual(['Berg']);
    expect((await animators('exhibitor2', nordic.key)).map((a) => a.lastname)).toEqual(['Berg']);
    const own = await animators('maja', nordic.key);
    expect(own.map((a) => [a.lastname, a.hidden])).toEqual([
      ['Berg', false],
      ['Lindqvist', true],
    ]);
  });

  it('says available only when availability is set and the exhibitor was active within exhibitor_activity_period_before_hide', async () => {
    const lucasOf = async () => byName(await animators('visitor', verdi.key), 'Mercier');
    expect(await availabilityOf(lucas)).toBe(1);
    // The demo's window is 600 s.
    t.app.activity.touch(lucas, Date.now() - 601_000);
    expect(await lucasOf()).toMatchObject({ availability: false, last_activity_at: expect.any(String) });
    const at = t.app.activity.touch(lucas);
    expect(await lucasOf()).toMatchObject({ availability: true, last_activity_at: at });
    // Inès is active but has set herself unavailable.
    t.app.activity.touch(ids.ines);
    expect(byName(await animators('visitor', storage.key), 'Garnier')?.availability).toBe(false);
  });

  it('filters by company: the stand’s company keeps them, another company gives none', async () => {
    expect((await animators('visitor', solar.key, `?company_id=${encodeId(helios)}`)).map((a) => a.lastname)).toEqual([
      'Fontaine',
      'Lambert',
    ]);
    expect(await animators('visitor', solar.key, `?company_id=${encodeId(nordicCompany)}`)).toEqual([]);
    const bad = await get(`/api/stands/${solar.key}/animators?company_id=zzzzzz`, cookies.visitor);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data).toMatchObject({
      message: 'Invalid querystring: "company_id" is not a company id',
      formErrors: { company_id: 'is not a company id' },
    });
    expect((await get(`/api/stands/${solar.key}/animators?company_id=a-b`, cookies.visitor)).statusCode).toBe(400);
    const unknown = await get(`/api/stands/${solar.key}/animators?company_id=${encodeId(987654)}`, cookies.visitor);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().data.message).toMatch(/^Unknown company/);
  });

  it.each([
    ['a non-canonical id', 'zzzzzz', /^Unknown stand: "zzzzzz" is not a stand id$/],
    ['an id of no stand', encodeId(987654), /^Unknown stand/],
    ['a malformed id', 'not-an-id', /^Unknown stand/],
    ['no id', '', /^A stand id is required/],
  ])('answers 404 for %s', async (_case, id, message) => {
    const response = await get(`/api/stands/${id}/animators`, cookies.visitor);
    expect(response.statusCode).toBe(404);
    expect(response.json().data.message).toMatch(message);
  });

  it('needs a session (an anonymous visitor has one)', async () => {
    expect((await get(`/api/stands/${solar.key}/animators`)).statusCode).toBe(401);
    expect(await animators('anonymous', solar.key)).toHaveLength(2);
  });
});

describe('who may change an exhibitor’s availability (spec §6, "Done when")', () => {
  afterEach(async () => {
    // Everyone back to available.
    await t.database.db
      .updateTable('users')
      .set({ availability: 1 })
      .where('id', 'in', [ids.exhibitor, ids.exhibitor2, ids.hugo])
      .execute();
  });

  it('refuses a visitor, on /me and on /{id}, and their reading a stand’s history', async () => {
    for (const who of ['visitor', 'anonymous'] as const) {
      const me = await setMine(who, false);
      expect(me.statusCode).toBe(403);
      const other = await setOther(who, encodeId(ids.exhibitor), false);
      expect(other.statusCode).toBe(403);
      expect(other.json().data.message).toBe("You cannot change an exhibitor's availability");
      // Even with an id of nobody: a visitor learns nothing about ids.
      expect((await setOther(who, encodeId(987654), false)).statusCode).toBe(403);
      expect((await get(`/api/stands/${solar.key}/history`, cookies[who])).statusCode).toBe(403);
    }
    expect(await availabilityOf(ids.exhibitor)).toBe(1);
  });

  it('refuses an exhibitor of another stand, and lets one who shares a stand with them', async () => {
    const refused = await setOther('exhibitor2', encodeId(ids.exhibitor), false);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().data.message).toBe('Seuls les exposants d’un même stand peuvent changer la disponibilité l’un de l’autre');
    expect((await setOther('exhibitor', encodeId(ids.exhibitor2), false)).statusCode).toBe(403);
    // Hugo and Inès each share a stand with Claire, not with each other.
    expect((await setOther('hugo', encodeId(ids.ines), true)).statusCode).toBe(403);
    expect(await availabilityOf(ids.exhibitor)).toBe(1);

    const allowed = await setOther('hugo', encodeId(ids.exhibitor), false);
    expect(allowed.statusCode).toBe(200);
    expect(allowed.json()).toEqual({ data: { availability: false } });
    expect(await availabilityOf(ids.exhibitor)).toBe(0);
    expect((await setOther('exhibitor', encodeId(ids.hugo), false)).statusCode).toBe(200);
    expect(await availabilityOf(ids.hugo)).toBe(0);
    // Their own id is the same as /me.
    expect((await setOther('exhibitor', encodeId(ids.exhibitor), true)).json().data.availability).toBe(true);
    expect(await availabilityOf(ids.exhibitor)).toBe(1);
  });

  it('lets promoters and administrators change any exhibitor', async () => {
    expect((await setOther('promoter', encodeId(ids.exhibitor2), false)).statusCode).toBe(200);
    expect(await availabilityOf(ids.exhibitor2)).toBe(0);
    expect((await setOther('admin', encodeId(ids.exhibitor2), true)).statusCode).toBe(200);
    expect(await availabilityOf(ids.exhibitor2)).toBe(1);
  });

  it.each([
    ['a visitor', () => encodeId(ids.visitor)],
    ['a promoter (themself)', () => encodeId(ids.promoter)],
    ['an id of nobody', () => encodeId(987654)],
    ['a non-canonical id', () => 'zzzzzz'],
    ['a malformed id', () => 'not-an-id'],
  ])('answers 404 when the target is %s', async (_case, target) => {
    const response = await setOther('promoter', target(), false);
    expect(response.statusCode).toBe(404);
    expect(response.json().data.message).toMatch(/^Unknown exhibitor: ".*" is not an exhibitor id$/);
  });

  it('needs a session, X-Requested-With and a boolean `available`', async () => {
    const target = encodeId(ids.exhibitor);
    expect((await put(`/api/exhibitors/${target}/availability`, '', { available: false })).statusCode).toBe(401);
    expect((await setOther('promoter', target, false, { origin: ORIGIN })).statusCode).toBe(403);
    expect((await setOther('promoter', target, 'no')).statusCode).toBe(400);
    const wrongKey = await put(`/api/exhibitors/${target}/availability`, cookies.promoter, { availability: false });
    expect(wrongKey.statusCode).toBe(400);
    expect(wrongKey.json().data.formErrors).toHaveProperty('available');
    expect(await availabilityOf(ids.exhibitor)).toBe(1);
  });
});

describe('the effects of a change by someone else', () => {
  afterEach(async () => {
    await t.database.db.updateTable('users').set({ availability: 1 }).where('id', 'in', [ids.exhibitor, ids.hugo]).execute();
  });

  it('records updateAvailability on the target’s stands, sends it to the stands’ exhibitors and to the live activity', async () => {
    t.app.activity.touch(ids.hugo);
    const claireSocket = await connect(base, { cookie: cookies.exhibitor });
    const jonasSocket = await connect(base, { cookie: cookies.exhibitor2 });
    const atClaire = collect(claireSocket, 'stand_history');
    const atJonas = collect(jonasSocket, 'stand_history');
    const visitorStream = await stream(cookies.visitor, solar.key);
    // Hugo's first activity is a presence change of its own: delivered before the change under test.
    await t.app.live.settle();
    const from = visitorStream.events.length;

    const lastHistory =
      (
        await t.database.db
          .selectFrom('stand_history')
          .select((eb) => eb.fn.max('id').as('id'))
          .executeTakeFirstOrThrow()
      ).id ?? 0;
    expect((await setOther('promoter', encodeId(ids.hugo), false)).statusCode).toBe(200);
    await visitorStream.next(
      (e) => animatorsIn(e, solar.key).some((u) => u.id_user === encodeId(ids.hugo) && u.availability === false),
      10_000,
      from,
    );

    const rows = await t.database.db
      .selectFrom('stand_history')
      .select(['stand_id', 'user_id', 'type', 'content'])
      .where('id', '>', lastHistory)
      .execute();
    expect(rows).toEqual([
      { stand_id: solar.id, user_id: ids.hugo, type: 'updateAvailability', content: JSON.stringify({ availability: false }) },
    ]);
    await waitFor(() => (atClaire.length > 0 ? true : undefined), 10_000, 'stand_history at Claire');
    await settle();
    expect(atClaire.map((h) => [h.stand_id, h.content.type, h.content.user?.id_user, h.content.availability])).toEqual([
      [solar.key, 'updateAvailability', encodeId(ids.hugo), false],
    ]);
    expect(atJonas).toEqual([]);
  });
});

describe('availability reaches the visitors of every stand of the exhibitor within the coalescing window', () => {
  afterEach(async () => {
    await t.database.db.updateTable('users').set({ availability: 1 }).where('id', '=', ids.exhibitor).execute();
  });

  it('from /me: visited_stand_availability and visited_stand_animators change, on both of Claire’s stands only', async () => {
    expect((await setMine('exhibitor', false)).statusCode).toBe(200);
    const onStorage = await stream(cookies.visitor, storage.key);
    const onSolar = await stream(cookies.anonymous, solar.key);
    const onNordic = await stream(cookies.visitor2, nordic.key);
    await t.app.live.settle();
    const marks = [onStorage, onSolar, onNordic].map((s) => s.events.length);
    const claireIn = (e: SseEvent, stand: string) => animatorsIn(e, stand).find((u) => u.id_user === encodeId(ids.exhibitor));

    // Switching on counts as activity: Claire is available at once, without an activity push.
    expect((await setMine('exhibitor', true)).json()).toEqual({ data: { availability: true } });
    const [storageEvent, solarEvent] = await Promise.all([
      onStorage.next((e) => claireIn(e, storage.key)?.availability === true, 10_000, marks[0]),
      onSolar.next((e) => claireIn(e, solar.key)?.availability === true, 10_000, marks[1]),
    ]);
    expect((storageEvent.data as LiveActivityState).visited_stand_availability).toBe(true);
    expect((solarEvent.data as LiveActivityState).visited_stand_availability).toBe(true);

    expect((await setOther('exhibitor', encodeId(ids.exhibitor), false)).statusCode).toBe(200);
    const offEvent = await onStorage.next((e) => claireIn(e, storage.key)?.availability === false, 10_000, marks[0]);
    // Inès (unavailable) is the other exhibitor of that stand: nobody is available there now.
    expect((offEvent.data as LiveActivityState).visited_stand_availability).toBe(false);

    await settle(500);
    expect(onNordic.events.slice(marks[2]).filter((e) => (e.data as LiveActivityState).visited_stand_animators !== undefined)).toEqual([]);
  });
});

describe('OpenAPI', () => {
  it('documents the company, the stands, the animators and another exhibitor’s availability', async () => {
    const doc = (await get('/api/openapi.json')).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/company/{id}', '/api/stands', '/api/stands/{stand_id}/animators', '/api/exhibitors/{id}/availability']),
    );
    const animatorsOp = doc.paths['/api/stands/{stand_id}/animators'].get;
    expect(animatorsOp.parameters).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'stand_id', in: 'path', required: true }),
        expect.objectContaining({ name: 'company_id', in: 'query', required: false }),
      ]),
    );
    expect(
      animatorsOp.responses['200'].content['application/json'].schema.properties.data.properties.visited_stand_animators.items.properties,
    ).toHaveProperty('picturePath');
    const availability = doc.paths['/api/exhibitors/{id}/availability'].put;
    expect(availability.requestBody.content['application/json'].schema.required).toEqual(['available']);
    expect(availability.parameters).toContainEqual(expect.objectContaining({ name: 'X-Requested-With', required: true }));
  });
});
