import type { FastifyReply, FastifyRequest } from 'fastify';
import { buildPageData } from '../../page-data/build';
import { ensureUser } from '../../plugins/session';
import { salonDocument } from '../../views/salon';
import { pageContext, sendPage } from './kit';

/** /salon and /salon/*: the host page of the widgets; the trailing path belongs to the client router (history mode). */
export async function showRoom(request: FastifyRequest, reply: FastifyReply) {
  const user = await ensureUser(request, reply);
  const ctx = await pageContext(request);
  const data = await buildPageData(request.server.db, user, ctx);
  return sendPage(reply, salonDocument(data, request.server.config.spaUrl));
}
