import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { REPO_ROOT } from '../config';

/** The emoji picker's data (emoji-picker-element-data's emojibase files), by language. */
export const EMOJI_LANGS = ['en', 'fr'] as const;
export const emojiPath = (lang: (typeof EMOJI_LANGS)[number]): string => `/spa/emoji/${lang}/data.json`;

interface Prepared {
  etag: string;
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
}

/** A week: the data only changes with the package version, and the ETag tells when it did. */
const CACHE_CONTROL = 'public, max-age=604800';

/**
 * `/spa/emoji/{en,fr}/data.json`: what the chat widget's emoji picker loads. Two exact routes (they win over the
 * static plugin's `/spa/*`), read and compressed once, with an ETag: emoji-picker-element revalidates with a HEAD
 * request and compares ETags before downloading again.
 */
export const emojiRoutes: FastifyPluginAsync = async (app) => {
  const prepared = new Map<string, Promise<Prepared>>();
  const load = (lang: string): Promise<Prepared> => {
    let entry = prepared.get(lang);
    if (!entry) {
      entry = fs
        .readFile(path.join(REPO_ROOT, 'node_modules', 'emoji-picker-element-data', lang, 'emojibase', 'data.json'))
        .then((identity) => ({
          etag: `"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`,
          identity,
          gzip: gzipSync(identity, { level: 9 }),
          // Quality 9: 30 ms once instead of half a second at 11, for 8 kB more.
          br: brotliCompressSync(identity, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9 } }),
        }));
      // A failed read is retried on the next request.
      entry.catch(() => prepared.delete(lang));
      prepared.set(lang, entry);
    }
    return entry;
  };

  for (const lang of EMOJI_LANGS) {
    app.get(emojiPath(lang), async (request: FastifyRequest, reply: FastifyReply) => {
      const data = await load(lang);
      reply
        .header('Cache-Control', CACHE_CONTROL)
        .header('ETag', data.etag)
        .header('Vary', 'Accept-Encoding')
        .header('X-Content-Type-Options', 'nosniff')
        // Like the rest of /spa/: pages of other origins (the PHP/Symfony hosts) load it too.
        .header('Access-Control-Allow-Origin', '*')
        .header('Access-Control-Expose-Headers', 'ETag')
        .header('Cross-Origin-Resource-Policy', 'cross-origin')
        .type('application/json; charset=utf-8');
      const match = request.headers['if-none-match'];
      if (match && match.split(',').some((tag) => tag.trim().replace(/^W\//, '') === data.etag)) return reply.code(304).send();
      const accepted = request.headers['accept-encoding'] ?? '';
      if (/\bbr\b/.test(accepted)) return reply.header('Content-Encoding', 'br').send(data.br);
      if (/\bgzip\b/.test(accepted)) return reply.header('Content-Encoding', 'gzip').send(data.gzip);
      return reply.send(data.identity);
    });
  }
};
