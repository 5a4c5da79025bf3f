import { afterEach, beforeEach, describe, expect, jest, test } from '@jest/globals';
import { toastTexts } from '@salon/shared/test/widgets';
import { installFetch, jsonResponse } from '@salon/shared/test/fetch';
import { sseBody } from '@salon/shared/test/sse';
import { roomUser, historyItem } from '@salon/shared/test/exhibitors';
import { exhibitorPageData, visitorPageData } from '@salon/shared/test/fixtures';
import { clearToasts, type PageDataInput, setPageData } from '@salon/shared';
import { $room, applyLiveActivity } from '@salon/shared/room';
import { $liveActivity } from '@salon/shared/live';
import { $availability, isAvailableWithin, setExhibitorAvailability, setMyAvailability, toggleAvailability } from './availability';

type Deferred = { resolve: (response: Response) => void };
let pending: Deferred[];
let fetchMock: ReturnType<typeof installFetch>;
let stops: (() => void)[];

const flush = () => jest.advanceTimersByTimeAsync(0);
const streams = () => fetchMock.requests.filter((r) => r.url.pathname === '/api/sse/live/activity');
const puts = () => fetchMock.requests.filter((r) => r.method === 'PUT').map((r) => [r.url.pathname, r.json]);
const ME = 'u42x';

function exhibitor(availability: boolean): PageDataInput {
  const data = exhibitorPageData();
  return { ...data, user: { ...data.user, availability } };
}

function listen() {
  stops.push(
    $liveActivity.listen(() => undefined),
    $availability.listen(() => undefined),
  );
}

beforeEach(() => {
  jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  pending = [];
  stops = [];
  fetchMock = installFetch((request) => {
    if (request.url.includes('/api/sse/')) return sseBody().response();
    return new Promise<Response>((resolve) => pending.push({ resolve }));
  });
  setPageData(exhibitor(true));
});

afterEach(async () => {
  for (const answer of pending) answer.resolve(jsonResponse({ data: {} }));
  await flush();
  for (const stop of stops) stop();
  await jest.advanceTimersByTimeAsync(1000);
  clearToasts();
  jest.clearAllTimers();
  jest.useRealTimers();
  jest.restoreAllMocks();
  fetchMock.restore();
});

describe('available within the hide period (spec §4.4)', () => {
  const now = Date.parse('2026-11-21T14:00:00Z');
  const ago = (seconds: number) => new Date(now - seconds * 1000).toISOString();

  test('availability set and last activity within exhibitor_activity_period_before_hide seconds', () => {
    expect(isAvailableWithin({ availability: true, last_activity_at: ago(10) }, 900, now)).toBe(true);
    expect(isAvailableWithin({ availability: true, last_activity_at: ago(900) }, 900, now)).toBe(true);
    expect(isAvailableWithin({ availability: true, last_activity_at: ago(901) }, 900, now)).toBe(false);
    expect(isAvailableWithin({ availability: true, last_activity_at: ago(901) }, 1800, now)).toBe(true);
  });

  test('not available without the flag, without activity, or with an unreadable date', () => {
    expect(isAvailableWithin({ availability: false, last_activity_at: ago(1) }, 900, now)).toBe(false);
    expect(isAvailableWithin({ last_activity_at: ago(1) }, 900, now)).toBe(false);
    expect(isAvailableWithin({ availability: true, last_activity_at: null }, 900, now)).toBe(false);
    expect(isAvailableWithin({ availability: true, last_activity_at: 'yesterday' }, 900, now)).toBe(false);
  });
});

describe('my availability (spec §4.4)', () => {
  test('starts from the page data', () => {
    expect($availability.get()).toEqual({ available: true, saving: false });
    setPageData(exhibitor(false));
    expect($availability.get()).toEqual({ available: false, saving: false });
  });

  test('toggles locally first, holds live updates while saving, then pulls the live state again', async () => {
    listen();
    await flush();
    expect(streams()).toHaveLength(1);
    const saved = toggleAvailability();
    expect($availability.get()).toEqual({ available: false, saving: true });
    expect($liveActivity.get()).toBe('paused');
    await flush();
    expect(puts()).toEqual([['/api/exhibitors/me/availability', { availability: false }]]);
    pending.shift()!.resolve(jsonResponse({ data: { availability: false } }));
    await expect(saved).resolves.toBe(true);
    await flush();
    expect($availability.get()).toEqual({ available: false, saving: false });
    expect(streams()).toHaveLength(2);
    expect($liveActivity.get()).toBe('open');
  });

  test('a failure puts the switch back, with the API client toast, and live updates resume', async () => {
    listen();
    await flush();
    const saved = setMyAvailability(false);
    await flush();
    pending.shift()!.resolve(new Response('', { status: 503, statusText: 'Service Unavailable' }));
    await expect(saved).resolves.toBe(false);
    await flush();
    expect($availability.get()).toEqual({ available: true, saving: false });
    expect(toastTexts()).toEqual(['Service Unavailable']);
    expect($liveActivity.get()).toBe('open');
    expect(streams()).toHaveLength(2);
  });

  test('a change while one is being saved is ignored; setting the same value sends nothing', async () => {
    listen();
    await expect(setMyAvailability(true)).resolves.toBe(true);
    const first = toggleAvailability();
    await expect(toggleAvailability()).resolves.toBe(false);
    await flush();
    expect(puts()).toHaveLength(1);
    pending.shift()!.resolve(jsonResponse({ data: { availability: false } }));
    await first;
    expect($availability.get().available).toBe(false);
  });

  test('follows the stand history: a new updateAvailability or visioOpened of mine moves the switch', async () => {
    listen();
    const me = roomUser(ME, 'Camille Martin', { profile: 'exhibitor' });
    const other = roomUser('bob1', 'Bob', { profile: 'exhibitor' });
    const old = historyItem('s1', 'updateAvailability', me, 30, { availability: false });
    applyLiveActivity({ histories: { s1: [old] } });
    expect($availability.get().available).toBe(true);
    applyLiveActivity({ histories: { s1: [historyItem('s1', 'updateAvailability', other, 0, { availability: false }), old] } });
    expect($availability.get().available).toBe(true);
    applyLiveActivity({ histories: { s1: [historyItem('s1', 'visioOpened', me, 0), old] } });
    expect($availability.get().available).toBe(false);
    applyLiveActivity({ histories: { s1: [historyItem('s1', 'updateAvailability', me, 0, { availability: true }), old] } });
    expect($availability.get().available).toBe(true);
  });
});

describe('new page data', () => {
  test('starts over: the stand history’s next snapshot is a first one, and does not move the switch', async () => {
    listen();
    const me = roomUser(ME, 'Camille Martin', { profile: 'exhibitor' });
    applyLiveActivity({ histories: { s1: [historyItem('s1', 'visioOpened', me, 60)] } });
    setPageData(exhibitor(true));
    // The new page's first snapshot holds an entry the page before never saw: where things stood, not a change.
    applyLiveActivity({ histories: { s1: [historyItem('s1', 'updateAvailability', me, 30, { availability: false })] } });
    expect($availability.get().available).toBe(true);
  });
});

describe("another exhibitor's availability", () => {
  test('PUT /api/exhibitors/{id}/availability {available}; the room state shows it at once', async () => {
    const bob = roomUser('bob1', 'Bob', { profile: 'exhibitor', availability: true });
    applyLiveActivity({ owned_stands_exhibitors: { s1: [bob] } });
    const done = setExhibitorAvailability('bob1', false);
    await flush();
    expect(puts()).toEqual([['/api/exhibitors/bob1/availability', { available: false }]]);
    pending.shift()!.resolve(jsonResponse({ data: { availability: false } }));
    await expect(done).resolves.toBe(true);
    expect($room.get().owned_stands_exhibitors.s1?.[0]?.availability).toBe(false);
  });

  test('my own id goes through PUT /api/exhibitors/me/availability; a visitor may not change anyone', async () => {
    const mine = setExhibitorAvailability(ME, false);
    await flush();
    expect(puts()).toEqual([['/api/exhibitors/me/availability', { availability: false }]]);
    pending.shift()!.resolve(jsonResponse({ data: { availability: false } }));
    await mine;
    setPageData(visitorPageData());
    await expect(setExhibitorAvailability('bob1', false)).resolves.toBe(false);
    expect(puts()).toHaveLength(1);
  });
});
