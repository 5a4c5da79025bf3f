import { afterEach, beforeEach, describe, expect, jest, test } from '@jest/globals';
import { jsonResponse, installFetch } from '@salon/shared/test/fetch';
import { freshModule } from '@salon/shared/test/isolate';
import { sseBody } from '@salon/shared/test/sse';
import { lastFakeSocket } from '@salon/shared/test/socket';
import { exhibitorPageData, visitorPageData } from '@salon/shared/test/fixtures';
import type * as NotificationsModule from './notifications';
import type * as PageDataModule from './pageData';
import type * as ModalModule from './modal';

jest.mock('socket.io-client', () => (jest.requireActual('@salon/shared/test/socket') as { socketIoMock: unknown }).socketIoMock);

let bus: typeof NotificationsModule;
let pageData: typeof PageDataModule;
let modal: typeof ModalModule;

const news = (id: number, sentAt: string, title = `News ${id}`) => ({
  id_notification: id,
  title,
  title_en: `${title} (en)`,
  message: `Message ${id}`,
  message_en: `Message ${id} (en)`,
  at: '',
  at_en: '',
  sent_at: sentAt,
});
const older = [news(2, '2026-11-21T09:00:00.000Z'), news(1, '2026-11-21T08:00:00.000Z')];
const toastIds = () => bus.$notificationToasts.get().map((n) => String(n.id_notification));

/** A new page load: fresh stores, the same localStorage. */
async function newPage(data = visitorPageData()) {
  [bus, pageData, modal] = await freshModule(() => Promise.all([import('./notifications'), import('./pageData'), import('./modal')]));
  pageData.setPageData(data);
}

beforeEach(async () => {
  localStorage.clear();
  await newPage();
});
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('notifications delivered live (spec §4.7)', () => {
  test('the first list a browser gets is remembered, not shown; a new id then shows once', () => {
    bus.receiveNotifications(older, 'list');
    expect(toastIds()).toEqual([]);
    bus.receiveNotifications([news(3, '2026-11-21T10:00:00.000Z'), ...older], 'list');
    expect(toastIds()).toEqual(['3']);
    // The same list again (a reconnection, another stand), and the same one by the socket (a string id): nothing new.
    bus.receiveNotifications([news(3, '2026-11-21T10:00:00.000Z'), ...older], 'list');
    bus.receiveNotifications([{ ...news(3, '2026-11-21T10:00:00.000Z'), id_notification: '3' }], 'push');
    expect(toastIds()).toEqual(['3']);
  });

  test('on the first list, what was sent in the last 15 minutes still shows; older news is only remembered', () => {
    jest.useFakeTimers({ now: Date.parse('2026-11-21T10:00:00.000Z') });
    const justBefore = news(4, '2026-11-21T09:50:00.000Z', 'Keynote in 10 minutes');
    const atTheLimit = news(3, '2026-11-21T09:45:00.000Z');
    const tooOld = news(5, '2026-11-21T09:44:59.000Z');
    bus.receiveNotifications([justBefore, tooOld, atTheLimit, ...older], 'list');
    expect(toastIds()).toEqual(['3', '4']);
    // All of them are remembered: the next page shows none again.
    bus.receiveNotifications([justBefore, tooOld, atTheLimit, ...older], 'list');
    expect(toastIds()).toEqual(['3', '4']);
    expect(bus.RECENT_NEWS_MS).toBe(15 * 60_000);
  });

  test('a notification toast does not hide by itself', () => {
    jest.useFakeTimers();
    bus.receiveNotifications(older, 'list');
    bus.receiveNotifications([news(3, '2026-11-21T10:00:00.000Z')], 'list');
    jest.advanceTimersByTime(10 * 60_000);
    expect(toastIds()).toEqual(['3']);
    bus.dismissNotificationToast(3);
    expect(toastIds()).toEqual([]);
  });

  test('several new ones show oldest first', () => {
    bus.receiveNotifications([], 'list');
    bus.receiveNotifications([news(5, '2026-11-21T12:00:00.000Z'), news(4, '2026-11-21T11:00:00.000Z'), ...older], 'list');
    expect(toastIds()).toEqual(['1', '2', '4', '5']);
  });

  test('what was shown is not shown again on the next page, in another tab, or after a reload', async () => {
    bus.receiveNotifications(older, 'list');
    bus.receiveNotifications([news(3, '2026-11-21T10:00:00.000Z'), ...older], 'list');
    await newPage();
    bus.receiveNotifications([news(3, '2026-11-21T10:00:00.000Z'), ...older], 'list');
    expect(toastIds()).toEqual([]);
    // Sent while the visitor was away: the next page's first list shows it.
    bus.receiveNotifications([news(6, '2026-11-21T13:00:00.000Z'), news(3, '2026-11-21T10:00:00.000Z'), ...older], 'list');
    expect(toastIds()).toEqual(['6']);
  });

  test('a push before any list shows, and the first list then does not show it again', () => {
    bus.receiveNotifications([news(3, '2026-11-21T10:00:00.000Z')], 'push');
    expect(toastIds()).toEqual(['3']);
    bus.receiveNotifications([news(3, '2026-11-21T10:00:00.000Z'), ...older], 'list');
    expect(toastIds()).toEqual(['3']);
  });

  test('each user of the browser has their own memory', async () => {
    bus.receiveNotifications(older, 'list');
    const other = exhibitorPageData();
    await newPage({ ...other, user: { ...other.user, id_user: 'u43y', obfuscated_id: 'u43y' } });
    // This user's first list: remembered, even though another user of the browser never saw id 7.
    bus.receiveNotifications([news(7, '2026-11-21T10:00:00.000Z', 'Pour l’exposant'), ...older], 'list');
    expect(toastIds()).toEqual([]);
    await newPage(visitorPageData());
    bus.receiveNotifications([news(8, '2026-11-21T11:00:00.000Z'), ...older], 'list');
    expect(toastIds()).toEqual(['8']);
  });

  test('works without storage, for the page', async () => {
    jest.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    await newPage();
    bus.receiveNotifications(older, 'list');
    bus.receiveNotifications([news(3, '2026-11-21T10:00:00.000Z'), ...older], 'list');
    bus.receiveNotifications([news(3, '2026-11-21T10:00:00.000Z'), ...older], 'list');
    expect(toastIds()).toEqual(['3']);
  });

  test('remembers a bounded number of ids', () => {
    bus.receiveNotifications([], 'list');
    for (let id = 1; id <= bus.SEEN_MEMORY_SIZE + 20; id += 1) bus.receiveNotifications([news(id, '2026-11-21T10:00:00.000Z')], 'push');
    const stored = JSON.parse(
      Object.entries(localStorage).find(([key]) => key.startsWith('salon.notifications@1/seen/'))?.[1] ?? '[]',
    ) as string[];
    expect(stored).toHaveLength(bus.SEEN_MEMORY_SIZE);
    expect(stored.at(-1)).toBe(String(bus.SEEN_MEMORY_SIZE + 20));
  });

  test('tells the news lists when new ones arrive, so they reload from page 1', () => {
    const arrivals = jest.fn();
    const stop = bus.onNewNotifications(arrivals);
    bus.receiveNotifications(older, 'list');
    expect(arrivals).not.toHaveBeenCalled();
    bus.receiveNotifications([news(3, '2026-11-21T10:00:00.000Z'), ...older], 'list');
    bus.receiveNotifications([news(3, '2026-11-21T10:00:00.000Z'), ...older], 'list');
    expect(arrivals).toHaveBeenCalledTimes(1);
    stop();
  });

  test('ignores what is not a notification, and an unreadable event', () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    bus.receiveNotifications([], 'list');
    bus.receiveNotifications([{ id_notification: 9, title: 'no message' }, null, 'x', news(3, '2026-11-21T10:00:00.000Z')], 'list');
    bus.receiveLiveNotifications('{not json');
    expect(toastIds()).toEqual(['3']);
    expect(console.error).toHaveBeenCalledWith('[salon] unreadable notifications event', expect.any(SyntaxError));
  });

  test('"See all news" opens the room notifications and closes the toasts', () => {
    bus.receiveNotifications([], 'list');
    bus.receiveNotifications([news(3, '2026-11-21T10:00:00.000Z')], 'list');
    bus.showAllNews();
    expect(modal.$modal.get()).toEqual({ name: 'room-notifications' });
    expect(toastIds()).toEqual([]);
  });
});

describe('the ways they arrive', () => {
  test('the live activity stream’s live:activity:notifications event, without any socket', async () => {
    const body = sseBody();
    const fetchMock = installFetch((request) => (request.url.includes('/api/sse/') ? body.response() : jsonResponse({ data: {} })));
    const [live, fresh, page] = await freshModule(() =>
      Promise.all([import('@salon/shared/live'), import('./notifications'), import('./pageData')]),
    );
    bus = fresh;
    page.setPageData(visitorPageData());
    const stop = live.$liveActivity.listen(() => undefined);
    await waitUntil(() => fetchMock.requests.length > 0);
    body.push(`id: 1\nevent: live:activity:notifications\ndata: ${JSON.stringify(older)}\n\n`);
    body.push(`id: 2\nevent: live:activity:notifications\ndata: ${JSON.stringify([news(3, '2026-11-21T10:00:00.000Z'), ...older])}\n\n`);
    await waitUntil(() => toastIds().length > 0);
    expect(toastIds()).toEqual(['3']);
    stop();
    fetchMock.restore();
  });

  test('the socket’s notification, when the socket is open', async () => {
    const [socket, fresh, page] = await freshModule(() =>
      Promise.all([import('@salon/shared/live/socket'), import('./notifications'), import('./pageData')]),
    );
    bus = fresh;
    page.setPageData(visitorPageData());
    const stop = socket.holdSocket();
    lastFakeSocket().push('notification', { ...news(3, '2026-11-21T10:00:00.000Z'), id_notification: '3' });
    expect(toastIds()).toEqual(['3']);
    stop();
  });
});

async function waitUntil(check: () => boolean, timeoutMs = 2000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
