import { afterEach, beforeEach, describe, expect, jest, test } from '@jest/globals';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  $modal,
  activateLocale,
  closeModal,
  openModal,
  receiveNotifications,
  resetNotifications,
  setPageData,
  type Modal,
} from '@salon/shared';
import { setNewsTimeZone, type Notification } from '@salon/shared/notifications';
import { newsItem, visitorPageData, withLocale } from '@salon/shared/test/fixtures';
import { installFetch, jsonResponse } from '@salon/shared/test/fetch';
import { mountWidget } from '@salon/shared/test/widgets';
import { mount } from '../mount';

/** The server's notifications, newest first, 10 a page. */
let all: Notification[];
/** 'hold': pages wait for `release()`; 'fail': 503. */
let mode: 'ok' | 'hold' | 'fail';
let held: (() => void)[];
let fetchMock: ReturnType<typeof installFetch>;
let widget: Awaited<ReturnType<typeof mountWidget>> | undefined;

const pagesAsked = () =>
  fetchMock.requests.filter((r) => r.url.pathname === '/api/notifications').map((r) => r.url.searchParams.get('page'));
const settle = () =>
  act(async () => {
    for (let i = 0; i < 5; i += 1) await new Promise((resolve) => setTimeout(resolve, 0));
  });
const release = () =>
  act(async () => {
    for (const go of held.splice(0)) go();
    for (let i = 0; i < 5; i += 1) await new Promise((resolve) => setTimeout(resolve, 0));
  });
const titles = (dialog: HTMLElement) =>
  within(dialog)
    .queryAllByRole('heading', { level: 3 })
    .map((h) => h.textContent);

/** IntersectionObserver is not in jsdom: this one lets a test scroll the list's end into view. */
class FakeObserver {
  static last: FakeObserver | null = null;
  constructor(private readonly callback: IntersectionObserverCallback) {
    FakeObserver.last = this;
  }
  target: Element | null = null;
  observe(target: Element) {
    this.target = target;
  }
  disconnect() {
    if (FakeObserver.last === this) FakeObserver.last = null;
  }
  unobserve() {}
  takeRecords() {
    return [];
  }
  /** The end of the list scrolls into view. */
  static scrollToEnd() {
    const observer = FakeObserver.last;
    if (!observer?.target) throw new Error('nothing observed');
    observer.callback(
      [{ isIntersecting: true, target: observer.target } as IntersectionObserverEntry],
      observer as unknown as IntersectionObserver,
    );
  }
}

async function open(modal: Modal, locale: 'en_EN' | 'fr_FR' = 'en_EN'): Promise<HTMLElement> {
  setPageData(withLocale(visitorPageData(), locale));
  await act(() => activateLocale(locale));
  widget ??= await mountWidget(mount);
  act(() => openModal(modal));
  return screen.findByRole('dialog');
}

beforeEach(() => {
  mode = 'ok';
  held = [];
  const now = Date.parse('2026-11-21T15:00:00.000Z');
  all = Array.from({ length: 25 }, (_, i) => newsItem(25 - i, new Date(now - i * 3_600_000).toISOString()));
  fetchMock = installFetch(async (request) => {
    const url = new URL(request.url);
    if (url.pathname !== '/api/notifications') return jsonResponse({ data: {} });
    if (mode === 'hold') await new Promise<void>((resolve) => held.push(resolve));
    if (mode === 'fail') return new Response('', { status: 503, statusText: 'Service Unavailable' });
    const page = Number(url.searchParams.get('page'));
    return jsonResponse({
      data: {
        notifications: all.slice((page - 1) * 10, page * 10),
        page,
        per_page: 10,
        total: all.length,
        pages: Math.max(1, Math.ceil(all.length / 10)),
      },
    });
  });
  (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver = FakeObserver;
  setNewsTimeZone('Europe/Paris');
  localStorage.clear();
  resetNotifications();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(async () => {
  await settle();
  // The lists are forgotten 1 s after the modal leaves (nanostores' unmount delay): on fake time, at once.
  jest.useFakeTimers();
  act(() => closeModal());
  widget?.unmount();
  widget = undefined;
  act(() => jest.advanceTimersByTime(3000));
  fetchMock.restore();
  delete (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver;
  setNewsTimeZone(undefined);
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('room notifications (spec §2.11)', () => {
  test('shows a loading state, then the newest ten: title, message and when, in the visitor’s time zone', async () => {
    mode = 'hold';
    const dialog = await open({ name: 'room-notifications' });
    expect(dialog).toHaveAccessibleName('News');
    await settle();
    expect(within(dialog).getByRole('status')).toHaveTextContent('Loading news…');
    await release();
    expect(within(dialog).queryByRole('status')).not.toBeInTheDocument();
    expect(titles(dialog)).toEqual(all.slice(0, 10).map((n) => n.title_en));
    const first = within(dialog).getAllByRole('listitem')[0]!;
    expect(within(first).getByText('Message 25 in English')).toBeInTheDocument();
    // 15:00 UTC is 16:00 in Paris.
    const time = within(first).getByText('Sent on Nov 21, 2026 at 16h00');
    expect(time.tagName).toBe('TIME');
    expect(time).toHaveAttribute('datetime', '2026-11-21T15:00:00.000Z');
  });

  test('loads the next page when the end of the list scrolls into view, and with Load more', async () => {
    const dialog = await open({ name: 'room-notifications' });
    await settle();
    expect(titles(dialog)).toHaveLength(10);
    act(() => FakeObserver.scrollToEnd());
    await settle();
    expect(pagesAsked()).toEqual(['1', '2']);
    expect(titles(dialog)).toEqual(all.slice(0, 20).map((n) => n.title_en));
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Load more' }));
    await settle();
    expect(titles(dialog)).toEqual(all.map((n) => n.title_en));
    // The last page: nothing more to load.
    expect(within(dialog).queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(pagesAsked()).toEqual(['1', '2', '3']);
  });

  test('says so when there is no news', async () => {
    all = [];
    const dialog = await open({ name: 'room-notifications' });
    await settle();
    expect(within(dialog).getByText('No news yet.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('list')).not.toBeInTheDocument();
  });

  test('says so when a page cannot be loaded, and Retry loads it', async () => {
    mode = 'fail';
    const dialog = await open({ name: 'room-notifications' });
    await settle();
    expect(within(dialog).getByRole('alert')).toHaveTextContent('The news could not be loaded.');
    mode = 'ok';
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Retry' }));
    await settle();
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(titles(dialog)).toHaveLength(10);
  });

  test('reloads from page 1 when a new notification arrives while it is open', async () => {
    const dialog = await open({ name: 'room-notifications' });
    await settle();
    act(() => receiveNotifications(all.slice(0, 10), 'list'));
    const fresh = newsItem(26, '2026-11-21T15:30:00.000Z');
    all = [fresh, ...all];
    act(() => receiveNotifications([fresh], 'push'));
    await settle();
    expect(titles(dialog)[0]).toBe('Title 26');
    expect(pagesAsked()).toEqual(['1', '1']);
  });

  test('when it takes place (at / at_en: a time, as the demo and the organisers write it), by the page’s language', async () => {
    all[0] = { ...all[0]!, at: '16h00, salle Curie', at_en: '16h00, Curie room' };
    all[1] = { ...all[1]!, at: 'Hall B', at_en: '' };
    const english = await open({ name: 'room-notifications' });
    await settle();
    const [first, second, third] = within(english).getAllByRole('listitem');
    expect(within(first!).getByText('16h00, Curie room')).toBeInTheDocument();
    expect(within(first!).getByText('16h00, Curie room').parentElement).toHaveTextContent(/^When: 16h00, Curie room$/);
    // No English twin: the French one.
    expect(within(second!).getByText('Hall B')).toBeInTheDocument();
    expect(third).toHaveTextContent(/^Title 23Message 23 in English/);
    act(() => closeModal());
    const french = await open({ name: 'room-notifications' }, 'fr_FR');
    await settle();
    const [premier] = within(french).getAllByRole('listitem');
    expect(within(premier!).getByText('16h00, salle Curie').parentElement).toHaveTextContent(/^Quand : 16h00, salle Curie$/);
    expect(within(premier!).queryByText('16h00, Curie room')).not.toBeInTheDocument();
  });

  test('in French: the French fields and a French date', async () => {
    setNewsTimeZone('UTC');
    const dialog = await open({ name: 'room-notifications' }, 'fr_FR');
    expect(dialog).toHaveAccessibleName('Actualités');
    await settle();
    expect(titles(dialog)[0]).toBe('Titre 25');
    expect(within(dialog).getByText('Envoyée le 21 nov. 2026 à 15h00')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Afficher plus' })).toBeInTheDocument();
  });
});

describe('today’s news (spec §2.4)', () => {
  test('the notifications sent today in the visitor’s time zone, each with its time', async () => {
    jest.useFakeTimers({
      doNotFake: ['setTimeout', 'setImmediate', 'queueMicrotask', 'nextTick'],
      now: new Date('2026-11-21T15:30:00.000Z'),
    });
    setNewsTimeZone('Asia/Tokyo');
    const dialog = await open({ name: 'todays-news' });
    expect(dialog).toHaveAccessibleName('Today’s news');
    await settle();
    // In Tokyo it is 00:30 on the 22nd: only what was sent after 15:00 UTC on the 21st is today's.
    expect(titles(dialog)).toEqual(['Title 25']);
    expect(within(dialog).getByText('Sent at 00h00')).toHaveAttribute('datetime', '2026-11-21T15:00:00.000Z');
  });

  test('in Paris the same moment lists the day’s news, and See all news opens the whole list', async () => {
    jest.useFakeTimers({
      doNotFake: ['setTimeout', 'setImmediate', 'queueMicrotask', 'nextTick'],
      now: new Date('2026-11-21T15:30:00.000Z'),
    });
    const dialog = await open({ name: 'todays-news' }, 'fr_FR');
    await settle();
    // 00:00 to 16:30 in Paris: sent at 16:00, 15:00 … 01:00 (23:00 UTC the day before is midnight in Paris).
    expect(titles(dialog)).toEqual(all.slice(0, 17).map((n) => n.title));
    expect(within(dialog).getByText('Envoyée à 16h00')).toBeInTheDocument();
    jest.useRealTimers();
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Voir toutes les actualités' }));
    expect($modal.get()).toEqual({ name: 'room-notifications' });
    // Today's news left on real time: its list is forgotten 1 s later (nanostores' unmount delay), before the next test.
    await act(() => new Promise((resolve) => setTimeout(resolve, 1100)));
  });

  test('says so when nothing was sent today', async () => {
    all = [newsItem(1, '2026-11-19T10:00:00.000Z')];
    const dialog = await open({ name: 'todays-news' });
    await settle();
    expect(within(dialog).getByText('No news today yet.')).toBeInTheDocument();
  });
});
