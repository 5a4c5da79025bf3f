import { Type, type Static } from '@sinclair/typebox';
import { Nullable } from './common';
import { ObfuscatedId } from './room';

/**
 * The visitor's journey (spec §3 Journey, §4.1; keys spelled as the spec gives them): stand ids (obfuscated) to
 * visit, the one being visited, the ones seen. A stand is in one of the three at most.
 */
export const Journey = Type.Object(
  {
    vistingStand: Nullable(ObfuscatedId),
    standsToVisit: Type.Array(ObfuscatedId),
    standsVisited: Type.Array(ObfuscatedId),
  },
  { additionalProperties: false },
);
export type Journey = Static<typeof Journey>;

/** The most stands one list may hold (far more than a salon has; a bound on what one user stores). */
export const JOURNEY_MAX_STANDS = 500;

/** PUT /api/journey: the whole journey, which replaces the stored one. */
export const JourneyBody = Journey;
export type JourneyBody = Static<typeof JourneyBody>;

/** PUT /api/journey's answer: the journey as stored (duplicates removed). */
export const JourneyData = Type.Object({ journey: Journey });
export type JourneyData = Static<typeof JourneyData>;
