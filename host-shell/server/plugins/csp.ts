import type { FastifyReply, FastifyRequest } from 'fastify';
import { pagePolicy, REPORTING_ENDPOINTS, reportsTo, styleHash } from '../lib/csp';
import { requestOrigin } from '../lib/origin';
import { globalPlugin } from '../lib/plugin';
import type { StreamSettings } from '../services/settings';
import { SITE_STYLE } from '../views/layout';
import { SALON_PAGE_STYLE } from '../views/salon';

/**
 * The pages' only inline styles, allowed by hash, computed at start from the same constants: editing them needs
 * nothing more, but a new inline `<style>` needs its hash here (`tests/server/csp.test.ts` checks every page's).
 */
export const PAGE_STYLE_HASHES: readonly string[] = [styleHash(SITE_STYLE), styleHash(SALON_PAGE_STYLE)];

const isHtml = (reply: FastifyReply): boolean => /^text\/html\b/i.test(String(reply.getHeader('content-type') ?? ''));

/**
 * onSend: every HTML answer that has no policy of its own (the room frame sends one) gets the pages' policy —
 * `/salon` and the other pages, the error and 404 pages. The live stream's addresses come from the cached
 * parameters (`app.parameters`, a few seconds old at most; the admin settings drop them on a change); a failure to
 * read them never fails the page, which then frames `'self'` only. A page served before the addresses changed keeps
 * the old ones: the room widget reloads it once when the policy refuses the new stream (`reloadForBlockedStream`).
 */
export const cspPlugin = globalPlugin('salon-csp', async (app) => {
  const mediaOrigins = app.config.mediaOrigins;

  async function streamOf(request: FastifyRequest): Promise<StreamSettings | null> {
    try {
      return await app.parameters.stream();
    } catch (err) {
      request.log.warn({ err }, 'reading the stream parameters for the Content-Security-Policy');
      return null;
    }
  }

  /** The policy of one page, with the stream's current origins. */
  async function setPolicy(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const stream = await streamOf(request);
    const origin = requestOrigin(request);
    reply.header(
      'Content-Security-Policy',
      pagePolicy({
        origin,
        styleHashes: PAGE_STYLE_HASHES,
        frameUrls: stream ? [stream.video_url, stream.chat_url] : [],
        mediaOrigins,
        spaUrl: app.config.spaUrl,
      }),
    );
    if (reportsTo(origin)) reply.header('Reporting-Endpoints', REPORTING_ENDPOINTS);
  }

  // A callback hook, so that the API's answers (the activity push every 2 s, among them) pass without a promise.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (!isHtml(reply) || reply.hasHeader('content-security-policy')) {
      done(null, payload);
      return;
    }
    setPolicy(request, reply).then(
      () => done(null, payload),
      (err: unknown) => done(err instanceof Error ? err : new Error(String(err))),
    );
  });
});
