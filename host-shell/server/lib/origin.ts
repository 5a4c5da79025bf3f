import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import type { FastifyRequest } from 'fastify';

/** Scheme and host the client used, e.g. `http://127.0.0.1:8080` (X-Forwarded-* only when TRUST_PROXY=1). */
export const requestOrigin = (request: FastifyRequest): string => `${request.protocol}://${request.host}`;

const header = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

export const isXhr = (request: FastifyRequest): boolean => header(request, 'x-requested-with') === 'XMLHttpRequest';

/** What `navigator.sendBeacon(url, new Blob([json], {type: 'text/plain'}))` sends: text/plain, no X-Requested-With. */
export const isBeacon = (request: FastifyRequest): boolean =>
  !isXhr(request) && /^text\/plain\s*(;|$)/i.test(header(request, 'content-type') ?? '');

function originOf(value: string): string | null {
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
}

/**
 * Why a state-changing request is refused, or null when it may proceed.
 * - The browser's own signals first: Sec-Fetch-Site other than same-origin is refused.
 * - Origin (or Referer when there is no Origin) must be this server's origin.
 * - With neither, only a request carrying X-Requested-With is accepted: browsers cannot send that header
 *   cross-origin without a CORS preflight, which this server never grants.
 * - `requireXhr` (the /api) always wants X-Requested-With, whatever the origin headers say.
 * - `requireOrigin` (beacons) wants Origin or Referer: X-Requested-With alone is not enough.
 */
export function sameOriginRefusal(request: FastifyRequest, requireXhr: boolean, requireOrigin = false): MessageDescriptor | null {
  const xhr = isXhr(request) && !requireOrigin;
  if (requireXhr && !xhr) return msg`Missing header X-Requested-With: XMLHttpRequest`;
  const site = header(request, 'sec-fetch-site');
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return msg`Cross-site request refused (Sec-Fetch-Site: ${site})`;
  const expected = requestOrigin(request);
  const origin = header(request, 'origin');
  if (origin !== undefined) return origin === expected ? null : msg`Cross-origin request refused (Origin ${origin} is not ${expected})`;
  const referer = header(request, 'referer');
  if (referer !== undefined)
    return originOf(referer) === expected ? null : msg`Cross-origin request refused (Referer is not from ${expected})`;
  if (requireOrigin) return msg`Beacon refused: no Origin or Referer header`;
  return xhr ? null : msg`Request refused: no Origin, Referer or X-Requested-With header`;
}

const first = (value: string | string[] | undefined): string | undefined => {
  const one = Array.isArray(value) ? value[0] : value;
  return one?.split(',')[0]?.trim() || undefined;
};

/**
 * This server's origin as a raw request (the socket.io handshake) reaches it: what `requestOrigin` says for a
 * fastify request, with X-Forwarded-Proto/Host only when the proxy is trusted.
 */
export function rawRequestOrigin(request: IncomingMessage, trustProxy: boolean): string {
  const encrypted = (request.socket as { encrypted?: boolean }).encrypted === true;
  const proto = (trustProxy ? first(request.headers['x-forwarded-proto']) : undefined) ?? (encrypted ? 'https' : 'http');
  const host = (trustProxy ? first(request.headers['x-forwarded-host']) : undefined) ?? request.headers.host ?? '';
  return `${proto}://${host}`;
}

/**
 * Why a socket handshake is refused, or null: the same-origin rule of state-changing HTTP calls, without the
 * X-Requested-With part (a WebSocket cannot send it). Browsers always send Origin with a WebSocket and with a
 * cross-origin XHR; a same-origin polling GET may come without it.
 */
export function handshakeOriginRefusal(headers: IncomingHttpHeaders, expected: string): MessageDescriptor | null {
  const site = first(headers['sec-fetch-site']);
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return msg`Cross-site connection refused (Sec-Fetch-Site: ${site})`;
  const origin = first(headers.origin);
  if (origin !== undefined) return origin === expected ? null : msg`Cross-origin connection refused (Origin ${origin} is not ${expected})`;
  const referer = first(headers.referer);
  if (referer !== undefined && originOf(referer) !== expected)
    return msg`Cross-origin connection refused (Referer is not from ${expected})`;
  return null;
}
