/**
 * The 360° room frame (`/room/`, the `room_url` of the page data): a minimal server-rendered page that carries the
 * panoramas and stands as escaped JSON and the frame bundle (host-shell/room-frame/, built into
 * dist/spa/room-frame/). It may be framed only by the host pages' origins (CSP frame-ancestors).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { msg } from '@lingui/core/macro';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { LocaleCode } from '@salon/shared/contracts/page-data';
import { FRAME_DATA_ELEMENT_ID, type FrameLang, type RoomFrameData } from '../../room-frame/data';
import { say } from '../i18n';
import { styleHash } from '../lib/csp';
import { notFound } from '../lib/errors';
import { html, raw } from '../lib/html';
import { requestOrigin } from '../lib/origin';
import { serializeScriptJson } from '../salon-page/markup';
import { pathParam } from './pages/kit';

const SLUG = /^[a-z0-9][a-z0-9-]{0,79}$/;
const MANIFEST_ENTRY = /^room-frame\/[0-9a-f]{8,64}\/[A-Za-z0-9_.-]+\.js$/;

/** The entry script of the built frame (dist/spa/room-frame/manifest.json), or null when it is not built. */
async function frameScript(spaDir: string): Promise<string | null> {
  try {
    const manifest: unknown = JSON.parse(await fs.readFile(path.join(spaDir, 'room-frame', 'manifest.json'), 'utf8'));
    const entry = typeof manifest === 'object' && manifest !== null && 'entry' in manifest ? manifest.entry : null;
    return typeof entry === 'string' && MANIFEST_ENTRY.test(entry) ? `/spa/${entry}` : null;
  } catch {
    return null;
  }
}

const scriptJson = (data: RoomFrameData): string => serializeScriptJson(data);

function langOf(request: FastifyRequest): FrameLang {
  const query = request.query as Record<string, unknown> | undefined;
  return query?.lang === 'fr' ? 'fr' : 'en';
}

/** The frame's language as the server's catalogs name it. */
const localeOf = (lang: FrameLang): LocaleCode => (lang === 'fr' ? 'fr_FR' : 'en_EN');
const unknownPanorama = (request: FastifyRequest, slug: string) => notFound(say(localeOf(langOf(request)), msg`Unknown panorama: ${slug}`));

/**
 * The page's one inline `<style>` (what shows before the bundle's stylesheet, and without it), allowed by its SHA-256:
 * the policy has no `'unsafe-inline'`.
 */
export const FRAME_PAGE_STYLE =
  'html,body{margin:0;height:100%;overflow:hidden;background:#121826;color:#fff;font-family:system-ui,sans-serif}#room-frame{position:relative;height:100%}.room-frame-missing{margin:2rem;max-width:40rem}';
const FRAME_STYLE_HASH = styleHash(FRAME_PAGE_STYLE);

export function roomFrameDocument(data: RoomFrameData, script: string | null): string {
  const locale = localeOf(data.lang);
  const room = data.roomName;
  return html`<!doctype html>
<html lang="${data.lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<link rel="icon" href="/media/favicon.svg" type="image/svg+xml">
<title>${say(locale, msg`${room}: 360° room`)}</title>
<style>${raw(FRAME_PAGE_STYLE)}</style>
</head>
<body>
<main id="room-frame" data-state="loading">
<noscript><p class="room-frame-missing">${say(locale, msg`The 360° room needs JavaScript.`)}</p></noscript>
${script ? '' : html`<p class="room-frame-missing" role="alert">${say(locale, msg`The 360° viewer is not built yet (dist/spa/room-frame/manifest.json is missing): run \`npm run build\`.`)}</p>`}
</main>
<script type="application/json" id="${FRAME_DATA_ELEMENT_ID}">${raw(scriptJson(data))}</script>
${script ? html`<script src="${script}" defer></script>` : ''}
</body>
</html>
`.value;
}

/**
 * `GET /room/` starts on `home`, `GET /room/{panorama}` on that panorama (a special one or a stand's slug; anything
 * else is the 404 page); `/room` redirects to `/room/` (301). `?lang=fr` for French, English otherwise. The frame's
 * `hostOrigins` are ROOM_HOST_ORIGINS (reduced to origins by config.ts) and its own, which it posts to and listens to.
 * Without the built manifest the page still answers 200 and says the viewer is not built. `Cache-Control: no-cache`:
 * a renamed stand shows at the next load.
 */
export const roomFrameRoutes: FastifyPluginAsync = async (app) => {
  const configured = app.config.roomHostOrigins;

  async function show(request: FastifyRequest, reply: FastifyReply, initial: string) {
    // The content, the data and the images' keys are computed once per change of the content (`app.panoramas.frame`).
    const [frame, script] = await Promise.all([app.panoramas.frame(langOf(request)), frameScript(app.config.spaDir)]);
    // The frame always has the three special panoramas, even when the table lacks their rows (names default then).
    if (!frame.places.has(initial)) throw unknownPanorama(request, initial);

    const own = requestOrigin(request);
    const data: RoomFrameData = { ...frame.data, initialPanorama: initial, hostOrigins: [...configured.filter((o) => o !== own), own] };
    return reply
      .header('Cache-Control', 'no-cache')
      .header('X-Content-Type-Options', 'nosniff')
      .header('Referrer-Policy', 'strict-origin-when-cross-origin')
      .header(
        'Content-Security-Policy',
        [
          "default-src 'self'",
          "script-src 'self'",
          // No 'unsafe-inline': the page's own <style> by its hash; the bundle's CSS is a constructed stylesheet and
          // the viewer places its hotspots through CSSOM (`element.style`), which CSP does not govern.
          `style-src 'self' ${FRAME_STYLE_HASH}`,
          // The panoramas are images of this server (`/media/panoramas/…`), which the viewer fetches.
          "img-src 'self' data:",
          "connect-src 'self'",
          "object-src 'none'",
          "base-uri 'none'",
          "form-action 'none'",
          `frame-ancestors ${["'self'", ...configured].join(' ')}`,
        ].join('; '),
      )
      .type('text/html; charset=utf-8')
      .send(roomFrameDocument(data, script));
  }

  app.get('/room', async (request, reply) => {
    const query = request.url.indexOf('?');
    return reply.redirect(`/room/${query === -1 ? '' : request.url.slice(query)}`, 301);
  });
  app.get('/room/', async (request, reply) => show(request, reply, 'home'));
  app.get('/room/:panorama', async (request, reply) => {
    const slug = pathParam(request, 'panorama');
    if (!SLUG.test(slug)) throw unknownPanorama(request, slug);
    return show(request, reply, slug);
  });
};
