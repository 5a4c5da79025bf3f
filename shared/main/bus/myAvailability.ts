import { atom, readonlyType } from 'nanostores';
import { busSingleton } from '../singleton';
import { $user } from './pageData';

/**
 * The exhibitor's own availability as the page knows it now: the page data's, then every change the availability
 * switch (`@salon/shared/exhibitors`) records. Kept in the main bus so the room's banner follows the switch without
 * loading the exhibitors' code.
 */
const $mine = busSingleton('my-availability', () => {
  const mine = atom<boolean>($user.get().availability);
  $user.listen((user) => mine.set(user.availability));
  return mine;
});

export const $myAvailability = readonlyType($mine);

/** Written by the availability store only. */
export function recordMyAvailability(available: boolean): void {
  if ($mine.get() !== available) $mine.set(available);
}
