import { feedbackDelaySeconds } from '../page-data/parse';
import { readCookie, writeCookie } from '../platform/cookies';
import { busSingleton } from '../singleton';
import { $modal, openModal } from './modal';
import { $pageData } from './pageData';

/**
 * The opinion popup (spec §4.9): the feedback modal opens by itself `feedback_delay` seconds after the page
 * loaded, unless the visitor already gave an opinion (the `nps` cookie) or the delay is 0 or below (a missing or
 * non-numeric delay is the spec's 1200 s). It runs from the first widget of the page (the toaster starts it), long
 * before the modals remote loads.
 */

/** The same name and lifetime as `NPS_COOKIE` / `NPS_COOKIE_MAX_AGE_SECONDS` of `shared/forms` (a test checks it); kept here so the main entry does not carry the form rules. */
export const OPINION_COOKIE = 'nps';
/** Spec §9: one year. */
export const OPINION_COOKIE_MAX_AGE = 31_536_000;
/** setTimeout's largest delay (about 24.8 days); a longer one would fire at once. */
const LONGEST_TIMER_MS = 2_147_483_647;

interface OpinionTimer {
  started: boolean;
  /** Opened by itself once: never again on this page. */
  done: boolean;
  timer: ReturnType<typeof setTimeout> | null;
  stopWaiting: (() => void) | null;
}

const state = busSingleton('opinion', (): OpinionTimer => ({ started: false, done: false, timer: null, stopWaiting: null }));

export const hasGivenOpinion = (): boolean => readCookie(OPINION_COOKIE) !== null;

/** Records that the visitor gave an opinion (spec §4.9: the `nps` cookie for a year); the popup will not open by itself. */
export function recordOpinionGiven(): void {
  writeCookie(OPINION_COOKIE, '1', { maxAge: OPINION_COOKIE_MAX_AGE, sameSite: 'Lax' });
  stopOpinionTimer();
}

function openWhenFree(): void {
  state.timer = null;
  if (state.done || hasGivenOpinion()) return;
  // The visitor has it open already: nothing to open, now or when they close it.
  if ($modal.get()?.name === 'feedback') {
    state.done = true;
    return;
  }
  if ($modal.get() === null) {
    state.done = true;
    openModal({ name: 'feedback' });
    return;
  }
  // Never over another modal: wait until the slot is free.
  state.stopWaiting = $modal.listen((modal) => {
    if (modal !== null && modal.name !== 'feedback') return;
    state.stopWaiting?.();
    state.stopWaiting = null;
    openWhenFree();
  });
}

/** Starts the popup's timer once per page (later calls do nothing). Call after the page data is read. */
export function startOpinionTimer(): void {
  if (state.started) return;
  state.started = true;
  const seconds = feedbackDelaySeconds($pageData.get().feedback_delay);
  if (seconds <= 0 || hasGivenOpinion()) return;
  const delay = seconds * 1000;
  if (delay > LONGEST_TIMER_MS) return;
  state.timer = setTimeout(openWhenFree, delay);
}

/** Cancels the popup for this page (an opinion given; tests). */
export function stopOpinionTimer(): void {
  if (state.timer !== null) clearTimeout(state.timer);
  state.timer = null;
  state.stopWaiting?.();
  state.stopWaiting = null;
  state.done = true;
}

/** Tests and stories: forget that the timer ran on this page. */
export function resetOpinionTimer(): void {
  stopOpinionTimer();
  state.started = false;
  state.done = false;
}
