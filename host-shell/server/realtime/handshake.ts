import { msg } from '@lingui/core/macro';
import type { FastifyInstance } from 'fastify';
import type { ExtendedError } from 'socket.io';
import { say } from '../i18n';
import { resolveLocale, LOCALE_COOKIE } from '../lib/locale';
import { handshakeOriginRefusal, rawRequestOrigin } from '../lib/origin';
import { membershipsOfUser } from '../services/chat';
import { SESSION_COOKIE } from '../services/sessions';
import { companyOfExhibitor, findUserById, ownedStandIds } from '../services/users';
import { sessionRoom, type SalonSocket } from './rooms';

/** A refused handshake: the client's `connect_error` gets the message and `data.status` (403 foreign origin, 401 no session, 503 the server failed). */
export function refusal(message: string, status: 401 | 403 | 503): ExtendedError {
  return Object.assign(new Error(message), { data: { status } });
}

/**
 * socket.io middleware: the Origin must be this server (the HTTP same-origin rule) and the session cookie must
 * name a user (through the session cache). It loads what the connection handler needs to join the rooms at once.
 */
export function handshake(app: FastifyInstance) {
  const authenticate = async (socket: SalonSocket): Promise<void> => {
    const request = socket.request;
    const origin = rawRequestOrigin(request, app.config.trustProxy);
    const cookies = app.parseCookie(request.headers.cookie ?? '');
    // The refusals' language: the socket's request alone (no user yet).
    const locale = resolveLocale(cookies[LOCALE_COOKIE], undefined, request.headers['accept-language']);
    const foreign = handshakeOriginRefusal(request.headers, origin);
    if (foreign) throw refusal(say(locale, foreign), 403);
    const token = cookies[SESSION_COOKIE];
    const userId = await app.sessions.userId(token);
    const user = userId === null ? null : await findUserById(app.db, userId);
    if (!user) throw refusal(say(locale, msg`Not authenticated: open /salon or log in first`), 401);
    const exhibitor = user.profile === 'exhibitor';
    const [members, stands, company] = await Promise.all([
      membershipsOfUser(app.db, user.id),
      exhibitor ? ownedStandIds(app.db, user.id) : Promise.resolve([]),
      exhibitor ? companyOfExhibitor(app.db, user.id) : Promise.resolve(null),
    ]);
    socket.data = {
      userId: user.id,
      user,
      company: company?.name ?? null,
      locale: resolveLocale(cookies[LOCALE_COOKIE], user.locale, request.headers['accept-language']),
      // The links of its messages (chat files): PUBLIC_URL when set, as over HTTP.
      origin: app.config.publicUrl ?? origin,
      members,
      stands,
      session: sessionRoom(token ?? ''),
      typing: new Map(),
    };
  };
  return (socket: SalonSocket, next: (err?: ExtendedError) => void): void => {
    authenticate(socket).then(
      () => next(),
      (err: unknown) => {
        if (err instanceof Error && 'data' in err) return next(err);
        app.log.error({ err }, 'socket handshake failed');
        const { headers } = socket.request;
        const locale = resolveLocale(app.parseCookie(headers.cookie ?? '')[LOCALE_COOKIE], undefined, headers['accept-language']);
        next(refusal(say(locale, msg`The chat is unavailable, please try again later`), 503));
      },
    );
  };
}
