import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { PARAMETER_KEYS, ParametersPatch, type LiveSettings } from '@salon/shared/contracts/settings';
import { DEMO_PARAMETERS } from '../../host-shell/server/db/seed-data';
import { validate } from '../../host-shell/server/lib/validation';
import { DEFAULT_PARAMETERS } from '../../host-shell/server/services/settings';
import { createTestApp, type TestApp } from './helpers';
import { listen } from './sockets';
import { settingsForm } from './admin-forms';
import { pageDataOf } from './markup';
import { closeListening, closeStreams, openSse, type SseClient, type SseEvent } from './sse';
import { EACH_PROFILE, signIn, type EachProfile } from './accounts';
import { ORIGIN, XHR, callApi, request } from './http';

let t: TestApp;
let base: string;
const opened: SseClient[] = [];
let cookies: Record<EachProfile, string>;

const call = (method: 'GET' | 'PUT', url: string, payload: unknown, cookie?: string) => callApi(t.app, method, url, payload, cookie);
const put = (url: string, payload: unknown, cookie = cookies.admin) => call('PUT', url, payload, cookie);
const errorOf = (body: string) =>
  (JSON.parse(body) as { data: { error: boolean; message: string; formErrors?: Record<string, string> } }).data;

async function stream(cookie: string): Promise<SseClient> {
  const client = await openSse(`${base}/api/sse/live/activity`, { cookie });
  opened.push(client);
  return client;
}
const settingsOf = (client: SseClient, from = 0) => client.next((e) => e.event === 'liveSettings', 10_000, from);

beforeAll(async () => {
  t = await createTestApp({ config: { livePingMs: 100, liveGlobalMinMs: 50 } });
  base = await listen(t);
  cookies = await signIn(t.app, EACH_PROFILE);
}, 30_000);
afterEach(() => closeStreams(t, opened));
afterAll(async () => {
  await closeListening(t);
});

describe('the parameters schema', () => {
  it('has one schema per stored parameter, and accepts the defaults and the demo salon as they are', () => {
    expect([...PARAMETER_KEYS].sort()).toEqual(Object.keys(DEFAULT_PARAMETERS).sort());
    expect(validate(ParametersPatch, DEFAULT_PARAMETERS)).toMatchObject({ ok: true });
    expect(validate(ParametersPatch, DEMO_PARAMETERS)).toMatchObject({ ok: true });
  });
});

describe('the admin settings API: who may call it', () => {
  const calls: [string, 'GET' | 'PUT', string, unknown][] = [
    ['read the settings', 'GET', '/api/admin/parameters', undefined],
    ['change a parameter', 'PUT', '/api/admin/parameters', { room_name: 'Pirate' }],
    ['switch a feature', 'PUT', '/api/admin/features', { journey: false }],
    ['switch the stream', 'PUT', '/api/admin/stream', { active: true, video_url: 'https://video.test/live' }],
  ];
  it.each(calls)('%s: 401 without a session', async (_what, method, url, payload) => {
    const response = await call(method, url, payload);
    expect(response.statusCode).toBe(401);
  });
  it.each(
    calls.flatMap(([what, method, url, payload]) =>
      (['anonymous', 'visitor', 'exhibitor', 'promoter'] as const).map((who) => [`${what} as ${who}`, method, url, payload, who] as const),
    ),
  )('%s: 403, nothing changes', async (_what, method, url, payload, who) => {
    const response = await call(method, url, payload, cookies[who]);
    expect(response.statusCode).toBe(403);
    expect(errorOf(response.body).message).toMatch(/administrat/i);
  });
  it('even a bad body from a non-administrator is a 403, not a 400', async () => {
    expect((await put('/api/admin/parameters', { nope: 1 }, cookies.promoter)).statusCode).toBe(403);
  });
  it('nothing was changed by the refused calls', async () => {
    const response = await call('GET', '/api/admin/parameters', undefined, cookies.admin);
    expect(response.statusCode).toBe(200);
    const { data } = JSON.parse(response.body) as { data: LiveSettings };
    expect(data.parameters.room_name).toBe('Salon de l’innovation');
    expect(data.features.journey).toBe('1');
    expect(data.stream).toEqual({ active: false, video_url: null, chat_url: null });
  });
});

describe('PUT /api/admin/parameters', () => {
  it('changes some parameters and leaves the others; the next page has them', async () => {
    const response = await put('/api/admin/parameters', {
      room_name: 'Salon d’hiver',
      room_name_en: 'Winter Fair',
      styles: { sidebar: { opacity: 60, blur: 4 } },
      feedback_delay: 0,
    });
    expect(response.statusCode).toBe(200);
    const { data } = JSON.parse(response.body) as { data: LiveSettings };
    expect(data.parameters).toMatchObject({
      room_name: 'Salon d’hiver',
      room_name_en: 'Winter Fair',
      styles: { sidebar: { opacity: 60, blur: 4 } },
      feedback_delay: 0,
    });
    expect(data.parameters.room_desc_en).toBe('Energy, robotics, health, data: innovative companies welcome you on their virtual stands.');
    const page = pageDataOf((await request(t.app, { method: 'GET', url: '/salon', headers: { cookie: cookies.visitor } })).body);
    expect(page.parameters.room_name_en).toBe('Winter Fair');
    expect(page.parameters.styles.sidebar).toEqual({ opacity: 60, blur: 4 });
    expect(page.feedback_delay).toBe(0);
  });

  it('drops the cached parameters at once', async () => {
    await t.app.parameters.get();
    await put('/api/admin/parameters', { last_activity_period: 321 });
    expect((await t.app.parameters.get()).last_activity_period).toBe(321);
  });

  it.each<[string, unknown, string]>([
    ['an unknown key', { room_name: 'X', colour: 'red' }, 'colour'],
    ['an empty room name', { room_name: '' }, 'room_name'],
    ['a room name on two lines', { room_name_en: 'a\nb' }, 'room_name_en'],
    ['opacity above 100', { styles: { sidebar: { opacity: 101, blur: 0 } } }, 'styles.sidebar.opacity'],
    ['a missing blur', { styles: { sidebar: { opacity: 50 } } }, 'styles.sidebar.blur'],
    ['a period of 0 s', { last_activity_period: 0 }, 'last_activity_period'],
    ['a period in text', { exhibitor_activity_period_before_hide: '600' }, 'exhibitor_activity_period_before_hide'],
    ['an unknown priority action', { exhibitor_upc_priority_action: 'fax' }, 'exhibitor_upc_priority_action'],
    ['an unknown search permission', { visitor_search_permissions: ['everyone'] }, 'visitor_search_permissions.0'],
    ['a boolean as a string', { stands_optin_marketing: 'true' }, 'stands_optin_marketing'],
    ['a social image that is not an address', { social_image: 'javascript:alert(1)' }, 'social_image'],
    ['a contest name with a slash', { contests: ['a/b'] }, 'contests.0'],
    ['the viewer-only auth', { auth: true }, 'auth'],
  ])('400 for %s, naming the field; nothing stored', async (_case, payload, field) => {
    const before = await call('GET', '/api/admin/parameters', undefined, cookies.admin);
    const response = await put('/api/admin/parameters', payload);
    expect(response.statusCode).toBe(400);
    expect(Object.keys(errorOf(response.body).formErrors ?? {})).toContain(field);
    expect((await call('GET', '/api/admin/parameters', undefined, cookies.admin)).body).toBe(before.body);
  });

  it.each<[string, string | undefined, string]>([
    ['an empty object', '{}', 'application/json'],
    ['a list', '[]', 'application/json'],
    ['not JSON', '{room_name:', 'application/json'],
    ['no body', undefined, 'application/json'],
  ])('400 for %s, never a 500', async (_case, payload, type) => {
    const response = await request(t.app, {
      method: 'PUT',
      url: '/api/admin/parameters',
      ...(payload === undefined ? {} : { payload }),
      headers: { ...XHR, origin: ORIGIN, 'content-type': type, cookie: cookies.admin },
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('PUT /api/admin/features', () => {
  it('switches the journey off and on; pages follow', async () => {
    expect((await put('/api/admin/features', { journey: false })).statusCode).toBe(200);
    expect(
      pageDataOf((await request(t.app, { method: 'GET', url: '/salon', headers: { cookie: cookies.visitor } })).body).features.journey,
    ).toBe('0');
    const on = await put('/api/admin/features', { journey: true });
    expect((JSON.parse(on.body) as { data: LiveSettings }).data.features.journey).toBe('1');
  });
  it.each([[{ journey: '1' }], [{ chat: true }], [{}]])('400 for %j', async (payload) => {
    expect((await put('/api/admin/features', payload)).statusCode).toBe(400);
  });
});

describe('PUT /api/admin/stream and GET /api/stream/active', () => {
  afterAll(async () => {
    await put('/api/admin/stream', { active: false, video_url: '', chat_url: '' });
  });

  it('switches the stream on with its addresses; GET /api/stream/active answers it, to anyone', async () => {
    const response = await put('/api/admin/stream', {
      active: true,
      video_url: 'https://video.test/live',
      chat_url: 'https://video.test/chat',
    });
    expect(response.statusCode).toBe(200);
    const active = await request(t.app, { method: 'GET', url: '/api/stream/active', headers: XHR });
    expect(JSON.parse(active.body)).toEqual({
      data: { active: true, video_url: 'https://video.test/live', chat_url: 'https://video.test/chat' },
    });
    expect(
      pageDataOf((await request(t.app, { method: 'GET', url: '/salon', headers: { cookie: cookies.visitor } })).body).is_streaming,
    ).toBe(true);
  });

  it('off keeps the addresses for next time; a chat address can be cleared', async () => {
    await put('/api/admin/stream', { active: false, chat_url: '' });
    const active = await request(t.app, { method: 'GET', url: '/api/stream/active', headers: XHR });
    expect(JSON.parse(active.body)).toEqual({ data: { active: false, video_url: 'https://video.test/live', chat_url: null } });
  });

  it.each<[string, unknown, string]>([
    ['a javascript: video address', { active: true, video_url: 'javascript:alert(1)' }, 'video_url'],
    ['a relative chat address', { chat_url: '/chat' }, 'chat_url'],
    ['active as a string', { active: 'yes' }, 'active'],
    ['an unknown key', { active: true, poster: 'x' }, 'poster'],
  ])('400 for %s', async (_case, payload, field) => {
    const response = await put('/api/admin/stream', payload);
    expect(response.statusCode).toBe(400);
    expect(Object.keys(errorOf(response.body).formErrors ?? {})).toContain(field);
  });

  it('400 for switching on without any video address', async () => {
    await put('/api/admin/stream', { active: false, video_url: null });
    const response = await put('/api/admin/stream', { active: true });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response.body).formErrors).toHaveProperty('video_url');
    expect(JSON.parse((await request(t.app, { method: 'GET', url: '/api/stream/active', headers: XHR })).body)).toEqual({
      data: { active: false, video_url: null, chat_url: null },
    });
  });
});

describe('the live activity carries the settings (liveSettings)', () => {
  it('every stream gets them first, anonymous visitors too', async () => {
    const [visitor, anonymous] = await Promise.all([stream(cookies.visitor), stream(cookies.anonymous)]);
    for (const client of [visitor, anonymous]) {
      const first = await settingsOf(client);
      const settings = first.data as unknown as LiveSettings;
      expect(settings.stream.active).toBe(false);
      expect(settings.features.journey).toBe('1');
      expect(settings.parameters).not.toHaveProperty('auth');
      expect(client.events[0]?.event).toBe('liveActivity');
    }
  });

  it('the stream switched on reaches open streams, and off again', async () => {
    const clients = await Promise.all([stream(cookies.visitor), stream(cookies.anonymous), stream(cookies.exhibitor)]);
    const counts = await Promise.all(clients.map(async (c) => (await settingsOf(c), c.events.length)));
    expect(
      (await put('/api/admin/stream', { active: true, video_url: 'https://video.test/live', chat_url: 'https://video.test/chat' }))
        .statusCode,
    ).toBe(200);
    for (const [i, client] of clients.entries()) {
      const event = await client.next(
        (e) => e.event === 'liveSettings' && (e.data as unknown as LiveSettings).stream.active,
        3000,
        counts[i],
      );
      expect((event.data as unknown as LiveSettings).stream).toEqual({
        active: true,
        video_url: 'https://video.test/live',
        chat_url: 'https://video.test/chat',
      });
    }
    const from = clients.map((c) => c.events.length);
    await put('/api/admin/stream', { active: false });
    for (const [i, client] of clients.entries()) {
      const event = await client.next((e) => e.event === 'liveSettings', 10_000, from[i]);
      expect((event.data as unknown as LiveSettings).stream.active).toBe(false);
    }
  });

  it('a parameter and a feature change reach open streams; the same value again sends nothing', async () => {
    const client = await stream(cookies.visitor);
    await settingsOf(client);
    let from = client.events.length;
    await put('/api/admin/parameters', { room_name_en: 'Spring Fair' });
    const named = await client.next((e) => e.event === 'liveSettings', 10_000, from);
    expect((named.data as unknown as LiveSettings).parameters.room_name_en).toBe('Spring Fair');
    from = client.events.length;
    await put('/api/admin/features', { journey: false });
    const flagged = await client.next((e) => e.event === 'liveSettings', 10_000, from);
    expect((flagged.data as unknown as LiveSettings).features.journey).toBe('0');
    from = client.events.length;
    await put('/api/admin/features', { journey: false });
    await t.app.live.settle();
    expect(client.events.slice(from).filter((e) => e.event === 'liveSettings')).toEqual([]);
    await put('/api/admin/features', { journey: true });
  });

  it('one change is the same event, same id and same text, on every stream', async () => {
    const clients = await Promise.all([stream(cookies.visitor), stream(cookies.anonymous), stream(cookies.promoter)]);
    await Promise.all(clients.map((c) => settingsOf(c)));
    const from = clients.map((c) => c.events.length);
    await put('/api/admin/parameters', { room_name: 'Salon partagé' });
    const events = await Promise.all(clients.map((c, i) => c.next((e) => e.event === 'liveSettings', 10_000, from[i])));
    // Same id, same text: the frame is built once per flush.
    expect(new Set(events.map((e) => e.id)).size).toBe(1);
    expect(new Set(events.map((e) => JSON.stringify(e.data))).size).toBe(1);
  });
});

describe('the /admin page', () => {
  const page = (cookie = cookies.admin, url = '/admin') => request(t.app, { method: 'GET', url, headers: { cookie } });
  const post = (body: URLSearchParams, cookie = cookies.admin, headers: Record<string, string> = { origin: ORIGIN }) =>
    request(t.app, {
      method: 'POST',
      url: '/admin',
      payload: body.toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers, cookie },
    });
  const stored = async () =>
    JSON.parse((await call('GET', '/api/admin/parameters', undefined, cookies.admin)).body) as { data: LiveSettings };

  it('is for administrators: 303 without a session, 403 for the promoter and the anonymous, to GET and POST', async () => {
    expect((await request(t.app, { method: 'GET', url: '/admin' })).statusCode).toBe(303);
    expect((await page(cookies.promoter)).statusCode).toBe(403);
    expect((await page(cookies.anonymous)).statusCode).toBe(403);
    expect((await post(settingsForm({ room_name: 'Pirate' }), cookies.promoter)).statusCode).toBe(403);
    expect(
      (await post(new URLSearchParams({ form: 'stream', active: '1', video_url: 'https://x.test/v' }), cookies.visitor)).statusCode,
    ).toBe(403);
    expect((await stored()).data.parameters.room_name).not.toBe('Pirate');
  });

  it('shows a field for every parameter and feature flag, and the stream switch, in the page language', async () => {
    const body = (await page()).body;
    for (const name of [
      'feature.journey',
      'room_name',
      'room_name_en',
      'room_desc',
      'room_desc_en',
      'form_text',
      'social_title',
      'social_title_en',
      'social_description',
      'social_description_en',
      'social_image',
      'styles.sidebar.opacity',
      'styles.sidebar.blur',
      'exhibitor_search_permissions',
      'visitor_search_permissions',
      'last_activity_period',
      'exhibitor_activity_period_before_hide',
      'exhibitor_force_visio_link',
      'exhibitor_upc_priority_action',
      'stands_optin_marketing',
      'contest_optin_marketing',
      'contests',
      'feedback_delay',
      'ga_ua',
      'gif_key',
      'active',
      'video_url',
      'chat_url',
    ])
      expect(body).toContain(`name="${name}"`);
    expect(body).toContain('Fair settings');
    expect(body).toContain('Live stream on (replaces the room)');
    const french = await request(t.app, { method: 'GET', url: '/admin', headers: { cookie: `${cookies.admin}; salon_locale=fr_FR` } });
    expect(french.body).toContain('Paramètres du salon');
    expect(french.body).toContain('Direct en cours (remplace le salon)');
    expect(french.body).toContain('Nom du salon (anglais)');
  });

  it('saves the settings form, redirects, and connected visitors get the change', async () => {
    const client = await stream(cookies.visitor);
    await settingsOf(client);
    const from = client.events.length;
    const response = await post(
      settingsForm({
        room_name_en: 'Summer Fair',
        'styles.sidebar.opacity': '70',
        'feature.journey': '',
        visitor_search_permissions: ['exhibitor', 'connected'],
      }),
    );
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`${ORIGIN}/admin?saved=settings#settings`);
    const { data } = await stored();
    expect(data.parameters).toMatchObject({
      room_name_en: 'Summer Fair',
      styles: { sidebar: { opacity: 70, blur: 12 } },
      visitor_search_permissions: ['exhibitor', 'connected'],
      contests: ['default', 'printemps'],
      exhibitor_force_visio_link: false,
    });
    expect(data.features.journey).toBe('0');
    const event = await client.next((e) => e.event === 'liveSettings', 10_000, from);
    expect((event.data as unknown as LiveSettings).parameters.room_name_en).toBe('Summer Fair');
    expect((event.data as unknown as LiveSettings).features.journey).toBe('0');
    expect((await page(cookies.admin, '/admin?saved=settings')).body).toMatch(/role="status">The settings have been saved/);
    await post(settingsForm());
  });

  it('an invalid form: 400, the values kept, each error next to its field, nothing saved', async () => {
    const before = await stored();
    const response = await post(
      settingsForm({
        room_name: '',
        'styles.sidebar.opacity': '150',
        last_activity_period: 'soon',
        contests: 'a/b',
        social_image: 'javascript:alert(1)',
        room_name_en: '<b>Fair</b>',
      }),
    );
    expect(response.statusCode).toBe(400);
    const body = response.body;
    expect(body).toContain('role="alert"');
    expect(body).toMatch(/id="settings-room_name-error">This field is required</);
    expect(body).toMatch(/id="settings-styles.sidebar.opacity-error">Outside the limits shown</);
    expect(body).toMatch(/id="settings-last_activity_period-error">A number is expected</);
    expect(body).toContain('id="settings-contests-error"');
    expect(body).toMatch(/id="settings-social_image-error">Expected a web address/);
    expect(body).toContain('value="soon"');
    expect(body).toContain('value="&lt;b&gt;Fair&lt;/b&gt;"');
    expect(body).not.toContain('<b>Fair</b>');
    expect(await stored()).toEqual(before);
  });

  it('a name with markup is stored as text and shown escaped', async () => {
    expect((await post(settingsForm({ room_name_en: '<img src=x onerror=alert(1)>' }))).statusCode).toBe(303);
    const body = (await page()).body;
    expect(body).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(body).not.toContain('<img src=x');
    await post(settingsForm());
  });

  it('switches the live stream on and off from the page; open streams follow', async () => {
    const client = await stream(cookies.anonymous);
    await settingsOf(client);
    let from = client.events.length;
    const on = await post(
      new URLSearchParams({ form: 'stream', active: '1', video_url: 'https://video.test/live', chat_url: 'https://video.test/chat' }),
    );
    expect(on.statusCode).toBe(303);
    expect(on.headers.location).toBe(`${ORIGIN}/admin?saved=stream#stream`);
    // The event that carries the switch (a change of the test before may still reach this new stream first).
    const streamActive = (e: SseEvent) => e.event === 'liveSettings' && (e.data as { stream?: { active?: boolean } }).stream?.active;
    expect((await client.next((e) => streamActive(e) === true, 10_000, from)).data).toMatchObject({
      stream: { active: true, video_url: 'https://video.test/live', chat_url: 'https://video.test/chat' },
    });
    expect((await page(cookies.admin, '/admin?saved=stream')).body).toContain('The live stream is on');
    from = client.events.length;
    expect((await post(new URLSearchParams({ form: 'stream', video_url: 'https://video.test/live', chat_url: '' }))).statusCode).toBe(303);
    expect((await client.next((e) => streamActive(e) === false, 10_000, from)).data).toMatchObject({
      stream: { active: false, chat_url: null },
    });
  });

  it('an invalid stream form: 400 with the error next to the address; nothing changes', async () => {
    const bad = await post(new URLSearchParams({ form: 'stream', active: '1', video_url: 'javascript:alert(1)', chat_url: '' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toMatch(/id="stream-video_url-error">Expected a web address/);
    const none = await post(new URLSearchParams({ form: 'stream', active: '1', video_url: '', chat_url: '' }));
    expect(none.statusCode).toBe(400);
    expect(none.body).toMatch(/id="stream-video_url-error">Required to switch the live stream on/);
    const french = await request(t.app, {
      method: 'POST',
      url: '/admin',
      payload: new URLSearchParams({ form: 'stream', active: '1', video_url: '', chat_url: '' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN, cookie: `${cookies.admin}; salon_locale=fr_FR` },
    });
    expect(french.body).toMatch(/id="stream-video_url-error">Obligatoire pour lancer le direct/);
    expect((await stored()).data.stream.active).toBe(false);
  });

  it('refuses a post from another site (403) and an unknown form (400)', async () => {
    expect(
      (
        await post(new URLSearchParams({ form: 'stream', active: '1', video_url: 'https://evil.test/v' }), cookies.admin, {
          origin: 'https://evil.test',
        })
      ).statusCode,
    ).toBe(403);
    expect((await post(new URLSearchParams({ form: 'other' }))).statusCode).toBe(400);
    expect((await stored()).data.stream.active).toBe(false);
  });
});
