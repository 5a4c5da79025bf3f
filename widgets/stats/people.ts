import type { ActiveUser } from '@salon/shared/contracts/backoffice';
import type { RoomUser } from '@salon/shared/contracts/room';

/** The pseudo, else the published name ('' when the person published neither). */
export function personName(user: RoomUser): string {
  return user.pseudo || user.fullname;
}

/**
 * Pseudos are free text (people and host sites choose them): two people may show the same name. For each person
 * whose shown name (`shown`) another one shares, what tells them apart: their published name when the pseudo is
 * what shows, and their city.
 */
export function apart(users: readonly ActiveUser[], shown: (user: ActiveUser) => string): Map<string, string> {
  const count = new Map<string, number>();
  for (const user of users) count.set(shown(user), (count.get(shown(user)) ?? 0) + 1);
  const out = new Map<string, string>();
  for (const user of users) {
    if ((count.get(shown(user)) ?? 0) < 2) continue;
    const name = user.fullname.trim();
    const parts = [name && name !== shown(user) ? name : null, user.city?.trim() || null].filter((p): p is string => p !== null);
    if (parts.length > 0) out.set(user.id_user, parts.join(' · '));
  }
  return out;
}
