import { afterEach, beforeEach, describe, expect, jest, test } from '@jest/globals';
import { installFetch } from '@salon/shared/test/fetch';
import { sseBody } from '@salon/shared/test/sse';
import { exhibitorPageData, visitorPageData } from '@salon/shared/test/fixtures';
import { $liveStream, $pageData, resetLiveSettings, setPageData } from '@salon/shared';
import { $room, applyLiveActivity, enterStand, leaveStand } from '@salon/shared/room';
import { $liveActivity, pauseLive, resumeLive } from './liveActivity';

let bodies: ReturnType<typeof sseBody>[];
let fetchMock: ReturnType<typeof installFetch>;
let stop: (() => void) | null;

const flush = () => jest.advanceTimersByTimeAsync(0);
const streams = () => fetchMock.requests.filter((r) => r.url.pathname === '/api/sse/live/activity');
const query = (index: number) => Object.fromEntries(streams()[index]?.url.searchParams ?? []);
const signalOf = (index: number) =>
  fetchMock.mock.mock.calls.filter(([input]) => String(input instanceof Request ? input.url : input).includes('/api/sse/'))[index]?.[1]
    ?.signal;
const live = (data: unknown, id = '1') => `event: liveActivity\nid: ${id}\ndata: ${JSON.stringify(data)}\n\n`;

beforeEach(() => {
  jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  bodies = [];
  stop = null;
  fetchMock = installFetch((request) => {
    if (!request.url.includes('/api/sse/')) return new Response('{"data":{}}', { headers: { 'Content-Type': 'application/json' } });
    const body = sseBody();
    bodies.push(body);
    return body.response();
  });
  setPageData(exhibitorPageData()); // owns s1
});

afterEach(async () => {
  // Never `$liveActivity.get()` here: reading a lazy store without listeners mounts it (and connects).
  for (let i = 0; i < 5; i += 1) resumeLive();
  stop?.();
  await jest.advanceTimersByTimeAsync(1000);
  leaveStand();
  await flush();
  jest.clearAllTimers();
  jest.useRealTimers();
  jest.restoreAllMocks();
  fetchMock.restore();
});

describe('live activity (spec §4.8)', () => {
  test('connects only when someone listens, with the visited stand and the owned stands', async () => {
    await jest.advanceTimersByTimeAsync(5000);
    expect(streams()).toHaveLength(0);
    stop = $liveActivity.listen(() => undefined);
    await flush();
    expect(streams()).toHaveLength(1);
    expect(query(0)).toEqual({ owned_stands_ids: 's1' });
    expect(streams()[0]?.credentials).toBe('same-origin');
    expect($liveActivity.get()).toBe('open');
  });

  test('several owned stands go comma-separated', async () => {
    const data = exhibitorPageData();
    setPageData({ ...data, owned_stands_ids: ['s1', 's2'], visited_stand_id: 's9' });
    stop = $liveActivity.listen(() => undefined);
    await flush();
    expect(query(0)).toEqual({ visited_stand_id: 's9', owned_stands_ids: 's1,s2' });
  });

  test('each liveActivity event replaces the fields it carries, field by field', async () => {
    setPageData(visitorPageData());
    stop = $liveActivity.listen(() => undefined);
    await flush();
    const user = {
      id_user: 'u1',
      obfuscated_id: 'u1',
      profile: 'visitor',
      fullname: 'Ana',
      pseudo: null,
      company: null,
      last_activity_at: null,
    };
    bodies[0]!.push(live({ active_users: 12, chat_users: [user], visited_stand_animators: { s1: [user] } }));
    await flush();
    expect($room.get()).toMatchObject({ active_users: 12, chat_users: [user], visited_stand_animators: { s1: [user] } });
    bodies[0]!.push(live({ visited_stand_animators: { s2: [] }, unknown_field: 1 }, '2'));
    await flush();
    expect($room.get()).toMatchObject({ active_users: 12, chat_users: [user], visited_stand_animators: { s2: [] } });
    expect($room.get()).not.toHaveProperty('unknown_field');
    bodies[0]!.push('event: somethingElse\ndata: {"active_users":99}\n\n');
    bodies[0]!.push('event: liveActivity\ndata: not json\n\n');
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await flush();
    expect($room.get().active_users).toBe(12);
  });

  test('a liveSettings event replaces the parameters, the flags and the stream, and keeps the room state', async () => {
    resetLiveSettings();
    setPageData(visitorPageData());
    stop = $liveActivity.listen(() => undefined);
    await flush();
    bodies[0]!.push(live({ active_users: 7 }));
    await flush();
    const parameters = { ...$pageData.get().parameters, room_name_en: 'Winter Fair' };
    const stream = { active: true, video_url: 'https://video.test/live', chat_url: null };
    bodies[0]!.push(`event: liveSettings\nid: 2\ndata: ${JSON.stringify({ parameters, features: { journey: '0' }, stream })}\n\n`);
    await flush();
    expect($pageData.get().parameters.room_name_en).toBe('Winter Fair');
    expect($pageData.get().features.journey).toBe('0');
    expect($pageData.get().is_streaming).toBe(true);
    expect($liveStream.get()).toEqual(stream);
    expect($room.get().active_users).toBe(7);
    expect(streams()).toHaveLength(1);
  });

  test('entering and leaving a stand reconnects with the new visited stand ("refreshes activity")', async () => {
    stop = $liveActivity.listen(() => undefined);
    await flush();
    enterStand('s7');
    await flush();
    expect(signalOf(0)?.aborted).toBe(true);
    expect(streams()).toHaveLength(2);
    expect(query(1)).toEqual({ visited_stand_id: 's7', owned_stands_ids: 's1' });
    leaveStand();
    await flush();
    expect(streams()).toHaveLength(3);
    expect(query(2)).toEqual({ owned_stands_ids: 's1' });
  });

  test('a move to another stand resumes after the last event; pulling the state again does not', async () => {
    stop = $liveActivity.listen(() => undefined);
    await flush();
    expect(streams()[0]?.headers.get('Last-Event-ID')).toBeNull();
    bodies[0]!.push(live({ active_users: 3 }, '41'));
    await flush();
    enterStand('s7');
    await flush();
    // The server then sends the new stand's fields and what changed since 41, not the whole state (chat users…).
    expect(query(1)).toEqual({ visited_stand_id: 's7', owned_stands_ids: 's1' });
    expect(streams()[1]?.headers.get('Last-Event-ID')).toBe('41');
    pauseLive();
    resumeLive();
    await flush();
    expect(streams()).toHaveLength(3);
    expect(streams()[2]?.headers.get('Last-Event-ID')).toBeNull();
  });

  test('pauseLive() closes the stream; resumeLive() pulls the live state again', async () => {
    stop = $liveActivity.listen(() => undefined);
    await flush();
    pauseLive();
    expect($liveActivity.get()).toBe('paused');
    expect(signalOf(0)?.aborted).toBe(true);
    enterStand('s7'); // no reconnect while paused
    await jest.advanceTimersByTimeAsync(5000);
    expect(streams()).toHaveLength(1);
    pauseLive();
    resumeLive();
    await flush();
    expect(streams()).toHaveLength(1);
    resumeLive();
    await flush();
    expect(streams()).toHaveLength(2);
    expect(query(1)).toEqual({ visited_stand_id: 's7', owned_stands_ids: 's1' });
    expect($liveActivity.get()).toBe('open');
  });

  test('a dropped stream reconnects 2 s later; the last listener leaving closes it', async () => {
    stop = $liveActivity.listen(() => undefined);
    await flush();
    bodies[0]!.push(live({ active_users: 3 }, '9'));
    bodies[0]!.end();
    await flush();
    expect($liveActivity.get()).toBe('reconnecting');
    await jest.advanceTimersByTimeAsync(2000);
    expect(streams()).toHaveLength(2);
    expect(streams()[1]?.headers.get('Last-Event-ID')).toBe('9');
    stop();
    stop = null;
    await jest.advanceTimersByTimeAsync(1000);
    expect(signalOf(1)?.aborted).toBe(true);
    await jest.advanceTimersByTimeAsync(10_000);
    expect(streams()).toHaveLength(2);
  });
});

describe('applyLiveActivity', () => {
  test('replaces whole fields (no deep merge) and leaves the others', () => {
    setPageData(visitorPageData());
    applyLiveActivity({ histories: { s1: [] }, owned_stands_users: { s1: [] } });
    applyLiveActivity({ histories: { s2: [] } });
    expect($room.get().histories).toEqual({ s2: [] });
    expect($room.get().owned_stands_users).toEqual({ s1: [] });
    applyLiveActivity({ visited_stand_availability: false, active_users: undefined });
    expect($room.get().visited_stand_availability).toBe(false);
    expect($room.get().active_users).toBe(0);
  });

  const person = (id: string, fullname: string, at: string | null = '2026-01-01T10:00:00.000Z') => ({
    id_user: id,
    obfuscated_id: id,
    profile: 'visitor' as const,
    fullname,
    pseudo: null,
    company: null,
    last_activity_at: at,
  });

  test("applies a chat users delta: new people whole, others' ids by their new minute, the order when it changed", () => {
    setPageData(visitorPageData());
    applyLiveActivity({ chat_users: [person('a', 'Ana'), person('b', 'Bo')] });
    const at = Date.parse('2026-01-01T10:05:00.000Z');
    const delta = { ids: ['c', 'b'], at: { [at]: ['b'] }, users: [person('c', 'Cy', '2026-01-01T10:06:00.000Z')] };
    expect(applyLiveActivity({ chat_users_delta: delta })).toBe(true);
    const expected = [person('c', 'Cy', '2026-01-01T10:06:00.000Z'), person('b', 'Bo', '2026-01-01T10:05:00.000Z')];
    expect($room.get().chat_users).toEqual(expected);
    // Applied twice: the same list.
    applyLiveActivity({ chat_users_delta: delta });
    expect($room.get().chat_users).toEqual(expected);
    // Without ids the order stays; a last activity of null is kept as null.
    applyLiveActivity({ chat_users_delta: { at: { null: ['c'] }, users: [] } });
    expect($room.get().chat_users).toEqual([person('c', 'Cy', null), expected[1]]);
    // Someone it does not have: nothing changes, and the caller is told.
    expect(applyLiveActivity({ chat_users_delta: { ids: ['z'], at: {}, users: [] } })).toBe(false);
    expect(applyLiveActivity({ chat_users_delta: { at: { [at]: ['z'] }, users: [] } })).toBe(false);
    expect($room.get().chat_users.map((u) => u.fullname)).toEqual(['Cy', 'Bo']);
  });

  test("applies an owned stand's visitors delta: the gone out, the changed in place, the arrivals at the end", () => {
    setPageData(exhibitorPageData());
    applyLiveActivity({ owned_stands_users: { s1: [person('a', 'Ana'), person('b', 'Bo'), person('c', 'Cy')], s2: [person('d', 'Di')] } });
    const delta = { s1: { users: [person('c', 'Cyril'), person('e', 'Eve')], gone: ['a'], count: 3 } };
    expect(applyLiveActivity({ owned_stands_users_delta: delta })).toBe(true);
    const expected = { s1: [person('b', 'Bo'), person('c', 'Cyril'), person('e', 'Eve')], s2: [person('d', 'Di')] };
    expect($room.get().owned_stands_users).toEqual(expected);
    // Applied twice: the same lists.
    expect(applyLiveActivity({ owned_stands_users_delta: delta })).toBe(true);
    expect($room.get().owned_stands_users).toEqual(expected);
    // A new order when the server gives one.
    applyLiveActivity({ owned_stands_users_delta: { s1: { ids: ['e', 'b', 'c'], users: [], gone: [], count: 3 } } });
    expect($room.get().owned_stands_users.s1?.map((u) => u.fullname)).toEqual(['Eve', 'Bo', 'Cyril']);
  });

  test.each([
    ['a stand it has no list for', { s9: { users: [], gone: [], count: 0 } }],
    ['a list that comes out another length', { s1: { users: [], gone: [], count: 2 } }],
    ['an order naming someone it does not have', { s1: { ids: ['z'], users: [], gone: [], count: 1 } }],
  ])('tells the caller when it cannot apply a visitors delta: %s', (_case, delta) => {
    setPageData(exhibitorPageData());
    applyLiveActivity({ owned_stands_users: { s1: [person('a', 'Ana')] } });
    expect(applyLiveActivity({ owned_stands_users_delta: delta })).toBe(false);
    expect($room.get().owned_stands_users).toEqual({ s1: [person('a', 'Ana')] });
  });
});

describe('a chat users delta the page cannot apply', () => {
  test('pulls the whole state again', async () => {
    stop = $liveActivity.listen(() => undefined);
    await flush();
    bodies[0]!.push(live({ chat_users_delta: { ids: ['nobody'], at: {}, users: [] } }, '5'));
    await flush();
    expect(streams()).toHaveLength(2);
    expect(signalOf(0)?.aborted).toBe(true);
    expect(streams()[1]?.headers.get('Last-Event-ID')).toBeNull();
  });
});
