import { afterEach, beforeAll, beforeEach, describe, expect, jest, test } from '@jest/globals';
import { ApiError, rateLimitMessage, request } from './client';
import { getLangs, getLocale, putLocale } from './locale';
import { $toasts, clearToasts, type ToastMessage } from '../bus/toasts';
import { activateLocale, i18n } from '../i18n/catalogs';
import { installFetch, jsonResponse } from '@salon/shared/test/fetch';

let fetchMock: ReturnType<typeof installFetch> | undefined;
let errors: ReturnType<typeof jest.spyOn>;

const shownTexts = () => $toasts.get().map((toast) => text(toast.message));
const text = (message: ToastMessage) => (typeof message === 'string' ? message : i18n._(message));

beforeAll(() => activateLocale('en_EN'));
beforeEach(() => {
  errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  fetchMock?.restore();
  clearToasts();
  errors.mockRestore();
});

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('expected the request to fail');
}

describe('conventions (spec §7)', () => {
  test('sends X-Requested-With, asks for JSON, same-origin credentials, resolves with data', async () => {
    fetchMock = installFetch(() => jsonResponse({ data: { langs: [{ name: 'English', prefix_all: 'en_EN', flag: 'gb' }] } }));
    await expect(getLangs()).resolves.toEqual({ langs: [{ name: 'English', prefix_all: 'en_EN', flag: 'gb' }] });
    const [sent] = fetchMock.requests;
    expect(sent?.method).toBe('GET');
    expect(sent?.url.href).toBe('http://localhost/api/langs');
    expect(sent?.headers.get('X-Requested-With')).toBe('XMLHttpRequest');
    expect(sent?.headers.get('Accept')).toBe('application/json');
    expect(sent?.credentials).toBe('same-origin');
    expect($toasts.get()).toEqual([]);
  });

  test('PUT /api/locale sends {lang} as JSON', async () => {
    fetchMock = installFetch(() => jsonResponse({ data: { locale: 'fr_FR' } }));
    await putLocale('fr_FR');
    const [sent] = fetchMock.requests;
    expect(sent?.method).toBe('PUT');
    expect(sent?.url.pathname).toBe('/api/locale');
    expect(sent?.headers.get('Content-Type')).toMatch(/^application\/json/);
    expect(sent?.json).toEqual({ lang: 'fr_FR' });
  });

  test('GET /api/locale gives locale and multi', async () => {
    fetchMock = installFetch(() => jsonResponse({ data: { locale: 'fr_FR', multi: true } }));
    await expect(getLocale()).resolves.toEqual({ locale: 'fr_FR', multi: true });
  });

  test('query parameters and an empty 204 answer', async () => {
    fetchMock = installFetch(() => new Response(null, { status: 204 }));
    await expect(request('GET', '/api/notifications', { searchParams: { page: 2 } })).resolves.toBeUndefined();
    expect(fetchMock.requests[0]?.url.search).toBe('?page=2');
  });
});

describe('errors (spec §8)', () => {
  test('non-2xx: rejects with "Response not ok: {status}", logs it, toasts the server description', async () => {
    fetchMock = installFetch(() => jsonResponse({ description: 'Stand is closed' }, { status: 409, statusText: 'Conflict' }));
    const error = await failure(request('GET', '/api/stands'));
    expect(error.message).toBe('Response not ok: 409');
    expect(error.kind).toBe('http');
    expect(error.status).toBe(409);
    expect(errors).toHaveBeenCalledWith('Response not ok: 409', expect.anything());
    expect(shownTexts()).toEqual(['Stand is closed']);
    expect($toasts.get()[0]?.kind).toBe('error');
  });

  test('non-2xx without a description: the status text', async () => {
    fetchMock = installFetch(() => new Response('<html>oops</html>', { status: 502, statusText: 'Bad Gateway' }));
    const error = await failure(request('GET', '/api/stands'));
    expect(error.message).toBe('Response not ok: 502');
    expect(shownTexts()).toEqual(['Bad Gateway']);
  });

  test('data.error: the message in an error toast as the server wrote it (no console hint), and rejected', async () => {
    fetchMock = installFetch(() => jsonResponse({ data: { error: true, message: 'Stand inconnu' } }));
    const error = await failure(request('POST', '/api/stands/s1/visit', { json: { start: true } }));
    expect(error.kind).toBe('server');
    expect(error.message).toBe('Stand inconnu');
    expect(shownTexts()).toEqual(['Stand inconnu']);
    expect(errors).toHaveBeenCalled();
  });

  test('data.error with a long message: cut at 1000 characters', async () => {
    const long = 'x'.repeat(1500);
    fetchMock = installFetch(() => jsonResponse({ data: { error: true, message: long } }));
    await failure(request('GET', '/api/stands'));
    expect(shownTexts()).toEqual([`${'x'.repeat(1000)}... Open console for more details`]);
  });

  test('data.error of exactly 1000 characters is not cut and gets no hint; 1001 are cut with it', async () => {
    fetchMock = installFetch(() => jsonResponse({ data: { error: true, message: 'y'.repeat(1000) } }));
    await failure(request('GET', '/api/stands'));
    fetchMock = installFetch(() => jsonResponse({ data: { error: true, message: 'z'.repeat(1001) } }));
    await failure(request('GET', '/api/stands'));
    expect(shownTexts()).toEqual(['y'.repeat(1000), `${'z'.repeat(1000)}... Open console for more details`]);
  });

  test('data.error without a message: the exact no-message text', async () => {
    fetchMock = installFetch(() => jsonResponse({ data: { error: true } }));
    await failure(request('GET', '/api/stands'));
    expect(shownTexts()).toEqual(['Error witout message. Open console for more details']);
  });

  test('data.error on a non-2xx answer is shown like data.error (form errors stay readable)', async () => {
    fetchMock = installFetch(() =>
      jsonResponse({ data: { error: true, message: 'Invalid', formErrors: { email: 'bad' } } }, { status: 400 }),
    );
    const error = await failure(request('POST', '/contact', { json: {} }));
    expect(error.message).toBe('Response not ok: 400');
    expect(error.data).toEqual({ error: true, message: 'Invalid', formErrors: { email: 'bad' } });
    expect(shownTexts()).toEqual(['Invalid']);
  });

  test('a rate limit (429): the server’s message as is — it says how long to wait —, without the console hint', async () => {
    fetchMock = installFetch(() =>
      jsonResponse(
        { data: { error: true, message: 'Too many attempts. Try again in 42 seconds.' } },
        { status: 429, headers: { 'Retry-After': '42' } },
      ),
    );
    const error = await failure(request('POST', '/api/partages', { json: { platform: 'linkedin' } }));
    expect(error.message).toBe('Response not ok: 429');
    expect(error.status).toBe(429);
    expect(rateLimitMessage(error)).toBe('Too many attempts. Try again in 42 seconds.');
    expect(shownTexts()).toEqual(['Too many attempts. Try again in 42 seconds.']);
  });

  test('a 429 in POST /contact’s shape, in French: its message', async () => {
    fetchMock = installFetch(() =>
      jsonResponse({ statusCode: 429, data: { error: true, message: 'Trop de tentatives. Réessayez dans 3 minutes.' } }, { status: 429 }),
    );
    const error = await failure(request('POST', '/contact', { json: {}, notify: false }));
    expect(rateLimitMessage(error)).toBe('Trop de tentatives. Réessayez dans 3 minutes.');
    expect(shownTexts()).toEqual([]);
  });

  test('a 429 without a message (a proxy’s): "Too many attempts. Please wait a moment and try again.", in the active language', async () => {
    fetchMock = installFetch(
      () =>
        new Response('<html>429 Too Many Requests</html>', {
          status: 429,
          statusText: 'Too Many Requests',
          headers: { 'Content-Type': 'text/html' },
        }),
    );
    const error = await failure(request('GET', '/api/stands'));
    expect(rateLimitMessage(error)).toBeNull();
    expect(shownTexts()).toEqual(['Too many attempts. Please wait a moment and try again.']);
    await activateLocale('fr_FR');
    expect(shownTexts()).toEqual(['Trop de tentatives. Patientez un moment, puis réessayez.']);
    await activateLocale('en_EN');
  });

  test('rateLimitMessage is null for every other failure', async () => {
    fetchMock = installFetch(() => jsonResponse({ data: { error: true, message: 'Invalid' } }, { status: 400 }));
    expect(rateLimitMessage(await failure(request('GET', '/api/stands')))).toBeNull();
    expect(rateLimitMessage(new Error('x'))).toBeNull();
  });

  test('toasts the messages in the active language', async () => {
    await activateLocale('fr_FR');
    fetchMock = installFetch(() => jsonResponse({ data: { error: true } }));
    await failure(request('GET', '/api/stands'));
    expect(shownTexts()).toEqual(['Erreur sans message. Ouvrez la console pour plus de détails']);
    await activateLocale('en_EN');
    expect(shownTexts()).toEqual(['Error witout message. Open console for more details']);
  });

  test('network failure: logged, generic error toast, rejected', async () => {
    fetchMock = installFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    const error = await failure(request('GET', '/api/stands'));
    expect(error.kind).toBe('network');
    expect(shownTexts()).toEqual(['An error occurred']);
    expect(errors).toHaveBeenCalled();
  });

  test('no answer within 10 s: a timeout, logged, generic error toast, rejected', async () => {
    jest.useFakeTimers();
    try {
      // Loads ky before the clock stops, then a server that never answers.
      fetchMock = installFetch(() => jsonResponse({ data: {} }));
      await request('GET', '/api/stands');
      fetchMock.restore();
      fetchMock = installFetch(() => new Promise<Response>(() => undefined));
      const pending = failure(request('GET', '/api/stands'));
      await jest.advanceTimersByTimeAsync(10_000);
      const error = await pending;
      expect(error.kind).toBe('timeout');
      expect(shownTexts()).toEqual(['An error occurred']);
      expect(errors).toHaveBeenCalled();
    } finally {
      jest.useRealTimers();
    }
  });

  test('an aborted request rejects silently: no toast, no log', async () => {
    fetchMock = installFetch(
      (req) =>
        new Promise<Response>((_resolve, reject) => {
          req.signal.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')));
        }),
    );
    const controller = new AbortController();
    const pending = request('GET', '/api/stands', { signal: controller.signal });
    controller.abort();
    const error = await failure(pending);
    expect(error.kind).toBe('aborted');
    expect($toasts.get()).toEqual([]);
    expect(errors).not.toHaveBeenCalled();
  });

  test('notify: false logs and rejects without a toast (the caller reports it)', async () => {
    fetchMock = installFetch(() => new Response('', { status: 500, statusText: 'Internal Server Error' }));
    await failure(putLocale('fr_FR', { notify: false }));
    expect($toasts.get()).toEqual([]);
    expect(errors).toHaveBeenCalledWith('Response not ok: 500', expect.anything());
  });

  test('the same failure twice shows one toast', async () => {
    fetchMock = installFetch(() => new Response('', { status: 503, statusText: 'Service Unavailable' }));
    await failure(request('PUT', '/api/users/me/active'));
    await failure(request('PUT', '/api/users/me/active'));
    expect(shownTexts()).toEqual(['Service Unavailable']);
  });

  test('a 200 answer without {data} is an error', async () => {
    fetchMock = installFetch(() => jsonResponse({ langs: [] }));
    const error = await failure(getLangs());
    expect(error.kind).toBe('invalid');
    expect(shownTexts()).toEqual(['An error occurred']);
  });
});
