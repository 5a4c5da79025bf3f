/* eslint-disable no-restricted-syntax -- a test stub of the network, like the *.test files the lint already exempts */
/**
 * Test helpers for code that goes through the API client. Needs the fetch-capable environment:
 *   /** @jest-environment ./shared/test/jsdom-with-fetch.js *\/
 */
import { jest } from '@jest/globals';

export interface RecordedRequest {
  method: string;
  url: URL;
  headers: Headers;
  credentials: RequestCredentials;
  /** The parsed JSON body, or undefined. */
  json: unknown;
  /** A multipart body's fields. */
  form?: FormData;
}

export type FetchHandler = (request: Request) => Response | Promise<Response>;

export function jsonResponse(body: unknown, init: ResponseInit = {}): Response {
  return new Response(JSON.stringify(body), { status: 200, ...init, headers: { 'Content-Type': 'application/json', ...init.headers } });
}

/** Replaces globalThis.fetch for one test; `restore()` puts the previous one back. */
export function installFetch(handler: FetchHandler) {
  const previous = globalThis.fetch;
  const requests: RecordedRequest[] = [];
  const mock = jest.fn(async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const multipart = request.headers.get('content-type')?.startsWith('multipart/form-data') === true;
    const text = multipart ? '' : await request.clone().text();
    requests.push({
      method: request.method,
      url: new URL(request.url),
      headers: request.headers,
      credentials: request.credentials,
      json: text === '' ? undefined : (JSON.parse(text) as unknown),
      form: multipart ? await request.clone().formData() : undefined,
    });
    // Like the real fetch: an already aborted signal rejects at once.
    if (request.signal.aborted) throw new DOMException('The operation was aborted.', 'AbortError');
    return handler(request);
  });
  globalThis.fetch = mock as typeof fetch;
  return {
    requests,
    mock,
    restore() {
      globalThis.fetch = previous;
    },
  };
}
