import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, jest, test } from '@jest/globals';
import { installFetch, jsonResponse } from '@salon/shared/test/fetch';
import { historyItem, roomUser } from '@salon/shared/test/exhibitors';
import { lastFakeSocket } from '@salon/shared/test/socket';
import { exhibitorPageData } from '@salon/shared/test/fixtures';
import { setPageData } from '@salon/shared';
import { applyLiveActivity, type HistoryItem } from '@salon/shared/room';
import { $socketState } from '@salon/shared/live/socket';
import { $standHistory, formatHourMinute, HISTORY_PAGE_SIZE, loadOlderHistory, mergeHistory, relativeTime } from './history';

jest.mock('socket.io-client', () => (jest.requireActual('@salon/shared/test/socket') as { socketIoMock: unknown }).socketIoMock);

const NOW = Date.parse('2026-11-21T14:05:00Z');
const ana = roomUser('ana1', 'Ana Lopez');
let pages: Record<string, HistoryItem[]>;
let fetchMock: ReturnType<typeof installFetch>;
let stops: (() => void)[];
let stopHistory: () => void;

const historyCalls = () =>
  fetchMock.requests.filter((r) => r.url.pathname.endsWith('/history')).map((r) => `${r.url.pathname}${r.url.search}`);
const ids = () => $standHistory.get().items.map((item) => item.obfuscated_id);
const page = (standId: string, from: number, count: number, prefix = standId) =>
  Array.from({ length: count }, (_, i) => historyItem(standId, 'enterOnStand', ana, from + i, { id: `${prefix}e${from + i}`, now: NOW }));

beforeEach(() => {
  pages = {};
  stops = [];
  fetchMock = installFetch((request) => {
    const url = new URL(request.url);
    const key = `${url.pathname}${url.search}`;
    return jsonResponse({ data: { history: pages[key] ?? [] } });
  });
  setPageData({ ...exhibitorPageData(), owned_stands_ids: ['s1'] });
});

beforeAll(() => {
  stopHistory = $standHistory.listen(() => undefined);
});

afterEach(() => {
  for (const stop of stops) stop();
  fetchMock.restore();
  jest.restoreAllMocks();
});

afterAll(() => stopHistory());

describe('formatting (spec §2.10)', () => {
  test('times as HHhMM, in the page time zone', () => {
    expect(formatHourMinute(new Date(2026, 10, 21, 14, 5))).toBe('14h05');
    expect(formatHourMinute(new Date(2026, 10, 21, 9, 0).toISOString())).toBe('09h00');
    expect(formatHourMinute('not a date')).toBe('');
  });

  test('relative times in the page language', () => {
    const ago = (seconds: number) => new Date(NOW - seconds * 1000);
    // Intl puts no-break spaces in French.
    const relative = (...args: Parameters<typeof relativeTime>) => relativeTime(...args).replace(/\s/g, ' ');
    expect(relative(ago(120), NOW, 'fr_FR')).toBe('il y a 2 min');
    expect(relative(ago(120), NOW, 'en_EN')).toBe('2 min. ago');
    expect(relative(ago(10), NOW, 'en_EN')).toBe('now');
    expect(relative(ago(10), NOW, 'fr_FR')).toBe('maintenant');
    expect(relative(ago(3 * 3600), NOW, 'fr_FR')).toBe('il y a 3 h');
    expect(relative(ago(26 * 3600), NOW, 'en_EN')).toBe('yesterday');
  });
});

describe('the stand history', () => {
  test('one list, newest first, each entry once (live, socket and pages)', () => {
    const a = historyItem('s1', 'enterOnStand', ana, 5, { id: 'a', now: NOW });
    const b = historyItem('s1', 'leaveStand', ana, 1, { id: 'b', now: NOW });
    expect(mergeHistory([a], [b, a]).map((item) => item.obfuscated_id)).toEqual(['b', 'a']);
  });

  test('the live activity gives the latest entries; fewer than a page means there is nothing older', () => {
    applyLiveActivity({ histories: { s1: page('s1', 0, 3), s9: page('s9', 0, 2) } });
    expect(ids()).toEqual(['s1e0', 's1e1', 's1e2']);
    expect($standHistory.get()).toMatchObject({ complete: true, severalStands: false });
  });

  test('older pages after the oldest entry (?last=), until a page is short', async () => {
    applyLiveActivity({ histories: { s1: page('s1', 0, HISTORY_PAGE_SIZE) } });
    expect($standHistory.get().complete).toBe(false);
    pages['/api/stands/s1/history?last=s1e19'] = page('s1', 20, HISTORY_PAGE_SIZE);
    pages['/api/stands/s1/history?last=s1e39'] = page('s1', 40, 4);
    await loadOlderHistory();
    expect(ids()).toHaveLength(40);
    expect($standHistory.get().complete).toBe(false);
    await loadOlderHistory();
    expect(ids()).toHaveLength(44);
    expect(ids().at(-1)).toBe('s1e43');
    expect($standHistory.get().complete).toBe(true);
    await loadOlderHistory();
    expect(historyCalls()).toEqual(['/api/stands/s1/history?last=s1e19', '/api/stands/s1/history?last=s1e39']);
  });

  test('several stands: the stand that runs out first is paged; older entries of the other wait', async () => {
    setPageData({ ...exhibitorPageData(), owned_stands_ids: ['s1', 's2'] });
    // s1: minutes 0–19 ago, more to come; s2: minutes 25–29 ago, complete.
    applyLiveActivity({ histories: { s1: page('s1', 0, HISTORY_PAGE_SIZE), s2: page('s2', 25, 5) } });
    expect($standHistory.get().severalStands).toBe(true);
    // s1's entries between 19 and 25 minutes ago are not loaded yet: s2's older ones wait.
    expect(ids()).toEqual(page('s1', 0, HISTORY_PAGE_SIZE).map((item) => item.obfuscated_id));
    pages['/api/stands/s1/history?last=s1e19'] = page('s1', 20, 2);
    await loadOlderHistory();
    expect(historyCalls()).toEqual(['/api/stands/s1/history?last=s1e19']);
    expect($standHistory.get()).toMatchObject({ complete: true });
    expect(ids()).toHaveLength(27);
    expect(ids().slice(19)).toEqual(['s1e19', 's1e20', 's1e21', 's2e25', 's2e26', 's2e27', 's2e28', 's2e29']);
  });

  test('a stand the live activity has not described yet: its first page', async () => {
    pages['/api/stands/s1/history'] = page('s1', 0, 2);
    await loadOlderHistory();
    expect(historyCalls()).toEqual(['/api/stands/s1/history']);
    expect(ids()).toEqual(['s1e0', 's1e1']);
    expect($standHistory.get().complete).toBe(true);
  });

  test('socket stand_history entries of owned stands join the list', async () => {
    stops.push($socketState.listen(() => undefined));
    await new Promise((resolve) => setTimeout(resolve, 0));
    applyLiveActivity({ histories: { s1: page('s1', 5, 1) } });
    const socket = lastFakeSocket();
    socket.push('stand_history', historyItem('s1', 'chatStarted', ana, 0, { id: 'live1', now: NOW }));
    socket.push('stand_history', historyItem('other', 'chatStarted', ana, 0, { id: 'elsewhere', now: NOW }));
    expect(ids()).toEqual(['live1', 's1e5']);
  });
});
