import type { ActiveData, StreamData, TrackingEventBody, VisitBody, VisitData } from '@salon/shared/contracts/room';
import { beacon, request, type RequestOptions } from '@salon/shared';

type CallOptions = Omit<RequestOptions, 'json' | 'searchParams'>;

export function visitPath(standId: string): string {
  return `/api/stands/${encodeURIComponent(standId)}/visit`;
}

/** POST /api/stands/{id}/visit `{start: true}` or `{end: true}`. */
export function postVisit(standId: string, json: VisitBody, options?: CallOptions): Promise<VisitData> {
  return request<VisitData>('POST', visitPath(standId), { ...options, json });
}

/** The visit end while the page unloads: by beacon (see `beacon`). */
export function endVisitByBeacon(standId: string): boolean {
  const json: VisitBody = { end: true };
  return beacon(visitPath(standId), json);
}

/** PUT /api/users/me/active (spec §4.3: every 2 s while the visitor is there). */
export function putActive(options?: CallOptions): Promise<ActiveData> {
  return request<ActiveData>('PUT', '/api/users/me/active', options);
}

/** GET /api/stream/active: whether a live stream replaces the room. */
export function getActiveStream(options?: CallOptions): Promise<StreamData> {
  return request<StreamData>('GET', '/api/stream/active', options);
}

/** POST /api/tracking-event */
export function postTrackingEvent(json: TrackingEventBody, options?: CallOptions): Promise<unknown> {
  return request<unknown>('POST', '/api/tracking-event', { ...options, json });
}
