import { TIME_ZONE_COOKIE } from '@salon/shared/contracts/cookies';
import { singleton } from '../singleton';

export { TIME_ZONE_COOKIE };

/** The one place that reads and writes `document.cookie` (architecture brief §4: wrap platform APIs once). */

export interface CookieOptions {
  /** Seconds; left out, the cookie lasts for the browser session. */
  maxAge?: number;
  sameSite: 'Lax' | 'Strict';
  path?: string;
}

function doc(): Document | undefined {
  return globalThis.document;
}

export function readCookie(name: string): string | null {
  const jar = doc()?.cookie ?? '';
  for (const part of jar.split(';')) {
    const index = part.indexOf('=');
    if (index === -1) continue;
    if (part.slice(0, index).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(index + 1).trim());
    } catch {
      return part.slice(index + 1).trim();
    }
  }
  return null;
}

/** The exact `document.cookie` assignment, so tests can check attributes the cookie jar does not show. */
export function cookieString(name: string, value: string, options: CookieOptions): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, `Path=${options.path ?? '/'}`];
  if (options.maxAge !== undefined) parts.push(`Max-Age=${options.maxAge}`);
  parts.push(`SameSite=${options.sameSite}`);
  if (globalThis.location?.protocol === 'https:') parts.push('Secure');
  return parts.join('; ');
}

export function writeCookie(name: string, value: string, options: CookieOptions): void {
  const target = doc();
  if (target) target.cookie = cookieString(name, value, options);
}

export function deleteCookie(name: string, options: Omit<CookieOptions, 'maxAge'>): void {
  writeCookie(name, '', { ...options, maxAge: 0 });
}

export function browserTimeZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
}

/**
 * Writes `salon_tz` once per page, however many widgets mount (called by `createMount`), after the page's load: at
 * the visitor's first input (in the idle time after it) or when the page is hidden, whichever comes first. The first
 * `Intl.DateTimeFormat` of a page loads the time-zone data (about 40 ms of main thread on a desktop, four times that
 * on a phone: one long task while the page loads, even in an idle callback), and only the pages the server renders
 * later need the cookie (the organisers' news form), which the visitor reaches by a click or a key.
 */
export function initTimeZoneCookie(): void {
  const state = singleton('salon.page@1/time-zone-cookie', () => ({ done: false }));
  if (state.done || typeof window === 'undefined') return;
  state.done = true;
  const write = () => {
    const zone = browserTimeZone();
    if (zone) writeCookie(TIME_ZONE_COOKIE, zone, { sameSite: 'Strict' });
  };
  const events = ['pointerdown', 'keydown', 'visibilitychange', 'pagehide'] as const;
  const options = { capture: true, passive: true } as const;
  const onEvent = (event: Event) => {
    if (event.type === 'visibilitychange' && document.visibilityState !== 'hidden') return;
    for (const type of events) window.removeEventListener(type, onEvent, options);
    if (event.type === 'pointerdown' || event.type === 'keydown') whenIdle(write);
    else write();
  };
  for (const type of events) window.addEventListener(type, onEvent, options);
}

/** `requestIdleCallback` where the browser has it (at most 2 s late), a plain timer elsewhere (Safari). */
function whenIdle(task: () => void): void {
  if (typeof globalThis.requestIdleCallback === 'function') globalThis.requestIdleCallback(task, { timeout: 2000 });
  else setTimeout(task, 200);
}
