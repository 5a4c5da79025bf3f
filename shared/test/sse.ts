/**
 * A server-sent-events body for tests: `new Response(body.stream)`, then `push('event: x\ndata: 1\n\n')`,
 * `end()` (the server closes) or `fail()` (the connection breaks).
 */
export function sseBody() {
  const encoder = new TextEncoder();
  let controller: ReadableStreamDefaultController<Uint8Array> | null = null;
  let cancelled = false;
  const stream = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
    cancel() {
      cancelled = true;
    },
  });
  return {
    stream,
    get cancelled() {
      return cancelled;
    },
    response(): Response {
      return new Response(stream, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
    },
    push(text: string) {
      controller?.enqueue(encoder.encode(text));
    },
    end() {
      controller?.close();
    },
    fail(error: unknown = new TypeError('network error')) {
      controller?.error(error);
    },
  };
}
