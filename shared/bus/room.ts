import { LIVE_ACTIVITY_FIELDS as FIELDS } from '../api/live-fields';
import { atom, readonlyType } from 'nanostores';
import type { HistoryItem, LiveActivityState, RoomUser } from '../api/schemas/room';
import type { PageData } from '../page-data/types';
import { busSingleton } from '../singleton';
import { $pageData } from './pageData';

export type { HistoryItem, LiveActivityState, RoomUser };

/** The visit the server recorded (page data, or `stand_visit` of POST /api/stands/{id}/visit). */
export interface OngoingVisit {
  stand_id: string;
  started_at: string;
  id?: string;
  ended_at?: string | null;
}

/** The room state of spec §3. Maps are keyed by (obfuscated) stand id. */
export interface RoomState {
  visited_stand_id: string | null;
  visited_stand_availability: boolean | null;
  visited_stand_animators: Record<string, RoomUser[]>;
  owned_stands_ids: string[];
  owned_stands_users: Record<string, RoomUser[]>;
  owned_stands_exhibitors: Record<string, RoomUser[]>;
  histories: Record<string, HistoryItem[]>;
  active_users: number;
  chat_users: RoomUser[];
  last_ongoing_visit: OngoingVisit | null;
}

/** The fields a `liveActivity` event may carry; each one present replaces the local copy (spec §4.8). */
export const LIVE_ACTIVITY_FIELDS = FIELDS satisfies readonly (keyof LiveActivityState & keyof RoomState)[];

function fromPageData(data: PageData): RoomState {
  return {
    visited_stand_id: data.visited_stand_id,
    visited_stand_availability: null,
    visited_stand_animators: {},
    owned_stands_ids: [...new Set([...data.owned_stands_ids, ...data.user.stands])],
    owned_stands_users: {},
    owned_stands_exhibitors: {},
    histories: {},
    active_users: 0,
    chat_users: [],
    last_ongoing_visit: data.last_ongoing_visit,
  };
}

const state = busSingleton('room', () => {
  let source = $pageData.get();
  const $room = atom<RoomState>(fromPageData(source));
  // New page data (first mount, Storybook, tests) starts a new room; new settings (the live activity) do not.
  $pageData.listen((data) => {
    const previous = source;
    source = data;
    const same = data.user === previous.user && data.visited_stand_id === previous.visited_stand_id && data.owned_stands_ids === previous.owned_stands_ids && data.last_ongoing_visit === previous.last_ongoing_visit;
    if (!same) $room.set(fromPageData(data));
  });
  return { $room, $currentPanorama: atom<string | null>(null) };
});

/** The room state (spec §3). Written by the stand-visit actions and the live activity stream. */
export const $room = readonlyType(state.$room);
/** The panorama the frame shows, as far as the host knows ('home', 'plan', 'conference' or a stand's slug). */
export const $currentPanorama = readonlyType(state.$currentPanorama);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Spec §4.8: each field present in `partial` replaces the local one, whole (no deep merge); fields it
 * leaves out, and fields that are not room-state fields, are left alone.
 */
export function applyLiveActivity(partial: LiveActivityState | Record<string, unknown>): boolean {
  if (!isRecord(partial)) return true;
  const next: RoomState = { ...state.$room.get() };
  let changed = false;
  for (const field of LIVE_ACTIVITY_FIELDS) {
    if (!Object.prototype.hasOwnProperty.call(partial, field) || partial[field] === undefined) continue;
    (next as unknown as Record<string, unknown>)[field] = partial[field];
    changed = true;
  }
  let applied = true;
  if (partial.chat_users === undefined && partial.chat_users_delta !== undefined) {
    const users = chatUsersAfter(next.chat_users, partial.chat_users_delta);
    if (users) {
      next.chat_users = users;
      changed = true;
    } else applied = false;
  }
  if (partial.owned_stands_users === undefined && partial.owned_stands_users_delta !== undefined) {
    const lists = ownedStandsUsersAfter(next.owned_stands_users, partial.owned_stands_users_delta);
    if (lists) {
      next.owned_stands_users = lists;
      changed = true;
    } else applied = false;
  }
  if (changed) state.$room.set(next);
  return applied;
}

const isIdList = (value: unknown): value is string[] => Array.isArray(value) && value.every((id) => typeof id === 'string');
const idOf = (user: unknown): string | null => (isRecord(user) && typeof user.id_user === 'string' ? user.id_user : null);

/** The people of `order` (ids) from `known`, or null when one is missing. */
function inOrder(order: readonly string[], known: ReadonlyMap<string, RoomUser>): RoomUser[] | null {
  const out: RoomUser[] = [];
  for (const id of order) {
    const user = known.get(id);
    if (!user) return null;
    out.push(user);
  }
  return out;
}

/**
 * `chat_users_delta` (the server sends it instead of the whole list while a stream stays open): whole, the people who
 * are new or changed; the ids of others by their new last activity (to the minute); the new order when it changed. Null
 * when it names someone this list does not have (the caller then pulls the whole state again). Applying it twice
 * gives the same list.
 */
export function chatUsersAfter(current: readonly RoomUser[], delta: unknown): RoomUser[] | null {
  if (!isRecord(delta) || !isRecord(delta.at) || !Array.isArray(delta.users) || (delta.ids !== undefined && !isIdList(delta.ids))) return null;
  const known = new Map<string, RoomUser>(current.map((user) => [user.id_user, user]));
  for (const user of delta.users as RoomUser[]) {
    const id = idOf(user);
    if (id !== null) known.set(id, user);
  }
  for (const [at, ids] of Object.entries(delta.at)) {
    if (!isIdList(ids)) return null;
    const ms = Number(at);
    const lastActivityAt = at !== 'null' && Number.isFinite(ms) ? new Date(ms).toISOString() : null;
    for (const id of ids) {
      const user = known.get(id);
      if (!user) return null;
      known.set(id, { ...user, last_activity_at: lastActivityAt });
    }
  }
  return inOrder(delta.ids ?? current.map((user) => user.id_user), known);
}

/**
 * `owned_stands_users_delta` (instead of `owned_stands_users` while a stream stays open), per stand whose visitors
 * changed: the gone are taken out, the changed replaced where they are, the arrivals added at the end, then the
 * order given when there is one. Null when a stand's list is unknown here or does not come out at the length the
 * server counted (this page missed an event: the caller pulls the whole state again). Applying it twice gives the
 * same lists.
 */
export function ownedStandsUsersAfter(current: Readonly<Record<string, RoomUser[]>>, delta: unknown): Record<string, RoomUser[]> | null {
  if (!isRecord(delta)) return null;
  const out: Record<string, RoomUser[]> = { ...current };
  for (const [standId, change] of Object.entries(delta)) {
    const list = current[standId];
    if (!list || !isRecord(change) || !isIdList(change.gone) || !Array.isArray(change.users) || (change.ids !== undefined && !isIdList(change.ids))) return null;
    const gone = new Set(change.gone);
    const known = new Map<string, RoomUser>(list.filter((user) => !gone.has(user.id_user)).map((user) => [user.id_user, user]));
    const order = [...known.keys()];
    for (const user of change.users as RoomUser[]) {
      const id = idOf(user);
      if (id === null) return null;
      if (!known.has(id)) order.push(id);
      known.set(id, user);
    }
    const next = inOrder(change.ids ?? order, known);
    if (!next || next.length !== change.count) return null;
    out[standId] = next;
  }
  return out;
}

/** Changes some fields of the room state (the stand-visit actions). */
export function updateRoom(patch: Partial<RoomState>): void {
  state.$room.set({ ...state.$room.get(), ...patch });
}

export function setCurrentPanorama(slug: string | null): void {
  state.$currentPanorama.set(slug);
}

/** Spec §6: "Owned stands skip visit tracking". */
export function isOwnedStand(standId: string): boolean {
  return state.$room.get().owned_stands_ids.includes(standId);
}
