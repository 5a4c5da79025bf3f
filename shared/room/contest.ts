import { atom, readonlyType } from 'nanostores';
import { $pageData, $user, busSingleton, request, type PageUser } from '@salon/shared';
import { DEFAULT_CONTEST_NAME } from '@salon/shared/contracts/form-rules';
import type { ContestAccess } from '@salon/shared/contracts/room-frame';
import { onBusEvent } from './events';
import { onFrameConnected, sendRoomCommand } from './framePort';

/**
 * The room game's last score (spec §7 handleContestParticipation): recorded on the server at once
 * (`POST /api/contest/participation`, only for someone who may enter: anyone else would be refused), and kept here
 * until the contest form sends it with the participation. Subscribed once per page when the room's frame messages
 * are loaded, before the modals remote exists.
 */
const state = busSingleton('contest', () => {
  const $score = atom<number | null>(null);
  /** The contests this user entered since the page data was read (those before are in it). */
  const $enteredHere = atom<{ user: PageUser | null; names: readonly string[] }>({ user: null, names: [] });
  // The frame asks (its first checkSound) before its load event, when the room widget registers it: told then.
  const access = { pending: false };
  onFrameConnected(() => {
    if (access.pending) tellFrameContestAccess();
  });
  onBusEvent('contest:participation', ({ score }) => {
    $score.set(score);
    if (contestAccess($user.get()) !== 'open') return;
    // The form sends the score again, so a failure here needs no toast (the client logs it).
    request<unknown>('POST', '/api/contest/participation', { json: { score }, notify: false }).catch(() => undefined);
  });
  return { $score, $enteredHere, access };
});

/** The game's score waiting for the contest form, or null. */
export const $contestScore = readonlyType(state.$score);

/** After a recorded participation (or in stories): the score that waits for the form. */
export function setContestScore(score: number | null): void {
  state.$score.set(score);
}

/** Whether the user already entered this contest (spec §5: one entry per contest; any case, as the server compares). */
export function hasEnteredContest(name: string = DEFAULT_CONTEST_NAME): boolean {
  const wanted = name.toLowerCase();
  const here = state.$enteredHere.get();
  const sinceLoad = here.user === $user.get() ? here.names : [];
  return [...$pageData.get().contests_entered, ...sinceLoad].some((entered) => entered.toLowerCase() === wanted);
}

/**
 * Who may play the room's quiz (spec §5: the contest is for visitors with a profile route), told to the frame before
 * anyone starts it: an anonymous visitor can get there by logging in; someone who already entered the contest is
 * told so at once, as anyone else who may not take part ('closed': the frame asks for the contest modal, no question).
 */
export function contestAccess(user: PageUser, entered: boolean = hasEnteredContest()): ContestAccess {
  if (user.anonymous) return 'login';
  return user.profile === 'visitor' && Boolean(user.profileRoute) && !entered ? 'open' : 'closed';
}

/** The contest form was recorded (or the server says it already was): the next game says so before its questions. */
export function markContestEntered(name: string = DEFAULT_CONTEST_NAME): void {
  if (!hasEnteredContest(name)) {
    const user = $user.get();
    const here = state.$enteredHere.get();
    state.$enteredHere.set({ user, names: [...(here.user === user ? here.names : []), name] });
  }
  tellFrameContestAccess();
}

/** Tells the room frame who may play the quiz now; without a frame yet, as soon as one registers. */
export function tellFrameContestAccess(): void {
  state.access.pending = sendRoomCommand('setContestAccess', { access: contestAccess($user.get()) }) === 'no-frame';
}
