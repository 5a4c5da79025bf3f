import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { say } from '../../i18n';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ContactAnswer } from '@salon/shared/contracts/contact';
import { checkForm, promoterContactRules, readForm, type ContactSubject } from '@salon/shared/contracts/form-rules';
import { saveContactRequest } from '../../services/backoffice';
import { isXhr } from '../../lib/origin';
import { contactPage } from '../../views/contact';
import { formStrings } from '../../views/forms';
import { FORM_TEXTS, formErrorsOf } from '../../views/messages';
import { pageContext, sendPage } from './kit';

/** The widgets post JSON with X-Requested-With and read the spec §7 answer; a plain form gets the page again. */
function answersJson(request: FastifyRequest): boolean {
  return isXhr(request) || (request.headers['content-type'] ?? '').startsWith('application/json');
}

export async function showContact(request: FastifyRequest, reply: FastifyReply) {
  const ctx = await pageContext(request);
  return sendPage(reply, contactPage(ctx, { askEmail: !ctx.user || ctx.user.anonymous === 1 }));
}

/** The fields of a posted contact form, as the page shows them again. */
function contactInput(body: unknown): Record<string, string> {
  const form = formStrings(body);
  const input: Record<string, string> = {};
  for (const key of Object.keys(form)) if (key === 'email' || key === 'subject' || key === 'message') input[key] = form[key] ?? '';
  if (!('subject' in input)) input.subject = '';
  if (!('message' in input)) input.message = '';
  return input;
}

/** A plain form post refused by a rate limit (429): the page again with what was written and the message. */
export async function contactRefused(request: FastifyRequest, reply: FastifyReply, message: string) {
  const ctx = await pageContext(request);
  const authenticated = ctx.user !== null && ctx.user.anonymous === 0;
  return sendPage(reply, contactPage(ctx, { askEmail: !authenticated, values: contactInput(request.body), error: message }), 429);
}

/**
 * POST /contact (urlencoded, JSON or multipart fields). XHR and JSON callers get `{statusCode, data: {error, message,
 * formErrors?}}`, with HTTP 200 even for field errors (`statusCode: 400` in the body); a plain form post gets the page
 * again (400 with the errors). A forged origin (403), a malformed body (400), a file (413) and a rate limit (429) keep
 * their HTTP status, in the same shape (`plugins/errors.ts`, `errorFormat: 'contact'`).
 */
export async function sendContact(request: FastifyRequest, reply: FastifyReply) {
  const ctx = await pageContext(request);
  const tr = (text: MessageDescriptor) => say(ctx.locale, text);
  const authenticated = ctx.user !== null && ctx.user.anonymous === 0;
  const input = contactInput(request.body);

  // Spec §5: the email is required only when the visitor is not authenticated (the shared rules know it).
  const errors = formErrorsOf(ctx.locale, checkForm(promoterContactRules, input, { authenticated }));

  if (Object.keys(errors).length > 0) {
    const message = say(ctx.locale, FORM_TEXTS.hasErrors);
    if (answersJson(request)) {
      // HTTP 200 on purpose: spec §8 shows data.message of a 200 answer and only a generic toast for other statuses.
      const answer: ContactAnswer = { statusCode: 400, data: { error: true, message, formErrors: errors } };
      return reply.code(200).send(answer);
    }
    return sendPage(reply, contactPage(ctx, { askEmail: !authenticated, values: input, errors }), 400);
  }
  const value = readForm(promoterContactRules, input);

  await saveContactRequest(request.server.db, {
    user_id: ctx.user?.id ?? null,
    email: value.email || ctx.user?.email || ctx.user?.contact_email || null,
    // checkForm accepted it as one of CONTACT_SUBJECTS.
    subject: value.subject as ContactSubject,
    message: value.message,
  });

  if (answersJson(request)) {
    const answer: ContactAnswer = {
      statusCode: 200,
      data: { error: false, message: tr(msg`Your message has been sent to the organizer.`) },
    };
    return reply.send(answer);
  }
  return sendPage(reply, contactPage(ctx, { askEmail: !authenticated, sent: true }));
}
