/**
 * The exhibitor card, server side: GET/PUT /api/exhibitors/me/profile (exhibitors only), its validation, the field
 * publication it writes, and the live activity that carries the change to visitors' open cards.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { Value } from '@sinclair/typebox/value';
import type { Animator } from '@salon/shared/contracts/exhibitors';
import { ExhibitorProfileData, type ExhibitorProfileBody } from '@salon/shared/contracts/profile';
import type { LiveActivityState } from '@salon/shared/contracts/room';
import type { UserRow } from '../../host-shell/server/db/schema';
import { encodeId } from '../../host-shell/server/lib/ids';
import { mediaUrlAllowed, mergedFieldsParam } from '../../host-shell/server/services/exhibitor-profile';
import { createTestApp, standBySlug, type TestApp } from './helpers';
import { listen } from './sockets';
import { closeListening, closeStreams, openSse, type SseClient } from './sse';
import { DEMO, signIn, userIdByEmail } from './accounts';
import { ORIGIN, XHR, request } from './http';

type Who = 'visitor' | 'exhibitor' | 'promoter' | 'admin' | 'anonymous';

let t: TestApp;
let base: string;
let cookies: Record<Who, string>;
let claire: number;
let solar: { id: number; key: string };
let original: UserRow;
const streams: SseClient[] = [];

const URL_ME = '/api/exhibitors/me/profile';
const PICTURE = 'Ab3_x-9Ab3_x-9Ab3_x-9Ab3';
const VIDEO = 'v1deov1deov1deov1deov1de';

/** A media row as an upload leaves it (the file itself is not needed by these checks). */
async function addMedia(
  str: string,
  kind: 'picture' | 'video',
  uploader: number,
  scan: 'clean' | 'pending' | 'unscanned' = 'unscanned',
): Promise<void> {
  await t.database.db
    .insertInto('medias')
    .values({
      str,
      kind,
      mime: kind === 'picture' ? 'image/jpeg' : 'video/mp4',
      extension: kind === 'picture' ? 'jpg' : 'mp4',
      size: 1,
      width: null,
      height: null,
      uploader_id: uploader,
      original_name: 'x',
      stored_name: `${str}.bin`,
      scan_status: scan,
      created_at: new Date().toISOString(),
    })
    .execute();
}

function call(method: 'GET' | 'PUT', payload?: unknown, cookie?: string, contentType = 'application/json') {
  return request(t.app, {
    method,
    url: URL_ME,
    ...(payload === undefined ? {} : { payload: typeof payload === 'string' ? payload : JSON.stringify(payload) }),
    headers: { ...XHR, origin: ORIGIN, ...(payload === undefined ? {} : { 'content-type': contentType }), ...(cookie ? { cookie } : {}) },
  });
}
const errorOf = (body: string) =>
  (JSON.parse(body) as { data: { error: boolean; message: string; formErrors?: Record<string, string> } }).data;
const claireRow = () => t.database.db.selectFrom('users').selectAll().where('id', '=', claire).executeTakeFirstOrThrow();

/** A valid save: Claire's card as seeded, with the given changes. */
function body(changes: Partial<ExhibitorProfileBody> = {}): ExhibitorProfileBody {
  return {
    function: 'Directrice commerciale',
    function_en: 'Sales director',
    presentation: 'Je vous aide à dimensionner une installation solaire.',
    presentation_en: 'I help you size a solar installation.',
    picture_path: original ? original.picture_path : null,
    video_path: null,
    contact_email: 'claire@helios.example',
    mobile: '+33 4 76 00 11 22',
    linkedin: 'https://www.linkedin.com/in/claire-fontaine',
    visio_link: 'https://meet.example.com/helios-claire',
    published: { firstname: true, lastname: true, contact_email: true, mobile: true, linkedin: true, visio_link: true },
    ...changes,
  };
}

beforeAll(async () => {
  t = await createTestApp();
  base = await listen(t);
  cookies = await signIn(t.app, ['visitor', 'exhibitor', 'promoter', 'admin', 'anonymous']);
  claire = await userIdByEmail(t, DEMO.exhibitor);
  await addMedia(PICTURE, 'picture', claire);
  await addMedia(VIDEO, 'video', claire);
  solar = await standBySlug(t, 'stand-helios-solaire');
  original = await claireRow();
}, 30_000);
afterEach(() => closeStreams(t, streams));
afterAll(async () => {
  await closeListening(t);
});

describe('who may read and save the exhibitor card', () => {
  const calls: ['GET' | 'PUT', unknown][] = [
    ['GET', undefined],
    ['PUT', 'valid'],
  ];
  it.each(calls)('%s without a session: 401', async (method, payload) => {
    const response = await call(method, payload === 'valid' ? body() : payload);
    expect(response.statusCode).toBe(401);
    expect(errorOf(response.body).error).toBe(true);
  });
  it.each(
    calls.flatMap(([method, payload]) =>
      (['anonymous', 'visitor', 'promoter', 'admin'] as const).map((who) => [method, who, payload] as const),
    ),
  )('%s as %s: 403, nothing changes', async (method, who, payload) => {
    const before = await claireRow();
    const response = await call(method, payload === 'valid' ? body({ mobile: null, function: 'Pirate' }) : payload, cookies[who]);
    expect(response.statusCode).toBe(403);
    expect(errorOf(response.body)).toEqual({ error: true, message: 'Only exhibitors have an exhibitor card' });
    expect(await claireRow()).toEqual(before);
  });
  it('a state-changing call without X-Requested-With is refused (same-origin guard)', async () => {
    const response = await request(t.app, { method: 'PUT', url: URL_ME, payload: body(), headers: { cookie: cookies.exhibitor } });
    expect(response.statusCode).toBe(403);
  });
});

describe('GET /api/exhibitors/me/profile', () => {
  it('answers every value of the card, which fields are published, and what the card shows besides', async () => {
    const response = await call('GET', undefined, cookies.exhibitor);
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(Value.Check(ExhibitorProfileData, data)).toBe(true);
    expect(data.profile).toMatchObject({
      function: 'Directrice commerciale',
      function_en: 'Sales director',
      mobile: '+33 4 76 00 11 22',
      visio_link: original.visio_link,
      published: { firstname: true, lastname: true, contact_email: true, mobile: true, linkedin: true, visio_link: true },
    });
    expect(data.identity).toMatchObject({
      id_user: encodeId(claire),
      firstname: 'Claire',
      lastname: 'Fontaine',
      company: { name: 'Helios Énergie' },
      hidden: false,
      avatar_url: `/media/avatars/${encodeId(claire)}.svg`,
    });
  });
});

describe('PUT /api/exhibitors/me/profile', () => {
  afterEach(async () => {
    const { id: _id, ...rest } = original;
    await t.database.db.updateTable('users').set(rest).where('id', '=', claire).execute();
  });

  it('saves every field, writes the publication flags and keeps the other fields’ flags; only the caller’s card changes', async () => {
    const other = await userIdByEmail(t, DEMO.exhibitor2);
    const otherBefore = await t.database.db.selectFrom('users').selectAll().where('id', '=', other).executeTakeFirstOrThrow();
    const response = await call(
      'PUT',
      body({
        function: '  Directrice   des ventes ',
        presentation: 'Ligne 1\nLigne 2',
        picture_path: `/api/medias/${PICTURE}`,
        video_path: `/api/medias/${VIDEO}`,
        published: { ...body().published, mobile: false, firstname: false },
      }),
      cookies.exhibitor,
    );
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data.profile).toMatchObject({
      function: 'Directrice des ventes',
      presentation: 'Ligne 1\nLigne 2',
      picture_path: `/api/medias/${PICTURE}`,
      video_path: `/api/medias/${VIDEO}`,
    });
    expect(data.profile.published).toEqual({
      firstname: false,
      lastname: true,
      contact_email: true,
      mobile: false,
      linkedin: true,
      visio_link: true,
    });
    const row = await claireRow();
    // birthdate stays private, city stays published: only the card's flags changed.
    expect(JSON.parse(row.fields_param)).toMatchObject({
      firstname: '1',
      mobile: '1',
      contact_email: '0',
      birthdate: '1',
      city: '0',
      email: '0',
    });
    expect(row.mobile).toBe('+33 4 76 00 11 22');

    // A visitor's contact point: the phone and the first name are gone, the rest is there.
    const animators = (
      await request(t.app, { method: 'GET', url: `/api/stands/${solar.key}/animators`, headers: { cookie: cookies.visitor } })
    ).json().data.visited_stand_animators as Animator[];
    const card = animators.find((a) => a.obfuscated_id === encodeId(claire));
    expect(card).toMatchObject({
      mobile: null,
      firstname: null,
      lastname: 'Fontaine',
      contact_email: 'claire@helios.example',
      function: 'Directrice des ventes',
    });
    expect(card?.picturePath).toBe(`${ORIGIN}/api/medias/${PICTURE}`);
    expect(await t.database.db.selectFrom('users').selectAll().where('id', '=', other).executeTakeFirstOrThrow()).toEqual(otherBefore);
  });

  it('clears values with null or an empty string', async () => {
    const response = await call('PUT', body({ mobile: '', linkedin: null, function_en: '   ', picture_path: null }), cookies.exhibitor);
    expect(response.statusCode).toBe(200);
    expect(await claireRow()).toMatchObject({ mobile: null, linkedin: null, function_en: null, picture_path: null });
  });

  const bad: [string, Partial<ExhibitorProfileBody> | Record<string, unknown>, string][] = [
    ['a malformed email', { contact_email: 'claire-at-helios' }, 'contact_email'],
    ['a phone that is not one', { mobile: '06 12' }, 'mobile'],
    ['letters in the phone', { mobile: 'call me maybe' }, 'mobile'],
    ['a LinkedIn address that is not http(s)', { linkedin: 'javascript:alert(1)' }, 'linkedin'],
    ['a video link that is not http(s)', { visio_link: 'ftp://meet.example.com/x' }, 'visio_link'],
    ['a function on two lines', { function: 'Directrice\ncommerciale' }, 'function'],
    ['a direction override in the English function', { function_en: 'Sales \u202Edirector' }, 'function_en'],
    ['a function of 101 characters', { function: 'x'.repeat(101) }, 'function'],
    ['a presentation of 1001 characters', { presentation: 'x'.repeat(1001) }, 'presentation'],
    ['a control character in the presentation', { presentation_en: 'Hello\u0000' }, 'presentation_en'],
    ['a picture that is not an uploaded media', { picture_path: 'https://evil.example/me.jpg' }, 'picture_path'],
    ['a video elsewhere on this server', { video_path: '/api/medias/../../etc/passwd' }, 'video_path'],
    ['an unknown field', { hidden: true }, 'hidden'],
    ['a publication flag that is not a boolean', { published: { ...body().published, mobile: '0' } }, 'published.mobile'],
  ];
  it.each(bad)('%s: 400 naming the field, nothing changes', async (_what, changes, field) => {
    const before = await claireRow();
    const response = await call('PUT', { ...body(), ...changes }, cookies.exhibitor);
    expect(response.statusCode).toBe(400);
    const error = errorOf(response.body);
    expect(error.error).toBe(true);
    expect(Object.keys(error.formErrors ?? {})).toContain(field);
    expect(await claireRow()).toEqual(before);
  });

  it.each([
    [
      'a body without the publication flags',
      (() => {
        const { published: _p, ...rest } = body();
        return rest;
      })(),
    ],
    ['not JSON', '{"function": '],
    ['an array', [body()]],
  ])('%s: 400, nothing changes', async (_what, payload) => {
    const before = await claireRow();
    const response = await call('PUT', payload, cookies.exhibitor);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response.body).error).toBe(true);
    expect(await claireRow()).toEqual(before);
  });

  it('a picture the exhibitor already had (an older address) may be kept as it is', async () => {
    expect(original.picture_path).toBe(`/media/avatars/${encodeId(claire)}.svg`);
    const response = await call('PUT', body({ picture_path: original.picture_path }), cookies.exhibitor);
    expect(response.statusCode).toBe(200);
  });

  it('a visitor on the stand sees the change in the live activity, without asking again', async () => {
    const client = await openSse(`${base}/api/sse/live/activity?visited_stand_id=${solar.key}`, { cookie: cookies.visitor });
    streams.push(client);
    await client.next();
    await t.app.live.settle();
    const mark = client.events.length;
    const claireIn = (data: Record<string, unknown>) =>
      (data as LiveActivityState).visited_stand_animators?.[solar.key]?.find((u) => u.id_user === encodeId(claire));
    const first = claireIn(client.events[0]?.data ?? {});
    expect(first).toMatchObject({ mobile: '+33 4 76 00 11 22', function_en: 'Sales director' });

    expect(
      (await call('PUT', body({ function_en: 'Head of sales', published: { ...body().published, mobile: false } }), cookies.exhibitor))
        .statusCode,
    ).toBe(200);
    const event = await client.next((e) => claireIn(e.data)?.mobile === null, 10_000, mark);
    expect(claireIn(event.data)).toMatchObject({
      function_en: 'Head of sales',
      contact_email: 'claire@helios.example',
      fields_param: expect.objectContaining({ mobile: '1' }),
    });
  });
});

describe('the rules of the service', () => {
  it('mediaUrlAllowed: the user’s own upload of the field’s kind, served, or the stored value; nothing else', async () => {
    const db = t.database.db;
    const user = { id: claire };
    const other = await userIdByEmail(t, DEMO.exhibitor2);
    await addMedia('mineP1ctureAAAAAAAAAAAAA', 'picture', claire);
    await addMedia('mineV1deoAAAAAAAAAAAAAAA', 'video', claire);
    await addMedia('theirsP1ctureAAAAAAAAAAA', 'picture', other);
    await addMedia('scanningP1ctureAAAAAAAAA', 'picture', claire, 'pending');
    expect(await mediaUrlAllowed(db, '/api/medias/mineP1ctureAAAAAAAAAAAAA', null, user, 'picture')).toBe(true);
    expect(await mediaUrlAllowed(db, '/api/medias/mineV1deoAAAAAAAAAAAAAAA', null, user, 'picture')).toBe(false);
    expect(await mediaUrlAllowed(db, '/api/medias/theirsP1ctureAAAAAAAAAAA', null, user, 'picture')).toBe(false);
    expect(await mediaUrlAllowed(db, '/api/medias/scanningP1ctureAAAAAAAAA', null, user, 'picture')).toBe(false);
    expect(await mediaUrlAllowed(db, '/api/medias/unknownAAAAAAAAAAAAAAAAA', null, user, 'picture')).toBe(false);
    expect(await mediaUrlAllowed(db, '/media/avatars/x.svg', '/media/avatars/x.svg', user, 'picture')).toBe(true);
    expect(await mediaUrlAllowed(db, '/media/avatars/x.svg', null, user, 'picture')).toBe(false);
    expect(await mediaUrlAllowed(db, '//evil.example/api/medias/abc', null, user, 'picture')).toBe(false);
    expect(await mediaUrlAllowed(db, '/api/medias/abc?x=1', null, user, 'picture')).toBe(false);
  });
  it('mergedFieldsParam: an empty fields_param (everything published) keeps the other fields published', () => {
    const flags = { firstname: true, lastname: true, contact_email: true, mobile: false, linkedin: true, visio_link: true };
    expect(mergedFieldsParam({}, flags)).toMatchObject({ email: '0', city: '0', birthdate: '0', mobile: '1', contact_email: '0' });
    expect(mergedFieldsParam({ city: '1' }, flags)).toEqual({
      city: '1',
      firstname: '0',
      lastname: '0',
      contact_email: '0',
      mobile: '1',
      linkedin: '0',
      visio_link: '0',
    });
  });
});
