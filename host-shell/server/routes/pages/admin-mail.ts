import type { FastifyReply, FastifyRequest } from 'fastify';
import { outboxCounts, pendingMails } from '../../services/mail-outbox';
import { adminMailPage } from '../../views/admin-mail';
import { contentDisposition } from '../../services/chat-files';
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

/** GET /admin/courriels/{seq}/{index}: a file attached to a mail the demo's server caught, as received; 404 otherwise. */
export async function showCaughtAttachment(request: FastifyRequest<{ Params: { seq: string; index: string } }>, reply: FastifyReply) {
  const user = await gate(request, reply, { registered: true, profiles: ['administrator'] });
  if (!user) return reply;
  const { seq, index } = request.params;
  const mail = /^\d{1,9}$/.test(seq) ? request.server.mail.catcher?.messages().find((m) => m.seq === Number(seq)) : undefined;
  const file = mail && /^\d{1,3}$/.test(index) ? mail.attachments[Number(index)] : undefined;
  if (!file) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
  return reply
    .type(file.contentType)
    .header('Content-Disposition', contentDisposition('attachment', file.filename))
    .header('X-Content-Type-Options', 'nosniff')
    .send(file.content);
}
