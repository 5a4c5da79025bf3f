import type { Kysely } from 'kysely';
import type { Journey } from '@salon/shared/contracts/journey';
import type { Database } from '../db/schema';
import { updateUser } from './users';

const ids = (value: unknown): string[] => (Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : []);

/** A stored journey (users.journey, JSON as PUT /api/journey saved it); null when there is none or it cannot be read. */
export function storedJourney(text: string | null | undefined): Journey | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    if (!value || typeof value !== 'object') return null;
    const record = value as Record<string, unknown>;
    return {
      vistingStand: typeof record.vistingStand === 'string' ? record.vistingStand : null,
      standsToVisit: ids(record.standsToVisit),
      standsVisited: ids(record.standsVisited),
    };
  } catch {
    return null;
  }
}

/**
 * The journey an account keeps when its owner logs in after an anonymous visit (spec §4.1, the home page's "create an
 * account later without losing your visit"): the account's, with the visit's stands added. A stand seen in either is
 * seen; the account's stand in progress stays, else the visit's.
 */
export function mergedJourney(account: Journey | null, visit: Journey | null): Journey | null {
  if (!visit) return account;
  if (!account) return visit;
  const visited = [...new Set([...account.standsVisited, ...visit.standsVisited])];
  const visiting = account.vistingStand ?? (visit.vistingStand && !visited.includes(visit.vistingStand) ? visit.vistingStand : null);
  const toVisit = [...new Set([...account.standsToVisit, ...visit.standsToVisit])].filter((id) => id !== visiting && !visited.includes(id));
  return { vistingStand: visiting, standsToVisit: toVisit, standsVisited: visited.filter((id) => id !== visiting) };
}

/** The anonymous visit's journey joins the account's, which is saved when it changes. */
export async function keepVisitJourney(
  db: Kysely<Database>,
  account: { id: number; journey: string | null },
  visit: { journey: string | null } | null,
): Promise<void> {
  const visitJourney = storedJourney(visit?.journey);
  if (!visitJourney) return;
  const merged = mergedJourney(storedJourney(account.journey), visitJourney);
  const text = JSON.stringify(merged);
  if (text !== account.journey) await updateUser(db, account.id, { journey: text });
}
