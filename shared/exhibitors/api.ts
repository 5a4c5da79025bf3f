import type { AnimatorsData, OtherAvailabilityBody } from '@salon/shared/contracts/exhibitors';
import type { AvailabilityData } from '@salon/shared/contracts/chat';
import type { HistoryItem } from '@salon/shared/contracts/room';
// By package name: this module is part of the `@salon/shared/exhibitors` entry, which must not carry a second API client.
import { request, type RequestOptions } from '@salon/shared';

/** The exhibitors' REST calls (shared/contracts/exhibitors.ts, spec §7). Types only from the schemas. */

type CallOptions = Omit<RequestOptions, 'json' | 'searchParams' | 'body'>;
/** `HistoryData` of `@salon/shared/contracts/chat`. */
export interface StandHistoryData {
  history: HistoryItem[];
}

const segment = (id: string) => encodeURIComponent(id);

function required(id: string, what: string): void {
  // Spec §5 "Required ids": a company id for the company, a stand id for the animators.
  if (id.trim() === '') throw new Error(`Missing ${what} id`);
}

/** GET /api/stands/{stand_id}/animators?company_id= */
export function getAnimators(standId: string, companyId?: string | null, options?: CallOptions): Promise<AnimatorsData> {
  required(standId, 'stand');
  return request<AnimatorsData>('GET', `/api/stands/${segment(standId)}/animators`, {
    ...options,
    ...(companyId ? { searchParams: { company_id: companyId } } : {}),
  });
}

/** GET /api/stands/{stand_id}/history?last={id}: 20 entries, newest first; `last` gives the page after that entry. */
export function getStandHistory(standId: string, last?: string | null, options?: CallOptions): Promise<StandHistoryData> {
  required(standId, 'stand');
  return request<StandHistoryData>('GET', `/api/stands/${segment(standId)}/history`, {
    ...options,
    ...(last ? { searchParams: { last } } : {}),
  });
}

/** PUT /api/exhibitors/{id}/availability `{available}`: another exhibitor's availability (those allowed). */
export function putExhibitorAvailability(userId: string, available: boolean, options?: CallOptions): Promise<AvailabilityData> {
  required(userId, 'user');
  const json: OtherAvailabilityBody = { available };
  return request<AvailabilityData>('PUT', `/api/exhibitors/${segment(userId)}/availability`, { ...options, json });
}
