import { msg } from '@lingui/core/macro';
import { $sidebar, busSingleton, hideSidebar, showToast } from '@salon/shared';
import { SPECIAL_PANORAMAS } from '@salon/shared/contracts/room-frame';
import { endVisitByBeacon, postVisit } from './api';
import { emitBusEvent } from './events';
import { hasFramePort, sendRoomCommand } from './framePort';
import { $room, isOwnedStand, setCurrentPanorama, updateRoom } from './room';
import { emitTracking } from './tracking';

/**
 * The stand visit of spec §4.2. The live activity stream follows `$room.visited_stand_id` by itself
 * (`@salon/shared/live`), which is the spec's "refreshes activity".
 */

const state = busSingleton('standVisit', () => ({
  unloadInstalled: false,
  /** The stand left because the page was hidden; entered again if the page comes back from the back-forward cache. */
  leftOnUnload: null as string | null,
}));

export function isSpecialPanorama(slug: string): boolean {
  return (SPECIAL_PANORAMAS as readonly string[]).includes(slug);
}

/** Spec §4.2 "Page unload also leaves the stand (the end may go by beacon)". */
function installUnloadLeave(): void {
  const win = globalThis.window as Window | undefined;
  if (state.unloadInstalled || !win) return;
  state.unloadInstalled = true;
  win.addEventListener('pagehide', () => {
    const standId = $room.get().visited_stand_id;
    if (!standId) return;
    leaveStand({ unloading: true });
    state.leftOnUnload = standId;
  });
  win.addEventListener('pageshow', (event: PageTransitionEvent) => {
    const standId = state.leftOnUnload;
    state.leftOnUnload = null;
    if (event.persisted && standId && !$room.get().visited_stand_id) enterStand(standId);
  });
}

/**
 * The visitor entered a stand (room frame's enterOnStand): records it, pushes an enterOnStand history
 * event, starts the visit on the server (`stand_visit` kept as `last_ongoing_visit`), marks it in the
 * journey, closes the sidebar and emits the tracking event `stand_{id}_enter`. Entering another stand
 * first leaves the current one; entering the current one again does nothing.
 */
export function enterStand(standId: string, panorama?: string): void {
  const current = $room.get().visited_stand_id;
  if (current === standId) return;
  if (current) leaveStand();
  installUnloadLeave();

  updateRoom({ visited_stand_id: standId, visited_stand_availability: null, last_ongoing_visit: null });
  if (panorama) setCurrentPanorama(panorama);
  emitBusEvent('history:push', { type: 'enterOnStand', standId });
  postVisit(standId, { start: true }).then(
    ({ stand_visit }) => {
      // The visitor may have moved on while the server answered.
      if (stand_visit && $room.get().visited_stand_id === standId) updateRoom({ last_ongoing_visit: stand_visit });
    },
    () => undefined, // toasted and logged by the API client
  );
  emitBusEvent('journey:visiting', { standId });
  hideSidebar();
  void emitTracking({ name: `stand_${standId}_enter`, stand_id: standId });
}

/**
 * The visitor left the stand: ends the visit on the server unless the user owns the stand (spec §6),
 * pushes leaveStand, clears the journey's current stand, resets the chat users and the visited stand, and closes
 * that stand's contact point.
 * `unloading`: the page is going away, so the end goes by beacon.
 */
export function leaveStand(options: { unloading?: boolean } = {}): void {
  const standId = $room.get().visited_stand_id;
  if (!standId) return;
  if (!isOwnedStand(standId)) {
    const sent = options.unloading === true && endVisitByBeacon(standId);
    if (!sent) postVisit(standId, { end: true }, { notify: !options.unloading }).catch(() => undefined);
  }
  emitBusEvent('history:push', { type: 'leaveStand', standId });
  emitBusEvent('journey:leave', { standId });
  updateRoom({ chat_users: [], visited_stand_id: null, visited_stand_availability: null, last_ongoing_visit: null });
  // The stand's contact point lists the stand's exhibitors: it closes with the stand.
  const sidebar = $sidebar.get();
  if (sidebar?.name === 'contact-point' && sidebar.standId === standId) hideSidebar();
}

const MAP_UNAVAILABLE = msg`Map access is not available, try again later.`;
const ACCESS_UNAVAILABLE = msg`Access is not available, please try again later.`;

/**
 * Moves the frame to a panorama: 'home', 'plan' (the map), 'conference' or a stand's slug. Moving to
 * anything but those three leaves the current stand first (spec §4.2). Without a room frame on the page,
 * a toast says the place is not available. Returns whether the command was sent.
 */
export function goToPanorama(slug: string): boolean {
  if (!hasFramePort()) {
    showToast({ kind: 'error', message: slug === 'plan' ? MAP_UNAVAILABLE : ACCESS_UNAVAILABLE, unique: true });
    return false;
  }
  if (!isSpecialPanorama(slug)) leaveStand();
  if (sendRoomCommand('goToPanorama', { slug }) !== 'sent') return false;
  setCurrentPanorama(slug);
  return true;
}
