import { msg } from '@lingui/core/macro';
import { say } from '../../i18n';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { LocaleCode } from '@salon/shared/contracts/page-data';
import { ROUTES, buildPath, url } from '@salon/shared/contracts/routes';
import { HttpError } from '../../lib/errors';
import { antivirusFor } from '../../services/antivirus';
import { MEDIA_MAX_BYTES, listPanoramas, panoramaExists } from '../../services/medias';
import { panoramasPage, type PanoramasPageState } from '../../views/admin-panoramas';
import { applyPanoramaImage, clearPanoramaImage, receiveMedia } from '../api/medias';
import { gate, pageContext, sendPage } from './kit';

const PROFILES = ['administrator', 'promoter'] as const;
const SLUG = /^[a-z0-9][a-z0-9-]{0,79}$/;

async function page(request: FastifyRequest, reply: FastifyReply, state: PanoramasPageState, status = 200) {
  const ctx = await pageContext(request);
  return sendPage(reply, panoramasPage(ctx, await listPanoramas(request.server.db), state), status);
}

function queryOf(request: FastifyRequest): Record<string, unknown> {
  const query: unknown = request.query;
  return typeof query === 'object' && query !== null ? (query as Record<string, unknown>) : {};
}

/** GET /admin/panoramas: `?saved=uploaded|removed&slug=…` (after a post's redirect) says what was done. */
export async function showPanoramas(request: FastifyRequest, reply: FastifyReply) {
  const user = await gate(request, reply, { registered: true, profiles: PROFILES });
  if (!user) return reply;
  const query = queryOf(request);
  const saved = query.saved === 'uploaded' || query.saved === 'removed' ? query.saved : undefined;
  const slug = typeof query.slug === 'string' && SLUG.test(query.slug) ? query.slug : undefined;
  return page(request, reply, saved && slug ? { saved, slug, pending: query.pending === '1' } : {});
}

const unknownPanorama = (locale: LocaleCode) => new HttpError(404, say(locale, msg`Unknown panorama`));

/**
 * POST /admin/panoramas: multipart `slug` then `file` uploads a panorama (the checks and messages of
 * `POST /api/medias?kind=panorama`) and shows it in the room; urlencoded `action=remove&slug=…` removes it. Refused:
 * the page again with the server's message on that panorama (its 4xx status); done: 303 to the page.
 */
async function savePanorama(request: FastifyRequest, reply: FastifyReply) {
  const user = await gate(request, reply, { registered: true, profiles: PROFILES });
  if (!user) return reply;
  const { locale, origin } = await pageContext(request);
  const db = request.server.db;
  let slug: string | undefined;
  const done = (saved: 'uploaded' | 'removed', pending = false) =>
    reply.redirect(
      url(
        'admin.panoramas',
        {},
        { origin, query: { saved, slug: slug ?? '', ...(pending ? { pending: 1 } : {}) }, hash: `panorama-${slug ?? ''}` },
      ),
      303,
    );
  try {
    if (request.isMultipart()) {
      const stored = await receiveMedia(
        request,
        'panorama',
        user,
        locale,
        antivirusFor(request.server.config.clamavSocket),
        async (fields) => {
          // The slug comes before the file: an unknown panorama is refused before the file is read.
          const given = fields.slug ?? '';
          if (!SLUG.test(given) || !(await panoramaExists(db, given))) throw unknownPanorama(locale);
          slug = given;
        },
      );
      if (!slug) throw unknownPanorama(locale);
      await applyPanoramaImage(request, user, slug, stored.media.str, locale);
      return done('uploaded', stored.pending);
    }
    const body = typeof request.body === 'object' && request.body !== null ? (request.body as Record<string, unknown>) : {};
    const given = typeof body.slug === 'string' ? body.slug : '';
    if (body.action !== 'remove' || !SLUG.test(given)) throw new HttpError(400, say(locale, msg`Incomplete form`));
    slug = given;
    await clearPanoramaImage(request, user, slug, locale);
    return done('removed');
  } catch (err) {
    if (!(err instanceof HttpError) || (err.statusCode >= 500 && err.statusCode !== 503)) throw err;
    return page(request, reply, { slug, error: err.message }, err.statusCode);
  }
}

/** The post of `/admin/panoramas`, with multipart bodies (one file) in a scope of its own. */
export const panoramaFormRoutes: FastifyPluginAsync<{ formGuard: onRequestAsyncHookHandler }> = async (app, options) => {
  await app.register(fastifyMultipart, {
    limits: { fileSize: MEDIA_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6, headerPairs: 100 },
  });
  app.post(
    buildPath(ROUTES['admin.panoramas']),
    {
      onRequest: options.formGuard,
      config: { rateLimit: app.limits.perAddress(app.config.rateLimits.chatUploadsPerAddress) },
      preValidation: app.limits.perUser(app.config.rateLimits.chatUploadsPerUser),
    },
    savePanorama,
  );
};
