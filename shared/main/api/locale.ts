import type { LangsData, LocaleBody, LocaleData } from '@salon/shared/contracts/locale';
import { request, type RequestOptions } from './client';

type CallOptions = Omit<RequestOptions, 'json' | 'searchParams'>;

/** GET /api/langs */
export function getLangs(options?: CallOptions): Promise<LangsData> {
  return request<LangsData>('GET', '/api/langs', options);
}

/** GET /api/locale */
export function getLocale(options?: CallOptions): Promise<LocaleData> {
  return request<LocaleData>('GET', '/api/locale', options);
}

/** PUT /api/locale: remembers the user's language on the server. */
export function putLocale(lang: LocaleBody['lang'], options?: CallOptions): Promise<unknown> {
  const json: LocaleBody = { lang };
  return request<unknown>('PUT', '/api/locale', { ...options, json });
}
