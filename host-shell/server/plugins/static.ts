import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';
import { scoped } from '../lib/plugin';

/** A path segment that is a content hash (`3f9a1c2b`): what is under it never changes, so it is cached for a year. */
const HASH_SEGMENT = /^[0-9a-f]{8,64}$/i;

export function cacheControlFor(relativePath: string): string {
  const segments = relativePath.split(/[\\/]/).filter(Boolean);
  // The last segment is the file name; only folders version the content.
  return segments.slice(0, -1).some((s) => HASH_SEGMENT.test(s)) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/** A `<script>` written inside the page (no `src`): its text, as the browser hashes it. */
const INLINE_SCRIPT = /<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/gi;

/** The `'sha256-…'` source of every inline script in the built Storybook's pages (its HTML files at the root). */
export function inlineScriptHashes(root: string): string[] {
  const hashes = new Set<string>();
  if (!fs.existsSync(root)) return [];
  for (const name of fs.readdirSync(root).filter((file) => file.endsWith('.html'))) {
    for (const [, body] of fs.readFileSync(path.join(root, name), 'utf8').matchAll(INLINE_SCRIPT)) {
      hashes.add(
        `'sha256-${crypto
          .createHash('sha256')
          .update(body ?? '')
          .digest('base64')}'`,
      );
    }
  }
  return [...hashes].sort();
}

/**
 * Storybook's own policy on `/storybook/`: its scripts are its files and the inline scripts of its pages, allowed by
 * their hashes (read from the build when the server starts), no eval. Its manager and preview insert style elements
 * and the build has no nonce to give them, so styles need `'unsafe-inline'`. The salon's pages keep their policy.
 */
export function storybookPolicy(root: string): string {
  return [
    "default-src 'self'",
    ['script-src', "'self'", ...inlineScriptHashes(root)].join(' '),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "media-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "frame-src 'self'",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'self'",
  ].join('; ');
}

/**
 * `/storybook/*`: the built Storybook (config.storybookDir), only in the demo start. `/storybook` redirects to the
 * folder, whose index.html is the workbench; a missing build answers 404 with the command that makes it.
 */
const storybookPlugin: FastifyPluginAsync<{ root: string }> = async (app, { root }) => {
  const policy = storybookPolicy(root);
  app.addHook('onSend', (_request, reply, payload, done) => {
    reply.header('Content-Security-Policy', policy);
    done(null, payload);
  });
  app.get('/storybook', (_request, reply) => reply.redirect('/storybook/'));
  if (!fs.existsSync(path.join(root, 'index.html'))) {
    app.log.warn({ storybookDir: root }, 'Storybook is not built: /storybook/ answers 404 (npm start builds it)');
    app.get('/storybook/*', (_request, reply) =>
      reply
        .code(404)
        .type('text/plain; charset=utf-8')
        .send('Storybook is not built: npx storybook build --disable-telemetry -o storybook-static'),
    );
    return;
  }
  await app.register(fastifyStatic, {
    root,
    prefix: '/storybook/',
    decorateReply: false,
    cacheControl: false,
    index: 'index.html',
    redirect: false,
    dotfiles: 'deny',
    setHeaders(res) {
      res.setHeader('Cache-Control', 'no-cache');
      res.setHeader('X-Content-Type-Options', 'nosniff');
    },
  });
};

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
  const storybookDir = app.config.storybookDir;
  if (storybookDir) await app.register(scoped(storybookPlugin), { root: storybookDir });
};
