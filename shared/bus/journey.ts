import { atom, readonlyType } from 'nanostores';
import { busSingleton } from '../singleton';
import { $pageData } from './pageData';

/** Spec §3 Journey (keys spelled as given): stand ids in each list, at most one visiting. */
export interface Journey {
  vistingStand: string | null;
  standsToVisit: string[];
  standsVisited: string[];
}

function ids(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return [...new Set(value.filter((id): id is string | number => typeof id === 'string' || typeof id === 'number').map(String))];
}

/** Reads `user.journey` (a JSON string); anything unreadable is an empty journey. */
export function parseJourney(text: string | null | undefined): Journey {
  let raw: unknown;
  try {
    raw = text ? JSON.parse(text) : null;
  } catch {
    raw = null;
  }
  const data = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  const visiting = data.vistingStand;
  return {
    vistingStand: typeof visiting === 'string' || typeof visiting === 'number' ? String(visiting) : null,
    standsToVisit: ids(data.standsToVisit),
    standsVisited: ids(data.standsVisited),
  };
}

const state = busSingleton('journey', () => {
  const $journey = atom<Journey>(parseJourney($pageData.get().user.journey));
  $pageData.listen((data) => $journey.set(parseJourney(data.user.journey)));
  return { $journey };
});

/**
 * The visitor's journey (spec §4.1), read from the page data. The journey widget owns the actions
 * (it reacts to the `journey:*` bus events); the top bar reads `standsToVisit` for its badge.
 */
export const $journey = readonlyType(state.$journey);
