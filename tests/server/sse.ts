/** Server-sent events as the widgets read them (fetch + eventsource-parser), and the closing of the test apps that served them. */
import { afterAll, afterEach } from '@jest/globals';
import { createParser } from 'eventsource-parser';
import { waitFor, type TestApp } from './helpers';
import { closeSockets } from './sockets';

export interface SseEvent {
  id: string | undefined;
  event: string | undefined;
  data: Record<string, unknown>;
  at: number;
}

/** A server-sent events connection read with fetch + eventsource-parser, as the widgets read it. */
export interface SseClient {
  status: number;
  headers: Headers;
  events: SseEvent[];
  comments: string[];
  retry: number | undefined;
  /** The first event after index `from` that satisfies `match`. */
  next(match?: (e: SseEvent) => boolean, timeoutMs?: number, from?: number): Promise<SseEvent>;
  /** Resolves when the stream is over: `end` when the server ended it, `error` when the connection broke or was closed. */
  ended: Promise<'end' | 'error'>;
  close(): void;
}

export async function openSse(url: string, headers: Record<string, string>): Promise<SseClient> {
  const controller = new AbortController();
  const response = await fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: controller.signal });
  const client: SseClient = {
    status: response.status,
    headers: response.headers,
    events: [],
    comments: [],
    retry: undefined,
    next: async (match = () => true, timeoutMs = 10_000, from = 0) =>
      waitFor(() => client.events.slice(from).find(match), timeoutMs, 'a server-sent event'),
    ended: Promise.resolve('end'),
    close: () => controller.abort(),
  };
  if (!response.body || !(response.headers.get('content-type') ?? '').startsWith('text/event-stream')) {
    client.events.push({ id: undefined, event: 'http', data: { status: response.status, body: await response.text() }, at: Date.now() });
    return client;
  }
  const parser = createParser({
    onEvent: (message) =>
      client.events.push({
        id: message.id,
        event: message.event,
        data: JSON.parse(message.data) as Record<string, unknown>,
        at: Date.now(),
      }),
    onComment: (comment) => client.comments.push(comment.trim()),
    onRetry: (retry) => {
      client.retry = retry;
    },
  });
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  client.ended = (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return 'end';
        parser.feed(value);
      }
    } catch {
      return 'error'; // aborted by close(), or the connection broke
    }
  })();
  return client;
}

/** Closes these server-sent event streams (emptying the list) and waits until the server has let them all go. */
export async function closeStreams(t: TestApp, streams: SseClient[]): Promise<void> {
  for (const client of streams.splice(0)) client.close();
  await waitFor(() => (t.app.live.stats().streams === 0 ? true : undefined), 10_000, 'streams to close');
}

/**
 * Closes a listening test app after SSE clients aborted their fetch. undici (Node's fetch) opens a spare socket
 * after an abort that never sends a request (nodejs/undici#5845); the HTTP server counts it as a request still to
 * come, so close() would wait for headersTimeout. Tests that abort streams drop such sockets first.
 */
export async function closeListening(t: TestApp): Promise<void> {
  t.app.server.closeAllConnections();
  await t.close();
}

/**
 * After each test, closes the sockets and (when given) the streams it opened; after the file, the listening app.
 * `app` gives the one `beforeAll` made.
 */
export function closeAfterTests(app: () => TestApp, streams?: SseClient[]): void {
  afterEach(async () => {
    closeSockets();
    if (streams) await closeStreams(app(), streams);
  });
  afterAll(() => closeListening(app()));
}
