import { msg } from '@lingui/core/macro';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { RegisterBody } from '@salon/shared/contracts/accounts';
import { say } from '../../i18n';
import { validate } from '../../lib/validation';
import { RESET_PATH, requestPasswordReset } from '../../services/password-reset';
import { formStrings } from '../../views/forms';
import { passwordResetPage, type ResetPageState } from '../../views/password-reset';
import { pageContext, sendPage } from './kit';

async function send(request: FastifyRequest, reply: FastifyReply, state: Omit<ResetPageState, 'action'>, status = 200) {
  const ctx = await pageContext(request);
  return sendPage(reply, passwordResetPage(ctx, { action: new URL(RESET_PATH, ctx.origin).toString(), ...state }), status);
}

/** GET /connexion/oubli: the address form. */
export async function showPasswordReset(request: FastifyRequest, reply: FastifyReply) {
  return send(request, reply, {});
}

/**
 * POST /connexion/oubli: a malformed address is a 400 with its message; any other gets the same answer, known or
 * not, and the account's e-mail is queued when it may have one (`requestPasswordReset`).
 */
export async function askPasswordReset(request: FastifyRequest, reply: FastifyReply) {
  const ctx = await pageContext(request);
  const email = formStrings(request.body).email ?? '';
  const checked = validate(RegisterBody.properties.email, email);
  if (!checked.ok) return send(request, reply, { email, error: say(ctx.locale, msg`Expected an email address`) }, 400);
  const outcome = await requestPasswordReset(request.server.db, checked.value, ctx.origin);
  request.log.info({ outcome }, 'password reset asked');
  if (outcome === 'sent') void request.server.mail.flush();
  return send(request, reply, { sent: true });
}

/** A request refused by the address's budget (429): the form again with the message. */
export async function passwordResetRefused(request: FastifyRequest, reply: FastifyReply, message: string) {
  return send(request, reply, { email: formStrings(request.body).email ?? '', alert: message }, 429);
}
