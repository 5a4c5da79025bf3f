import { atom, onMount, readonlyType, type WritableAtom } from 'nanostores';
import { putActive } from './api';
import { busSingleton, url } from '@salon/shared';

/** Spec §4.3 / §9: activity push interval. */
export const ACTIVITY_PUSH_INTERVAL_MS = 2000;

export interface ActivityState {
  /** The window (or the room frame inside it) has the focus. */
  focused: boolean;
  /** The page is visible (not a background tab, not being unloaded). */
  visible: boolean;
  /** The pointer is over the room (reported by the room widget). */
  pointerOver: boolean;
  /** All three: `PUT /api/users/me/active` goes out every 2 s. */
  pushing: boolean;
}

interface ActivityInternals {
  $activity: WritableAtom<ActivityState>;
  timer: ReturnType<typeof setInterval> | null;
  inFlight: boolean;
  lastPushAt: number;
  /** The visitor followed the logout link: the session is ending, nothing more is pushed (it would answer 401). */
  leaving: boolean;
}

const state = busSingleton<ActivityInternals>('activity', () => {
  const $activity = atom<ActivityState>({ focused: false, visible: false, pointerOver: false, pushing: false });
  onMount($activity, watchPage);
  return { $activity, timer: null, inFlight: false, lastPushAt: Number.NEGATIVE_INFINITY, leaving: false };
});

/**
 * The visitor's presence (spec §4.3). Listening to it starts watching focus and visibility; the push
 * runs while the page is focused, visible and the pointer is over the room, and stops when the last
 * listener leaves.
 */
export const $activity = readonlyType(state.$activity);

function push(): void {
  // One request at a time: a slow server does not pile them up.
  if (state.inFlight || state.leaving) return;
  state.inFlight = true;
  state.lastPushAt = Date.now();
  putActive({ notify: false })
    .catch(() => undefined) // logged by the API client; the next tick tries again
    .finally(() => {
      state.inFlight = false;
    });
}

function update(patch: Partial<Omit<ActivityState, 'pushing'>>): void {
  const current = state.$activity.get();
  const next = { ...current, ...patch };
  next.pushing = next.focused && next.visible && next.pointerOver;
  if (next.pushing && state.timer === null) {
    // At once when the last push is old enough, so a short visit counts too, but never more than one per interval.
    if (Date.now() - state.lastPushAt >= ACTIVITY_PUSH_INTERVAL_MS) push();
    state.timer = setInterval(push, ACTIVITY_PUSH_INTERVAL_MS);
  } else if (!next.pushing && state.timer !== null) {
    clearInterval(state.timer);
    state.timer = null;
  }
  if (
    next.focused !== current.focused ||
    next.visible !== current.visible ||
    next.pointerOver !== current.pointerOver ||
    next.pushing !== current.pushing
  ) {
    state.$activity.set(next);
  }
}

/** The room widget reports the pointer entering (mouseover) and leaving (mouseleave) the room. */
export function setPointerOverRoom(over: boolean): void {
  update({ pointerOver: over });
}

/** While someone listens: focus, visibility and page show/hide decide, with the pointer, whether to push. */
function watchPage(): (() => void) | undefined {
  const doc = globalThis.document;
  const win = globalThis.window;
  if (!doc || !win) return undefined;
  const isVisible = () => doc.visibilityState !== 'hidden';
  // Clicking into the room frame blurs this window, yet the visitor is still here: focus inside an iframe counts.
  const onBlur = () => update({ focused: doc.activeElement instanceof HTMLIFrameElement });
  const onFocus = () => update({ focused: true });
  const onVisibility = () => update({ visible: isVisible() });
  const onPageShow = () => {
    state.leaving = false;
    update({ visible: isVisible(), focused: doc.hasFocus() });
  };
  const onPageHide = () => update({ visible: false });
  // A click on a logout link (the top bar's "Leave the room"): the push stops before the session ends.
  const logoutPath = new URL(url('logout')).pathname;
  const onClick = (event: MouseEvent) => {
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (!(link instanceof HTMLAnchorElement) || link.pathname !== logoutPath) return;
    state.leaving = true;
    update({ visible: false });
  };

  update({ focused: doc.hasFocus(), visible: isVisible() });
  win.addEventListener('blur', onBlur);
  win.addEventListener('focus', onFocus);
  win.addEventListener('pageshow', onPageShow);
  win.addEventListener('pagehide', onPageHide);
  doc.addEventListener('visibilitychange', onVisibility);
  doc.addEventListener('click', onClick, { capture: true });
  return () => {
    doc.removeEventListener('click', onClick, { capture: true });
    win.removeEventListener('blur', onBlur);
    win.removeEventListener('focus', onFocus);
    win.removeEventListener('pageshow', onPageShow);
    win.removeEventListener('pagehide', onPageHide);
    doc.removeEventListener('visibilitychange', onVisibility);
    update({ pointerOver: false, focused: false, visible: false });
  };
}
