/**
 * The Content-Security-Policy of the server-rendered pages (`/salon`, home, login, profile, the areas, error pages).
 * The room frame (`/room/`) and generated SVGs send their own.
 */
import { createHash } from 'node:crypto';

/** Where browsers send violation reports (`report-uri`, and the `csp` endpoint of `Reporting-Endpoints`). */
export const CSP_REPORT_PATH = '/csp-report';
/** The Reporting API endpoint name the policy's `report-to` names. */
export const CSP_REPORT_GROUP = 'csp';

/** `http(s)://host[:port]`, host a DNS name, IPv4 or bracketed IPv6: nothing that could end a CSP source or directive. */
const ORIGIN = /^https?:\/\/(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/;

/**
 * The origin of an http(s) address, as a CSP source expression, or null (not a URL, another scheme, or a host the
 * URL parser lets through but a header must not carry: `'`, `,`, `;`…).
 */
export function cspOrigin(value: string | null | undefined): string | null {
  if (!value) return null;
  let origin: string;
  try {
    const url = new URL(value.trim());
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    origin = url.origin;
  } catch {
    return null;
  }
  return ORIGIN.test(origin) ? origin : null;
}

/** `'sha256-…'` of an inline `<style>` element's exact text. */
export function styleHash(css: string): string {
  return `'sha256-${createHash('sha256').update(css, 'utf8').digest('base64')}'`;
}

export interface PolicySources {
  /** This server's origin as the browser sees it (`requestOrigin`): its websocket address is derived from it. */
  origin: string;
  /** Hashes (`styleHash`) of the inline `<style>` elements the pages carry. */
  styleHashes: readonly string[];
  /** Addresses the page may frame besides itself: the live stream's video and chat (any value; origins are taken). */
  frameUrls?: readonly (string | null | undefined)[];
  /** Other origins of exhibitors' pictures and videos (MEDIA_ORIGINS). */
  mediaOrigins?: readonly string[];
  /** Where the widgets' files come from when not this server (SPA_URL): their scripts and the manifest fetch. */
  spaUrl?: string;
}

const unique = (values: readonly (string | null)[]): string[] => [...new Set(values.filter((v): v is string => v !== null))];

/** The policy, one directive per `; `. Every source is either a keyword, a hash or an origin checked by `cspOrigin`. */
export function pagePolicy(sources: PolicySources): string {
  const own = cspOrigin(sources.origin);
  // socket.io's websocket: `'self'` covers ws(s) on the same host in CSP 3 browsers; older ones need it named.
  const socket = own ? own.replace(/^http/, 'ws') : null;
  const media = unique((sources.mediaOrigins ?? []).map(cspOrigin));
  const frames = unique((sources.frameUrls ?? []).map(cspOrigin)).filter((o) => o !== own);
  const spa = unique([cspOrigin(sources.spaUrl)]).filter((o) => o !== own);
  return [
    "default-src 'self'",
    // The loader and the remotes, from this server or the static origin of SPA_URL. No page has an inline script
    // (the page data is `application/json`, never run), and nothing in the build evaluates strings: no 'unsafe-eval'.
    `script-src ${["'self'", ...spa].join(' ')}`,
    // The pages' own <style> by hash; the widgets style through constructed stylesheets and CSSOM, which CSP allows.
    `style-src ${["'self'", ...sources.styleHashes].join(' ')}`,
    // data: the screen capture (a canvas's PNG shown and cropped); blob: its download address.
    `img-src ${["'self'", 'data:', 'blob:', ...media].join(' ')}`,
    `media-src ${["'self'", ...media].join(' ')}`,
    // The API, the live activity (SSE) and socket.io (polling, then its websocket).
    // (and the loader's fetch of widgets.json when the widgets come from SPA_URL's origin)
    `connect-src ${unique(["'self'", socket, ...spa]).join(' ')}`,
    // The 360° room frame (/room/) and the live stream's video and chat.
    `frame-src ${["'self'", ...frames].join(' ')}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
    `report-uri ${CSP_REPORT_PATH}`,
    // Where report-to is given, Chromium ignores report-uri, and it delivers report-to reports from https pages
    // only: over http the policy keeps report-uri alone, so violations are reported there too.
    ...(reportsTo(sources.origin) ? [`report-to ${CSP_REPORT_GROUP}`] : []),
  ].join('; ');
}

/** Whether a page of this origin names the Reporting API endpoint (`report-to`, `Reporting-Endpoints`): https only. */
export const reportsTo = (origin: string): boolean => origin.startsWith('https://');

/** The `Reporting-Endpoints` header that goes with `report-to` (relative: resolved against the page's address). */
export const REPORTING_ENDPOINTS = `${CSP_REPORT_GROUP}="${CSP_REPORT_PATH}"`;
