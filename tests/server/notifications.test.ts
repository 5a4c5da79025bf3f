import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from '@jest/globals';
import { LIVE_NOTIFICATIONS_EVENT, type Notification } from '@salon/shared/contracts/notifications';
import { REPO_ROOT } from '../../host-shell/server/config';
import programme from '../../host-shell/server/db/demo-programme.json';
import { encodeId } from '../../host-shell/server/lib/ids';
import { loadAccess, saveAccess } from '../../host-shell/server/services/access';
import { createTestApp, waitFor, type TestApp } from './helpers';
import { collect, connect, listen, settle } from './sockets';
import { closeAfterTests, openSse, type SseClient, type SseEvent } from './sse';
import { DEMO, signIn, userIdByEmail } from './accounts';
import { ORIGIN, XHR, form, request } from './http';

let t: TestApp;
let base: string;
let cookies: Record<'visitor' | 'visitor2' | 'exhibitor' | 'promoter' | 'admin' | 'anonymous', string>;
const ids = { visitor: 0, visitor2: 0 };
const streams: SseClient[] = [];

beforeAll(async () => {
  t = await createTestApp({ config: { liveCoalesceMs: 20, livePingMs: 60_000 } });
  base = await listen(t);
  cookies = await signIn(t.app, ['visitor', 'visitor2', 'exhibitor', 'promoter', 'admin', 'anonymous']);
  ids.visitor = await userIdByEmail(t, DEMO.visitor);
  ids.visitor2 = await userIdByEmail(t, DEMO.visitor2);
}, 30_000);
closeAfterTests(() => t, streams);

const post = (cookie: string, payload: unknown, headers: Record<string, string> = XHR) =>
  request(t.app, {
    method: 'POST',
    url: '/api/notifications',
    headers: { ...headers, ...(cookie ? { cookie } : {}) },
    payload: payload as Record<string, unknown>,
  });
const list = async (cookie: string, page = 1) =>
  (await request(t.app, { method: 'GET', url: `/api/notifications?page=${page}`, headers: { cookie } })).json().data
    .notifications as Notification[];

async function stream(cookie: string, headers: Record<string, string> = {}): Promise<SseClient> {
  const client = await openSse(`${base}/api/sse/live/activity`, { cookie, ...headers });
  streams.push(client);
  return client;
}
const isNews = (e: SseEvent) => e.event === LIVE_NOTIFICATIONS_EVENT;
/** The notifications event's data (a list: the helper types data as an object). */
const news = (e: SseEvent) => e.data as unknown as Notification[];
const titles = (e: SseEvent) => news(e).map((n) => n.title);

describe('POST /api/notifications: who may send', () => {
  const valid = { title: 'Ouverture', message: 'Les portes sont ouvertes' };

  it.each([
    ['no session', '', 401],
    ['an anonymous visitor', 'anonymous', 403],
    ['a visitor', 'visitor', 403],
    ['an exhibitor', 'exhibitor', 403],
    ['a promoter', 'promoter', 200],
    ['an administrator', 'admin', 200],
  ] as const)('%s (%s) gets %d', async (_case, who, status) => {
    const response = await post(who ? cookies[who] : '', valid);
    expect(response.statusCode).toBe(status);
    if (status !== 200) expect(response.json().data).toMatchObject({ error: true, message: expect.any(String) });
  });

  it('answers who may send before looking at what was sent', async () => {
    expect((await post(cookies.visitor, { title: '' })).statusCode).toBe(403);
    expect((await post('', { nonsense: true })).statusCode).toBe(401);
  });

  it('refuses a call without X-Requested-With, or from another origin', async () => {
    expect((await post(cookies.promoter, valid, {})).statusCode).toBe(403);
    expect((await post(cookies.promoter, valid, { ...XHR, origin: 'https://evil.example' })).statusCode).toBe(403);
  });
});

describe('POST /api/notifications: what is sent', () => {
  it('answers the notification, lists it first for everyone, and falls back to French for English', async () => {
    const response = await post(cookies.promoter, { title: '  Conférence à 15h  ', message: 'Salle Ampère' });
    expect(response.statusCode).toBe(200);
    const { notification } = response.json().data as { notification: Notification };
    expect(notification).toEqual({
      id_notification: expect.any(Number),
      title: 'Conférence à 15h',
      title_en: 'Conférence à 15h',
      message: 'Salle Ampère',
      message_en: 'Salle Ampère',
      at: expect.stringMatching(/^\d{2}h\d{2}$/),
      at_en: notification.at,
      sent_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T.*Z$/),
    });
    expect(Date.now() - Date.parse(notification.sent_at)).toBeLessThan(60_000);
    expect((await list(cookies.visitor2))[0]).toEqual(notification);
    expect((await list(cookies.anonymous))[0]).toEqual(notification);
  });

  it('writes its time (at, at_en) as the spec writes times, HHhMM, on the salon’s clock, the same in both languages', async () => {
    const admin = await t.app.db.selectFrom('users').selectAll().where('email', '=', DEMO.admin).executeTakeFirstOrThrow();
    const settings = await loadAccess(t.app.db);
    // Half an hour off UTC (the test machine's zone, often) and off Paris (the default).
    await saveAccess(t.app.db, admin, { ...settings, time_zone: 'Asia/Kolkata' });
    try {
      const { notification } = (await post(cookies.promoter, { title: 'Pause café', message: 'Au bar' })).json().data as {
        notification: Notification;
      };
      const clock = new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Kolkata', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
      const time = clock.format(new Date(notification.sent_at)).replace(':', 'h');
      expect(notification).toMatchObject({ at: time, at_en: time });
    } finally {
      await saveAccess(t.app.db, admin, settings);
    }
  });

  it('takes the time it announces (at, HHhMM) for both languages', async () => {
    const response = await post(cookies.promoter, { title: 'Concert', message: 'Sur la scène', at: '09h05' });
    expect(response.json().data.notification).toMatchObject({ at: '09h05', at_en: '09h05' });
  });

  it('sends a notification with users_ids to those users only', async () => {
    const response = await post(cookies.admin, {
      title: 'Rien que pour vous',
      title_en: 'Just for you',
      message: 'Un cadeau vous attend',
      message_en: 'A gift awaits',
      users_ids: [encodeId(ids.visitor)],
    });
    expect(response.statusCode).toBe(200);
    expect((await list(cookies.visitor))[0]?.title_en).toBe('Just for you');
    expect((await list(cookies.visitor2)).map((n) => n.title)).not.toContain('Rien que pour vous');
  });

  it.each([
    ['no title', { message: 'x' }, /"title" is required/],
    ['an empty message', { title: 'x', message: '' }, /"message" must not be empty/],
    ['a title of spaces', { title: '   ', message: 'x' }, /"title" must not be empty/],
    ['a title too long', { title: 'x'.repeat(201), message: 'x' }, /"title" must be at most 200 characters/],
    ['a message too long', { title: 'x', message: 'x'.repeat(2001) }, /"message" must be at most 2000 characters/],
    ['a number for a title', { title: 12, message: 'x' }, /"title" must be a string/],
    ['an unknown field', { title: 'x', message: 'x', html: '<b>' }, /"html" is not an accepted field/],
    ['a malformed user id', { title: 'x', message: 'x', users_ids: ['not an id!'] }, /users_ids/],
    ['user ids of nobody', { title: 'x', message: 'x', users_ids: [encodeId(987654)] }, /None of "users_ids" is a user/],
    ['a time in another form than 17h30', { title: 'x', message: 'x', at: '5:30 pm' }, /"at" has an invalid format/],
  ])('refuses %s with a 400 that says why', async (_case, payload, message) => {
    const before = (await list(cookies.promoter))[0]?.id_notification;
    const response = await post(cookies.promoter, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().data).toMatchObject({ error: true, message: expect.stringMatching(message) });
    expect((await list(cookies.promoter))[0]?.id_notification).toBe(before);
  });

  it('refuses a body that is not JSON', async () => {
    const response = await request(t.app, {
      method: 'POST',
      url: '/api/notifications',
      headers: { ...XHR, cookie: cookies.promoter, 'content-type': 'application/json' },
      payload: '{"title":',
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('GET /api/notifications', () => {
  it('pages from 1, 10 a page, newest first', async () => {
    const first = (await request(t.app, { method: 'GET', url: '/api/notifications', headers: { cookie: cookies.visitor2 } })).json().data;
    expect(first).toMatchObject({ page: 1, per_page: 10 });
    expect(first.notifications).toHaveLength(10);
    const second = (await request(t.app, { method: 'GET', url: '/api/notifications?page=2', headers: { cookie: cookies.visitor2 } })).json()
      .data;
    expect(second.page).toBe(2);
    const all = [...first.notifications, ...second.notifications] as Notification[];
    expect(new Set(all.map((n) => n.id_notification)).size).toBe(all.length);
    const sent = all.map((n) => n.sent_at);
    expect([...sent].sort().reverse()).toEqual(sent);
    expect(first.pages).toBe(Math.ceil(first.total / 10));
  });

  it.each(['0', '-1', '1.5', 'abc', '100001'])('refuses page=%s with a 400', async (page) => {
    const response = await request(t.app, { method: 'GET', url: `/api/notifications?page=${page}` });
    expect(response.statusCode).toBe(400);
    expect(response.json().data.error).toBe(true);
  });
});

describe('live delivery', () => {
  it('sends the newest notifications when a stream opens, then each new one', async () => {
    const client = await stream(cookies.visitor2);
    const opening = await client.next(isNews);
    expect(opening.id).toMatch(/^\d+$/);
    expect(news(opening).length).toBeGreaterThan(0);
    expect(news(opening).length).toBeLessThanOrEqual(10);
    expect(news(opening)[0]).toEqual((await list(cookies.visitor2))[0]);

    const from = client.events.length;
    const { notification } = (
      await post(cookies.promoter, { title: 'Le salon ferme à 18h', title_en: 'The fair closes at 6 pm', message: 'Merci !' })
    ).json().data as { notification: Notification };
    const arrived = await client.next((e) => isNews(e) && news(e)[0]?.id_notification === notification.id_notification, 10_000, from);
    expect(news(arrived)[0]).toEqual(notification);
    expect(news(arrived).length).toBeLessThanOrEqual(10);
    // Only the notifications changed: no liveActivity event came with it.
    expect(
      client.events
        .slice(from)
        .filter((e) => e.id === arrived.id)
        .map((e) => e.event),
    ).toEqual([LIVE_NOTIFICATIONS_EVENT]);
  });

  it('reaches an anonymous visitor’s stream, whose socket is not even open', async () => {
    const client = await stream(cookies.anonymous);
    await client.next(isNews);
    const from = client.events.length;
    await post(cookies.promoter, { title: 'Pour les anonymes aussi', message: 'Bienvenue' });
    expect(titles(await client.next(isNews, 10_000, from))[0]).toBe('Pour les anonymes aussi');
  });

  it('sends a targeted notification to its users’ streams and sockets only', async () => {
    const [mine, other] = await Promise.all([stream(cookies.visitor), stream(cookies.visitor2)]);
    await Promise.all([mine.next(isNews), other.next(isNews)]);
    const [mySocket, otherSocket] = await Promise.all([
      connect(base, { cookie: cookies.visitor }),
      connect(base, { cookie: cookies.visitor2 }),
    ]);
    const [atMine, atOther] = [collect(mySocket, 'notification'), collect(otherSocket, 'notification')];
    const [fromMine, fromOther] = [mine.events.length, other.events.length];

    const { notification } = (
      await post(cookies.promoter, { title: 'Votre rendez-vous', message: 'Stand Helios, 14h', users_ids: [encodeId(ids.visitor)] })
    ).json().data as { notification: Notification };
    const arrived = await mine.next(isNews, 10_000, fromMine);
    expect(news(arrived)[0]).toEqual(notification);
    await waitFor(() => (atMine.length > 0 ? true : undefined), 10_000, 'the socket event');
    expect(atMine).toEqual([
      {
        id_notification: String(notification.id_notification),
        title: 'Votre rendez-vous',
        title_en: 'Votre rendez-vous',
        message: 'Stand Helios, 14h',
        message_en: 'Stand Helios, 14h',
        sent_at: notification.sent_at,
      },
    ]);
    await settle(200);
    expect(other.events.slice(fromOther).filter(isNews)).toEqual([]);
    expect(atOther).toEqual([]);

    // Later public news is merged with it for its user, newest first.
    await post(cookies.promoter, { title: 'Pour tout le monde', message: 'Bonjour' });
    const merged = await mine.next((e) => isNews(e) && titles(e)[0] === 'Pour tout le monde', 10_000, fromMine);
    expect(titles(merged).slice(0, 2)).toEqual(['Pour tout le monde', 'Votre rendez-vous']);
    expect(titles(await other.next(isNews, 10_000, fromOther))).not.toContain('Votre rendez-vous');
  });

  it('sends a notification sent over the socket to the streams too', async () => {
    const client = await stream(cookies.visitor2);
    await client.next(isNews);
    const from = client.events.length;
    const promoter = await connect(base, { cookie: cookies.promoter });
    const answer = await new Promise((resolve) =>
      promoter.emit('notification', { content: { title: 'Par le socket', message: 'x' }, users_ids: [] }, resolve),
    );
    expect(answer).toEqual({ ok: true });
    expect(titles(await client.next(isNews, 10_000, from))[0]).toBe('Par le socket');
  });

  it('gives a stream that reconnects what it missed (Last-Event-ID)', async () => {
    const first = await stream(cookies.visitor2);
    const last = (await first.next(isNews)).id ?? '';
    first.close();
    await waitFor(() => (t.app.live.stats().streams === 0 ? true : undefined), 10_000, 'the stream to close');
    await post(cookies.promoter, { title: 'Pendant votre absence', message: 'x' });
    await t.app.live.settle();
    const resumed = await stream(cookies.visitor2, { 'last-event-id': last });
    const event = await resumed.next();
    expect(event.event).toBe(LIVE_NOTIFICATIONS_EVENT);
    expect(titles(event)[0]).toBe('Pendant votre absence');
  });

  it('lists a scheduled notification from its time on, live', async () => {
    const soon = new Date(Date.now() + 600).toISOString();
    await t.database.db
      .insertInto('notifications')
      .values({ title: 'Dans un instant', title_en: 'In a moment', at: '', at_en: '', message: 'x', message_en: 'x', sent_at: soon })
      .execute();
    const client = await stream(cookies.visitor2);
    expect(titles(await client.next(isNews))).not.toContain('Dans un instant');
    const due = await client.next((e) => isNews(e) && titles(e)[0] === 'Dans un instant', 10_000, 1);
    expect(due.at).toBeGreaterThanOrEqual(Date.parse(soon));
  });
});

describe('the organiser area', () => {
  const page = async (cookie: string) => request(t.app, { method: 'GET', url: '/organisateur', headers: { cookie } });
  const send = (cookie: string, fields: Record<string, string>, headers: Record<string, string> = {}) => {
    const body = form(fields);
    return request(t.app, {
      method: 'POST',
      url: '/organisateur',
      payload: body.payload,
      headers: { ...body.headers, ...headers, cookie },
    });
  };

  it('has a form to send a notification, for organisers only', async () => {
    const html = (await page(cookies.promoter)).body;
    expect(html).toContain('<h2 id="news-heading">');
    expect(html).toMatch(/<form method="post" action="http:\/\/salon\.test\/organisateur#news"/);
    expect(html).toContain('name="title"');
    expect(html).toContain('name="message_en"');
    expect((await page(cookies.visitor)).statusCode).toBe(403);
  });

  it('says what to type as its time (at), in the page’s language, and refuses another form with the field’s error', async () => {
    const english = (await page(cookies.promoter)).body;
    expect(english).toMatch(/<label for="news-at">When<\/label>\s*<input id="news-at" name="at" type="text" value="">/);
    expect(english).toContain(
      '<p class="hint">The time it takes place, as 17h30 (hours, h, minutes): visitors see “When: 17h30” in both languages. Empty: the time it is sent.</p>',
    );
    const frenchCookie = `${cookies.promoter}; salon_locale=fr_FR`;
    const french = (await page(frenchCookie)).body;
    expect(french).toMatch(/<label for="news-at">Quand<\/label>/);
    expect(french).toContain(
      '<p class="hint">L’heure à laquelle il a lieu, par exemple 17h30 (heures, h, minutes) : les visiteurs voient « Quand : 17h30 » dans les deux langues. Vide : l’heure de l’envoi.</p>',
    );
    const refused = await send(frenchCookie, { title: 'Concert', message: 'Sur la scène', at: '5:30 pm' });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toMatch(/id="news-at"[^>]*value="5:30 pm"[^>]*aria-invalid="true"/);
    expect(refused.body).toContain('<p class="error" id="news-at-error">Heure attendue, par exemple 17h30</p>');
    expect((await send(cookies.promoter, { title: 'Concert', message: 'Sur la scène', at: '17h30' })).statusCode).toBe(303);
    expect((await list(cookies.visitor2))[0]).toMatchObject({ title: 'Concert', at: '17h30', at_en: '17h30' });
  });

  it('sends it to everyone, then shows the page again saying so (post/redirect/get)', async () => {
    const visitorStream = await stream(cookies.visitor2);
    await visitorStream.next(isNews);
    const from = visitorStream.events.length;
    const response = await send(cookies.promoter, {
      title: 'Tirage au sort',
      title_en: 'Prize draw',
      message: 'À 17h sur la scène',
      message_en: 'At 5 pm on stage',
    });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`${ORIGIN}/organisateur?sent=news#news`);
    expect(titles(await visitorStream.next(isNews, 10_000, from))[0]).toBe('Tirage au sort');
    expect((await list(cookies.visitor2))[0]).toMatchObject({
      title: 'Tirage au sort',
      title_en: 'Prize draw',
      message_en: 'At 5 pm on stage',
    });
    const after = await request(t.app, { method: 'GET', url: '/organisateur?sent=news', headers: { cookie: cookies.promoter } });
    expect(after.body).toContain('The notification has been sent to every visitor.');
  });

  it('shows the form again with its errors, values kept and escaped', async () => {
    const response = await send(cookies.promoter, { title: '', message: '<script>alert(1)</script>' });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('The form has errors.');
    expect(response.body).toMatch(/id="news-title"[^>]*aria-invalid="true"/);
    expect(response.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;</textarea>');
    expect(response.body).not.toContain('<script>alert(1)');
  });

  it('lists the latest notifications as text', async () => {
    await post(cookies.promoter, { title: '<img src=x onerror=alert(1)>', message: 'x' });
    const html = (await page(cookies.promoter)).body;
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).not.toContain('<img src=x');
  });

  it('refuses a visitor, and a post from another site', async () => {
    expect((await send(cookies.visitor, { title: 'x', message: 'x' })).statusCode).toBe(403);
    expect((await send(cookies.promoter, { title: 'x', message: 'x' }, { origin: 'https://evil.example' })).statusCode).toBe(403);
    expect((await list(cookies.visitor)).map((n) => n.title)).not.toContain('x');
  });

  it('refuses control characters in a title or a message with the other forms’ message, in the page’s language', async () => {
    const before = (await list(cookies.visitor2))[0]?.id_notification;
    const french = await send(`${cookies.promoter}; salon_locale=fr_FR`, { title: 'Ctl\u0007\u001b', message: 'Bonjour' });
    expect(french.statusCode).toBe(400);
    expect(french.body).toMatch(/id="news-title-error">Ce champ contient des caractères non autorisés</);
    const english = await send(cookies.promoter, { title: 'Bonjour', message: 'Line one\nLine two\u202e', title_en: 'Tab\there' });
    expect(english.statusCode).toBe(400);
    expect(english.body).toMatch(/id="news-message-error">This field contains characters that are not allowed</);
    expect(english.body).toMatch(/id="news-title_en-error">This field contains characters that are not allowed</);
    const api = await post(cookies.promoter, { title: 'Ctl\u0007\u001b', message: 'Bonjour' });
    expect(api.statusCode).toBe(400);
    expect((await list(cookies.visitor2))[0]?.id_notification).toBe(before);
  });

  it('lets an organiser correct, then delete, a notification sent by mistake, each in the change log', async () => {
    const sent = (await post(cookies.promoter, { title: 'Ouverture à 9h', message: 'Erreur' })).json().data.notification as Notification;
    const html = (await page(cookies.promoter)).body;
    expect(html).toContain(`href="${ORIGIN}/organisateur?news=${sent.id_notification}#news"`);
    // The deletion is asked in the page's own dialog, which names the notification.
    expect(html).toMatch(new RegExp(`popovertarget="confirm-news-${sent.id_notification}"`));
    expect(html).toContain('Delete the notification “Ouverture à 9h”?');
    const editing = (
      await request(t.app, { method: 'GET', url: `/organisateur?news=${sent.id_notification}`, headers: { cookie: cookies.promoter } })
    ).body;
    expect(editing).toContain(`name="id" value="${sent.id_notification}"`);
    expect(editing).toMatch(/id="news-title"[^>]*value="Ouverture à 9h"/);

    const visitorStream = await stream(cookies.visitor2);
    await visitorStream.next(isNews);
    let from = visitorStream.events.length;
    expect(editing).toMatch(new RegExp(`id="news-at"[^>]*value="${sent.at}"`));
    const corrected = await send(cookies.promoter, {
      id: String(sent.id_notification),
      title: 'Ouverture à 10h',
      message: 'Corrigé',
      at: '10h00',
    });
    expect(corrected.statusCode).toBe(303);
    expect(corrected.headers.location).toBe(`${ORIGIN}/organisateur?sent=corrected#news`);
    expect(titles(await visitorStream.next(isNews, 2000, from))[0]).toBe('Ouverture à 10h');
    expect((await list(cookies.visitor2))[0]).toMatchObject({
      id_notification: sent.id_notification,
      title: 'Ouverture à 10h',
      at: '10h00',
      at_en: '10h00',
      sent_at: sent.sent_at,
    });

    from = visitorStream.events.length;
    const deleted = await send(cookies.promoter, { delete: String(sent.id_notification) });
    expect(deleted.statusCode).toBe(303);
    expect(deleted.headers.location).toBe(`${ORIGIN}/organisateur?sent=deleted#news`);
    expect(titles(await visitorStream.next(isNews, 2000, from))).not.toContain('Ouverture à 10h');
    expect((await list(cookies.visitor2)).map((n) => n.id_notification)).not.toContain(sent.id_notification);
    expect((await send(cookies.promoter, { delete: String(sent.id_notification) })).statusCode).toBe(404);

    const log = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'before', 'after'])
      .where('target', '=', `notification ${sent.id_notification}`)
      .orderBy('id')
      .execute();
    expect(log.map((e) => e.action)).toEqual(['notification.send', 'notification.update', 'notification.remove']);
    expect(JSON.parse(log[1]?.before ?? '{}')).toMatchObject({ title: 'Ouverture à 9h', message: 'Erreur' });
    expect(JSON.parse(log[2]?.before ?? '{}')).toMatchObject({ title: 'Ouverture à 10h' });
  });

  it('corrects and deletes through the API for organisers only (PUT, DELETE /api/notifications/{id})', async () => {
    const sent = (await post(cookies.admin, { title: 'Typo', message: 'x' })).json().data.notification as Notification;
    const call = (method: 'PUT' | 'DELETE', cookie: string, payload?: unknown) =>
      request(t.app, {
        method,
        url: `/api/notifications/${sent.id_notification}`,
        headers: { ...XHR, cookie },
        ...(payload ? { payload: payload as Record<string, unknown> } : {}),
      });
    expect((await call('PUT', cookies.visitor, { title: 'x', message: 'y' })).statusCode).toBe(403);
    expect((await call('DELETE', cookies.exhibitor)).statusCode).toBe(403);
    expect((await call('PUT', cookies.promoter, { title: 'Bad\u0007', message: 'y' })).statusCode).toBe(400);
    // Blank texts: refused as every form refuses a required field, each named.
    expect((await call('PUT', cookies.promoter, { title: '  ', message: ' ' })).json()).toEqual({
      data: {
        error: true,
        message: '"title" must not be empty',
        formErrors: { title: 'This field is required', message: 'This field is required' },
      },
    });
    const put = await call('PUT', cookies.promoter, { title: 'Fixed', message: 'y' });
    expect(put.json().data.notification).toMatchObject({ id_notification: sent.id_notification, title: 'Fixed', title_en: 'Fixed' });
    expect((await call('DELETE', cookies.promoter)).json()).toEqual({ data: { deleted: sent.id_notification } });
    expect((await call('DELETE', cookies.promoter)).statusCode).toBe(404);
  });
});

describe('the demo salon’s news', () => {
  it('names the top bar’s buttons as the top bar shows them, in French and in English', () => {
    const po = fs.readFileSync(path.join(REPO_ROOT, 'widgets/top-bar/locales/fr/messages.po'), 'utf8');
    const french = (id: string) => new RegExp(`msgid "${id}"\\nmsgstr "([^"]+)"`).exec(po)?.[1];
    const opinion = programme.find((item) => item.news?.fr.message.includes('barre du haut'))?.news;
    expect(opinion?.fr.message).toContain(`« ${french('Feedback') ?? 'Feedback'} »`);
    expect(opinion?.fr.message).toContain(`menu ${french('More') ?? 'More'}`);
    expect(opinion?.en.message).toContain('the Feedback button');
    expect(opinion?.en.message).toContain('the More menu');
  });
});
