import { afterEach, beforeEach, describe, expect, jest, test } from '@jest/globals';
import { jsonResponse, installFetch } from '@salon/shared/test/fetch';
import { freshModule } from '@salon/shared/test/isolate';
import { newsItem, visitorPageData } from '@salon/shared/test/fixtures';
import type { Notification } from '@salon/shared/contracts/notifications';
import type * as NewsModule from './newsList';
import type * as NotificationsModule from '@salon/shared';
import type * as ToastsModule from '@salon/shared';

let news: typeof NewsModule;
let bus: typeof NotificationsModule;
let toasts: typeof ToastsModule;
let fetchMock: ReturnType<typeof installFetch>;
/** The server's notifications, newest first, served 10 a page. */
let all: Notification[];
let failing: boolean;

const pages = () => fetchMock.requests.filter((r) => r.url.pathname === '/api/notifications').map((r) => r.url.searchParams.get('page'));
const ids = (list: readonly Notification[]) => list.map((n) => n.id_notification);
const settle = async () => {
  for (let i = 0; i < 5; i += 1) await new Promise((resolve) => setTimeout(resolve, 0));
};

beforeEach(async () => {
  localStorage.clear();
  failing = false;
  const now = Date.now();
  all = Array.from({ length: 25 }, (_, i) => newsItem(25 - i, new Date(now - i * 60_000).toISOString()));
  fetchMock = installFetch((request) => {
    const url = new URL(request.url);
    if (failing) return new Response('', { status: 503 });
    const page = Number(url.searchParams.get('page'));
    const total = all.length;
    return jsonResponse({
      data: { notifications: all.slice((page - 1) * 10, page * 10), page, per_page: 10, total, pages: Math.max(1, Math.ceil(total / 10)) },
    });
  });
  const [n, b, t, pageData] = await freshModule(() =>
    Promise.all([import('./newsList'), import('@salon/shared'), import('@salon/shared'), import('@salon/shared')]),
  );
  [news, bus, toasts] = [n, b, t];
  pageData.setPageData(visitorPageData());
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  fetchMock.restore();
  jest.restoreAllMocks();
});

describe('the room notifications list (spec §2.11)', () => {
  test('loads page 1 when shown, then the next page each time more is asked, until the last', async () => {
    const stop = news.$notificationList.listen(() => undefined);
    expect(news.$notificationList.get().status).toBe('loading');
    await settle();
    expect(news.$notificationList.get()).toMatchObject({ status: 'ready', page: 1, complete: false });
    expect(ids(news.$notificationList.get().items)).toEqual(ids(all.slice(0, 10)));
    news.loadMoreNotifications();
    news.loadMoreNotifications(); // while loading: ignored
    await settle();
    news.loadMoreNotifications();
    await settle();
    expect(news.$notificationList.get()).toMatchObject({ status: 'ready', page: 3, complete: true });
    expect(ids(news.$notificationList.get().items)).toEqual(ids(all));
    news.loadMoreNotifications();
    await settle();
    expect(pages()).toEqual(['1', '2', '3']);
    stop();
  });

  /** Two pages shown, then notification 26 arrives live (its reload fails when `reloadFails`). Returns unsubscribe. */
  async function twoPagesThenNews(reloadFails = false): Promise<() => void> {
    // The browser's first list (its recent ones show as toasts), before the list shows.
    bus.receiveNotifications(all.slice(0, 10), 'list');
    const stop = news.$notificationList.listen(() => undefined);
    await settle();
    news.loadMoreNotifications();
    await settle();
    const fresh = newsItem(26, new Date().toISOString());
    all = [fresh, ...all];
    failing = reloadFails;
    bus.receiveNotifications([fresh, ...all.slice(1, 10)], 'list');
    await settle();
    return stop;
  }

  test('reloads from page 1 when new notifications arrive', async () => {
    const stop = await twoPagesThenNews();
    expect(pages()).toEqual(['1', '2', '1']);
    expect(news.$notificationList.get()).toMatchObject({ status: 'ready', page: 1 });
    expect(news.$notificationList.get().items[0]?.id_notification).toBe(26);
    stop();
  });

  test('lists each notification once when one sent meanwhile shifts the pages', async () => {
    const stop = news.$notificationList.listen(() => undefined);
    await settle();
    all = [newsItem(26, new Date().toISOString()), ...all];
    news.loadMoreNotifications();
    await settle();
    const listed = ids(news.$notificationList.get().items);
    expect(new Set(listed).size).toBe(listed.length);
    // Page 2 repeats the one page 1 ended with: 19, and the new one comes with the next reload.
    expect(listed).toHaveLength(19);
    stop();
  });

  test('says it failed, without a toast, and retries the page that failed', async () => {
    const stop = news.$notificationList.listen(() => undefined);
    await settle();
    failing = true;
    news.loadMoreNotifications();
    await settle();
    expect(news.$notificationList.get()).toMatchObject({ status: 'error', page: 1 });
    expect(news.$notificationList.get().items).toHaveLength(10);
    expect(toasts.$toasts.get()).toEqual([]);
    failing = false;
    news.retryNotificationList();
    await settle();
    expect(news.$notificationList.get()).toMatchObject({ status: 'ready', page: 2 });
    expect(pages()).toEqual(['1', '2', '2']);
    stop();
  });

  test('when the reload for a new notification fails, Retry reloads from page 1 and the new one shows first', async () => {
    const stop = await twoPagesThenNews(true);
    expect(news.$notificationList.get().status).toBe('error');
    // The old list stays in sight meanwhile.
    expect(news.$notificationList.get().items).toHaveLength(20);
    failing = false;
    news.retryNotificationList();
    await settle();
    expect(pages()).toEqual(['1', '2', '1', '1']);
    expect(news.$notificationList.get()).toMatchObject({ status: 'ready', page: 1, complete: false });
    expect(ids(news.$notificationList.get().items)).toEqual(ids(all.slice(0, 10)));
    expect(news.$notificationList.get().items[0]?.id_notification).toBe(26);
    stop();
  });
});

describe('today’s news', () => {
  async function todayIn(timeZone: string): Promise<number[]> {
    // 23:30 UTC on the 20th is already the 21st in Paris (UTC+1 in winter), not in New York.
    jest.useFakeTimers({
      doNotFake: ['setTimeout', 'setImmediate', 'queueMicrotask', 'nextTick'],
      now: new Date('2026-11-21T15:00:00.000Z'),
    });
    all = [
      newsItem(5, '2026-11-21T14:00:00.000Z'),
      ...Array.from({ length: 10 }, (_, i) => newsItem(40 - i, '2026-11-21T12:00:00.000Z')),
      newsItem(4, '2026-11-20T23:30:00.000Z'),
      newsItem(3, '2026-11-20T10:00:00.000Z'),
    ];
    news.setNewsTimeZone(timeZone);
    const stop = news.$todaysNews.listen(() => undefined);
    await settle();
    jest.useRealTimers();
    expect(news.$todaysNews.get().status).toBe('ready');
    stop();
    return ids(news.$todaysNews.get().items);
  }

  test('the notifications sent today in the visitor’s time zone, across pages', async () => {
    expect(await todayIn('Europe/Paris')).toEqual([5, ...Array.from({ length: 10 }, (_, i) => 40 - i), 4]);
    expect(pages()).toEqual(['1', '2']);
  });

  test('a day that starts later elsewhere', async () => {
    expect(await todayIn('America/New_York')).toEqual([5, ...Array.from({ length: 10 }, (_, i) => 40 - i)]);
  });

  test('formats times in the visitor’s time zone', () => {
    expect(news.formatNewsTime('2026-11-21T13:05:00.000Z', 'Europe/Paris')).toBe('14h05');
    expect(news.formatNewsTime('2026-11-21T13:05:00.000Z', 'America/New_York')).toBe('08h05');
    expect(news.formatNewsTime('2026-11-21T23:59:00.000Z', 'UTC')).toBe('23h59');
    expect(news.formatSentAt('2026-11-21T13:05:00.000Z', 'fr_FR', 'Europe/Paris')).toBe('21 nov. 2026, 14h05');
    expect(news.formatSentAt('2026-11-21T13:05:00.000Z', 'en_EN', 'Asia/Tokyo')).toBe('Nov 21, 2026, 22h05');
    expect(news.formatNewsDate('2026-11-21T23:30:00.000Z', 'fr_FR', 'Europe/Paris')).toBe('22 nov. 2026');
    expect(news.dayOf('2026-11-20T23:30:00.000Z', 'Europe/Paris')).toBe('2026-11-21');
  });
});
