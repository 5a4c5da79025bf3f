import { atom, readonlyType, type WritableAtom } from 'nanostores';
import type { LIVE_NOTIFICATIONS_EVENT as LiveNotificationsEvent } from '@salon/shared/contracts/notifications';
import { busSingleton } from '../singleton';
import { openModal } from './modal';
import { $user } from './pageData';

/**
 * The organisers' notifications as they arrive live (spec §4.7): the live activity stream's
 * `live:activity:notifications` event (a list: the user's newest) and the socket's `notification` (one).
 * Each unseen id shows once as a toast that never hides by itself, and is remembered.
 *
 * Remembered where: the ids shown (or already there) go to localStorage, per user, so a reload, another room
 * page or another tab does not show them again. From the first list this browser ever receives for a user, only
 * what was sent in the last `RECENT_NEWS_MS` shows (an announcement made just before the visitor came is still
 * news); older ones are only remembered: they are in the news list, not a stack of toasts.
 * Without storage (private mode), memory lasts for the page.
 */

/** The schema's event name, checked against it at compile time (a value import would bundle TypeBox). */
export const LIVE_NOTIFICATIONS_EVENT: typeof LiveNotificationsEvent = 'live:activity:notifications';

/** A notification as the live activity (integer id) or the socket (string id) delivers it. */
export interface LiveNotification {
  id_notification: number | string;
  title: string;
  title_en: string;
  message: string;
  message_en: string;
  /** ISO 8601, UTC. */
  sent_at: string;
}

/** A list is what the user has now (some seen, some not); a push is one just sent. */
export type NotificationSource = 'list' | 'push';

/** How many ids are remembered per user (a list carries at most 10). */
export const SEEN_MEMORY_SIZE = 200;
const STORAGE_PREFIX = 'salon.notifications@1/seen/';
/** On a user's first list, notifications sent this recently still show as toasts. */
export const RECENT_NEWS_MS = 15 * 60_000;

interface Memory {
  /** Whose memory it is (the storage key). */
  key: string;
  seen: Set<string>;
  /** A list has been received (now or on an earlier page): from now on, unseen ids are news. */
  baseline: boolean;
}

interface NotificationsState {
  $toasts: WritableAtom<readonly LiveNotification[]>;
  memory: Memory | null;
  arrivals: Set<() => void>;
}

const state = busSingleton<NotificationsState>('notifications', () => ({
  $toasts: atom<readonly LiveNotification[]>([]),
  memory: null,
  arrivals: new Set(),
}));

/** The notifications showing as toasts, in the order they came. They stay until closed. */
export const $notificationToasts = readonlyType(state.$toasts);

const idOf = (n: LiveNotification): string => String(n.id_notification);

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

function readStored(key: string): string[] | null {
  try {
    const raw = storage()?.getItem(key);
    if (raw == null) return null;
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return null;
  }
}

function persist(memory: Memory): void {
  try {
    storage()?.setItem(memory.key, JSON.stringify([...memory.seen].slice(-SEEN_MEMORY_SIZE)));
  } catch {
    // Full or refused: memory lasts for the page.
  }
}

/** The current user's memory, with what other tabs and pages stored since merged in. */
function memory(): Memory {
  const key = STORAGE_PREFIX + ($user.get().obfuscated_id || 'guest');
  if (state.memory?.key !== key) state.memory = { key, seen: new Set(), baseline: false };
  const stored = readStored(key);
  if (stored) {
    state.memory.baseline = true;
    for (const id of stored) state.memory.seen.add(id);
  }
  return state.memory;
}

function isNotification(value: unknown): value is LiveNotification {
  if (typeof value !== 'object' || value === null) return false;
  const n = value as Record<string, unknown>;
  return (
    (typeof n.id_notification === 'number' || typeof n.id_notification === 'string') &&
    ['title', 'title_en', 'message', 'message_en', 'sent_at'].every((field) => typeof n[field] === 'string')
  );
}

/**
 * Takes notifications delivered live. Each unseen id is remembered and shown as a toast (oldest first; from the
 * browser's first list for the user, only the recent ones); then whoever shows the news list reloads it
 * (`onNewNotifications`).
 * Entries that are not notifications are ignored.
 */
export function receiveNotifications(list: readonly unknown[], source: NotificationSource): void {
  const mem = memory();
  let fresh = list.filter(isNotification).filter((n) => !mem.seen.has(idOf(n)));
  for (const n of fresh) mem.seen.add(idOf(n));
  if (source === 'list' && !mem.baseline) {
    mem.baseline = true;
    persist(mem);
    const since = Date.now() - RECENT_NEWS_MS;
    fresh = fresh.filter((n) => Date.parse(n.sent_at) >= since);
  } else if (fresh.length > 0 && mem.baseline) {
    // Before any list, a push is shown but not stored: the first list then stores it with the rest.
    persist(mem);
  }
  if (fresh.length === 0) return;
  const byDate = [...fresh].sort((a, b) => (a.sent_at < b.sent_at ? -1 : a.sent_at > b.sent_at ? 1 : 0));
  state.$toasts.set([...state.$toasts.get(), ...byDate]);
  for (const listener of [...state.arrivals]) {
    try {
      listener();
    } catch (error) {
      console.error('[salon] a new-notifications listener failed', error);
    }
  }
}

/** The live activity's `live:activity:notifications` event data (a JSON list). */
export function receiveLiveNotifications(data: string): void {
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch (error) {
    console.error('[salon] unreadable notifications event', error);
    return;
  }
  if (Array.isArray(parsed)) receiveNotifications(parsed, 'list');
}

/** Called each time new notifications were shown (the news lists reload from page 1). Returns unsubscribe. */
export function onNewNotifications(listener: () => void): () => void {
  state.arrivals.add(listener);
  return () => {
    state.arrivals.delete(listener);
  };
}

export function dismissNotificationToast(id: LiveNotification['id_notification']): void {
  const key = String(id);
  const current = state.$toasts.get();
  if (current.some((n) => idOf(n) === key)) state.$toasts.set(current.filter((n) => idOf(n) !== key));
}

/** "See all news": the room notifications list (spec §2.11); the toasts it lists close. */
export function showAllNews(): void {
  state.$toasts.set([]);
  openModal({ name: 'room-notifications' });
}

/** Forgets the toasts and this page's memory (tests, stories); what is stored stays. */
export function resetNotifications(): void {
  state.$toasts.set([]);
  state.memory = null;
}
