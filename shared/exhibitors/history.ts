import { atom, computed, onMount, readonlyType, type WritableAtom } from 'nanostores';
import type { HistoryItem } from '@salon/shared/contracts/room';
import type { LocaleCode } from '@salon/shared/contracts/page-data';
import { busSingleton } from '@salon/shared';
// By package name: these modules belong to other entries (a relative import would bundle a second copy).
import { $room } from '@salon/shared/room';
import { onSocketEvent } from '@salon/shared/live/socket';
import { getStandHistory } from './api';

/**
 * The stand history of the user's own stands (spec §2.10): the live activity's `histories` (the 20 latest of
 * each stand), the socket's `stand_history` entries as they happen, and older pages loaded on scroll
 * (`GET /api/stands/{id}/history?last=`). One list, newest first, each entry once.
 */

/** GET …/history answers 20 entries per page (as does the live activity per stand). */
export const HISTORY_PAGE_SIZE = 20;

export interface StandHistoryView {
  /** Newest first. Entries older than what every stand has loaded wait for the other stands' pages. */
  items: HistoryItem[];
  loading: boolean;
  /** Every stand's whole history is here. */
  complete: boolean;
  /** The user owns several stands: each entry names its stand. */
  severalStands: boolean;
}

interface HistoryInternals {
  /** Pages loaded with GET, per stand. */
  $older: WritableAtom<Record<string, HistoryItem[]>>;
  /** Socket `stand_history` entries. */
  $pushed: WritableAtom<HistoryItem[]>;
  /** Stands whose GET answered fewer than a page: nothing older. */
  $ended: WritableAtom<Record<string, boolean>>;
  $loading: WritableAtom<boolean>;
}

const state = busSingleton<HistoryInternals>('standHistory', () => {
  const internals: HistoryInternals = { $older: atom({}), $pushed: atom([]), $ended: atom({}), $loading: atom(false) };
  // Other stands (new page data: tests, Storybook), another history.
  $room.listen((room, previous) => {
    if (room.owned_stands_ids !== previous?.owned_stands_ids) reset(internals);
  });
  return internals;
});

function reset(internals: HistoryInternals): void {
  internals.$older.set({});
  internals.$pushed.set([]);
  internals.$ended.set({});
  internals.$loading.set(false);
}

/** Forgets the loaded pages and pushed entries (tests, Storybook). */
export function resetStandHistory(): void {
  reset(state);
}

function byNewest(a: HistoryItem, b: HistoryItem): number {
  return (Date.parse(b.created_at) || 0) - (Date.parse(a.created_at) || 0) || b.obfuscated_id.localeCompare(a.obfuscated_id);
}

/** Each entry once (by obfuscated id), newest first. */
export function mergeHistory(...lists: readonly (readonly HistoryItem[] | undefined)[]): HistoryItem[] {
  const byId = new Map<string, HistoryItem>();
  for (const list of lists) for (const item of list ?? []) byId.set(item.obfuscated_id, item);
  return [...byId.values()].sort(byNewest);
}

function standOf(item: HistoryItem, owned: readonly string[]): string | null {
  if (owned.includes(item.stand_id)) return item.stand_id;
  return owned.includes(item.stand_obfuscated_id) ? item.stand_obfuscated_id : null;
}

interface StandPages {
  items: HistoryItem[];
  /** Nothing older to load. */
  ended: boolean;
}

function standPages(): Record<string, StandPages> {
  const room = $room.get();
  const owned = room.owned_stands_ids;
  const older = state.$older.get();
  const ended = state.$ended.get();
  const pushed = state.$pushed.get();
  const pages: Record<string, StandPages> = {};
  for (const standId of owned) {
    const live = room.histories[standId];
    const items = mergeHistory(
      live,
      older[standId],
      pushed.filter((item) => standOf(item, owned) === standId),
    );
    // The live activity sends a stand's 20 latest entries: fewer means that is its whole history.
    const liveIsAll = live !== undefined && live.length < HISTORY_PAGE_SIZE && older[standId] === undefined;
    pages[standId] = { items, ended: ended[standId] === true || liveIsAll };
  }
  return pages;
}

export const $standHistory = computed(
  [$room, state.$older, state.$pushed, state.$ended, state.$loading],
  (room, _o, _p, _e, loading): StandHistoryView => {
    const pages = standPages();
    const open = Object.values(pages).filter((page) => !page.ended && page.items.length > 0);
    // An entry older than the oldest loaded one of a stand that has more may have unloaded neighbours: it waits.
    const frontier = Math.max(-Infinity, ...open.map((page) => Date.parse(page.items.at(-1)?.created_at ?? '') || -Infinity));
    const items = mergeHistory(...Object.values(pages).map((page) => page.items)).filter(
      (item) => (Date.parse(item.created_at) || 0) >= frontier,
    );
    return {
      items,
      loading,
      complete: Object.values(pages).every((page) => page.ended),
      severalStands: room.owned_stands_ids.length > 1,
    };
  },
);

onMount($standHistory, () =>
  onSocketEvent('stand_history', (item) => {
    if (!standOf(item, $room.get().owned_stands_ids)) return;
    state.$pushed.set(mergeHistory(state.$pushed.get(), [item]));
  }),
);

/**
 * Loads the next page of the stand that runs out first (one without entries yet, else the one whose oldest
 * loaded entry is the newest), after its oldest entry (`?last=`). Does nothing while a page loads or when
 * everything is here. Failures leave the list as it is (the API client shows its toast).
 */
export async function loadOlderHistory(): Promise<void> {
  if (state.$loading.get()) return;
  const pending = Object.entries(standPages()).filter(([, page]) => !page.ended);
  if (pending.length === 0) return;
  const oldest = (page: StandPages) => Date.parse(page.items.at(-1)?.created_at ?? '') || Infinity;
  const [standId, page] = pending.reduce((best, candidate) => (oldest(candidate[1]) > oldest(best[1]) ? candidate : best));
  const last = page.items.at(-1)?.obfuscated_id ?? null;
  state.$loading.set(true);
  try {
    const { history } = await getStandHistory(standId, last);
    const list = Array.isArray(history) ? history : [];
    state.$older.set({ ...state.$older.get(), [standId]: mergeHistory(state.$older.get()[standId], list) });
    if (list.length < HISTORY_PAGE_SIZE) state.$ended.set({ ...state.$ended.get(), [standId]: true });
  } catch {
    // Shown by the API client; scrolling again retries.
  } finally {
    state.$loading.set(false);
  }
}

/** Times as HHhMM (spec §2.10): 14h05, in the page's time zone. */
export function formatHourMinute(date: Date | string): string {
  const at = typeof date === 'string' ? new Date(date) : date;
  if (Number.isNaN(at.getTime())) return '';
  return `${String(at.getHours()).padStart(2, '0')}h${String(at.getMinutes()).padStart(2, '0')}`;
}

const formatters = new Map<string, Intl.RelativeTimeFormat>();

/** "il y a 2 min" / "2 min. ago" (Intl.RelativeTimeFormat, short style); "now" under 45 seconds. */
export function relativeTime(date: Date | string, now: number, locale: LocaleCode): string {
  const at = (typeof date === 'string' ? new Date(date) : date).getTime();
  if (Number.isNaN(at)) return '';
  const language = locale === 'fr_FR' ? 'fr' : 'en';
  let format = formatters.get(language);
  if (!format) {
    format = new Intl.RelativeTimeFormat(language, { style: 'short', numeric: 'auto' });
    formatters.set(language, format);
  }
  const seconds = Math.round((at - now) / 1000);
  const abs = Math.abs(seconds);
  if (abs < 45) return format.format(0, 'second');
  if (abs < 3600) return format.format(Math.round(seconds / 60), 'minute');
  if (abs < 86_400) return format.format(Math.round(seconds / 3600), 'hour');
  return format.format(Math.round(seconds / 86_400), 'day');
}

const $clockSlot = busSingleton('clock', () => {
  const $now = atom(Date.now());
  // Relative times move on while someone shows them.
  onMount($now, () => {
    $now.set(Date.now());
    const timer = setInterval(() => $now.set(Date.now()), 30_000);
    return () => clearInterval(timer);
  });
  return $now;
});

/** Now, every 30 s while listened to (relative times, "active within" rules). */
export const $clock = readonlyType($clockSlot);
