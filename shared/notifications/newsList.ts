import { atom, onMount, readonlyType, type WritableAtom } from 'nanostores';
import type { Notification } from '@salon/shared/contracts/notifications';
import type { LocaleCode } from '@salon/shared/contracts/page-data';
import { busSingleton, onNewNotifications } from '@salon/shared';
// By package name: part of the main entry.
import { getNotifications } from './api';

/**
 * The news lists of the modals (spec §2.11): every notification, paged as the list scrolls, and today's news.
 * Both load when first shown, reload from page 1 when new notifications arrive (spec §4.7), and are forgotten
 * when nobody shows them (a modal opened again starts from page 1).
 */

export type NewsStatus = 'loading' | 'ready' | 'error';

export interface NotificationListState {
  items: readonly Notification[];
  status: NewsStatus;
  /**
   * The last page loaded in sequence (pages start at 1); 0 before the first, and after a reload from page 1 failed
   * (the items are then the old list): Retry loads `page + 1`.
   */
  page: number;
  /** Every page is loaded. */
  complete: boolean;
}

export interface TodaysNewsState {
  items: readonly Notification[];
  status: NewsStatus;
}

/** Today's news looks this many pages back at most (100 notifications in one day). */
const TODAY_MAX_PAGES = 10;

const EMPTY_LIST: NotificationListState = { items: [], status: 'loading', page: 0, complete: false };
const EMPTY_TODAY: TodaysNewsState = { items: [], status: 'loading' };

interface NewsInternals {
  $list: WritableAtom<NotificationListState>;
  $today: WritableAtom<TodaysNewsState>;
  $timeZone: WritableAtom<string | undefined>;
  listAbort: AbortController | null;
  todayAbort: AbortController | null;
}

const state = busSingleton<NewsInternals>('newsList', () => {
  const $list = atom<NotificationListState>(EMPTY_LIST);
  const $today = atom<TodaysNewsState>(EMPTY_TODAY);
  onMount($list, () => {
    void loadPage(1);
    const stop = onNewNotifications(() => void loadPage(1));
    return () => {
      stop();
      state.listAbort?.abort();
      $list.set(EMPTY_LIST);
    };
  });
  onMount($today, () => {
    void loadToday();
    const stop = onNewNotifications(() => void loadToday());
    return () => {
      stop();
      state.todayAbort?.abort();
      $today.set(EMPTY_TODAY);
    };
  });
  return { $list, $today, $timeZone: atom<string | undefined>(undefined), listAbort: null, todayAbort: null };
});

/** Every notification, newest first; listening loads page 1. */
export const $notificationList = readonlyType(state.$list);
/** The notifications sent today in the visitor's time zone, newest first; listening loads them. */
export const $todaysNews = readonlyType(state.$today);
/** The time zone dates are shown in: the browser's (undefined), unless set (stories, tests). */
export const $newsTimeZone = readonlyType(state.$timeZone);

export function setNewsTimeZone(timeZone: string | undefined): void {
  state.$timeZone.set(timeZone);
}

const isAbort = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as { kind?: unknown }).kind === 'aborted';

async function loadPage(page: number): Promise<void> {
  state.listAbort?.abort();
  const controller = new AbortController();
  state.listAbort = controller;
  const before = state.$list.get();
  state.$list.set({ ...before, status: 'loading' });
  try {
    // The modal shows the failure itself (with Retry): no toast.
    const data = await getNotifications(page, { signal: controller.signal, notify: false });
    if (controller.signal.aborted) return;
    const kept = page === 1 ? [] : before.items;
    // A notification sent meanwhile shifts the pages: one already listed may come again.
    const known = new Set(kept.map((n) => n.id_notification));
    const items = [...kept, ...data.notifications.filter((n) => !known.has(n.id_notification))];
    state.$list.set({ items, status: 'ready', page, complete: page >= data.pages || data.notifications.length < data.per_page });
  } catch (error) {
    if (controller.signal.aborted || isAbort(error)) return;
    // The page before the one that failed, so Retry asks for that one again (page 1 after a failed reload).
    state.$list.set({ ...before, status: 'error', page: page - 1, complete: page === 1 ? false : before.complete });
  }
}

/** The next page, when the end of the list shows (or "Load more"); nothing while loading or when complete. */
export function loadMoreNotifications(): void {
  const list = state.$list.get();
  if (list.status !== 'ready' || list.complete) return;
  void loadPage(list.page + 1);
}

/** After a failure: the page that failed again (page 1 when a reload failed, else the next page). */
export function retryNotificationList(): void {
  const list = state.$list.get();
  if (list.status === 'error') void loadPage(list.page + 1);
}

/** The calendar day of an instant in a time zone (`2026-11-21`). */
export function dayOf(iso: string, timeZone?: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(iso));
}

async function loadToday(): Promise<void> {
  state.todayAbort?.abort();
  const controller = new AbortController();
  state.todayAbort = controller;
  state.$today.set({ ...state.$today.get(), status: 'loading' });
  const today = dayOf(new Date().toISOString(), state.$timeZone.get());
  const items: Notification[] = [];
  try {
    for (let page = 1; page <= TODAY_MAX_PAGES; page += 1) {
      const data = await getNotifications(page, { signal: controller.signal, notify: false });
      if (controller.signal.aborted) return;
      const sameDay = data.notifications.filter((n) => dayOf(n.sent_at, state.$timeZone.get()) === today);
      for (const n of sameDay) if (!items.some((known) => known.id_notification === n.id_notification)) items.push(n);
      // Newest first: once one is from an earlier day, so are the rest.
      if (sameDay.length < data.notifications.length || page >= data.pages) break;
    }
    state.$today.set({ items, status: 'ready' });
  } catch (error) {
    if (controller.signal.aborted || isAbort(error)) return;
    state.$today.set({ items: [], status: 'error' });
  }
}

export function retryTodaysNews(): void {
  if (state.$today.get().status === 'error') void loadToday();
}

const tag = (locale: LocaleCode): string => (locale === 'en_EN' ? 'en' : 'fr');

/** The day a notification was sent, in the visitor's time zone and the page's language ("21 nov. 2026"). */
export function formatNewsDate(iso: string, locale: LocaleCode, timeZone?: string): string {
  return new Intl.DateTimeFormat(tag(locale), { dateStyle: 'medium', timeZone }).format(new Date(iso));
}

/** When a notification was sent, in the visitor's time zone and the page's language ("21 nov. 2026, 14h05"). */
export function formatSentAt(iso: string, locale: LocaleCode, timeZone?: string): string {
  return `${formatNewsDate(iso, locale, timeZone)}, ${formatNewsTime(iso, timeZone)}`;
}

/** Today's news' `time` (spec §3 Notification) in the visitor's time zone, written as the product writes times: 14h05. */
export function formatNewsTime(iso: string, timeZone?: string): string {
  const parts = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }).formatToParts(
    new Date(iso),
  );
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('hour')}h${part('minute')}`;
}
