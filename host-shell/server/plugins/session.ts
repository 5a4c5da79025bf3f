import fastifyCookie, { type CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { LocaleCode } from '@salon/shared/contracts/page-data';
import type { UserRow } from '../db/schema';
import { isLocale, resolveLocale, LOCALE_COOKIE } from '../lib/locale';
import { requestOrigin } from '../lib/origin';
import { globalPlugin } from '../lib/plugin';
import { SESSION_COOKIE, SESSION_TTL_SECONDS, SessionCache, createSession, deleteSession, findSession } from '../services/sessions';
import { createAnonymousVisitor, findUserById, updateUser, type RenderContext } from '../services/users';

/** Who is asking, in which language, from which origin. */
export interface Viewer extends RenderContext {
  user: UserRow | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Session token → user id, cached briefly (the activity push resolves its caller without the database). */
    sessions: SessionCache;
  }
  interface FastifyRequest {
    /** Loaded on first call and memoised, so static files and 404s never touch the sessions table. */
    viewer(): Promise<Viewer>;
  }
}

const memo = new WeakMap<FastifyRequest, Promise<Viewer>>();

/**
 * The rule (host-shell/server/README.md, Locale): an explicit choice — a language switcher's, kept in this browser's
 * cookie, else the one saved on the account by a switcher — wins; without one, the browser's language.
 */
function localeFor(request: FastifyRequest, user: UserRow | null): LocaleCode {
  return resolveLocale(request.cookies[LOCALE_COOKIE], user?.locale, request.headers['accept-language']);
}

async function loadViewer(request: FastifyRequest): Promise<Viewer> {
  const { server } = request;
  const token = request.cookies[SESSION_COOKIE];
  const found = token ? await findSession(server.db, token) : null;
  if (token) server.sessions.remember(token, found?.user.id ?? null, found ? Date.parse(found.expiresAt) : 0);
  // The row's last_activity_at lags by up to one flush; the tracker has the current value.
  const user = found ? { ...found.user, last_activity_at: server.activity.ownIso(found.user.id, found.user.last_activity_at) } : null;
  // The links the salon writes start with PUBLIC_URL when it is set (behind a proxy), else with the request's origin.
  return { user, locale: localeFor(request, user), origin: server.config.publicUrl ?? requestOrigin(request) };
}

export function cookieOptions(request: FastifyRequest, maxAge: number): CookieSerializeOptions {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.server.config.cookieSecure || request.protocol === 'https',
    maxAge,
  };
}

/** The chat sockets of an ended session are closed (the realtime plugin is registered after this one). */
function closeSockets(request: FastifyRequest, token: string): void {
  if (request.server.hasDecorator('realtime')) request.server.realtime.endSession(token);
}

/** A fresh session (a new token even if one existed: no session fixation). */
export async function startSession(request: FastifyRequest, reply: FastifyReply, user: UserRow): Promise<void> {
  const previous = request.cookies[SESSION_COOKIE];
  if (previous) {
    request.server.sessions.forget(previous);
    await deleteSession(request.server.db, previous);
    closeSockets(request, previous);
  }
  const token = await createSession(request.server.db, user.id);
  reply.setCookie(SESSION_COOKIE, token, cookieOptions(request, SESSION_TTL_SECONDS));
  // A choice made in this browser before logging in is the account's latest explicit choice: it is saved.
  const chosen = request.cookies[LOCALE_COOKIE];
  let current = user;
  if (isLocale(chosen) && user.locale !== chosen) {
    await updateUser(request.server.db, user.id, { locale: chosen });
    current = { ...user, locale: chosen };
  }
  const viewer = await request.viewer();
  memo.set(request, Promise.resolve({ ...viewer, user: current, locale: localeFor(request, current) }));
}

export async function endSession(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const token = request.cookies[SESSION_COOKIE];
  if (token) {
    request.server.sessions.forget(token);
    await deleteSession(request.server.db, token);
    closeSockets(request, token);
  }
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
  const viewer = await request.viewer();
  memo.set(request, Promise.resolve({ ...viewer, user: null, locale: localeFor(request, null) }));
}

/** The room needs a user: a visitor without a session becomes an anonymous visitor (spec §1). */
export async function ensureUser(request: FastifyRequest, reply: FastifyReply): Promise<UserRow> {
  const viewer = await request.viewer();
  if (viewer.user) return viewer.user;
  // Nothing is saved for the language until the visitor chooses one: the browser's is not a choice.
  const user = await createAnonymousVisitor(request.server.db);
  await startSession(request, reply, user);
  return user;
}

/** Remembers the chosen locale in the cookie (and for the rest of this request). */
export async function setLocale(request: FastifyRequest, reply: FastifyReply, locale: LocaleCode): Promise<void> {
  reply.setCookie(LOCALE_COOKIE, locale, cookieOptions(request, 365 * 24 * 3600));
  const viewer = await request.viewer();
  memo.set(request, Promise.resolve({ ...viewer, locale }));
}

/** A language switcher's choice: kept in the cookie and, for a user, saved on the account (spec §2, host-shell/server/README.md). */
export async function chooseLocale(request: FastifyRequest, reply: FastifyReply, locale: LocaleCode): Promise<void> {
  const { user } = await request.viewer();
  if (user) {
    await updateUser(request.server.db, user.id, { locale });
    const fresh = await findUserById(request.server.db, user.id);
    if (fresh) await refreshViewerUser(request, fresh);
  }
  await setLocale(request, reply, locale);
}

/** The viewer after a change to their user row. */
export async function refreshViewerUser(request: FastifyRequest, user: UserRow): Promise<void> {
  const viewer = await request.viewer();
  memo.set(request, Promise.resolve({ ...viewer, user }));
}

export const sessionPlugin = globalPlugin('salon-session', async (app) => {
  await app.register(fastifyCookie);
  app.decorate('sessions', new SessionCache(app.db, app.config.sessionCacheTtlMs));
  app.decorateRequest('viewer', function (this: FastifyRequest) {
    let viewer = memo.get(this);
    if (!viewer) {
      viewer = loadViewer(this);
      memo.set(this, viewer);
    }
    return viewer;
  });
});
