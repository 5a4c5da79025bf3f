import { msg } from '@lingui/core/macro';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LoginBody, RegisterBody } from '@salon/shared/contracts/accounts';
import { normalizeName } from '@salon/shared/contracts/form-rules';
import { buildPath, url } from '@salon/shared/contracts/routes';
import { dummyHashPromise, hashPassword, verifyPassword } from '../../lib/password';
import { roomReturnPath } from '../../lib/return-path';
import { validate } from '../../lib/validation';
import { endSession, startSession } from '../../plugins/session';
import { keepVisitJourney } from '../../services/journey';
import { findUserByEmail, findUserById, homeRouteName, insertUser, normalizeEmail, updateUser } from '../../services/users';
import { formStrings } from '../../views/forms';
import { homePage, type HomeState } from '../../views/home';
import { helpers } from '../../views/layout';
import { fieldErrors, issueText } from '../../views/messages';
import { pageContext, sendPage } from './kit';

/** Not in the route table of spec §2.1 (registration is ours); built with the same builder. */
export const REGISTER_PATTERN = '/inscription';

const dummyHashes = new Map<number, Promise<string>>();
function dummyHash(cost: number): Promise<string> {
  let hash = dummyHashes.get(cost);
  if (!hash) {
    hash = dummyHashPromise(cost);
    dummyHashes.set(cost, hash);
  }
  return hash;
}

/** The place in the room the login or registration returns to: the form's `retour`, else the page's `?retour=`. */
function returnPathOf(request: FastifyRequest): string | null {
  return roomReturnPath(formStrings(request.body).retour) ?? roomReturnPath((request.query as Record<string, unknown> | undefined)?.retour);
}

async function renderHome(
  request: FastifyRequest,
  reply: FastifyReply,
  state: Omit<HomeState, 'registerAction' | 'returnTo'>,
  status = 200,
) {
  const ctx = await pageContext(request);
  const registerAction = new URL(buildPath(REGISTER_PATTERN), ctx.origin).toString();
  return sendPage(reply, homePage(ctx, { ...state, registerAction, returnTo: returnPathOf(request) ?? undefined }), status);
}

export async function showHome(request: FastifyRequest, reply: FastifyReply) {
  return renderHome(request, reply, {});
}

export async function login(request: FastifyRequest, reply: FastifyReply) {
  const ctx = await pageContext(request);
  const { tr } = helpers(ctx);
  const form = formStrings(request.body);
  const checked = validate(LoginBody, { email: form.email ?? '', password: form.password ?? '' });
  const failure = tr(msg`Incorrect email address or password.`);
  if (!checked.ok) return renderHome(request, reply, { login: { email: form.email, error: failure } }, 401);

  const user = await findUserByEmail(request.server.db, checked.value.email);
  // Unknown email and wrong password take the same time and give the same answer.
  const ok = await verifyPassword(checked.value.password, user?.password_hash ?? (await dummyHash(request.server.config.scryptCost)));
  if (!user || !user.password_hash || !ok) {
    request.log.info({ known: user !== null }, 'login failed');
    return renderHome(request, reply, { login: { email: form.email, error: failure } }, 401);
  }
  // The anonymous visit's journey is not lost: it joins the account's.
  if (ctx.user?.anonymous === 1 && ctx.user.id !== user.id) await keepVisitJourney(request.server.db, user, ctx.user);
  await startSession(request, reply, user);
  const back = returnPathOf(request);
  return reply.redirect(back ? new URL(back, ctx.origin).toString() : url(homeRouteName(user.profile), {}, { origin: ctx.origin }), 303);
}

/** A login refused by a rate limit (429): the home page again, the e-mail kept, the message in the login form. */
export async function loginRefused(request: FastifyRequest, reply: FastifyReply, message: string) {
  return renderHome(request, reply, { login: { email: formStrings(request.body).email, error: message } }, 429);
}

/** A registration refused by a rate limit (429): the home page again with the values (not the password) and the message. */
export async function registerRefused(request: FastifyRequest, reply: FastifyReply, message: string) {
  const form = formStrings(request.body);
  return renderHome(
    request,
    reply,
    { register: { values: { email: form.email ?? '', firstname: form.firstname ?? '', lastname: form.lastname ?? '' }, error: message } },
    429,
  );
}

export async function register(request: FastifyRequest, reply: FastifyReply) {
  const ctx = await pageContext(request);
  const { tr } = helpers(ctx);
  const form = formStrings(request.body);
  const values = { email: form.email ?? '', password: form.password ?? '', firstname: form.firstname ?? '', lastname: form.lastname ?? '' };
  const shown = { email: values.email, firstname: values.firstname, lastname: values.lastname };
  const checked = validate(RegisterBody, values);
  if (!checked.ok) return renderHome(request, reply, { register: { values: shown, errors: fieldErrors(ctx.locale, checked.issues) } }, 400);
  const blank = (['firstname', 'lastname'] as const).filter((field) => normalizeName(checked.value[field]) === '');
  if (blank.length > 0) {
    return renderHome(
      request,
      reply,
      { register: { values: shown, errors: Object.fromEntries(blank.map((field) => [field, issueText(ctx.locale, 'required')])) } },
      400,
    );
  }

  const db = request.server.db;
  const email = normalizeEmail(checked.value.email);
  if (await findUserByEmail(db, email)) {
    return renderHome(
      request,
      reply,
      { register: { values: shown, errors: { email: tr(msg`An account already exists with this address.`) } } },
      400,
    );
  }
  const account = {
    email,
    password_hash: await hashPassword(checked.value.password, request.server.config.scryptCost),
    firstname: normalizeName(checked.value.firstname),
    lastname: normalizeName(checked.value.lastname),
    locale: ctx.locale,
    // Made by the person: the access mode "invited only" keeps them out.
    registered_self: 1 as const,
  };
  // An anonymous visitor who registers keeps their user (journey, chats): the row becomes a real account.
  const current = ctx.user;
  let userId: number;
  if (current && current.anonymous === 1) {
    await updateUser(db, current.id, { ...account, anonymous: 0 });
    userId = current.id;
    // Named now: the live lists that show them read their row again.
    request.server.live.publish({ type: 'presence', userIds: [userId] });
  } else {
    userId = await insertUser(db, { ...account, profile: 'visitor', anonymous: 0 });
  }
  const user = await findUserById(db, userId);
  if (!user) throw new Error('registered user vanished');
  await startSession(request, reply, user);
  const back = returnPathOf(request);
  return reply.redirect(back ? new URL(back, ctx.origin).toString() : url('room', {}, { origin: ctx.origin }), 303);
}

export async function logout(request: FastifyRequest, reply: FastifyReply) {
  const { origin } = await pageContext(request);
  await endSession(request, reply);
  return reply.redirect(url('home', {}, { origin }), 303);
}
