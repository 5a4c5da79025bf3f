import type { ServerResponse } from 'node:http';
import type { FastifyReply } from 'fastify';

/** A CSV download: an attachment named `filename`, never cached, never sniffed as anything else. */
export function sendCsv(reply: FastifyReply, csv: string, filename: string): FastifyReply {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(csv);
}

/**
 * Takes the answer over as a server-sent-events stream: the headers, then the browser's reconnection delay. The
 * caller then writes the events to the returned response.
 */
export function openEventStream(reply: FastifyReply, retryMs: number): ServerResponse {
  reply.hijack();
  const out = reply.raw;
  out.writeHead(200, {
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    // Proxies (nginx) must not buffer the stream.
    'X-Accel-Buffering': 'no',
    // Never reused for another request; when the stream ends (shutdown), the socket goes with it.
    Connection: 'close',
  });
  out.write(`retry: ${retryMs}\n\n`);
  return out;
}
