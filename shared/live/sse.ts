import { createParser, type EventSourceMessage } from 'eventsource-parser';

/**
 * The one server-sent-events reader (architecture brief: wrap platform APIs once; lint bans EventSource).
 * fetch + eventsource-parser rather than EventSource: same-origin cookies and our headers, a body we can
 * abort, and the spec's fixed reconnect delay (spec §4.8, §9: 2000 ms after an error or a close).
 */

export const SSE_RECONNECT_MS = 2000;

export type SseMessage = EventSourceMessage;

export interface EventStreamOptions {
  onEvent: (message: SseMessage) => void;
  /** The server answered 2xx with a body: events follow. */
  onOpen?: () => void;
  /** The connection failed or the server closed it; a reconnect is scheduled `retryMs` later. */
  onDisconnect?: (error: unknown) => void;
  retryMs?: number;
  /** Resume after this event (sent as `Last-Event-ID` from the first request on): the server sends what changed since. */
  lastEventId?: string | null;
}

export interface EventStream {
  /** Stops reading and reconnecting. The request in flight is aborted; nothing is called afterwards. */
  close(): void;
  /** The id of the last event received, sent back as `Last-Event-ID` on reconnect. */
  readonly lastEventId: string | null;
}

export class StreamClosedError extends Error {
  override readonly name = 'StreamClosedError';
}

export function openEventStream(url: string, options: EventStreamOptions): EventStream {
  const retryMs = options.retryMs ?? SSE_RECONNECT_MS;
  let closed = false;
  let lastEventId: string | null = options.lastEventId ?? null;
  let controller: AbortController | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;

  const parser = createParser({
    onEvent(message) {
      if (closed) return;
      // As EventSource: an event with an id field (even empty) sets the id sent on reconnect.
      if (message.id !== undefined) lastEventId = message.id;
      options.onEvent(message);
    },
  });

  async function read(): Promise<void> {
    controller = new AbortController();
    parser.reset();
    const headers: Record<string, string> = { Accept: 'text/event-stream', 'X-Requested-With': 'XMLHttpRequest' };
    if (lastEventId) headers['Last-Event-ID'] = lastEventId;
    const response = await globalThis.fetch(url, { headers, credentials: 'same-origin', cache: 'no-store', signal: controller.signal });
    if (!response.ok || !response.body) {
      await response.body?.cancel().catch(() => undefined);
      throw new Error(`Response not ok: ${response.status}`);
    }
    if (closed) return;
    options.onOpen?.();
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    for (;;) {
      const { done, value } = await reader.read();
      if (done || closed) break;
      parser.feed(decoder.decode(value, { stream: true }));
    }
    if (!closed) throw new StreamClosedError('The server closed the event stream');
  }

  function connect(): void {
    timer = null;
    read().catch((error: unknown) => {
      if (closed) return;
      options.onDisconnect?.(error);
      timer = setTimeout(connect, retryMs);
    });
  }

  connect();

  return {
    close() {
      if (closed) return;
      closed = true;
      if (timer !== null) clearTimeout(timer);
      controller?.abort();
    },
    get lastEventId() {
      return lastEventId;
    },
  };
}
