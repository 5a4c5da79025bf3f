import type { JourneyBody, JourneyData } from '@salon/shared/contracts/journey';
import { request, type Journey, type RequestOptions } from '@salon/shared';

type CallOptions = Omit<RequestOptions, 'json' | 'searchParams' | 'body'>;

/** PUT /api/journey `{vistingStand, standsToVisit, standsVisited}` (the spec's spelling): replaces the stored journey. */
export function putJourney(journey: Journey, options?: CallOptions): Promise<JourneyData> {
  const json: JourneyBody = {
    vistingStand: journey.visitingStand,
    standsToVisit: [...journey.standsToVisit],
    standsVisited: [...journey.standsVisited],
  };
  return request<JourneyData>('PUT', '/api/journey', { ...options, json });
}
