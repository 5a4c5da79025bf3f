import { msg } from '@lingui/core/macro';
import { computed, type ReadableAtom } from 'nanostores';
import {
  ApiError,
  busSingleton,
  isJourneyEnabled,
  $journey,
  type Journey,
  $locale,
  $pageData,
  provideJourneyMachine,
  showToast,
  writeJourney,
} from '@salon/shared';
import { putJourney } from './api';
import { journeyView, type JourneyView } from './view';

export type { JourneyStand, JourneyView } from './view';
import type { Stand } from '@salon/shared/contracts/exhibitors';
import { $stands, requestStands, type StandsState } from '@salon/shared/stands';

/**
 * The journey's state machine (spec §4.1), `@salon/shared/journey`: loaded by the journey widget, and by the room's
 * events when they change the journey (see `journey.ts`).
 */

/** French: "La sélection a été ajoutée à votre parcours personnalisé." (spec §4.1). */
const ADDED = msg`The selection has been added to your personal journey.`;
const BEING_VISITED = msg`You are visiting this stand right now.`;
const STANDS_UNAVAILABLE = msg`An error occurred`;

/** Saves one at a time, the latest journey each time (a change during a save is sent right after it). */
interface Saver {
  inFlight: boolean;
  dirty: boolean;
  /** Failures in a row that will be retried (network, timeout, 5xx); only the first is toasted. */
  failures: number;
  timer: ReturnType<typeof setTimeout> | null;
  /** Bumped when the page data changes (another user): what was pending is theirs, not this one's. */
  generation: number;
  /** The page is going away (pagehide): saves go at once, with keepalive, so they outlive it. */
  unloading: boolean;
  /** Who waits for the changes made so far to reach the server (`saved`): true once they have, false if they failed. */
  waiters: ((outcome: SaveOutcome) => void)[];
}

/** Whether a save reached the server; when not, whether the API client already showed the error. */
interface SaveOutcome {
  ok: boolean;
  toasted: boolean;
}

/** Retried saves wait 2 s, 4 s, 8 s… up to 30 s. */
export const JOURNEY_RETRY_MS = 2000;
const JOURNEY_RETRY_MAX_MS = 30_000;

/** The state machine's own part, once per page. */
const machine = busSingleton('journeyMachine', () => {
  const saver: Saver = { inFlight: false, dirty: false, failures: 0, timer: null, generation: 0, unloading: false, waiters: [] };
  // Capture: before the stand visit's own pagehide listener, whose leaveStand moves the visiting stand (spec §4.2).
  const win = globalThis.window as Window | undefined;
  win?.addEventListener(
    'pagehide',
    () => {
      saver.unloading = true;
      if (saver.dirty) sendBeforeUnload();
    },
    { capture: true },
  );
  win?.addEventListener('pageshow', () => (saver.unloading = false), { capture: true });
  $pageData.listen(() => {
    for (const waiter of saver.waiters.splice(0)) waiter({ ok: false, toasted: true });
    saver.generation += 1;
    saver.dirty = false;
    saver.failures = 0;
    if (saver.timer !== null) clearTimeout(saver.timer);
    saver.timer = null;
  });
  const $view: ReadableAtom<JourneyView> = computed([$journey, $stands, $locale], (journey, stands, locale) =>
    journeyView(journey, stands, locale.locale),
  );
  return { saver, $view };
});

/** The journey with the stands' names and panoramas, for the sidebar. Listening loads the stand list. */
export const $journeyView = machine.$view;

/** Saved on the server for everyone, anonymous visitors too (kept when they register or log in). */
function isJourneySaved(): boolean {
  return isJourneyEnabled();
}

function retryable(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    (error.kind === 'network' || error.kind === 'timeout' || (error.kind === 'http' && (error.status ?? 0) >= 500))
  );
}

/** Tells who waits (`saved`) how the save of every change so far went. */
function settle(outcome: SaveOutcome): void {
  for (const waiter of machine.saver.waiters.splice(0)) waiter(outcome);
}

async function flush(): Promise<void> {
  const { saver } = machine;
  if (saver.inFlight) return;
  saver.inFlight = true;
  try {
    while (saver.dirty) {
      saver.dirty = false;
      const generation = saver.generation;
      const notify = saver.failures === 0;
      try {
        await putJourney($journey.get(), { notify });
        if (generation === saver.generation) saver.failures = 0;
        if (!saver.dirty) settle({ ok: true, toasted: false });
      } catch (error) {
        if (generation === saver.generation) settle({ ok: false, toasted: notify });
        // A refusal (4xx) is toasted by the API client and not sent again; the next change is.
        if (generation !== saver.generation || !retryable(error)) continue;
        saver.failures += 1;
        saver.dirty = true;
        saver.timer = setTimeout(
          () => {
            saver.timer = null;
            void flush();
          },
          Math.min(JOURNEY_RETRY_MS * 2 ** (saver.failures - 1), JOURNEY_RETRY_MAX_MS),
        );
        return;
      }
    }
  } finally {
    saver.inFlight = false;
  }
}

/** The latest journey while the page unloads: no waiting for a save in flight or a retry, which would not come. */
function sendBeforeUnload(): void {
  const { saver } = machine;
  saver.dirty = false;
  if (saver.timer !== null) clearTimeout(saver.timer);
  saver.timer = null;
  putJourney($journey.get(), { keepalive: true, notify: false }).catch(() => undefined);
}

/** Resolves once the changes made so far have reached the server, or failed to. */
function saved(): Promise<SaveOutcome> {
  const { saver } = machine;
  if (!saver.dirty && !saver.inFlight && saver.timer === null) return Promise.resolve({ ok: true, toasted: false });
  return new Promise((resolve) => saver.waiters.push(resolve));
}

/** Spec §4.1 "Every change saves the journey to the server": PUT /api/journey with the latest journey. */
function save(): void {
  if (!isJourneySaved()) return;
  const { saver } = machine;
  if (saver.unloading) return sendBeforeUnload();
  saver.dirty = true;
  if (saver.timer !== null) {
    clearTimeout(saver.timer);
    saver.timer = null;
  }
  void flush();
}

function change(next: Journey): boolean {
  const current = $journey.get();
  if (JSON.stringify(current) === JSON.stringify(next)) return false;
  writeJourney(next);
  save();
  return true;
}

const without = (list: string[], id: string) => list.filter((item) => item !== id);
const withAdded = (list: string[], id: string) => (list.includes(id) ? list : [...list, id]);

/**
 * Set visiting (the visitor entered a stand): only a stand of the to-visit list, which it leaves; the stand being
 * visited before is first moved to visited. Returns whether the journey changed.
 */
export function setVisiting(standId: string): boolean {
  if (!isJourneyEnabled()) return false;
  const journey = $journey.get();
  if (!journey.standsToVisit.includes(standId)) return false;
  const previous = journey.visitingStand;
  return change({
    visitingStand: standId,
    standsToVisit: without(journey.standsToVisit, standId),
    standsVisited: previous ? withAdded(journey.standsVisited, previous) : journey.standsVisited,
  });
}

/** Unset visiting (the visitor left the stand): the stand being visited moves to visited. */
export function unsetVisiting(standId?: string): boolean {
  if (!isJourneyEnabled()) return false;
  const journey = $journey.get();
  const visiting = journey.visitingStand;
  if (!visiting || (standId !== undefined && standId !== visiting)) return false;
  return change({
    visitingStand: null,
    standsToVisit: without(journey.standsToVisit, visiting),
    standsVisited: withAdded(journey.standsVisited, visiting),
  });
}

/**
 * Mark visited: only the stand being visited, which leaves the to-visit list and joins the visited one (and so is
 * no longer the one in progress: a stand is in one list at a time).
 */
export function markVisited(standId?: string): boolean {
  return unsetVisiting(standId);
}

/** The stand list (GET /api/stands, loaded once per page, tried again after a failure); null when it could not be loaded. */
function loadedStands(): Promise<Record<string, Stand> | null> {
  return new Promise((resolve) => {
    let done = false;
    const finish = (value: StandsState): void => {
      if (done || (value.status !== 'ready' && value.status !== 'error')) return;
      done = true;
      stop();
      resolve(value.status === 'ready' ? value.stands : null);
    };
    // Listening loads the list (once per page); it may already be there, or have failed before: then it is tried again.
    const stop = $stands.listen(finish);
    requestStands();
    finish($stands.get());
  });
}

/**
 * Add to visit (the room frame's addStandToJourney): the stand must be known ("Unknow stand with id", an error
 * toast); a visited stand leaves the visited list; the stand being visited is not added. Once the server has the
 * journey, the success toast "La sélection a été ajoutée à votre parcours personnalisé."; if the save fails, an error
 * toast instead. Resolves whether the stand is now to visit and saved.
 */
export async function addToVisit(standId: string): Promise<boolean> {
  if (!isJourneyEnabled()) return false;
  const stands = await loadedStands();
  if (stands === null) {
    showToast({ kind: 'error', message: STANDS_UNAVAILABLE, unique: true });
    return false;
  }
  if (!Object.hasOwn(stands, standId)) {
    showToast({ kind: 'error', message: msg`Unknow stand with id ${standId}`, unique: true });
    return false;
  }
  const journey = $journey.get();
  if (journey.visitingStand === standId) {
    showToast({ kind: 'info', message: BEING_VISITED, unique: true });
    return false;
  }
  change({
    visitingStand: journey.visitingStand,
    standsToVisit: withAdded(journey.standsToVisit, standId),
    standsVisited: without(journey.standsVisited, standId),
  });
  // Success is said once the server has it (spec §8: a failure says so, never both).
  const outcome = await saved();
  if (outcome.ok) showToast({ kind: 'success', message: ADDED, unique: true });
  else if (!outcome.toasted) showToast({ kind: 'error', message: STANDS_UNAVAILABLE, unique: true });
  return outcome.ok;
}

/** Removes the stand in progress from the journey (it goes to no list). */
export function removeVisiting(): boolean {
  if (!isJourneyEnabled()) return false;
  return change({ ...$journey.get(), visitingStand: null });
}

/** Removes a stand from the to-visit list. */
export function removeToVisit(standId: string): boolean {
  if (!isJourneyEnabled()) return false;
  const journey = $journey.get();
  return change({ ...journey, standsToVisit: without(journey.standsToVisit, standId) });
}

/** Removes a stand from the visited list. */
export function removeVisited(standId: string): boolean {
  if (!isJourneyEnabled()) return false;
  const journey = $journey.get();
  return change({ ...journey, standsVisited: without(journey.standsVisited, standId) });
}

/** Empties every list (the sidebar asks for confirmation first). */
export function resetJourney(): boolean {
  if (!isJourneyEnabled()) return false;
  return change({ visitingStand: null, standsToVisit: [], standsVisited: [] });
}

provideJourneyMachine({ setVisiting, unsetVisiting, addToVisit });
