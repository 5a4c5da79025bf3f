import { chatUsersAfter, LIVE_ACTIVITY_FIELDS as FIELDS, ownedStandsUsersAfter } from '@salon/shared/contracts/live-fields';
import { atom, readonlyType } from 'nanostores';
import type { HistoryItem, LiveActivityState, RoomUser } from '@salon/shared/contracts/room';
import type { PageData } from '@salon/shared/contracts/page-data';
import { $pageData, busSingleton } from '@salon/shared';

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
    const same =
      data.user === previous.user &&
      data.visited_stand_id === previous.visited_stand_id &&
      data.owned_stands_ids === previous.owned_stands_ids &&
      data.last_ongoing_visit === previous.last_ongoing_visit;
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
