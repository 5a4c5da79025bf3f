import type { KyInstance } from 'ky';
import { msg } from '@lingui/core/macro';
import { showToast, type ToastMessage } from '../bus/toasts';

/**
 * The only place the front end touches the network (spec §7 and §8). Every call:
 * sends `X-Requested-With: XMLHttpRequest`, JSON bodies and same-origin cookies; resolves with the
 * body's `data`; rejects with an `ApiError` after logging it and, unless `notify: false`, showing an
 * error toast. An aborted request rejects silently.
 */

/** Spec §9: error message display cutoff. */
export const ERROR_MESSAGE_MAX_LENGTH = 1000;

export type ApiErrorKind =
  /** Non-2xx status. */
  | 'http'
  /** 2xx with `data.error: true`. */
  | 'server'
  /** 2xx without a `{data}` body. */
  | 'invalid'
  | 'network'
  | 'timeout'
  | 'aborted';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    message: string,
    readonly kind: ApiErrorKind,
    readonly status?: number,
    /** The body's `data` when there was one (e.g. `formErrors`). */
    readonly data?: unknown,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export interface RequestOptions {
  json?: unknown;
  /** A multipart body (uploads): the browser sets the content type with its boundary. */
  body?: FormData;
  searchParams?: Record<string, string | number | boolean>;
  signal?: AbortSignal;
  /** false: the caller reports the failure itself (no toast; still logged). Default true. */
  notify?: boolean;
  /** Milliseconds before the call fails as a timeout (default 10 s; uploads need longer). */
  timeout?: number;
  /** The request outlives the page: a save sent while the page unloads (fetch `keepalive`, bodies up to 64 kB). */
  keepalive?: boolean;
}

/**
 * ky is loaded with the first request (its own chunk): showing the page needs no API call, so the page does not
 * download it before the widgets are on screen. A failed load is a network failure of that request.
 */
let http: Promise<KyInstance> | undefined;
function loadHttp(): Promise<KyInstance> {
  http ??= import('ky').then(({ default: ky }) =>
    ky.create({
      headers: { 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' },
      credentials: 'same-origin',
      // Callers decide about retrying (the activity push simply runs again 2 s later).
      retry: 0,
      timeout: 10_000,
      throwHttpErrors: false,
      // Read at call time so tests (and nothing else) can replace globalThis.fetch.
      fetch: (input, init) => globalThis.fetch(input, init),
    }),
  );
  http.catch(() => {
    http = undefined;
  });
  return http;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The toast for `data.error` (spec §8): the message as the server wrote it; cut at 1000 characters with the
 * console hint only when it is longer; the no-message text when there is none. A normal refusal ("Stand fermé")
 * reads as itself, not as a crash.
 */
export function serverErrorMessage(message: unknown): ToastMessage {
  if (typeof message !== 'string' || message.trim() === '') {
    return msg`Error witout message. Open console for more details`;
  }
  if (message.length <= ERROR_MESSAGE_MAX_LENGTH) return message;
  const truncated = message.slice(0, ERROR_MESSAGE_MAX_LENGTH);
  return msg`${truncated}... Open console for more details`;
}

const REQUEST_FAILED = msg`An error occurred`;
/** A 429 that does not say how long to wait (a proxy's, say). */
export const TOO_MANY_REQUESTS = msg`Too many attempts. Please wait a moment and try again.`;

/**
 * The message of a rate limit's refusal (429): the server's `data.message`, written for a person in their language
 * and saying how long to wait. Null for any other failure, or a 429 without a message.
 */
export function rateLimitMessage(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status !== 429 || !isRecord(error.data)) return null;
  const message = error.data.message;
  return typeof message === 'string' && message.trim() !== '' ? message.trim().slice(0, ERROR_MESSAGE_MAX_LENGTH) : null;
}

/** A failed request's toast text: the server's error description, else the status text. */
function failureMessage(body: unknown, statusText: string): ToastMessage {
  if (isRecord(body)) {
    const data = isRecord(body.data) ? body.data : {};
    for (const candidate of [body.description, data.description, data.message, body.message]) {
      if (typeof candidate === 'string' && candidate.trim() !== '') return candidate;
    }
  }
  return statusText.trim() !== '' ? statusText : REQUEST_FAILED;
}

function notifyError(options: RequestOptions, message: ToastMessage): void {
  if (options.notify !== false) showToast({ kind: 'error', message, unique: true });
}

function isAbort(error: unknown, signal: AbortSignal | undefined): boolean {
  return (error instanceof Error && error.name === 'AbortError') || signal?.aborted === true;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function apiUrl(path: string): string {
  return new URL(path, globalThis.location?.origin).href;
}

/** `request<LangsData>('GET', '/api/langs')` → the body's `data`. A 204 or empty body gives undefined. */
export async function request<T>(method: Method, path: string, options: RequestOptions = {}): Promise<T> {
  let response: Response;
  let body: unknown;
  try {
    const ky = await loadHttp();
    response = await ky(apiUrl(path), {
      method,
      json: options.json,
      body: options.body,
      searchParams: options.searchParams,
      signal: options.signal,
      ...(options.timeout === undefined ? {} : { timeout: options.timeout }),
      ...(options.keepalive ? { keepalive: true } : {}),
    });
    body = await readBody(response);
  } catch (error) {
    if (isAbort(error, options.signal)) throw new ApiError('Request aborted', 'aborted', undefined, undefined, { cause: error });
    // ky's TimeoutError (by name: the class comes with ky's chunk, which may be what failed to load).
    const kind: ApiErrorKind = error instanceof Error && error.name === 'TimeoutError' ? 'timeout' : 'network';
    console.error(`Request failed: ${method} ${path}`, error);
    notifyError(options, REQUEST_FAILED);
    throw new ApiError(`Request failed: ${method} ${path}`, kind, undefined, undefined, { cause: error });
  }

  const data = isRecord(body) ? body.data : undefined;
  if (!response.ok) {
    const message = `Response not ok: ${response.status}`;
    console.error(message, { method, path, body });
    const error = new ApiError(message, 'http', response.status, data);
    const serverError = isRecord(data) && data.error === true;
    // A rate limit's refusal is for the person, not the console: its message as is (it says how long to wait).
    if (response.status === 429) notifyError(options, rateLimitMessage(error) ?? TOO_MANY_REQUESTS);
    else notifyError(options, serverError ? serverErrorMessage(data.message) : failureMessage(body, response.statusText));
    throw error;
  }
  if (body === undefined) return undefined as T;
  if (!isRecord(body) || !('data' in body)) {
    console.error(`Response has no data: ${method} ${path}`, body);
    notifyError(options, REQUEST_FAILED);
    throw new ApiError('Response has no data', 'invalid', response.status, body);
  }
  if (isRecord(data) && data.error === true) {
    // A caller that handles the answer itself (notify: false: 'already recorded', field errors) gets a warning, not an error.
    (options.notify === false ? console.warn : console.error)(`Server error: ${method} ${path}`, data);
    notifyError(options, serverErrorMessage(data.message));
    const message = typeof data.message === 'string' && data.message !== '' ? data.message : 'Error witout message';
    throw new ApiError(message, 'server', response.status, data);
  }
  return data as T;
}

/**
 * Sends `body` with `navigator.sendBeacon` (spec §7: the visit end "may go by beacon on unload"): the
 * browser delivers it even while the page goes away. `text/plain` keeps it a simple request (no CORS
 * preflight), so it carries neither `X-Requested-With` nor a JSON content type: the server reads the
 * text as JSON. Returns whether the browser queued it.
 */
export function beacon(path: string, body: unknown): boolean {
  const navigator = globalThis.navigator as Navigator | undefined;
  if (typeof navigator?.sendBeacon !== 'function') return false;
  try {
    return navigator.sendBeacon(apiUrl(path), new Blob([JSON.stringify(body)], { type: 'text/plain' }));
  } catch (error) {
    console.error(`Beacon failed: ${path}`, error);
    return false;
  }
}
