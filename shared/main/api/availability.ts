import type { AvailabilityBody, AvailabilityData } from '@salon/shared/contracts/chat';
import { request, type RequestOptions } from './client';

/** PUT /api/exhibitors/me/availability `{availability}` (spec §7). */
export function putMyAvailability(
  availability: boolean,
  options?: Omit<RequestOptions, 'json' | 'searchParams' | 'body'>,
): Promise<AvailabilityData> {
  const json: AvailabilityBody = { availability };
  return request<AvailabilityData>('PUT', '/api/exhibitors/me/availability', { ...options, json });
}
