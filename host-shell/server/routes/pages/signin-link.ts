import { msg } from '@lingui/core/macro';
import { say } from '../../i18n';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import { RegisterBody } from '@salon/shared/contracts/accounts';
import { buildPath, url } from '@salon/shared/contracts/routes';
import { hashPassword } from '../../lib/password';
import { validate } from '../../lib/validation';
import { startSession } from '../../plugins/session';
import { adminPasswordProblem } from '../../services/admins';
import { inspectSigninLink, SIGNIN_LINK_PATTERN, useSigninLink, type LinkState } from '../../services/signin-links';
import { homeRouteName } from '../../services/users';
import { formStrings } from '../../views/forms';
import { fieldErrors } from '../../views/messages';
import { signinLinkPage, type SigninLinkState } from '../../views/signin-link';
import { pageContext, pathParam } from './kit';

/** The password of a link: the registration's rules (`RegisterBody`). */
const LinkBody = Type.Object({ password: RegisterBody.properties.password });

/** The token is in the address: no referrer ever carries it elsewhere. */
async function send(request: FastifyRequest, reply: FastifyReply, state: SigninLinkState, status: number) {
  const ctx = await pageContext(request);
  // `sendPage`'s headers, but no referrer to another site (a form post needs its Origin: no-referrer would make it null).
  return reply
    .code(status)
    .header('Cache-Control', 'no-store')
    .header('X-Frame-Options', 'SAMEORIGIN')
    .header('X-Content-Type-Options', 'nosniff')
    .header('Referrer-Policy', 'same-origin')
    .type('text/html; charset=utf-8')
    .send(signinLinkPage(ctx, state));
}

function refusal(found: Exclude<LinkState, { state: 'valid' }>): { state: SigninLinkState; status: number } {
  return { state: { kind: found.state }, status: found.state === 'unknown' ? 404 : 410 };
}

async function formState(
  request: FastifyRequest,
  found: Extract<LinkState, { state: 'valid' }>,
  extra: { error?: string; alert?: string } = {},
): Promise<SigninLinkState> {
  const { origin } = await pageContext(request);
  const action = new URL(buildPath(SIGNIN_LINK_PATTERN, { token: pathParam(request, 'token') }), origin).toString();
  return {
    kind: 'form',
    action,
    email: found.user.email ?? '',
    firstname: found.user.firstname,
    reset: found.purpose === 'reset',
    ...extra,
  };
}

/** GET /connexion/lien/{token}: the password form, or why the link does not open (used, expired: 410; unknown: 404). Nothing is written. */
export async function showSigninLink(request: FastifyRequest, reply: FastifyReply) {
  const found = await inspectSigninLink(request.server.db, pathParam(request, 'token'));
  if (found.state !== 'valid') {
    const { state, status } = refusal(found);
    return send(request, reply, state, status);
  }
  return send(request, reply, await formState(request, found), 200);
}

/** POST /connexion/lien/{token}: sets the password, uses the link, logs the person in, to their home. */
export async function useSigninLinkPage(request: FastifyRequest, reply: FastifyReply) {
  const ctx = await pageContext(request);
  const db = request.server.db;
  const token = pathParam(request, 'token');
  const found = await inspectSigninLink(db, token);
  if (found.state !== 'valid') {
    const { state, status } = refusal(found);
    return send(request, reply, state, status);
  }
  const password = formStrings(request.body).password ?? '';
  const checked = validate(LinkBody, { password });
  if (!checked.ok)
    return send(request, reply, await formState(request, found, { error: fieldErrors(ctx.locale, checked.issues).password ?? '' }), 400);
  if (found.user.profile === 'promoter' && adminPasswordProblem(password)) {
    const error = say(ctx.locale, msg`At least 12 characters for an organizer account, and never the demo password.`);
    return send(request, reply, await formState(request, found, { error }), 400);
  }
  const used = await useSigninLink(db, token, await hashPassword(password, request.server.config.scryptCost));
  if (used.state !== 'valid') {
    const { state, status } = refusal(used);
    return send(request, reply, state, status);
  }
  request.log.info({ userId: used.user.id }, 'sign-in link used');
  await startSession(request, reply, used.user);
  return reply.redirect(url(homeRouteName(used.user.profile), {}, { origin: ctx.origin }), 303);
}

/** A post refused by the rate limit (429): the form again (or why the link does not open) with the message. */
export async function signinLinkRefused(request: FastifyRequest, reply: FastifyReply, message: string) {
  const found = await inspectSigninLink(request.server.db, pathParam(request, 'token'));
  if (found.state !== 'valid') return send(request, reply, refusal(found).state, 429);
  return send(request, reply, await formState(request, found, { alert: message }), 429);
}
