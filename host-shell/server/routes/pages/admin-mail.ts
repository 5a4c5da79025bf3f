import type { FastifyReply, FastifyRequest } from 'fastify';
import { outboxCounts, pendingMails } from '../../services/mail-outbox';
import { adminMailPage } from '../../views/admin-mail';
import { gate, pageContext, sendPage } from './kit';

/** GET /admin/courriels: the outbox (what waits, what failed and why) and, in the demo, the mails its local server caught. */
export async function showAdminMail(request: FastifyRequest, reply: FastifyReply) {
  const user = await gate(request, reply, { registered: true, profiles: ['administrator'] });
  if (!user) return reply;
  const app = request.server;
  const [counts, pending] = await Promise.all([outboxCounts(app.db), pendingMails(app.db)]);
  const caught = app.mail.catcher ? app.mail.catcher.messages().reverse() : null;
  return sendPage(reply, adminMailPage(await pageContext(request), { configured: app.mail.configured, counts, pending, caught }));
}
