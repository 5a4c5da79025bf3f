import type { FastifyReply, FastifyRequest } from 'fastify';
import { UNSUBSCRIBE_PATTERN, unsubscribe, unsubscribeTarget } from '../../services/emailings';
import { unsubscribePage } from '../../views/unsubscribe';
import { pageContext, pathParam, sendPage } from './kit';

/** GET /desabonnement/{token}: asks to confirm (a mail scanner opening the link unsubscribes nobody). */
export async function showUnsubscribe(request: FastifyRequest, reply: FastifyReply) {
  const ctx = await pageContext(request);
  const token = pathParam(request, 'token');
  if (!(await unsubscribeTarget(request.server.db, token))) return sendPage(reply, unsubscribePage(ctx, { kind: 'unknown' }), 404);
  const action = new URL(`${UNSUBSCRIBE_PATTERN}${token}`, ctx.origin).toString();
  return sendPage(reply, unsubscribePage(ctx, { kind: 'ask', action }));
}

/**
 * POST /desabonnement/{token}: the page's button, and the mail clients' one click (RFC 8058: `List-Unsubscribe=One-Click`,
 * posted from anywhere, so no same-origin guard: the token alone says whose it is).
 */
export async function postUnsubscribe(request: FastifyRequest, reply: FastifyReply) {
  const ctx = await pageContext(request);
  const done = await unsubscribe(request.server.db, pathParam(request, 'token'));
  if (done) request.log.info('unsubscribed from e-mailings');
  return sendPage(reply, unsubscribePage(ctx, { kind: done ? 'done' : 'unknown' }), done ? 200 : 404);
}
