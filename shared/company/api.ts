import type { CompanyData } from '@salon/shared/contracts/exhibitors';
import { request, type RequestOptions } from '@salon/shared';

/** GET /api/company/{id}; a company id is required (spec §5 "Required ids"). */
export function getCompany(companyId: string, options?: Omit<RequestOptions, 'json' | 'searchParams' | 'body'>): Promise<CompanyData> {
  if (companyId.trim() === '') throw new Error('Missing company id');
  return request<CompanyData>('GET', `/api/company/${encodeURIComponent(companyId)}`, options);
}
