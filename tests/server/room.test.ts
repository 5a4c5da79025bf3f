import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { decodeId, encodeId } from '../../host-shell/server/lib/ids';
import { ActivityTracker } from '../../host-shell/server/services/activity';
import { setParameter } from '../../host-shell/server/services/settings';
import { createTestApp, standBySlug, type TestApp } from './helpers';
import { pageDataOf } from './markup';
import { DEMO, anonymousCookie, login, userIdByEmail } from './accounts';
import { ORIGIN, XHR, markActive, request } from './http';

let t: TestApp;
/** A user as `GET /api/users/me` gives it, with its internal id (the API gives the obfuscated one). */
const internalUser = <T extends { id_user: string }>(user: T) => ({ ...user, id_user: decodeId(user.id_user) as number });
/** Every timer Jest can fake but the clock (Date). */
const TIMERS_BUT_DATE = [
  'hrtime',
  'nextTick',
  'performance',
  'queueMicrotask',
  'setImmediate',
  'clearImmediate',
  'setInterval',
  'clearInterval',
  'setTimeout',
  'clearTimeout',
] as const;
let solar: { id: number; key: string };
let storage: { id: number; key: string };
let aqua: { id: number; key: string };
let nordic: { id: number; key: string };

beforeAll(async () => {
  t = await createTestApp();
  [solar, storage, aqua, nordic] = await Promise.all([
    standBySlug(t, 'stand-helios-solaire'),
    standBySlug(t, 'stand-helios-stockage'),
    standBySlug(t, 'stand-aquapure'),
    standBySlug(t, 'stand-nordic-robotics'),
  ]);
}, 30_000);
afterAll(async () => {
  await t.close();
});

const visit = (cookie: string, stand: string, payload: unknown, headers: Record<string, string> = XHR) =>
  request(t.app, {
    method: 'POST',
    url: `/api/stands/${stand}/visit`,
    headers: { ...headers, cookie },
    payload: payload as Record<string, unknown>,
  });

/** The stands of the user's leaveStand entries. */
const leavesOf = (userId: number) =>
  t.database.db.selectFrom('stand_history').select(['stand_id']).where('user_id', '=', userId).where('type', '=', 'leaveStand').execute();
const visitsOf = (userId: number) =>
  t.database.db.selectFrom('stand_visits').selectAll().where('user_id', '=', userId).orderBy('id').execute();
const historyOf = (standId: number, userId: number) =>
  t.database.db
    .selectFrom('stand_history')
    .select(['type', 'content', 'created_at'])
    .where('stand_id', '=', standId)
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();

describe('POST /api/stands/{id}/visit', () => {
  it('starts a visit and writes enterOnStand, then ends it and writes leaveStand', async () => {
    const cookie = await login(t.app, DEMO.visitor);
    const userId = await userIdByEmail(t, DEMO.visitor);
    const started = await visit(cookie, aqua.key, { start: true });
    expect(started.statusCode).toBe(200);
    const stand_visit = started.json().data.stand_visit;
    expect(stand_visit).toEqual({ id: expect.any(String), stand_id: aqua.key, started_at: expect.any(String), ended_at: null });
    expect(Date.now() - Date.parse(stand_visit.started_at)).toBeLessThan(60_000);

    const ended = await visit(cookie, aqua.key, { end: true });
    expect(ended.statusCode).toBe(200);
    expect(ended.json().data.stand_visit).toMatchObject({ id: stand_visit.id, stand_id: aqua.key, ended_at: expect.any(String) });

    const rows = await visitsOf(userId);
    expect(rows.at(-1)).toMatchObject({ stand_id: aqua.id, ended_by: 'client' });
    expect((await historyOf(aqua.id, userId)).map((h) => h.type)).toEqual(['enterOnStand', 'leaveStand']);
  });

  it('answers stand_visit null to an end without an open visit', async () => {
    const cookie = await login(t.app, DEMO.visitor2);
    const response = await visit(cookie, nordic.key, { end: true });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { stand_visit: null } });
  });

  it('closes the open visit elsewhere when a new one starts (replaced)', async () => {
    const cookie = await anonymousCookie(t.app);
    const me = internalUser((await request(t.app, { method: 'GET', url: '/api/users/me', headers: { cookie } })).json().data.user);
    const first = (await visit(cookie, aqua.key, { start: true })).json().data.stand_visit;
    const second = (await visit(cookie, nordic.key, { start: true })).json().data.stand_visit;
    expect(second.stand_id).toBe(nordic.key);
    const rows = await visitsOf(me.id_user);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ id: expect.any(Number), stand_id: aqua.id, ended_by: 'replaced', ended_at: expect.any(String) });
    expect(encodeId(rows[0]?.id ?? 0)).toBe(first.id);
    expect(rows[1]).toMatchObject({ stand_id: nordic.id, ended_at: null, ended_by: null });
    expect((await historyOf(aqua.id, me.id_user)).map((h) => [h.type, JSON.parse(h.content)])).toEqual([
      ['enterOnStand', {}],
      ['leaveStand', { ended_by: 'replaced' }],
    ]);
    // The page shows the open visit.
    expect(pageDataOf((await request(t.app, { method: 'GET', url: '/salon', headers: { cookie } })).body).last_ongoing_visit).toEqual({
      stand_id: nordic.key,
      started_at: second.started_at,
    });
  });

  it('answers every one of a user’s starts sent at once: one visit stays open, each other one replaced with its leaveStand', async () => {
    const cookie = await anonymousCookie(t.app);
    const me = internalUser((await request(t.app, { method: 'GET', url: '/api/users/me', headers: { cookie } })).json().data.user);
    const stands = [aqua, nordic, solar, aqua, nordic, solar, aqua, nordic];
    const answers = await Promise.all(stands.map((stand) => visit(cookie, stand.key, { start: true })));
    expect(answers.map((a) => a.statusCode)).toEqual(stands.map(() => 200));
    const rows = await visitsOf(me.id_user);
    expect(rows).toHaveLength(stands.length);
    expect(rows.filter((r) => r.ended_at === null)).toHaveLength(1);
    expect(rows.filter((r) => r.ended_by === 'replaced')).toHaveLength(stands.length - 1);
    expect(await leavesOf(me.id_user)).toHaveLength(stands.length - 1);
  });

  it('gives each replaced visit its leaveStand when the starts fall in the same millisecond (a busy server)', async () => {
    const cookie = await anonymousCookie(t.app);
    const me = internalUser((await request(t.app, { method: 'GET', url: '/api/users/me', headers: { cookie } })).json().data.user);
    // Only the clock stands still: every start is stamped with the same instant.
    jest.useFakeTimers({ now: Date.now(), doNotFake: [...TIMERS_BUT_DATE] });
    try {
      const stands = [aqua, nordic, aqua, nordic, aqua];
      const answers = await Promise.all(stands.map((stand) => visit(cookie, stand.key, { start: true })));
      expect(answers.map((a) => a.statusCode)).toEqual(stands.map(() => 200));
    } finally {
      jest.useRealTimers();
    }
    const leaves = await leavesOf(me.id_user);
    const replaced = (await visitsOf(me.id_user)).filter((r) => r.ended_by === 'replaced');
    expect(replaced).toHaveLength(4);
    expect(leaves.map((l) => l.stand_id).sort()).toEqual(replaced.map((r) => r.stand_id).sort());
  });

  it('records nothing on a stand the user owns', async () => {
    const cookie = await login(t.app, DEMO.exhibitor);
    const userId = await userIdByEmail(t, DEMO.exhibitor);
    for (const payload of [{ start: true }, { end: true }]) {
      const response = await visit(cookie, storage.key, payload);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ data: { stand_visit: null } });
    }
    expect(await visitsOf(userId)).toEqual([]);
    expect(await historyOf(storage.id, userId)).toEqual([]);
    // Another exhibitor's stand is a visit like any other.
    expect((await visit(cookie, nordic.key, { start: true })).json().data.stand_visit.stand_id).toBe(nordic.key);
  });

  it('needs a session', async () => {
    const response = await request(t.app, { method: 'POST', url: `/api/stands/${aqua.key}/visit`, headers: XHR, payload: { start: true } });
    expect(response.statusCode).toBe(401);
    // Before telling whether a stand id exists.
    const unknown = await request(t.app, {
      method: 'POST',
      url: `/api/stands/${encodeId(987654)}/visit`,
      headers: XHR,
      payload: { start: true },
    });
    expect(unknown.statusCode).toBe(401);
  });

  it.each([
    ['a non-canonical id', 'zzzzzz'],
    ['an id of no stand', encodeId(987654)],
    ['a malformed id', 'not-an-id'],
  ])('answers 404 for %s', async (_case, id) => {
    const cookie = await login(t.app, DEMO.visitor2);
    const response = await visit(cookie, id, { start: true });
    expect(response.statusCode).toBe(404);
    expect(response.json().data).toMatchObject({ error: true, message: expect.stringMatching(/^Unknown stand/) });
  });

  it.each([
    ['an empty object', {}],
    ['start false', { start: false }],
    ['both start and end', { start: true, end: true }],
    ['an unknown field', { start: true, stand: 1 }],
    ['a list', [1]],
  ])('answers 400 for %s', async (_case, payload) => {
    const cookie = await login(t.app, DEMO.visitor2);
    const response = await visit(cookie, aqua.key, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().data.message).toMatch(/^Invalid body/);
  });

  it('refuses a call without X-Requested-With, and a cross-origin one', async () => {
    const cookie = await login(t.app, DEMO.visitor2);
    const noXhr = await visit(cookie, aqua.key, { start: true }, { origin: ORIGIN });
    expect(noXhr.statusCode).toBe(403);
    expect(noXhr.json().data.message).toBe('Missing header X-Requested-With: XMLHttpRequest');
    expect((await visit(cookie, aqua.key, { start: true }, { ...XHR, origin: 'https://evil.example' })).statusCode).toBe(403);
  });
});

describe('the unload beacon', () => {
  const beacon = (cookie: string, stand: string, body: string, headers: Record<string, string>) =>
    request(t.app, {
      method: 'POST',
      url: `/api/stands/${stand}/visit`,
      headers: { cookie, 'content-type': 'text/plain;charset=UTF-8', ...headers },
      payload: body,
    });

  it('ends the visit with a text/plain JSON body from this origin (Origin or Referer), recorded as beacon', async () => {
    const cookie = await anonymousCookie(t.app);
    const me = internalUser((await request(t.app, { method: 'GET', url: '/api/users/me', headers: { cookie } })).json().data.user);
    const sameOrigin: Record<string, string>[] = [
      { origin: ORIGIN },
      { referer: `${ORIGIN}/salon/stand`, 'sec-fetch-site': 'same-origin' },
    ];
    for (const headers of sameOrigin) {
      await visit(cookie, aqua.key, { start: true });
      const response = await beacon(cookie, aqua.key, JSON.stringify({ end: true }), headers);
      expect(response.statusCode).toBe(200);
      expect(response.json().data.stand_visit).toMatchObject({ stand_id: aqua.key, ended_at: expect.any(String) });
      expect((await visitsOf(me.id_user)).at(-1)?.ended_by).toBe('beacon');
    }
  });

  it.each([
    ['a foreign Origin', { origin: 'https://evil.example' }],
    ['a foreign Referer', { referer: 'https://evil.example/x' }],
    ['no Origin nor Referer', {}],
    ['a cross-site Sec-Fetch-Site', { origin: ORIGIN, 'sec-fetch-site': 'cross-site' }],
  ])('is refused with %s', async (_case, headers) => {
    const cookie = await login(t.app, DEMO.visitor2);
    await visit(cookie, aqua.key, { start: true });
    const response = await beacon(cookie, aqua.key, JSON.stringify({ end: true }), headers);
    expect(response.statusCode).toBe(403);
  });

  it('only relaxes this route, only for text/plain, and only to end a visit', async () => {
    const cookie = await login(t.app, DEMO.visitor2);
    const otherRoute = await request(t.app, {
      method: 'PUT',
      url: '/api/locale',
      headers: { cookie, origin: ORIGIN, 'content-type': 'text/plain' },
      payload: '{"lang":"fr_FR"}',
    });
    expect(otherRoute.statusCode).toBe(403);
    const json = await request(t.app, {
      method: 'POST',
      url: `/api/stands/${aqua.key}/visit`,
      headers: { cookie, origin: ORIGIN },
      payload: { end: true },
    });
    expect(json.statusCode).toBe(403);
    const start = await beacon(cookie, aqua.key, JSON.stringify({ start: true }), { origin: ORIGIN });
    expect(start.statusCode).toBe(400);
    expect(start.json().data.message).toBe('A beacon can only end a visit');
    const garbage = await beacon(cookie, aqua.key, '{end', { origin: ORIGIN });
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json().data.message).toBe('Invalid body: not JSON');
  });
});

describe('the sweeper', () => {
  it('ends visits of users inactive for last_activity_period, at their last activity, and leaves active ones', async () => {
    const idle = await anonymousCookie(t.app);
    const busy = await anonymousCookie(t.app);
    const idleId = internalUser(
      (await request(t.app, { method: 'GET', url: '/api/users/me', headers: { cookie: idle } })).json().data.user,
    ).id_user;
    const busyId = internalUser(
      (await request(t.app, { method: 'GET', url: '/api/users/me', headers: { cookie: busy } })).json().data.user,
    ).id_user;
    await visit(idle, nordic.key, { start: true });
    await visit(busy, nordic.key, { start: true });
    const lastSeen = Date.now() + 50;
    t.app.activity.touch(idleId, lastSeen);

    const later = lastSeen + 901_000;
    t.app.activity.touch(busyId, later - 1000);
    expect(await t.app.sweeper.sweep(later)).toBeGreaterThanOrEqual(1);

    const [idleVisit] = await visitsOf(idleId);
    expect(idleVisit).toMatchObject({ ended_by: 'timeout', ended_at: new Date(lastSeen).toISOString() });
    expect((await historyOf(nordic.id, idleId)).at(-1)).toMatchObject({ type: 'leaveStand', created_at: new Date(lastSeen).toISOString() });
    expect((await visitsOf(busyId))[0]).toMatchObject({ ended_at: null });
    await visit(busy, nordic.key, { end: true });
  });

  it('runs by itself on its interval', async () => {
    const own = await createTestApp({ config: { sweepIntervalMs: 20 } });
    try {
      await setParameter(own.database.db, 'last_activity_period', 1);
      own.app.parameters.invalidate();
      const cookie = await anonymousCookie(own.app);
      const me = internalUser((await request(own.app, { method: 'GET', url: '/api/users/me', headers: { cookie } })).json().data.user);
      // An open visit of a user never active since it started, 6 s ago (a visit start through the API counts as activity).
      const startedAt = new Date(Date.now() - 6000).toISOString();
      const visitRow = await own.database.db
        .insertInto('stand_visits')
        .values({ user_id: me.id_user, stand_id: aqua.id, started_at: startedAt, ended_at: null, ended_by: null })
        .returningAll()
        .executeTakeFirstOrThrow();
      const deadline = Date.now() + 20_000;
      let row = visitRow;
      while (row.ended_at === null && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 10));
        row = await own.database.db.selectFrom('stand_visits').selectAll().where('id', '=', visitRow.id).executeTakeFirstOrThrow();
      }
      expect(row.ended_at).toBe(startedAt);
      expect(row.ended_by).toBe('timeout');
    } finally {
      await own.close();
    }
  });
});

describe('PUT /api/users/me/active', () => {
  const active = (headers: Record<string, string>) => request(t.app, { method: 'PUT', url: '/api/users/me/active', headers });

  it('answers the last activity, kept in memory and visible at once, written to the database in batches', async () => {
    const cookie = await login(t.app, DEMO.promoter);
    const userId = await userIdByEmail(t, DEMO.promoter);
    const stored = async () =>
      (await t.database.db.selectFrom('users').select('last_activity_at').where('id', '=', userId).executeTakeFirstOrThrow())
        .last_activity_at;
    await t.app.activity.flush();
    const before = await stored();

    const response = await active({ ...XHR, cookie });
    expect(response.statusCode).toBe(200);
    const { last_activity_at } = response.json().data;
    expect(Math.abs(Date.now() - Date.parse(last_activity_at))).toBeLessThan(60_000);
    expect(await stored()).toBe(before);
    // Everything that reads last activity sees the memory value.
    const me = internalUser((await request(t.app, { method: 'GET', url: '/api/users/me', headers: { cookie } })).json().data.user);
    expect(me.last_activity_at).toBe(last_activity_at);

    expect(await t.app.activity.flush()).toBe(1);
    expect(await stored()).toBe(last_activity_at);
    expect(await t.app.activity.flush()).toBe(0);
  });

  it('writes what is pending when the app closes', async () => {
    const own = await createTestApp();
    const cookie = await login(own.app, DEMO.visitor);
    const at = (await markActive(own.app, cookie)).json().data.last_activity_at;
    await own.app.close();
    const row = await own.database.db
      .selectFrom('users')
      .select('last_activity_at')
      .where('email', '=', DEMO.visitor)
      .executeTakeFirstOrThrow();
    expect(row.last_activity_at).toBe(at);
    await own.database.close();
  });

  it('resolves the session from memory, and forgets it at logout', async () => {
    const cookie = await login(t.app, DEMO.visitor2);
    expect((await active({ ...XHR, cookie })).statusCode).toBe(200);
    // The session row goes away behind the cache's back: still known for the cache's lifetime…
    const saved = await t.database.db.selectFrom('sessions').selectAll().execute();
    await t.database.db.deleteFrom('sessions').execute();
    expect((await active({ ...XHR, cookie })).statusCode).toBe(200);
    await t.database.db.insertInto('sessions').values(saved).execute();
    // …but a logout is seen at once.
    const logout = await request(t.app, { method: 'GET', url: '/deconnexion', headers: { cookie } });
    expect(logout.statusCode).toBe(303);
    expect((await active({ ...XHR, cookie })).statusCode).toBe(401);
  });

  it('trusts the cache only for its time to live', async () => {
    const own = await createTestApp({ config: { sessionCacheTtlMs: 1 } });
    try {
      const cookie = await login(own.app, DEMO.visitor);
      expect((await markActive(own.app, cookie)).statusCode).toBe(200);
      await own.database.db.deleteFrom('sessions').execute();
      await new Promise((resolve) => setTimeout(resolve, 5));
      expect((await markActive(own.app, cookie)).statusCode).toBe(401);
    } finally {
      await own.close();
    }
  });

  it('needs a session, X-Requested-With and this origin', async () => {
    const cookie = await anonymousCookie(t.app);
    expect((await active({ ...XHR, cookie })).statusCode).toBe(200);
    expect((await active(XHR)).statusCode).toBe(401);
    expect((await active({ ...XHR, cookie: 'salon_session=' + 'x'.repeat(43) })).statusCode).toBe(401);
    expect((await active({ cookie, origin: ORIGIN })).statusCode).toBe(403);
    expect((await active({ ...XHR, cookie, origin: 'https://evil.example' })).statusCode).toBe(403);
  });
});

describe('writing last activity in batches', () => {
  it('writes every user of a batch larger than a statement holds, and only what changed the next time', async () => {
    const users = await t.database.db.selectFrom('users').select('id').orderBy('id').limit(5).execute();
    expect(users).toHaveLength(5);
    const tracker = new ActivityTracker(t.database.db, { onPresence: () => undefined, chunkSize: 2 });
    // Later than any activity the other tests recorded (a touch older than the one known is not written).
    const at = Math.ceil(Date.now() / 1000) * 1000 + 3_600_000;
    users.forEach(({ id }, i) => tracker.touch(id, at + i * 1000));
    expect(await tracker.flush()).toBe(5);
    const rows = await t.database.db
      .selectFrom('users')
      .select(['id', 'last_activity_at'])
      .where(
        'id',
        'in',
        users.map((u) => u.id),
      )
      .orderBy('id')
      .execute();
    expect(rows.map((r) => r.last_activity_at)).toEqual(users.map((_, i) => new Date(at + i * 1000).toISOString()));
    tracker.touch(users[0]?.id as number, at + 60_000);
    expect(await tracker.flush()).toBe(1);
    expect(await tracker.flush()).toBe(0);
  });
});

describe('GET /api/stream/active', () => {
  it('reads the stream parameters, and the page data follows', async () => {
    expect((await request(t.app, { method: 'GET', url: '/api/stream/active' })).json()).toEqual({
      data: { active: false, video_url: null, chat_url: null },
    });
    const own = await createTestApp();
    try {
      for (const [key, value] of [
        ['stream_active', '"1"'],
        ['stream_video_url', '"https://video.example/live"'],
        ['stream_chat_url', '"https://chat.example/live"'],
      ]) {
        await own.database.db
          .updateTable('parameters')
          .set({ value })
          .where('key', '=', key as string)
          .execute();
      }
      expect((await request(own.app, { method: 'GET', url: '/api/stream/active' })).json()).toEqual({
        data: { active: true, video_url: 'https://video.example/live', chat_url: 'https://chat.example/live' },
      });
      const page = await request(own.app, { method: 'GET', url: '/salon' });
      expect(pageDataOf(page.body).is_streaming).toBe(true);
    } finally {
      await own.close();
    }
  });
});

describe('POST /api/tracking-event', () => {
  const track = (payload: unknown, headers: Record<string, string> = XHR) =>
    request(t.app, { method: 'POST', url: '/api/tracking-event', headers, payload: payload as Record<string, unknown> });
  const lastEvent = () => t.database.db.selectFrom('tracking_events').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();

  it('stores the event with the user and the decoded stand', async () => {
    const cookie = await login(t.app, DEMO.visitor);
    const response = await track({ name: `stand_${solar.key}_enter`, value: 'x', stand_id: solar.key }, { ...XHR, cookie });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { success: true } });
    expect(await lastEvent()).toMatchObject({
      name: `stand_${solar.key}_enter`,
      value: 'x',
      stand_id: solar.id,
      user_id: await userIdByEmail(t, DEMO.visitor),
    });
  });

  it('stores an event without a session, stand or value', async () => {
    expect((await track({ name: 'share_Yes' })).statusCode).toBe(200);
    expect(await lastEvent()).toMatchObject({ name: 'share_Yes', value: null, stand_id: null, user_id: null });
  });

  it.each([
    ['a stand id that does not decode', { name: 'n', stand_id: 'zzzzzz' }, 'stand_id'],
    ['a stand id of no stand', { name: 'n', stand_id: encodeId(987654) }, 'stand_id'],
    ['no name', { value: 'v' }, 'name'],
    ['an unknown field', { name: 'n', extra: 1 }, 'extra'],
  ])('answers 400 for %s', async (_case, payload, field) => {
    const response = await track(payload);
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().data.formErrors)).toContain(field);
  });

  it('is guarded like every state-changing call', async () => {
    expect((await track({ name: 'n' }, { origin: ORIGIN })).statusCode).toBe(403);
  });
});

describe('OpenAPI', () => {
  it('documents the room calls, the beacon and the event stream', async () => {
    const doc = (await request(t.app, { method: 'GET', url: '/api/openapi.json' })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/stands/{id}/visit',
        '/api/users/me/active',
        '/api/stream/active',
        '/api/tracking-event',
        '/api/sse/live/activity',
      ]),
    );
    const visitOp = doc.paths['/api/stands/{id}/visit'].post;
    expect(Object.keys(visitOp.requestBody.content)).toEqual(['application/json', 'text/plain']);
    expect(visitOp.parameters).toContainEqual(expect.objectContaining({ name: 'X-Requested-With', required: false }));
    const sse = doc.paths['/api/sse/live/activity'].get;
    expect(sse.responses['200'].content['text/event-stream'].schema.properties).toHaveProperty('owned_stands_users');
    expect(sse.parameters).toContainEqual(expect.objectContaining({ name: 'Last-Event-ID', in: 'header' }));
  });
});
