import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';

/** A path segment that is a content hash (`3f9a1c2b`): what is under it never changes, so it is cached for a year. */
const HASH_SEGMENT = /^[0-9a-f]{8,64}$/i;

export function cacheControlFor(relativePath: string): string {
  const segments = relativePath.split(/[\\/]/).filter(Boolean);
  // The last segment is the file name; only folders version the content.
  return segments.slice(0, -1).some((s) => HASH_SEGMENT.test(s)) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/** `/spa/*` from SPA_DIR: versioned widget folders are immutable, the loader and the manifest always revalidate. */
export const staticPlugin: FastifyPluginAsync = async (app) => {
  const root = app.config.spaDir;
  if (!fs.existsSync(root)) app.log.warn({ spaDir: root }, 'SPA_DIR does not exist yet: /spa/* answers 404 until the widgets are built');
  await app.register(fastifyStatic, {
    root,
    prefix: '/spa/',
    decorateReply: false,
    cacheControl: false,
    index: false,
    redirect: false,
    // scripts/build/compress.ts writes .br and .gz next to each asset.
    preCompressed: true,
    dotfiles: 'deny',
    setHeaders(res, filePath) {
      res.setHeader('Cache-Control', cacheControlFor(path.relative(root, filePath)));
      res.setHeader('X-Content-Type-Options', 'nosniff');
      // Remotes and the manifest are also loaded by pages of other origins (the PHP/Symfony hosts); they are public.
      res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
      res.setHeader('Access-Control-Allow-Origin', '*');
    },
  });
};
