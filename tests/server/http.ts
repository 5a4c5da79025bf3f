/** Requests as a browser on the test origin sends them: the Host header, the widgets' JSON calls, a posted form. */
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { SalonApp } from '../../host-shell/server/app';

/** Tests talk to the app as a browser on this origin. */
export const HOST = 'salon.test';
export const ORIGIN = `http://${HOST}`;
export const XHR = { 'x-requested-with': 'XMLHttpRequest' } as const;

/** inject() with the test Host header (so the app's own origin is ORIGIN). */
export function request(app: SalonApp, options: InjectOptions): Promise<LightMyRequestResponse> {
  return app.inject({ ...options, headers: { host: HOST, ...options.headers } });
}

/**
 * A call to the JSON API as the widgets make it: X-Requested-With, this origin, the payload as JSON (a string is sent
 * as it is, for malformed bodies), the cookie if any.
 */
export function callApi(
  app: SalonApp,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
  cookie?: string,
): Promise<LightMyRequestResponse> {
  return request(app, {
    method,
    url,
    ...(payload === undefined ? {} : { payload: typeof payload === 'string' ? payload : JSON.stringify(payload) }),
    headers: {
      ...XHR,
      origin: ORIGIN,
      ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
      ...(cookie ? { cookie } : {}),
    },
  });
}

/** The room's "entering / leaving this stand" call (POST /api/stands/{id}/visit), as the room frame's bridge makes it. */
export function visitStand(
  app: SalonApp,
  cookie: string,
  stand: string,
  payload: Record<string, boolean>,
): Promise<LightMyRequestResponse> {
  return request(app, { method: 'POST', url: `/api/stands/${stand}/visit`, headers: { ...XHR, cookie }, payload });
}

/** The widgets' "I am here" call (PUT /api/users/me/active). */
export function markActive(app: SalonApp, cookie: string): Promise<LightMyRequestResponse> {
  return request(app, { method: 'PUT', url: '/api/users/me/active', headers: { ...XHR, cookie } });
}

export function form(fields: Record<string, string>): { payload: string; headers: Record<string, string> } {
  return {
    payload: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
  };
}
