import type { FastifyReply, FastifyRequest } from 'fastify';
import { ContactBody, type ContactAnswer } from '../../../../shared/api/schemas/contact';
import { nowIso } from '../../db/schema';
import { pick } from '../../lib/locale';
import { isXhr } from '../../lib/origin';
import { validate } from '../../lib/validation';
import { contactPage } from '../../views/contact';
import { formStrings } from '../../views/forms';
import { fieldErrors } from '../../views/messages';
import { pageContext, sendPage } from './kit';

/** The widgets post JSON with X-Requested-With and read the spec §7 answer; a plain form gets the page again. */
function answersJson(request: FastifyRequest): boolean {
  return isXhr(request) || (request.headers['content-type'] ?? '').startsWith('application/json');
}

export async function showContact(request: FastifyRequest, reply: FastifyReply) {
  const ctx = await pageContext(request);
  return sendPage(reply, contactPage(ctx, { askEmail: !ctx.user || ctx.user.anonymous === 1 }));
}

export async function sendContact(request: FastifyRequest, reply: FastifyReply) {
  const ctx = await pageContext(request);
  const tr = (fr: string, en: string) => pick(ctx.locale, fr, en);
  const authenticated = ctx.user !== null && ctx.user.anonymous === 0;
  const form = formStrings(request.body);
  const input: Record<string, string> = {};
  for (const key of Object.keys(form)) if (key === 'email' || key === 'subject' || key === 'message') input[key] = form[key] ?? '';
  if (!('subject' in input)) input.subject = '';
  if (!('message' in input)) input.message = '';

  const checked = validate(ContactBody, input);
  const errors = checked.ok ? {} : fieldErrors(ctx.locale, checked.issues);
  // Spec §5: the email is required only when the visitor is not authenticated.
  if (!authenticated && !input.email && !errors.email) errors.email = tr('Ce champ est obligatoire', 'This field is required');

  if (!checked.ok || Object.keys(errors).length > 0) {
    const message = tr('Le formulaire contient des erreurs.', 'The form has errors.');
    if (answersJson(request)) {
      // HTTP 200 on purpose: spec §8 shows data.message of a 200 answer and only a generic toast for other statuses.
      const answer: ContactAnswer = { statusCode: 400, data: { error: true, message, formErrors: errors } };
      return reply.code(200).send(answer);
    }
    return sendPage(reply, contactPage(ctx, { askEmail: !authenticated, values: input, errors }), 400);
  }

  await request.server.db
    .insertInto('contact_requests')
    .values({
      user_id: ctx.user?.id ?? null,
      email: checked.value.email || ctx.user?.email || ctx.user?.contact_email || null,
      subject: checked.value.subject,
      message: checked.value.message,
      created_at: nowIso(),
    })
    .execute();

  if (answersJson(request)) {
    const answer: ContactAnswer = { statusCode: 200, data: { error: false, message: tr('Votre message a bien été envoyé à l’organisateur.', 'Your message has been sent to the organizer.') } };
    return reply.send(answer);
  }
  return sendPage(reply, contactPage(ctx, { askEmail: !authenticated, sent: true }));
}
