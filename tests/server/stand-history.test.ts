import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from '@jest/globals';
import type { Channel } from '@salon/shared/contracts/chat';
import type { HistoryItem } from '@salon/shared/contracts/room';
import type { NotificationPayload } from '@salon/shared/contracts/socket-events';
import { decodeId, encodeId } from '../../host-shell/server/lib/ids';
import { createTestApp, standBySlug, type TestApp } from './helpers';
import { ask, collect, connect, listen, settle } from './sockets';
import { closeAfterTests, openSse } from './sse';
import { logInAll } from './accounts';
import { XHR, request } from './http';

let t: TestApp;
let base: string;
const cookies = { visitor: '', visitor2: '', exhibitor: '', exhibitor2: '', promoter: '' };
const ids = { visitor: 0, visitor2: 0, exhibitor: 0, exhibitor2: 0, promoter: 0 };
let solar: { id: number; key: string };
let storage: { id: number; key: string };
let nordic: { id: number; key: string };

beforeAll(async () => {
  t = await createTestApp({ config: { liveCoalesceMs: 20 } });
  base = await listen(t);
  await logInAll(t, cookies, ids);
  [solar, storage, nordic] = await Promise.all([
    standBySlug(t, 'stand-helios-solaire'),
    standBySlug(t, 'stand-helios-stockage'),
    standBySlug(t, 'stand-nordic-robotics'),
  ]);
}, 30_000);
closeAfterTests(() => t);

const api = (method: 'GET' | 'POST' | 'PUT', url: string, cookie: string, payload?: unknown, headers: Record<string, string> = XHR) =>
  request(t.app, {
    method,
    url,
    headers: { ...headers, cookie },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
const open = async (cookie: string, userId: number) =>
  (await api('POST', '/api/chat/channels', cookie, { members: [encodeId(userId)] })).json().data.channel as Channel;
const addHistory = (cookie: string, stand: string, payload: unknown) => api('POST', `/api/stands/${stand}/history`, cookie, payload);

describe('POST /api/stands/{id}/history', () => {
  it('records chatStarted by a visitor in a chat with the stand’s exhibitor, and sends it to the stand’s exhibitors', async () => {
    const exhibitor = await connect(base, { cookie: cookies.exhibitor });
    const otherExhibitor = await connect(base, { cookie: cookies.exhibitor2 });
    const [atExhibitor, atOther] = [exhibitor, otherExhibitor].map((s) => collect(s, 'stand_history'));
    const stream = await openSse(`${base}/api/sse/live/activity?owned_stands_ids=${solar.key}`, { cookie: cookies.exhibitor });
    await stream.next((e) => Array.isArray((e.data.histories as Record<string, unknown> | undefined)?.[solar.key]));

    const channel = await open(cookies.visitor, ids.exhibitor);
    const response = await addHistory(cookies.visitor, solar.key, { type: 'chatStarted', channel_id: channel.id_channel });
    expect(response.statusCode).toBe(200);
    const [item] = response.json().data.history as HistoryItem[];
    expect(item).toMatchObject({
      stand_id: solar.key,
      content: { type: 'chatStarted', channel_id: channel.id_channel, user: { id_user: encodeId(ids.visitor) } },
    });
    await settle();
    expect(atExhibitor).toEqual([item]);
    expect(atOther).toEqual([]);
    const live = await stream.next((e) =>
      ((e.data.histories as Record<string, HistoryItem[]> | undefined)?.[solar.key] ?? []).some((h) => h.id_history === item?.id_history),
    );
    expect(live.event).toBe('liveActivity');
    stream.close();
  });

  it('records a chat once per stand and channel: a repeat answers the first entry and sends nothing', async () => {
    const channel = await open(cookies.visitor2, ids.exhibitor);
    const first = await addHistory(cookies.visitor2, storage.key, { type: 'chatStarted', channel_id: channel.id_channel });
    expect(first.statusCode).toBe(200);
    const [item] = first.json().data.history as HistoryItem[];
    const exhibitor = await connect(base, { cookie: cookies.exhibitor });
    const atExhibitor = collect(exhibitor, 'stand_history');
    for (const cookie of [cookies.visitor2, cookies.visitor2, cookies.exhibitor]) {
      const again = await addHistory(cookie, storage.key, { type: 'chatStarted', channel_id: channel.id_channel });
      expect(again.statusCode).toBe(200);
      expect((again.json().data.history as HistoryItem[]).map((h) => h.id_history)).toEqual([item?.id_history]);
    }
    const visitor = await connect(base, { cookie: cookies.visitor2 });
    expect(
      await ask(visitor, 'stand_history', { stands_ids: [storage.key], content: { type: 'chatStarted', channel_id: channel.id_channel } }),
    ).toEqual({ ok: true });
    await settle();
    expect(atExhibitor).toEqual([]);
    const channelId = decodeId(channel.id_channel);
    const forChannel = (
      await t.database.db
        .selectFrom('stand_history')
        .select('content')
        .where('stand_id', '=', storage.id)
        .where('type', '=', 'chatStarted')
        .execute()
    ).filter((r) => (JSON.parse(r.content) as { channel_id?: number }).channel_id === channelId);
    expect(forChannel).toHaveLength(1);
  });

  it('lets the stand’s exhibitors record chatStarted and visioOpened, and nobody else visioOpened', async () => {
    const channel = await open(cookies.exhibitor, ids.visitor2);
    expect((await addHistory(cookies.exhibitor, storage.key, { type: 'chatStarted', channel_id: channel.id_channel })).statusCode).toBe(
      200,
    );
    expect(
      (await addHistory(cookies.exhibitor, solar.key, { type: 'visioOpened', channel_id: channel.id_channel })).json().data.history[0]
        .content,
    ).toMatchObject({
      type: 'visioOpened',
      channel_id: channel.id_channel,
    });
    expect((await addHistory(cookies.exhibitor, solar.key, { type: 'visioOpened' })).statusCode).toBe(200);
    const refused = await addHistory(cookies.visitor2, solar.key, { type: 'visioOpened', channel_id: channel.id_channel });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().data.message).toBe("Only the stand's exhibitors can open a video call on this stand");
    expect((await addHistory(cookies.exhibitor2, solar.key, { type: 'visioOpened' })).statusCode).toBe(403);
  });

  it('refuses chatStarted without a chat with the stand’s exhibitors', async () => {
    const withNordic = await open(cookies.visitor2, ids.exhibitor2);
    expect((await addHistory(cookies.visitor2, solar.key, { type: 'chatStarted', channel_id: withNordic.id_channel })).statusCode).toBe(
      403,
    );
    expect((await addHistory(cookies.visitor2, nordic.key, { type: 'chatStarted', channel_id: withNordic.id_channel })).statusCode).toBe(
      200,
    );
    const missing = await addHistory(cookies.visitor2, nordic.key, { type: 'chatStarted' });
    expect(missing.statusCode).toBe(400);
    const foreign = await open(cookies.visitor, ids.exhibitor2);
    expect((await addHistory(cookies.visitor2, nordic.key, { type: 'chatStarted', channel_id: foreign.id_channel })).statusCode).toBe(404);
  });

  it.each([
    ['an unknown type', { type: 'enterOnStand' }, 400],
    ['an unknown field', { type: 'visioOpened', user: 1 }, 400],
    ['a malformed channel', { type: 'chatStarted', channel_id: 'a-b' }, 400],
  ])('answers %s', async (_case, payload, status) => {
    expect((await addHistory(cookies.exhibitor, solar.key, payload)).statusCode).toBe(status);
  });

  it('answers 404 for an unknown stand, 401 without a session, 403 without X-Requested-With', async () => {
    expect((await addHistory(cookies.exhibitor, encodeId(987654), { type: 'visioOpened' })).statusCode).toBe(404);
    expect((await addHistory(cookies.exhibitor, 'zzzzzz', { type: 'visioOpened' })).statusCode).toBe(404);
    expect((await addHistory('', solar.key, { type: 'visioOpened' })).statusCode).toBe(401);
    expect((await api('POST', `/api/stands/${solar.key}/history`, cookies.exhibitor, { type: 'visioOpened' }, {})).statusCode).toBe(403);
  });
});

describe('GET /api/stands/{id}/history', () => {
  it('pages the stand’s history, newest first, 20 at a time, for its exhibitors only', async () => {
    const channel = await open(cookies.exhibitor, ids.visitor);
    for (let i = 0; i < 25; i += 1)
      await addHistory(cookies.exhibitor, storage.key, { type: 'chatStarted', channel_id: channel.id_channel });
    const all = await t.database.db
      .selectFrom('stand_history')
      .select('id')
      .where('stand_id', '=', storage.id)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    const first = await api('GET', `/api/stands/${storage.key}/history`, cookies.exhibitor);
    expect(first.statusCode).toBe(200);
    const page1 = first.json().data.history as HistoryItem[];
    expect(page1.map((h) => h.id_history)).toEqual(all.slice(0, 20).map((r) => encodeId(r.id)));
    const page2 = (await api('GET', `/api/stands/${storage.key}/history?last=${page1.at(-1)?.id_history ?? ''}`, cookies.exhibitor)).json()
      .data.history as HistoryItem[];
    expect(page2.map((h) => h.id_history)).toEqual(all.slice(20, 40).map((r) => encodeId(r.id)));

    expect((await api('GET', `/api/stands/${storage.key}/history`, cookies.visitor)).statusCode).toBe(403);
    expect((await api('GET', `/api/stands/${storage.key}/history`, cookies.exhibitor2)).statusCode).toBe(403);
    expect((await api('GET', `/api/stands/${storage.key}/history?last=zzzzzz`, cookies.exhibitor)).statusCode).toBe(400);
    const otherStand = (await api('GET', `/api/stands/${solar.key}/history`, cookies.exhibitor)).json().data.history as HistoryItem[];
    expect(
      (await api('GET', `/api/stands/${storage.key}/history?last=${otherStand[0]?.id_history ?? ''}`, cookies.exhibitor)).statusCode,
    ).toBe(400);
    expect((await api('GET', `/api/stands/${encodeId(987654)}/history`, cookies.exhibitor)).statusCode).toBe(404);
  });
});

describe('stand_history over the socket', () => {
  it('adds entries like the HTTP call, checked for every stand first', async () => {
    const exhibitor = await connect(base, { cookie: cookies.exhibitor });
    const heard = collect(exhibitor, 'stand_history');
    expect(await ask(exhibitor, 'stand_history', { stands_ids: [solar.key, storage.key], content: { type: 'visioOpened' } })).toEqual({
      ok: true,
    });
    await settle();
    expect(heard.map((h) => [h.stand_id, h.content.type])).toEqual([
      [solar.key, 'visioOpened'],
      [storage.key, 'visioOpened'],
    ]);
    const before = await t.database.db.selectFrom('stand_history').select('id').execute();
    expect(await ask(exhibitor, 'stand_history', { stands_ids: [solar.key, nordic.key], content: { type: 'visioOpened' } })).toEqual({
      ok: false,
      error: 'Seuls les exposants du stand peuvent ouvrir une visio sur ce stand',
    });
    expect(await ask(exhibitor, 'stand_history', { stands_ids: [encodeId(987654)], content: { type: 'visioOpened' } })).toEqual({
      ok: false,
      error: `Stand inconnu : ${encodeId(987654)}`,
    });
    expect(await t.database.db.selectFrom('stand_history').select('id').execute()).toHaveLength(before.length);
  });

  it('sends stand visits to the stand’s exhibitors, each entry as the stand’s history lists it', async () => {
    const exhibitor = await connect(base, { cookie: cookies.exhibitor });
    const heard = collect(exhibitor, 'stand_history');
    // A visitor enters, moves to the other stand (the first visit ends 'replaced'), leaves; an exhibitor of another
    // stand (a company on their card) enters and leaves.
    await api('POST', `/api/stands/${solar.key}/visit`, cookies.visitor2, { start: true });
    await api('POST', `/api/stands/${storage.key}/visit`, cookies.visitor2, { start: true });
    await api('POST', `/api/stands/${storage.key}/visit`, cookies.visitor2, { end: true });
    await api('POST', `/api/stands/${solar.key}/visit`, cookies.exhibitor2, { start: true });
    await api('POST', `/api/stands/${solar.key}/visit`, cookies.exhibitor2, { end: true });
    await settle();
    expect(heard.map((h) => [h.stand_id, h.content.type, h.content.user?.id_user])).toEqual([
      [solar.key, 'enterOnStand', encodeId(ids.visitor2)],
      [solar.key, 'leaveStand', encodeId(ids.visitor2)],
      [storage.key, 'enterOnStand', encodeId(ids.visitor2)],
      [storage.key, 'leaveStand', encodeId(ids.visitor2)],
      [solar.key, 'enterOnStand', encodeId(ids.exhibitor2)],
      [solar.key, 'leaveStand', encodeId(ids.exhibitor2)],
    ]);
    expect(heard.at(-1)?.content.user?.company).toEqual({ name: expect.any(String) });
    const listed = new Map<string, HistoryItem>();
    for (const stand of [solar, storage]) {
      const page = await api('GET', `/api/stands/${stand.key}/history`, cookies.exhibitor);
      for (const item of page.json().data.history as HistoryItem[]) listed.set(item.id_history, item);
    }
    // Only the user's last activity may have moved on since.
    const withoutActivity = ({ content: { user, ...content }, ...item }: HistoryItem) => ({
      ...item,
      content: { ...content, user: { ...user, last_activity_at: null } },
    });
    expect(heard.map(withoutActivity)).toEqual(heard.map((h) => withoutActivity(listed.get(h.id_history) as HistoryItem)));
  });
});

describe('PUT /api/exhibitors/me/availability', () => {
  it('records a change on each of the exhibitor’s stands and tells their exhibitors', async () => {
    const socket = await connect(base, { cookie: cookies.exhibitor });
    const heard = collect(socket, 'stand_history');
    const off = await api('PUT', '/api/exhibitors/me/availability', cookies.exhibitor, { availability: false });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ data: { availability: false } });
    expect(
      (await t.database.db.selectFrom('users').select('availability').where('id', '=', ids.exhibitor).executeTakeFirstOrThrow())
        .availability,
    ).toBe(0);
    await settle();
    expect(heard.map((h) => [h.stand_id, h.content])).toEqual([
      [solar.key, expect.objectContaining({ type: 'updateAvailability', availability: false })],
      [storage.key, expect.objectContaining({ type: 'updateAvailability', availability: false })],
    ]);
    // The same value again changes nothing.
    await api('PUT', '/api/exhibitors/me/availability', cookies.exhibitor, { availability: false });
    await settle();
    expect(heard).toHaveLength(2);
    expect((await api('PUT', '/api/exhibitors/me/availability', cookies.exhibitor, { availability: true })).json().data.availability).toBe(
      true,
    );
  });

  it('is for exhibitors only, with a boolean', async () => {
    expect((await api('PUT', '/api/exhibitors/me/availability', cookies.visitor, { availability: true })).statusCode).toBe(403);
    expect((await api('PUT', '/api/exhibitors/me/availability', cookies.exhibitor, { availability: 'yes' })).statusCode).toBe(400);
    expect((await api('PUT', '/api/exhibitors/me/availability', cookies.exhibitor, { available: true })).statusCode).toBe(400);
    expect((await api('PUT', '/api/exhibitors/me/availability', '', { availability: true })).statusCode).toBe(401);
    expect((await api('PUT', '/api/exhibitors/me/availability', cookies.exhibitor, { availability: true }, {})).statusCode).toBe(403);
  });
});

describe('notifications over the socket', () => {
  it('are sent by organisers only, to the users named, and listed for them only', async () => {
    const promoter = await connect(base, { cookie: cookies.promoter });
    const target = await connect(base, { cookie: cookies.visitor });
    const other = await connect(base, { cookie: cookies.visitor2 });
    const atTarget = collect(target, 'notification');
    const atOther = collect(other, 'notification');
    const content = {
      title: 'Démo à 15h',
      message: 'Rendez-vous sur le stand Helios',
      title_en: 'Demo at 3 pm',
      message_en: 'Meet us on the Helios stand',
    };

    expect(await ask(target, 'notification', { content, users_ids: [] })).toEqual({
      ok: false,
      error: 'Only organisers can send notifications',
    });
    expect(await ask(promoter, 'notification', { content, users_ids: [encodeId(ids.visitor)] })).toEqual({ ok: true });
    await settle();
    expect(atTarget).toEqual([{ id_notification: expect.any(String), ...content, sent_at: expect.any(String) }]);
    expect(typeof (atTarget[0] satisfies NotificationPayload | undefined)?.id_notification).toBe('string');
    expect(atOther).toEqual([]);
    const listed = async (cookie: string) =>
      ((await api('GET', '/api/notifications', cookie)).json().data.notifications as { title: string }[]).map((n) => n.title);
    expect(await listed(cookies.visitor)).toContain('Démo à 15h');
    expect(await listed(cookies.visitor2)).not.toContain('Démo à 15h');

    expect(await ask(promoter, 'notification', { content: { title: 'Pour tous', message: 'Bonjour' }, users_ids: [] })).toEqual({
      ok: true,
    });
    await settle();
    expect(atOther.map((n) => [n.title, n.title_en])).toEqual([['Pour tous', 'Pour tous']]);
    expect(await listed(cookies.visitor2)).toContain('Pour tous');
    expect(await ask(promoter, 'notification', { content: { title: '', message: 'x' }, users_ids: [] })).toEqual({
      ok: false,
      error: expect.stringMatching(/^Invalid event/),
    });
    expect(await ask(promoter, 'notification', { content, users_ids: [encodeId(987654)] })).toEqual({
      ok: false,
      error: 'None of "users_ids" is a user',
    });
  });
});

describe('the emoji data', () => {
  it.each(['en', 'fr'])('serves /spa/emoji/%s/data.json compressed, with an ETag and a long cache', async (lang) => {
    const plain = await request(t.app, { method: 'GET', url: `/spa/emoji/${lang}/data.json` });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(plain.headers['cache-control']).toBe('public, max-age=604800');
    const etag = String(plain.headers.etag);
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    const emojis = plain.json() as { annotation: string; emoji: string }[];
    expect(emojis.length).toBeGreaterThan(1000);
    expect(emojis[0]).toMatchObject({ emoji: '😀' });

    const br = await request(t.app, {
      method: 'GET',
      url: `/spa/emoji/${lang}/data.json`,
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    // As text: toEqual walks a Buffer key by key (seconds for these 400 kB).
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gzip = await request(t.app, { method: 'GET', url: `/spa/emoji/${lang}/data.json`, headers: { 'accept-encoding': 'gzip' } });
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);

    const again = await request(t.app, { method: 'GET', url: `/spa/emoji/${lang}/data.json`, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const head = await request(t.app, { method: 'HEAD', url: `/spa/emoji/${lang}/data.json` });
    expect(head.statusCode).toBe(200);
    expect(head.headers.etag).toBe(etag);
  });

  it('has French annotations in French', async () => {
    const fr = (await request(t.app, { method: 'GET', url: '/spa/emoji/fr/data.json' })).json() as { annotation: string }[];
    const en = (await request(t.app, { method: 'GET', url: '/spa/emoji/en/data.json' })).json() as { annotation: string }[];
    expect(fr[0]?.annotation).not.toBe(en[0]?.annotation);
    expect((await request(t.app, { method: 'GET', url: '/spa/emoji/de/data.json' })).statusCode).toBe(404);
  });
});
