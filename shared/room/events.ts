import { busSingleton } from '@salon/shared';

/**
 * The bus's events: things that happen (as opposed to state, which lives in stores). Widgets that do not
 * exist yet subscribe later: the journey (spec §4.1), the stand history (§2.10), the contest (§4.10).
 */
export interface BusEvents {
  /** A stand-history line to record: the visitor entered or left a stand (spec §4.2). */
  'history:push': { type: 'enterOnStand' | 'leaveStand'; standId: string };
  /** The journey's "set visiting" (spec §4.1): the visitor is on this stand. */
  'journey:visiting': { standId: string };
  /** The journey's "unset visiting": the visitor left the stand it was visiting. */
  'journey:leave': { standId: string };
  /** The room frame's addStandToJourney: "add to visit" (spec §4.1). */
  'journey:add': { standId: string };
  /** The room frame's handleContestParticipation: the contest widget records the score (POST /api/contest/participation). */
  'contest:participation': { score: number };
}
export type BusEventName = keyof BusEvents;
type Listener<N extends BusEventName> = (payload: BusEvents[N]) => void;

const listeners = busSingleton('events', () => new Map<BusEventName, Set<(payload: never) => void>>());

/** Subscribes to one event; returns the unsubscribe function. */
export function onBusEvent<N extends BusEventName>(name: N, listener: Listener<N>): () => void {
  let set = listeners.get(name);
  if (!set) {
    set = new Set();
    listeners.set(name, set);
  }
  set.add(listener as (payload: never) => void);
  return () => {
    listeners.get(name)?.delete(listener as (payload: never) => void);
  };
}

/** Calls every listener; one that throws is logged and the others still run (the action goes on). */
export function emitBusEvent<N extends BusEventName>(name: N, payload: BusEvents[N]): void {
  for (const listener of [...(listeners.get(name) ?? [])]) {
    try {
      (listener as Listener<N>)(payload);
    } catch (error) {
      console.error(`[salon] a "${name}" listener failed`, error);
    }
  }
}
