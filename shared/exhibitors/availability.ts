import { busSingleton, putMyAvailability, recordMyAvailability, $user } from '@salon/shared';
import { atom, onMount, readonlyType, type WritableAtom } from 'nanostores';
import type { HistoryItem, RoomUser } from '@salon/shared/contracts/room';
import type { PageUser } from '@salon/shared/contracts/page-data';
// By package name: these modules belong to other entries (a relative import would bundle a second copy).
import { $room, applyLiveActivity, type RoomState } from '@salon/shared/room';
import { pauseLive, resumeLive } from '@salon/shared/live';
import { putExhibitorAvailability } from './api';

/** The exhibitor's own availability (spec §4.4), as the switch shows it. */
export interface AvailabilityState {
  available: boolean;
  /** PUT /api/exhibitors/me/availability is under way (the switch already shows the new value). */
  saving: boolean;
}

/**
 * Spec §4.4, §9: an exhibitor counts as available when their availability is set and their last activity is
 * within `exhibitor_activity_period_before_hide` seconds of `now`.
 */
export function isAvailableWithin(
  person: { availability?: boolean | null; last_activity_at?: string | null },
  periodSeconds: number,
  now: number,
): boolean {
  if (person.availability !== true || !person.last_activity_at) return false;
  const at = Date.parse(person.last_activity_at);
  return Number.isFinite(at) && now - at <= periodSeconds * 1000;
}

interface AvailabilityInternals {
  $state: WritableAtom<AvailabilityState>;
}

const state = busSingleton<AvailabilityInternals>('availability', () => {
  const $state = atom<AvailabilityState>({ available: $user.get().availability, saving: false });
  // New page data (tests, Storybook) starts over.
  $user.listen((user) => $state.set({ available: user.availability, saving: false }));
  onMount($state, () => followHistory($state));
  // The main bus's copy, which the room's banner reads.
  $state.subscribe((value) => recordMyAvailability(value.available));
  return { $state };
});

/** The switch's value. Written by `setMyAvailability` / `toggleAvailability`, and by the stand history (below). */
export const $availability = readonlyType(state.$state);

function isMe(user: Pick<RoomUser, 'id_user' | 'obfuscated_id'> | undefined, me: PageUser): boolean {
  return !!user && me.obfuscated_id !== '' && (user.obfuscated_id === me.obfuscated_id || user.id_user === me.obfuscated_id);
}

/** What a history entry says of the user's availability: updateAvailability, or visioOpened (spec §4.4: unavailable). */
function availabilityIn(item: HistoryItem, me: PageUser): boolean | null {
  if (!isMe(item.content.user, me)) return null;
  if (item.content.type === 'updateAvailability' && typeof item.content.availability === 'boolean') return item.content.availability;
  if (item.content.type === 'visioOpened') return false;
  return null;
}

/**
 * The availability may change elsewhere: the chat's video call (spec §4.4), another tab, a colleague. The
 * stand history records it: entries that arrive after the first snapshot and are about the user move the switch.
 */
function followHistory($state: WritableAtom<AvailabilityState>): () => void {
  let seen: Set<string> | null = null;
  // New page data starts over: the history's next snapshot is the first again, whatever the one before held.
  const stopUser = $user.listen(() => {
    seen = null;
  });
  const sync = (room: RoomState) => {
    const items = Object.values(room.histories).flat();
    if (seen === null) {
      if (items.length > 0) seen = new Set(items.map((item) => item.obfuscated_id));
      return;
    }
    const fresh = items.filter((item) => !seen?.has(item.obfuscated_id));
    for (const item of fresh) seen.add(item.obfuscated_id);
    if ($state.get().saving) return;
    const me = $user.get();
    const latest = fresh
      .map((item) => ({ at: Date.parse(item.created_at) || 0, value: availabilityIn(item, me) }))
      .filter((change): change is { at: number; value: boolean } => change.value !== null)
      .sort((a, b) => b.at - a.at)[0];
    if (latest && latest.value !== $state.get().available) $state.set({ available: latest.value, saving: false });
  };
  sync($room.get());
  const stopRoom = $room.listen((room, previous) => {
    if (room.histories !== previous?.histories) sync(room);
  });
  return () => {
    stopUser();
    stopRoom();
  };
}

/**
 * Spec §4.4: the switch moves at once, the live updates are held while the server records it (a stale event
 * must not undo the local change), then the live state is pulled again. A failure puts the switch back; the
 * API client has shown its error toast. A change while one is being saved is ignored.
 */
export async function setMyAvailability(available: boolean): Promise<boolean> {
  const current = state.$state.get();
  if (current.saving) return false;
  if (current.available === available) return true;
  state.$state.set({ available, saving: true });
  pauseLive();
  try {
    const data = await putMyAvailability(available);
    state.$state.set({ available: typeof data?.availability === 'boolean' ? data.availability : available, saving: false });
    return true;
  } catch {
    state.$state.set({ available: current.available, saving: false });
    return false;
  } finally {
    resumeLive();
  }
}

export function toggleAvailability(): Promise<boolean> {
  return setMyAvailability(!state.$state.get().available);
}

/** Promoters, administrators and the exhibitors of a stand may change another exhibitor's availability. */
export function canChangeAvailability(user: Pick<PageUser, 'anonymous' | 'profile'>): boolean {
  return !user.anonymous && (user.profile === 'exhibitor' || user.profile === 'promoter' || user.profile === 'administrator');
}

function withAvailability(lists: Record<string, RoomUser[]>, userId: string, available: boolean): Record<string, RoomUser[]> {
  return Object.fromEntries(
    Object.entries(lists).map(([standId, list]) => [
      standId,
      list.map((user) => (user.obfuscated_id === userId || user.id_user === userId ? { ...user, availability: available } : user)),
    ]),
  );
}

/**
 * Another exhibitor's availability (PUT /api/exhibitors/{id}/availability), for those allowed. The room state
 * shows the change at once; live updates are held meanwhile and pulled again after. The user's own id goes
 * through `setMyAvailability`.
 */
export async function setExhibitorAvailability(userId: string, available: boolean): Promise<boolean> {
  if (isMe({ id_user: userId, obfuscated_id: userId }, $user.get())) return setMyAvailability(available);
  if (!canChangeAvailability($user.get())) return false;
  pauseLive();
  try {
    await putExhibitorAvailability(userId, available);
    const room = $room.get();
    applyLiveActivity({
      owned_stands_exhibitors: withAvailability(room.owned_stands_exhibitors, userId, available),
      visited_stand_animators: withAvailability(room.visited_stand_animators, userId, available),
    });
    return true;
  } catch {
    return false;
  } finally {
    resumeLive();
  }
}
