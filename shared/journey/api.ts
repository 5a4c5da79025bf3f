import type { JourneyBody, JourneyData } from '@salon/shared/contracts/journey';
import { request, type RequestOptions } from '@salon/shared';

type CallOptions = Omit<RequestOptions, 'json' | 'searchParams' | 'body'>;

/** PUT /api/journey `{vistingStand, standsToVisit, standsVisited}`: replaces the stored journey. */
export function putJourney(journey: JourneyBody, options?: CallOptions): Promise<JourneyData> {
  const json: JourneyBody = { vistingStand: journey.vistingStand, standsToVisit: [...journey.standsToVisit], standsVisited: [...journey.standsVisited] };
  return request<JourneyData>('PUT', '/api/journey', { ...options, json });
}
