import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { buildPageData } from '../../page-data/build';
import { ensureUser } from '../../plugins/session';
import { checkLegitimity, loadAccess } from '../../services/access';
import { roomClosedPage } from '../../views/room-closed';
import { salonDocument } from '../../views/salon';
import { pageContext, sendPage } from './kit';

/**
 * The deployed widgets.json when this server serves `/spa` itself (read on each page: a widget's deploy changes it),
 * for the page's preload hints; null when `/spa` is served from another origin, or not built.
 */
async function servedManifest(spaDir: string, spaUrl: string): Promise<Record<string, unknown> | null> {
  if (/^https?:/.test(spaUrl)) return null;
  try {
    const manifest: unknown = JSON.parse(await fs.readFile(path.join(spaDir, 'widgets.json'), 'utf8'));
    return manifest && typeof manifest === 'object' && !Array.isArray(manifest) ? (manifest as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** /salon and /salon/*: the host page of the widgets; the trailing path belongs to the client router (history mode). */
export async function showRoom(request: FastifyRequest, reply: FastifyReply) {
  const access = await loadAccess(request.server.db);
  const before = await pageContext(request);
  const refusal = checkLegitimity(access, before.user);
  // Outside the opening hours, or not for this person: when it opens, or what to do (no anonymous visitor made).
  if (!refusal.legitimate) return sendPage(reply, roomClosedPage(before, refusal, access.time_zone), 403);
  const user = await ensureUser(request, reply);
  const ctx = await pageContext(request);
  const data = await buildPageData(request.server.db, user, ctx);
  const { spaDir, spaUrl } = request.server.config;
  return sendPage(reply, salonDocument(data, spaUrl, await servedManifest(spaDir, spaUrl)));
}
