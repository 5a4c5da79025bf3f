import type { StandsData } from '@salon/shared/contracts/exhibitors';
import { request, type RequestOptions } from '@salon/shared';

/** GET /api/stands: every stand, keyed by obfuscated id. */
export function getStands(options?: Omit<RequestOptions, 'json' | 'searchParams' | 'body'>): Promise<StandsData> {
  return request<StandsData>('GET', '/api/stands', options);
}
