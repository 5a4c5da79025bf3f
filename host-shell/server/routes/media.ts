import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { notFound } from '../lib/errors';
import { escapeHtml } from '../lib/html';
import { decodeId } from '../lib/ids';
import { loadParameters } from '../services/settings';
import { findUserById, publicNames } from '../services/users';
import { pathParam } from './pages/kit';

const initialsOf = (first: string | null, last: string | null, pseudo: string | null): string => {
  const letters = [first, last].map((s) => (s ? (Array.from(s)[0] ?? '') : '')).join('');
  return (letters || (pseudo ? (Array.from(pseudo)[0] ?? '') : '') || '?').toUpperCase();
};

/** A round avatar with the user's initials; the colour follows the id so it stays the same. */
export function avatarSvg(id: number, initials: string): string {
  const hue = (id * 47) % 360;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128" role="img" aria-label="${escapeHtml(initials)}">
<circle cx="64" cy="64" r="64" fill="hsl(${hue} 55% 45%)"/>
<text x="64" y="64" dy=".35em" text-anchor="middle" font-family="system-ui,sans-serif" font-size="52" font-weight="600" fill="#fff">${escapeHtml(initials)}</text>
</svg>
`;
}

function sendSvg(reply: FastifyReply, svg: string): FastifyReply {
  return (
    reply
      .header('Cache-Control', 'public, max-age=86400')
      .header('X-Content-Type-Options', 'nosniff')
      // An SVG opened directly must not run anything.
      .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'")
      .type('image/svg+xml')
      .send(svg)
  );
}

/** Initials from the published names only (spec §5 "Field publication"). */
function initialsOfUser(user: Parameters<typeof publicNames>[0] & { pseudo: string | null }): string {
  const { firstname, lastname } = publicNames(user);
  return initialsOf(firstname, lastname, user.pseudo);
}

/** Generated media: exhibitors' avatars and the social-sharing image. */
export const mediaRoutes: FastifyPluginAsync = async (app) => {
  app.get('/media/avatars/:file', async (request, reply) => {
    const match = /^([A-Za-z0-9]+)\.svg$/.exec(pathParam(request, 'file'));
    const id = match?.[1] ? decodeId(match[1]) : null;
    const user = id === null ? null : await findUserById(app.db, id);
    if (!user) throw notFound('Unknown avatar');
    return sendSvg(reply, avatarSvg(user.id, initialsOfUser(user)));
  });

  // The room's panoramas (panoramas/images.ts): named by the hash of what they show, so cached for a year.
  app.get('/media/panoramas/:file', async (request, reply) => {
    const name = pathParam(request, 'file');
    const file = await app.panoramas.file(name);
    if (!file) throw notFound('Unknown panorama image');
    const etag = `"${name.slice(0, -'.webp'.length)}"`;
    reply.header('Cache-Control', 'public, max-age=31536000, immutable').header('ETag', etag).header('X-Content-Type-Options', 'nosniff');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    const { size } = await stat(file);
    return reply.header('Content-Length', size).type('image/webp').send(createReadStream(file));
  });

  app.get('/media/favicon.svg', async (_request, reply) =>
    sendSvg(
      reply,
      `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#1d2a5b"/><circle cx="16" cy="16" r="9" fill="none" stroke="#fff" stroke-width="3"/><circle cx="16" cy="16" r="3" fill="#fff"/></svg>\n`,
    ),
  );
  // Browsers ask for it whatever the page links.
  app.get('/favicon.ico', async (_request, reply) => reply.redirect('/media/favicon.svg', 301));

  app.get('/media/social.svg', async (_request, reply) => {
    const p = await loadParameters(app.db);
    return sendSvg(
      reply,
      `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
<rect width="1200" height="630" fill="#1d2a5b"/><circle cx="1040" cy="120" r="260" fill="#2b59c3"/>
<text x="80" y="330" font-family="system-ui,sans-serif" font-size="84" font-weight="700" fill="#fff">${escapeHtml(p.room_name)}</text>
<text x="80" y="420" font-family="system-ui,sans-serif" font-size="44" fill="#c9d5ff">${escapeHtml(p.room_name_en)}</text>
</svg>
`,
    );
  });
};
