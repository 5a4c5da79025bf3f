import type { FastifyReply, FastifyRequest } from 'fastify';
import { url } from '@salon/shared/contracts/routes';
import type { ProfileCode, UserRow } from '../../db/schema';
import { forbiddenPage } from '../../views/errors';
import type { PageContext } from '../../views/layout';

/** Sends a server-rendered page. Pages carry user data: never cached, never framed by other sites. */
export function sendPage(reply: FastifyReply, page: string, status = 200): FastifyReply {
  return reply
    .code(status)
    .header('Cache-Control', 'no-store')
    .header('X-Frame-Options', 'SAMEORIGIN')
    .header('X-Content-Type-Options', 'nosniff')
    .header('Referrer-Policy', 'strict-origin-when-cross-origin')
    .type('text/html; charset=utf-8')
    .send(page);
}

export async function pageContext(request: FastifyRequest): Promise<PageContext> {
  const { user, locale, origin } = await request.viewer();
  return { user, locale, origin, path: request.url };
}

export interface GateRule {
  /** Refuse anonymous visitors (they have a session but no account). */
  registered?: boolean;
  /** Profiles allowed; any profile when absent. */
  profiles?: readonly ProfileCode[];
}

/**
 * Role gate of a page: no session → 303 to the home page (log in there); session without the right profile → 403 page.
 * Returns the user, or null when the reply has been sent.
 */
export async function gate(request: FastifyRequest, reply: FastifyReply, rule: GateRule = {}): Promise<UserRow | null> {
  const ctx = await pageContext(request);
  const user = ctx.user;
  if (!user) {
    await reply.redirect(url('home', {}, { origin: ctx.origin }), 303);
    return null;
  }
  if (rule.registered && user.anonymous === 1) {
    await sendPage(reply, forbiddenPage(ctx, 'anonymous'), 403);
    return null;
  }
  if (rule.profiles && !rule.profiles.includes(user.profile)) {
    await sendPage(reply, forbiddenPage(ctx, 'profile'), 403);
    return null;
  }
  return user;
}

/** A path parameter as a string (fastify types params as unknown without a schema). */
export function pathParam(request: FastifyRequest, name: string): string {
  const params: unknown = request.params;
  if (typeof params === 'object' && params !== null && name in params) {
    const value: unknown = (params as Record<string, unknown>)[name];
    if (typeof value === 'string') return value;
  }
  return '';
}
