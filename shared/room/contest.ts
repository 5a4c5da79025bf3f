import { atom, readonlyType } from 'nanostores';
import { busSingleton, request } from '@salon/shared';
import { onBusEvent } from './events';

/**
 * The room game's last score (spec §7 handleContestParticipation): recorded on the server at once
 * (`POST /api/contest/participation`), and kept here until the contest form sends it with the participation.
 * Subscribed once per page when the room's frame messages are loaded, before the modals remote exists.
 */
const state = busSingleton('contest', () => {
  const $score = atom<number | null>(null);
  onBusEvent('contest:participation', ({ score }) => {
    $score.set(score);
    // The form sends the score again, so a failure here needs no toast (the client logs it).
    request<unknown>('POST', '/api/contest/participation', { json: { score }, notify: false }).catch(() => undefined);
  });
  return { $score };
});

/** The game's score waiting for the contest form, or null. */
export const $contestScore = readonlyType(state.$score);

/** After a recorded participation (or in stories): the score that waits for the form. */
export function setContestScore(score: number | null): void {
  state.$score.set(score);
}
