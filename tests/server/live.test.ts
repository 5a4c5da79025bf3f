import { chatUsersAfter, LIVE_ACTIVITY_FIELDS, ownedStandsUsersAfter } from '@salon/shared/contracts/live-fields';
import type { ServerResponse } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { LiveActivityState, RoomUser } from '@salon/shared/contracts/room';
import { encodeId } from '../../host-shell/server/lib/ids';
import { chatDelta, visitorsDelta } from '../../host-shell/server/live/deltas';
import { RoomState, type ChatList, type PersonList } from '../../host-shell/server/live/state';
import { LIVE_ACTIVITY_GRAIN_MS, toLiveGrain } from '../../host-shell/server/services/activity';
import { createTestApp, standBySlug, waitFor, type TestApp } from './helpers';
import { listen } from './sockets';
import { closeListening, closeStreams, openSse, type SseClient, type SseEvent } from './sse';
import { DEMO, anonymousCookie, login, signIn, userIdByEmail } from './accounts';
import { markActive, visitStand } from './http';

const M = LIVE_ACTIVITY_GRAIN_MS;

const ALL_FIELDS = [...LIVE_ACTIVITY_FIELDS];

let t: TestApp;
let base: string;
let solar: { id: number; key: string };
let storage: { id: number; key: string };
let nordic: { id: number; key: string };
let aqua: { id: number; key: string };
let exhibitor: string;
let visitor: string;
let visitor2: string;
const opened: SseClient[] = [];

async function stream(
  cookie: string,
  query: Record<string, string> = {},
  headers: Record<string, string> = {},
  on = base,
): Promise<SseClient> {
  const client = await openSse(`${on}/api/sse/live/activity?${new URLSearchParams(query)}`, { cookie, ...headers });
  opened.push(client);
  return client;
}

const state = (e: SseEvent) => e.data as LiveActivityState;
const ids = (users: { id_user: string }[] | undefined) => (users ?? []).map((u) => u.id_user);
const visit = (cookie: string, stand: string, payload: Record<string, boolean>, app = t.app) => visitStand(app, cookie, stand, payload);
/** The widget's "I am here" call. */
const active = (cookie: string, app = t.app) => markActive(app, cookie);

beforeAll(async () => {
  t = await createTestApp({ config: { livePingMs: 100, liveGlobalMinMs: 50, liveCountMs: 50 } });
  base = await listen(t);
  [solar, storage, nordic, aqua] = await Promise.all([
    standBySlug(t, 'stand-helios-solaire'),
    standBySlug(t, 'stand-helios-stockage'),
    standBySlug(t, 'stand-nordic-robotics'),
    standBySlug(t, 'stand-aquapure'),
  ]);
  ({ exhibitor, visitor, visitor2 } = await signIn(t.app, ['exhibitor', 'visitor', 'visitor2']));
}, 30_000);
afterEach(() => closeStreams(t, opened));
afterAll(async () => {
  await closeListening(t);
});

describe('GET /api/sse/live/activity: connecting', () => {
  it('sends the full state first, for the stands the exhibitor really owns', async () => {
    const client = await stream(exhibitor, {
      visited_stand_id: nordic.key,
      owned_stands_ids: `${solar.key},${storage.key},${nordic.key},zzzzzz`,
    });
    expect(client.status).toBe(200);
    expect(client.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    const first = await client.next();
    expect(client.retry).toBe(2000);
    expect(first.event).toBe('liveActivity');
    expect(first.id).toMatch(/^\d+$/);
    const s = state(first);
    expect(Object.keys(s)).toEqual(ALL_FIELDS);
    expect(s.visited_stand_id).toBe(nordic.key);
    // Nordic's hidden exhibitor is not listed; nobody is active, so nobody is available.
    expect(s.visited_stand_animators?.[nordic.key]?.map((u) => u.fullname)).toEqual(['Jonas Berg']);
    expect(s.visited_stand_availability).toBe(false);
    expect(Object.keys(s.owned_stands_users ?? {})).toEqual([solar.key, storage.key]);
    expect(Object.keys(s.histories ?? {})).toEqual([solar.key, storage.key]);
    expect(s.owned_stands_exhibitors).toEqual({ [solar.key]: [], [storage.key]: [] });
    expect(s.chat_users).toEqual(expect.any(Array));
  });

  it('gives an anonymous visitor the visited-stand fields only', async () => {
    const anonymous = await anonymousCookie(t.app);
    const client = await stream(anonymous, { visited_stand_id: solar.key, owned_stands_ids: solar.key });
    expect(Object.keys(state(await client.next()))).toEqual(['visited_stand_id', 'visited_stand_availability', 'visited_stand_animators']);
  });

  it('gives a visitor nothing of stands they do not own', async () => {
    const client = await stream(visitor, { owned_stands_ids: solar.key });
    const s = state(await client.next());
    expect(s).toMatchObject({
      visited_stand_id: null,
      visited_stand_availability: null,
      visited_stand_animators: {},
      owned_stands_users: {},
      histories: {},
    });
  });

  it.each([
    ['no session', '', {}, 401],
    ['a visited id that does not decode', 'visitor', { visited_stand_id: 'zzzzzz' }, 400],
    ['a visited id of no stand', 'visitor', { visited_stand_id: encodeId(987654) }, 400],
  ])('refuses %s', async (_case, who, query, status) => {
    const client = await stream(who ? visitor : '', query as Record<string, string>);
    expect(client.status).toBe(status);
    expect(JSON.parse(String(client.events[0]?.data.body)).data.error).toBe(true);
  });

  it('keeps an idle stream open with ": ping" comments', async () => {
    const client = await stream(visitor);
    await client.next();
    await waitFor(() => (client.comments.includes('ping') ? true : undefined), 10_000, 'a ping');
  });
});

describe('GET /api/sse/live/activity: changes', () => {
  it('sends the owner only what changed after another user’s visit', async () => {
    const client = await stream(exhibitor, { owned_stands_ids: `${solar.key},${storage.key}` });
    const first = await client.next();
    const visitorId = encodeId(await userIdByEmail(t, DEMO.visitor));

    await visit(visitor, solar.key, { start: true });
    // On an open stream, the stand's visitors come as a delta: the arrival whole, for that stand only.
    const entered = await client.next((e) => ids(state(e).owned_stands_users_delta?.[solar.key]?.users).includes(visitorId), 10_000, 1);
    expect(Number(entered.id)).toBeGreaterThan(Number(first.id));
    expect(state(entered)).not.toHaveProperty('visited_stand_id');
    expect(state(entered)).not.toHaveProperty('owned_stands_users');
    expect(Object.keys(state(entered).owned_stands_users_delta ?? {})).toEqual([solar.key]);
    const history = state(await client.next((e) => e.data.histories !== undefined, 10_000, 1)).histories?.[solar.key];
    expect(history?.[0]?.content).toMatchObject({ type: 'enterOnStand', user: { id_user: visitorId, fullname: 'Léa Moreau' } });

    // Moving to another stand is a leave here (replaced), even though that stand is not watched.
    const from = client.events.length;
    await visit(visitor, aqua.key, { start: true });
    const left = await client.next((e) => e.data.owned_stands_users_delta !== undefined, 10_000, from);
    expect(state(left).owned_stands_users_delta).toEqual({ [solar.key]: { users: [], gone: [visitorId], count: 0 } });
    await visit(visitor, aqua.key, { end: true });
  });

  it('tells a visitor when an exhibitor of the visited stand becomes available, and counts active users', async () => {
    const client = await stream(visitor2, { visited_stand_id: solar.key });
    const first = state(await client.next());
    expect(first.visited_stand_availability).toBe(false);

    await active(exhibitor);
    const change = await client.next((e) => e.data.visited_stand_availability === true, 10_000, 1);
    const claire = state(change).visited_stand_animators?.[solar.key]?.find((u) => u.fullname === 'Claire Fontaine');
    expect(claire).toMatchObject({ availability: true, last_activity_at: expect.any(String) });
    const counted = await client.next((e) => typeof e.data.active_users === 'number', 10_000, 1);
    expect(state(counted).active_users).toBeGreaterThan(first.active_users ?? 0);
    // On an open stream, the chat users come as a delta: the exhibitor, newly active, is in it whole.
    const delta = state(await client.next((e) => e.data.chat_users_delta !== undefined, 10_000, 1)).chat_users_delta;
    const claireKey = encodeId(await userIdByEmail(t, DEMO.exhibitor));
    expect(delta?.ids).toContain(claireKey);
    expect(ids(delta?.users)).toContain(claireKey);
  });

  it('lists other people in chat_users, never the user themself', async () => {
    await active(visitor);
    const client = await stream(visitor);
    const users = ids(state(await client.next()).chat_users);
    expect(users).not.toContain(encodeId(await userIdByEmail(t, DEMO.visitor)));
  });
});

describe('GET /api/sse/live/activity: a visit within liveVisitorsMs', () => {
  it("sends a stand's arrivals to its owner after liveVisitorsMs, not the longer window of other changes", async () => {
    const own = await createTestApp({ config: { liveCoalesceMs: 5000, liveVisitorsMs: 50 } });
    try {
      const url = await listen(own);
      const [owner, first, second] = await Promise.all([DEMO.exhibitor, DEMO.visitor, DEMO.visitor2].map((email) => login(own.app, email)));
      const client = await stream(owner!, { owned_stands_ids: solar.key }, {}, url);
      await client.next();
      const arrived = (email: string) => async () => {
        const key = encodeId(await userIdByEmail(own, email));
        return (e: SseEvent) => ids(state(e).owned_stands_users_delta?.[solar.key]?.users).includes(key);
      };
      // The first change after a quiet time goes at once; the next one waits for the window, counted from that flush.
      await visit(first!, solar.key, { start: true }, own.app);
      await client.next(await arrived(DEMO.visitor)(), 10_000, 1);
      await visit(second!, solar.key, { start: true }, own.app);
      await client.next(await arrived(DEMO.visitor2)(), 10_000, 1);
    } finally {
      await closeListening(own);
    }
  });
});

describe('GET /api/sse/live/activity: room-wide fields', () => {
  it('recomputes chat_users at most once per liveGlobalMinMs, and active_users, shown nowhere, once per liveCountMs', async () => {
    const own = await createTestApp({ config: { liveGlobalMinMs: 50, liveCountMs: 1_000 } });
    try {
      const url = await listen(own);
      const client = await stream(await login(own.app, DEMO.visitor), {}, {}, url);
      const first = state(await client.next());
      const [a, b] = await Promise.all([login(own.app, DEMO.visitor2), login(own.app, DEMO.promoter)]);
      const push = (cookie: string) => active(cookie, own.app);
      await push(a);
      const one = await client.next((e) => e.data.active_users === (first.active_users ?? 0) + 1, 10_000, 1);
      const from = client.events.length;
      await push(b);
      // Whom Start a chat offers changes within liveGlobalMinMs; the count waits for its own turn.
      const offered = await client.next((e) => JSON.stringify(e.data.chat_users_delta ?? '').includes('Bernard'), 10_000, from);
      const two = await client.next((e) => e.data.active_users === (first.active_users ?? 0) + 2, 10_000, from);
      expect(two.at - one.at).toBeGreaterThanOrEqual(800);
      expect(offered.at).toBeLessThan(two.at - 300);
      client.close();
    } finally {
      await closeListening(own);
    }
  });
});

describe('GET /api/sse/live/activity: chat users as deltas', () => {
  it('sends an open stream what changed in chat_users; applied to its first state, it gives what a new stream gets', async () => {
    const own = await createTestApp({ config: { liveGlobalMinMs: 100 } });
    try {
      const url = await listen(own);
      const push = (cookie: string) => active(cookie, own.app);
      const cookies = await signIn(own.app, ['visitor', 'visitor2', 'exhibitor']);
      const [visitorCookie, visitor2Cookie, exhibitorCookie] = [cookies.visitor, cookies.visitor2, cookies.exhibitor];
      await push(visitor2Cookie);
      await own.app.live.settle();
      const client = await stream(visitorCookie, {}, {}, url);
      const first = state(await client.next());
      await push(exhibitorCookie);
      const event = await client.next((e) => e.data.chat_users_delta !== undefined, 10_000, 1);
      expect(state(event)).not.toHaveProperty('chat_users');
      const delta = state(event).chat_users_delta;
      const claire = encodeId(await userIdByEmail(own, DEMO.exhibitor));
      // Only the newcomer whole; the others by id and last activity.
      expect(ids(delta?.users)).toEqual([claire]);
      expect(delta?.ids).toEqual(expect.arrayContaining([claire, encodeId(await userIdByEmail(own, DEMO.visitor2))]));
      expect(delta?.ids).not.toContain(encodeId(await userIdByEmail(own, DEMO.visitor)));
      const fresh = await stream(visitorCookie, {}, {}, url);
      expect(chatUsersAfter(first.chat_users ?? [], delta)).toEqual(state(await fresh.next()).chat_users);
      client.close();
      fresh.close();
    } finally {
      await closeListening(own);
    }
  });
});

describe("GET /api/sse/live/activity: a stand's visitors as deltas", () => {
  it('sends arrivals, changes and departures; applied (twice) to the first state, they give what a new stream gets', async () => {
    const own = await createTestApp({ config: { liveGlobalMinMs: 100 } });
    try {
      const url = await listen(own);
      const { exhibitor: owner, visitor: a, visitor2: b } = await signIn(own.app, ['exhibitor', 'visitor', 'visitor2']);
      const [aId, bId] = await Promise.all([userIdByEmail(own, DEMO.visitor), userIdByEmail(own, DEMO.visitor2)]);
      const query = { owned_stands_ids: `${solar.key},${storage.key}` };
      const fresh = async (): Promise<Record<string, RoomUser[]>> => {
        await own.app.live.settle();
        const other = await stream(owner, query, {}, url);
        const lists = state(await other.next()).owned_stands_users ?? {};
        other.close();
        return lists;
      };
      const client = await stream(owner, query, {}, url);
      let lists = state(await client.next()).owned_stands_users ?? {};
      const step = async (
        act: () => Promise<unknown>,
        check: (delta: Record<string, { users: RoomUser[]; gone: string[]; count: number; ids?: string[] }>) => void,
      ) => {
        const from = client.events.length;
        await act();
        const event = await client.next((e) => e.data.owned_stands_users_delta !== undefined, 10_000, from);
        const delta = state(event).owned_stands_users_delta ?? {};
        check(delta);
        const once = ownedStandsUsersAfter(lists, delta);
        expect(once).not.toBeNull();
        expect(ownedStandsUsersAfter(once ?? {}, delta)).toEqual(once);
        expect(once).toEqual(await fresh());
        lists = once ?? {};
      };

      // Arrive: the newcomer whole, nobody else.
      await step(
        () => visit(a, solar.key, { start: true }, own.app),
        (delta) =>
          expect(delta).toEqual({
            [solar.key]: { users: [expect.objectContaining({ id_user: encodeId(aId), fullname: 'Léa Moreau' })], gone: [], count: 1 },
          }),
      );
      // Change: A's last activity moves to a later minute; B arrives. Both whole, A in place, B at the end.
      const later = toLiveGrain(Date.now()) + 5 * LIVE_ACTIVITY_GRAIN_MS;
      own.app.activity.touch(aId, later + 1000);
      await step(
        () => visit(b, solar.key, { start: true }, own.app),
        (delta) => {
          expect(ids(delta[solar.key]?.users)).toEqual([encodeId(aId), encodeId(bId)]);
          expect(delta[solar.key]?.users[0]?.last_activity_at).toBe(new Date(later).toISOString());
          expect(delta[solar.key]).toMatchObject({ gone: [], count: 2 });
        },
      );
      // Leave: only A's id.
      await step(
        () => visit(a, solar.key, { end: true }, own.app),
        (delta) => expect(delta).toEqual({ [solar.key]: { users: [], gone: [encodeId(aId)], count: 1 } }),
      );
      expect(ids(lists[solar.key])).toEqual([encodeId(bId)]);
      await visit(b, solar.key, { end: true }, own.app);
      client.close();
    } finally {
      await closeListening(own);
    }
  });

  it("a resume that the ring can answer, and one it cannot, get the stand's list whole", async () => {
    const query = { owned_stands_ids: `${solar.key},${storage.key}` };
    const first = await stream(exhibitor, query);
    const id = (await first.next()).id ?? '';
    first.close();
    await waitFor(() => (t.app.live.stats().streams === 0 ? true : undefined), 10_000, 'the stream to close');
    await visit(visitor2, solar.key, { start: true });
    await t.app.live.settle();
    const visitor2Id = encodeId(await userIdByEmail(t, DEMO.visitor2));
    const resumed = state(await (await stream(exhibitor, query, { 'last-event-id': id })).next());
    expect(resumed).not.toHaveProperty('owned_stands_users_delta');
    expect(ids(resumed.owned_stands_users?.[solar.key])).toContain(visitor2Id);
    const unknown = state(await (await stream(exhibitor, query, { 'last-event-id': '1' })).next());
    expect(unknown).toHaveProperty('visited_stand_id');
    expect(ids(unknown.owned_stands_users?.[solar.key])).toContain(visitor2Id);
    await visit(visitor2, solar.key, { end: true });
  });

  const list = (people: [number, string][]): PersonList => ({
    ids: people.map(([id]) => id),
    keys: people.map(([id]) => `k${id}`),
    items: people.map(([id, name]) => JSON.stringify({ id_user: `k${id}`, fullname: name })),
    index: new Map(people.map(([id], i) => [id, i])),
  });

  it.each<[string, [number, string][], [number, string][], unknown]>([
    ['nothing changed', [[1, 'A']], [[1, 'A']], null],
    [
      'an arrival',
      [[1, 'A']],
      [
        [1, 'A'],
        [2, 'B'],
      ],
      { users: [{ id_user: 'k2', fullname: 'B' }], gone: [], count: 2 },
    ],
    [
      'a departure',
      [
        [1, 'A'],
        [2, 'B'],
      ],
      [[2, 'B']],
      { users: [], gone: ['k1'], count: 1 },
    ],
    [
      'a change',
      [
        [1, 'A'],
        [2, 'B'],
      ],
      [
        [1, 'Ann'],
        [2, 'B'],
      ],
      { users: [{ id_user: 'k1', fullname: 'Ann' }], gone: [], count: 2 },
    ],
    [
      'a new order',
      [
        [1, 'A'],
        [2, 'B'],
      ],
      [
        [2, 'B'],
        [1, 'A'],
      ],
      { ids: ['k2', 'k1'], users: [], gone: [], count: 2 },
    ],
  ])('visitorsDelta: %s', (_case, before, after, expected) => {
    const delta = visitorsDelta(list(before), list(after));
    expect(delta === null ? null : JSON.parse(delta)).toEqual(expected);
  });
});

describe('chat_users: to the minute', () => {
  const chatList = (people: [number, number][]): ChatList => ({
    ids: people.map(([id]) => id),
    keys: people.map(([id]) => `k${id}`),
    at: people.map(([, at]) => at),
    items: people.map(([id, at]) => JSON.stringify({ id_user: `k${id}`, last_activity_at: new Date(at).toISOString() })),
    shapes: people.map(([id]) => JSON.stringify({ id_user: `k${id}`, last_activity_at: null })),
    index: new Map(people.map(([id], i) => [id, i])),
  });

  it.each<[string, [number, number][], [number, number][], number, number, unknown]>([
    [
      'nothing changed',
      [
        [1, M],
        [2, M],
      ],
      [
        [1, M],
        [2, M],
      ],
      99,
      10,
      null,
    ],
    [
      'someone moved to another minute, the order unchanged',
      [
        [1, M],
        [2, M],
      ],
      [
        [1, 2 * M],
        [2, M],
      ],
      99,
      10,
      { at: { [2 * M]: ['k1'] }, users: [] },
    ],
    [
      'everyone moved to the next minute',
      [
        [1, M],
        [2, M],
      ],
      [
        [1, 2 * M],
        [2, 2 * M],
      ],
      99,
      10,
      { at: { [2 * M]: ['k1', 'k2'] }, users: [] },
    ],
    [
      'someone moved up',
      [
        [1, M],
        [2, M],
      ],
      [
        [2, 2 * M],
        [1, M],
      ],
      99,
      10,
      { ids: ['k2', 'k1'], at: { [2 * M]: ['k2'] }, users: [] },
    ],
    [
      'a newcomer',
      [[1, M]],
      [
        [3, 2 * M],
        [1, M],
      ],
      99,
      10,
      { ids: ['k3', 'k1'], at: {}, users: [{ id_user: 'k3', last_activity_at: new Date(2 * M).toISOString() }] },
    ],
    [
      "the stream's own user moved: not in its list",
      [
        [9, M],
        [1, M],
      ],
      [
        [9, 2 * M],
        [1, M],
      ],
      9,
      10,
      null,
    ],
    [
      'someone new to this stream within the limit',
      [
        [1, M],
        [2, M],
        [3, M],
      ],
      [
        [1, M],
        [3, M],
      ],
      99,
      2,
      { ids: ['k1', 'k3'], at: {}, users: [{ id_user: 'k3', last_activity_at: new Date(M).toISOString() }] },
    ],
  ])('chatDelta: %s', (_case, before, after, self, limit, expected) => {
    const delta = chatDelta(chatList(before), chatList(after), self, limit);
    expect(delta === null ? null : JSON.parse(delta)).toEqual(expected);
  });

  it('orders by the minute of last activity (the current one counted as the previous one), then by id', async () => {
    const own = await createTestApp();
    try {
      const room = new RoomState({ db: own.app.db, activity: own.app.activity, parameters: own.app.parameters, chatLimit: 200 });
      const [a, b, c, d] = (
        await Promise.all([DEMO.visitor, DEMO.visitor2, DEMO.exhibitor, DEMO.exhibitor2].map((email) => userIdByEmail(own, email)))
      ).sort((x, y) => x - y) as [number, number, number, number];
      // A day ahead, so that nobody else is in the 60-minute window; only Date is faked.
      const T = toLiveGrain(Date.now() + 86_400_000);
      const S = 1000;
      const at = (ms: number) => {
        jest.setSystemTime(ms);
      };
      jest.useFakeTimers({
        doNotFake: [
          'nextTick',
          'setImmediate',
          'clearImmediate',
          'setTimeout',
          'clearTimeout',
          'setInterval',
          'clearInterval',
          'queueMicrotask',
          'hrtime',
          'performance',
        ],
      });
      const chatOf = async () => {
        const piece = await room.compute('chat');
        if (piece.kind !== 'chat') throw new Error('not a chat piece');
        return piece.lists.organiser;
      };
      const keys = (ids: number[]) => ids.map((id) => encodeId(id));
      try {
        at(T + 30 * S);
        own.app.activity.touch(d, T - 5 * M + S);
        [c, b, a].forEach((id, i) => own.app.activity.touch(id, T + S * (i + 1)));
        const first = await chatOf();
        expect(first.ids).toEqual([a, b, c, d]);
        expect(first.at).toEqual([T, T, T, T - 5 * M]);
        expect(JSON.parse(first.items[0] ?? '{}')).toMatchObject({ last_activity_at: new Date(T).toISOString() });

        // A heartbeat within the same minute: the same list, so nothing goes out.
        own.app.activity.touch(c, T + 50 * S);
        expect(chatDelta(first, await chatOf(), -1, 200)).toBeNull();

        // The turn of the minute: everyone active moves to it, the order stays; only their new minute goes out.
        at(T + M + 30 * S);
        for (const id of [c, b, a]) own.app.activity.touch(id, T + M + S);
        const turned = await chatOf();
        expect(turned.ids).toEqual([a, b, c, d]);
        expect(JSON.parse(chatDelta(first, turned, -1, 200) ?? 'null')).toEqual({ at: { [T + M]: keys([a, b, c]) }, users: [] });

        // a stops for more than a minute: b and c go first.
        at(T + 3 * M + 30 * S);
        for (const id of [c, b]) own.app.activity.touch(id, T + 3 * M + S);
        const moved = await chatOf();
        expect(moved.ids).toEqual([b, c, a, d]);
        expect(JSON.parse(chatDelta(turned, moved, -1, 200) ?? 'null')).toEqual({
          ids: keys([b, c, a, d]),
          at: { [T + 3 * M]: keys([b, c]) },
          users: [],
        });
      } finally {
        jest.useRealTimers();
      }
    } finally {
      await closeListening(own);
    }
  });
});

describe('GET /api/sse/live/activity: resuming', () => {
  async function missOneVisit(query: Record<string, string>): Promise<string> {
    const first = await stream(exhibitor, query);
    const id = (await first.next()).id ?? '';
    first.close();
    await waitFor(() => (t.app.live.stats().streams === 0 ? true : undefined), 10_000, 'the stream to close');
    await visit(visitor2, storage.key, { start: true });
    await t.app.live.settle();
    return id;
  }

  type Resume = (id: string) => { query: Record<string, string>; headers: Record<string, string> };
  it.each<[string, Resume]>([
    ['the Last-Event-ID header', (id) => ({ query: {}, headers: { 'last-event-id': id } })],
    ['the lastEventId query', (id) => ({ query: { lastEventId: id }, headers: {} })],
  ])('replays what changed since %s, not a full state', async (_case, how) => {
    const query = { owned_stands_ids: `${solar.key},${storage.key}` };
    const id = await missOneVisit(query);
    const resume = how(id);
    const resumed = await stream(exhibitor, { ...query, ...resume.query }, resume.headers);
    const event = await resumed.next();
    expect(Number(event.id)).toBeGreaterThan(Number(id));
    expect(state(event)).not.toHaveProperty('visited_stand_id');
    expect(ids(state(event).owned_stands_users?.[storage.key])).toContain(encodeId(await userIdByEmail(t, DEMO.visitor2)));
    expect(state(event).histories?.[storage.key]?.[0]?.content.type).toBe('enterOnStand');
    await visit(visitor2, storage.key, { end: true });
  });

  it('sends nothing when nothing was missed', async () => {
    await t.app.live.settle();
    const first = await stream(visitor);
    const id = (await first.next()).id ?? '';
    const again = await stream(visitor, {}, { 'last-event-id': id });
    await waitFor(() => (again.comments.includes('resumed') ? true : undefined), 10_000, 'the resume comment');
    expect(again.events).toEqual([]);
  });

  it("a stream resumed on another visited stand gets that stand's fields, not the whole state again", async () => {
    await t.app.live.settle();
    const first = await stream(visitor);
    const id = (await first.next()).id ?? '';
    first.close();
    const moved = await stream(visitor, { visited_stand_id: nordic.key }, { 'last-event-id': id });
    const event = await moved.next();
    expect(Object.keys(state(event))).toEqual(['visited_stand_id', 'visited_stand_availability', 'visited_stand_animators']);
    expect(state(event).visited_stand_id).toBe(nordic.key);
    moved.close();
  });

  it('a stream resumed after the chat users changed gets what changed in them, not the whole list', async () => {
    const own = await createTestApp({ config: { liveGlobalMinMs: 50, liveCountMs: 50 } });
    try {
      const url = await listen(own);
      // Someone else stays in the room: the chat users are still watched while the visitor moves.
      const other = await stream(await login(own.app, DEMO.exhibitor), {}, {}, url);
      await other.next();
      const cookie = await login(own.app, DEMO.visitor);
      const first = await stream(cookie, {}, {}, url);
      await first.next();
      const from = first.events.length;
      await active(await login(own.app, DEMO.visitor2), own.app);
      const heard = await first.next((e) => e.data.chat_users_delta !== undefined, 10_000, from);
      first.close();
      await active(await login(own.app, DEMO.promoter), own.app);
      // Past the room-wide scopes' turn (liveGlobalMinMs), then everything delivered.
      await new Promise((resolve) => setTimeout(resolve, 300));
      await own.app.live.settle();
      const moved = await stream(cookie, { visited_stand_id: nordic.key }, { 'last-event-id': heard.id ?? '' }, url);
      const delta = await moved.next((e) => e.data.chat_users_delta !== undefined, 10_000, 0);
      expect(JSON.stringify(delta.data.chat_users_delta)).toContain('Bernard');
      expect(moved.events.some((e) => 'chat_users' in e.data)).toBe(false);
      expect(state(moved.events[0] as typeof delta).visited_stand_id).toBe(nordic.key);
      moved.close();
      other.close();
    } finally {
      await closeListening(own);
    }
  });

  it.each([
    ['an id from before the buffer', 'old'],
    ['an id from the future', 'future'],
    ['a malformed id', 'garbage'],
  ])('sends a full state for %s', async (_case, kind) => {
    const own = await createTestApp({ config: { liveRingSize: 1 } });
    try {
      const url = await listen(own);
      const owner = await login(own.app, DEMO.exhibitor);
      const guest = await login(own.app, DEMO.visitor);
      const first = await stream(owner, { owned_stands_ids: solar.key }, {}, url);
      const id = Number((await first.next()).id);
      first.close();
      for (const payload of [{ start: true }, { end: true }, { start: true }] as Record<string, boolean>[]) {
        await visit(guest, solar.key, payload, own.app);
        await own.app.live.settle();
      }
      const lastEventId = kind === 'old' ? String(id) : kind === 'future' ? String(own.app.live.stats().lastEventId + 10) : 'abc';
      const resumed = await stream(owner, { owned_stands_ids: solar.key }, { 'last-event-id': lastEventId }, url);
      expect(Object.keys(state(await resumed.next()))).toEqual(ALL_FIELDS);
      resumed.close();
    } finally {
      await closeListening(own);
    }
  });
});

describe('GET /api/sse/live/activity: cleaning up', () => {
  it('forgets a stream and its shared state when the client goes away', async () => {
    const clients = await Promise.all([
      stream(exhibitor, { visited_stand_id: nordic.key, owned_stands_ids: solar.key }),
      stream(visitor, { visited_stand_id: solar.key }),
      stream(visitor2),
    ]);
    await Promise.all(clients.map((c) => c.next()));
    expect(t.app.live.stats()).toMatchObject({ streams: 3 });
    expect(t.app.live.stats().scopes).toBeGreaterThan(0);
    for (const client of clients) client.close();
    const after = await waitFor(() => {
      const stats = t.app.live.stats();
      return stats.streams === 0 ? stats : undefined;
    });
    expect(after).toMatchObject({ streams: 0, scopes: 0, pieces: 0 });
  });

  it('ends open streams when the server closes', async () => {
    const own = await createTestApp();
    const url = await listen(own);
    const client = await stream(await login(own.app, DEMO.visitor), {}, {}, url);
    await client.next();
    await own.close();
    // Ended by the server, as a stream's end (its client comes back), not broken.
    expect(await client.ended).toBe('end');
    expect(own.app.live.stats().streams).toBe(0);
  });
});

describe('GET /api/sse/live/activity: edge cases', () => {
  it('does not open a stream for HEAD', async () => {
    const response = await fetch(`${base}/api/sse/live/activity`, { method: 'HEAD', headers: { cookie: visitor } });
    expect(response.status).toBe(404);
    expect(t.app.live.stats().streams).toBe(0);
  });

  it('forgets a client that left before its stream opened', async () => {
    // What the route hands over when the client went away during its checks: the response's socket is gone.
    const gone = { destroyed: true, socket: null, on: () => gone, write: () => true, end: () => gone } as unknown as ServerResponse;
    await t.app.live.open({ userId: 1, anonymous: false, searchClass: 'visitor', visited: null, owned: [] }, gone);
    expect(t.app.live.stats()).toMatchObject({ streams: 0, scopes: 0 });
  });
});
