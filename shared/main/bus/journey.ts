import { atom, readonlyType } from 'nanostores';
import { busSingleton } from '../singleton';
import { $pageData, isFeatureOn } from './pageData';

/** Spec §3 Journey: stand ids (obfuscated) in each list, at most one visiting (the spec's `vistingStand`, read by `parseJourney`). */
export interface Journey {
  visitingStand: string | null;
  standsToVisit: string[];
  standsVisited: string[];
}

export const EMPTY_JOURNEY: Journey = { visitingStand: null, standsToVisit: [], standsVisited: [] };

function ids(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return [...new Set(value.filter((id): id is string | number => typeof id === 'string' || typeof id === 'number').map(String))];
}

/**
 * Reads `user.journey` (a JSON string); anything unreadable is an empty journey. A stand sits in one list only
 * (spec §4.1): the visiting one leaves the others, and one both to visit and visited stays to visit.
 */
export function parseJourney(text: string | null | undefined): Journey {
  let raw: unknown;
  try {
    raw = text ? JSON.parse(text) : null;
  } catch {
    raw = null;
  }
  const data = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  // The spec's spelling (`vistingStand`) stops here: the page data and the API keep it, the code says visiting.
  const visiting = data.vistingStand;
  const visitingStand = typeof visiting === 'string' || typeof visiting === 'number' ? String(visiting) : null;
  const standsToVisit = ids(data.standsToVisit).filter((id) => id !== visitingStand);
  return {
    visitingStand,
    standsToVisit,
    standsVisited: ids(data.standsVisited).filter((id) => id !== visitingStand && !standsToVisit.includes(id)),
  };
}

// The value and the key are unchanged since the journey was read-only: widgets built before the actions still share it.
const state = busSingleton('journey', () => {
  const $journey = atom<Journey>(parseJourney($pageData.get().user.journey));
  $pageData.listen((data) => $journey.set(parseJourney(data.user.journey)));
  return { $journey };
});

/**
 * The visitor's journey (spec §4.1): page data at start, then the actions of `@salon/shared/journey`. The top bar
 * reads `standsToVisit` for its badge; the journey widget shows `$journeyView`.
 */
export const $journey = readonlyType(state.$journey);

/** For the journey's state machine (`journeyMachine.ts`) only: the one writer of `$journey`. */
export function writeJourney(next: Journey): void {
  state.$journey.set(next);
}

/** Spec §6: the journey exists only with the feature flag journey '1'. */
export function isJourneyEnabled(): boolean {
  return isFeatureOn($pageData.get().features, 'journey');
}

/** What the room's events need of the state machine (`@salon/shared/journey`), which announces itself when it loads. */
export interface MachineActions {
  setVisiting(standId: string): unknown;
  unsetVisiting(standId: string): unknown;
  addToVisit(standId: string): unknown;
}

/**
 * The machine once loaded, and its load under way: kept here, in the main entry, so that the room's events
 * (`@salon/shared/room`) and the machine (`@salon/shared/journey`) meet without importing each other.
 */
export const journeyMachineSlot = busSingleton('journeyLoad', () => ({
  machine: null as MachineActions | null,
  loading: null as Promise<unknown> | null,
}));

/** Called once by the state machine when it loads: from then on the room's events run it at once. */
export function provideJourneyMachine(machine: MachineActions): void {
  journeyMachineSlot.machine ??= machine;
}
