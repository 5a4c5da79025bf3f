import { msg } from '@lingui/core/macro';
import { say } from '../../i18n';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Envelope } from '@salon/shared/contracts/envelope';
import { MediaStatusData, MediaStrParams } from '@salon/shared/contracts/medias';
import type { LocaleCode } from '@salon/shared/contracts/page-data';
import type { MediaRow } from '../../db/schema';
import { HttpError, notFound } from '../../lib/errors';
import { contentDisposition } from '../../services/chat-files';
import { hasThumbnail, mediaThumbnail } from '../../services/media-thumbnails';
import { findMedia, isServed, mediaDir, mediaMessages } from '../../services/medias';

/** `bytes=a-b`, `bytes=a-`, `bytes=-n` (one range; anything else is ignored and the whole file sent). */
export function parseRange(header: string | undefined, size: number): { start: number; end: number } | 'unsatisfiable' | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return null;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

const ONE_YEAR = 'public, max-age=31536000, immutable';

/** The media of `str` when it may be served: 404 for an unknown one (or one `shown` refuses), 409 while it is scanned. */
async function servedMedia(
  request: FastifyRequest,
  reply: FastifyReply,
  str: string,
  locale: LocaleCode,
  shown: (row: MediaRow) => boolean = () => true,
): Promise<MediaRow> {
  const row = await findMedia(request.server.db, str);
  if (!row || !shown(row)) throw notFound(mediaMessages.unknown(locale));
  if (!isServed(row)) {
    reply.header('Cache-Control', 'no-store').header('Retry-After', '5');
    throw new HttpError(409, mediaMessages.scanning(locale));
  }
  return row;
}

/** Cached a year under `etag`, never sniffed nor run; true when the caller already has it (answer 304). */
function cachedForever(request: FastifyRequest, reply: FastifyReply, etag: string): boolean {
  reply
    .header('Cache-Control', ONE_YEAR)
    .header('X-Content-Type-Options', 'nosniff')
    .header('ETag', etag)
    .header('Content-Security-Policy', "default-src 'none'; sandbox");
  const match = request.headers['if-none-match'];
  return match !== undefined && match.split(',').some((t) => t.trim().replace(/^W\//, '') === etag);
}

/** `GET /api/medias/{str}`, its thumbnail and its status. */
export const mediaFileRoutes: FastifyPluginAsyncTypebox = async (app) => {
  async function serve(request: FastifyRequest, reply: FastifyReply, str: string) {
    const { locale } = await request.viewer();
    const row = await servedMedia(request, reply, str, locale);
    const file = path.join(mediaDir(app.config.uploadDir), row.stored_name);
    let size: number;
    try {
      size = (await fs.promises.stat(file)).size;
    } catch {
      throw notFound(mediaMessages.unknown(locale));
    }
    reply
      .header('Accept-Ranges', 'bytes')
      .header('Content-Disposition', contentDisposition(row.kind === 'document' ? 'attachment' : 'inline', row.original_name));
    if (cachedForever(request, reply, `"${row.str}"`)) return reply.code(304).send();
    reply.type(row.mime);
    const range = parseRange(request.headers.range, size);
    if (range === 'unsatisfiable') {
      return reply
        .code(416)
        .header('Content-Range', `bytes */${size}`)
        .type('application/json; charset=utf-8')
        .send({ data: { error: true, message: say(locale, msg`Range Not Satisfiable`) } });
    }
    if (range) {
      return reply
        .code(206)
        .header('Content-Range', `bytes ${range.start}-${range.end}/${size}`)
        .header('Content-Length', String(range.end - range.start + 1))
        .send(fs.createReadStream(file, { start: range.start, end: range.end }));
    }
    return reply.header('Content-Length', String(size)).send(fs.createReadStream(file));
  }

  app.get(
    '/medias/:str',
    {
      schema: {
        summary:
          'The file of a media, with its detected type, cached a year (immutable), ETag, byte ranges (videos); documents as attachments. 404 for an unknown str, 409 while its antivirus scan runs. Public: the str is unguessable.',
        params: MediaStrParams,
      },
    },
    async (request, reply) => serve(request, reply, request.params.str),
  );

  app.get(
    '/medias/:str/thumbnail',
    {
      schema: {
        summary:
          'A small JPEG of an image media (pictures, panoramas): at most 480×240, made on the first request and kept on disk beside the media; cached a year (immutable), ETag. 404 for an unknown str or a media that is not an image, 409 while its antivirus scan runs. Public: the str is unguessable.',
        params: MediaStrParams,
      },
    },
    async (request, reply) => {
      const { locale } = await request.viewer();
      const row = await servedMedia(request, reply, request.params.str, locale, hasThumbnail);
      if (cachedForever(request, reply, `"${row.str}-thumbnail"`)) return reply.code(304).send();
      let file: string;
      try {
        file = await mediaThumbnail(app.config.uploadDir, row);
      } catch (err) {
        request.log.warn({ err, str: row.str }, 'thumbnail could not be made');
        reply.header('Cache-Control', 'no-store');
        throw notFound(mediaMessages.unknown(locale));
      }
      const { size } = await fs.promises.stat(file);
      return reply.type('image/jpeg').header('Content-Length', String(size)).send(fs.createReadStream(file));
    },
  );

  app.get(
    '/medias/:str/status',
    {
      schema: {
        summary: 'Whether a media is served yet (`pending` while its antivirus scan runs). 404 for an unknown str.',
        params: MediaStrParams,
        response: { 200: Envelope(MediaStatusData) },
      },
    },
    async (request) => {
      const { locale } = await request.viewer();
      const row = await findMedia(app.db, request.params.str);
      if (!row) throw notFound(mediaMessages.unknown(locale));
      return {
        data: isServed(row) ? { status: 'ready' as const } : { status: 'pending' as const, message: mediaMessages.scanning(locale) },
      };
    },
  );
};
