import { atom, computed, onMount, type WritableAtom } from 'nanostores';
import type { Animator } from '@salon/shared/contracts/exhibitors';
import type { RoomUser } from '@salon/shared/contracts/room';
import { busSingleton, openModal, $sidebar } from '@salon/shared';
// By package name: these modules belong to other entries (a relative import would bundle a second copy).
import { $room } from '@salon/shared/room';
import { getAnimators } from './api';
import { CARD_TEXT_FIELDS } from './exhibitor';

/**
 * The unique contact point (spec §2.8): the animators of a stand (`GET /api/stands/{id}/animators` each time it
 * opens), their availability kept fresh by the live activity (`visited_stand_animators`), split into an
 * available and an unavailable group.
 */

export type ContactGroup = 'available' | 'unavailable';

export interface ContactPointView {
  /** The stand of the open contact point, or null when it is closed. */
  standId: string | null;
  status: 'idle' | 'loading' | 'ready' | 'error';
  available: Animator[];
  unavailable: Animator[];
  /** Available open by default; unavailable open only if some exist; then as the user toggles them. */
  open: Record<ContactGroup, boolean>;
}

interface Fetched {
  standId: string | null;
  status: ContactPointView['status'];
  animators: Animator[];
}

interface ContactPointInternals {
  $fetched: WritableAtom<Fetched>;
  /** null: the group's default. */
  $open: WritableAtom<Record<ContactGroup, boolean | null>>;
  controller: AbortController | null;
  /** The open stand's exhibitors' cards as the live activity last gave them (a change loads the animators again). */
  liveCards: { standId: string; signature: string } | null;
  /** The cards changed while animators were being loaded: the answer may be from before the change. */
  changedWhileLoading: boolean;
}

const CLOSED: Fetched = { standId: null, status: 'idle', animators: [] };

const state = busSingleton<ContactPointInternals>('contactPoint', () => ({
  $fetched: atom<Fetched>(CLOSED),
  $open: atom<Record<ContactGroup, boolean | null>>({ available: null, unavailable: null }),
  controller: null,
  liveCards: null,
  changedWhileLoading: false,
}));

/** `quiet`: a refresh of what is shown (an exhibitor edited their card): no loading state, and a failure keeps it. */
async function load(standId: string, quiet = false): Promise<void> {
  state.controller?.abort();
  const controller = new AbortController();
  state.controller = controller;
  state.changedWhileLoading = false;
  const previous = state.$fetched.get();
  if (!quiet) state.$fetched.set({ standId, status: 'loading', animators: previous.standId === standId ? previous.animators : [] });
  try {
    const data = await getAnimators(standId, null, { signal: controller.signal, ...(quiet ? { notify: false } : {}) });
    if (state.controller !== controller) return;
    // What is fetched goes with the cards the live activity shows now: the next change of them loads again.
    const live = $room.get().visited_stand_animators[standId];
    state.liveCards = live ? { standId, signature: cardsSignature(live) } : null;
    state.$fetched.set({
      standId,
      status: 'ready',
      animators: Array.isArray(data?.visited_stand_animators) ? data.visited_stand_animators : [],
    });
    if (state.changedWhileLoading) void load(standId, true);
  } catch {
    if (state.controller !== controller) return;
    if (quiet) return;
    state.$fetched.set({ standId, status: 'error', animators: [] });
  } finally {
    if (state.controller === controller) state.controller = null;
  }
}

function follow(sidebar: ReturnType<typeof $sidebar.get>): void {
  if (sidebar?.name === 'contact-point') {
    if (sidebar.standId !== state.$fetched.get().standId) state.$open.set({ available: null, unavailable: null });
    void load(sidebar.standId);
  } else if (state.$fetched.get().standId !== null) {
    state.controller?.abort();
    state.controller = null;
    state.$fetched.set(CLOSED);
  }
}

/** Live availability wins over the fetched one; a person the live list does not know keeps the fetched value. */
function withLiveAvailability(animators: readonly Animator[], live: readonly RoomUser[] | undefined): Animator[] {
  if (!live) return [...animators];
  const byId = new Map(live.map((user) => [user.obfuscated_id || user.id_user, user]));
  return animators.map((animator) => {
    const fresh = byId.get(animator.obfuscated_id) ?? byId.get(animator.id_user);
    if (!fresh) return animator;
    return {
      ...animator,
      availability: fresh.availability ?? animator.availability,
      hidden: fresh.hidden ?? animator.hidden,
      last_activity_at: fresh.last_activity_at ?? animator.last_activity_at,
    };
  });
}

export const $contactPoint = computed([state.$fetched, state.$open, $room], (fetched, open, room): ContactPointView => {
  const shown = fetched.standId
    ? withLiveAvailability(fetched.animators, room.visited_stand_animators[fetched.standId]).filter((animator) => !animator.hidden)
    : [];
  const available = shown.filter((animator) => animator.availability);
  const unavailable = shown.filter((animator) => !animator.availability);
  return {
    standId: fetched.standId,
    status: fetched.status,
    available,
    unavailable,
    open: { available: open.available ?? true, unavailable: open.unavailable ?? unavailable.length > 0 },
  };
});

/** What the live activity says of the cards (the published fields, names, pictures), not of availability. */
const CARD_KEYS = ['fullname', ...CARD_TEXT_FIELDS, 'picturePath', 'videoPath', 'fields_param'] as const;

function cardsSignature(live: readonly RoomUser[]): string {
  return JSON.stringify(live.map((user) => [user.obfuscated_id || user.id_user, ...CARD_KEYS.map((key) => user[key] ?? null)]));
}

/**
 * An exhibitor of the open stand edited their card (the live activity carries each card's published fields): the
 * animators are loaded again, so the contact point shows the change as the server words it for this viewer.
 */
function followCards(room: ReturnType<typeof $room.get>): void {
  const { standId, status } = state.$fetched.get();
  const live = standId ? room.visited_stand_animators[standId] : undefined;
  if (!standId || !live) return;
  const signature = cardsSignature(live);
  const last = state.liveCards;
  state.liveCards = { standId, signature };
  if (!last || last.standId !== standId || last.signature === signature) return;
  // A load on its way may answer what was there before this change: it loads again once answered.
  if (state.controller) state.changedWhileLoading = true;
  else if (status === 'ready') void load(standId, true);
}

// Listening is what loads: the stand of the sidebar slot, again each time it opens.
onMount($contactPoint, () => {
  follow($sidebar.get());
  const stopSidebar = $sidebar.listen(follow);
  const stopRoom = $room.listen(followCards);
  return () => {
    stopSidebar();
    stopRoom();
  };
});

export function toggleContactGroup(group: ContactGroup): void {
  const view = $contactPoint.get();
  state.$open.set({ ...state.$open.get(), [group]: !view.open[group] });
}

/** Loads the open stand's animators again (the error state's retry). */
export function reloadContactPoint(): void {
  const standId = state.$fetched.get().standId;
  if (standId) void load(standId);
}

/** The contact-request modal for the stand (spec §2.8). */
export function requestStandContact(standId: string): void {
  openModal({ name: 'stand-contact-request', standId });
}
