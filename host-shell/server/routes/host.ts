import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { PATTERNS } from '@salon/shared/contracts/patterns';
import { unauthorized } from '../lib/errors';
import { encodeId } from '../lib/ids';
import { isLocale, resolveLocale } from '../lib/locale';
import { buildPageData } from '../page-data/build';
import { HOST_HEADERS, claimNonce, hostSignature, signaturesMatch, upsertHostUser } from '../services/host-users';
import { SESSION_COOKIE, SESSION_TTL_SECONDS, createSession, deleteSession, findSession } from '../services/sessions';

/** One line, no control or direction-override characters (the profile's own rule); empty or null clears the field. */
const Text = (max: number) => Type.Optional(Type.Union([Type.String({ maxLength: max, pattern: PATTERNS.singleLine }), Type.Null()]));

const HandoffBody = Type.Object(
  {
    /** Which host this user belongs to (one salon may trust several sites): users are keyed by (host, user.id). */
    host: Type.String({ pattern: '^[a-z0-9][a-z0-9_.-]{0,63}$' }),
    user: Type.Object(
      {
        id: Type.String({ minLength: 1, maxLength: 190 }),
        profile: Type.Union([Type.Literal('visitor'), Type.Literal('exhibitor'), Type.Literal('promoter'), Type.Literal('administrator')]),
        email: Text(254),
        firstname: Text(100),
        lastname: Text(100),
        pseudo: Text(50),
        city: Text(100),
        postal_code: Text(20),
        mobile: Text(40),
        /** An exhibitor's stands, by panorama slug; any other stand this user owned in the salon is released. */
        stands: Type.Optional(Type.Array(Type.String({ maxLength: 190 }), { maxItems: 100 })),
      },
      { additionalProperties: false },
    ),
    /** The browser's origin of the host page (scheme and host), for the page data's absolute addresses. */
    origin: Type.String({ pattern: '^https?://[^/?#\\s]+$' }),
    /** The page's language (en_EN | fr_FR); stored on the user. */
    locale: Type.Optional(Type.String()),
    /** The salon session the host already holds for this user: kept when it is still valid and theirs. */
    session: Type.Optional(Type.String({ maxLength: 100 })),
  },
  { additionalProperties: false },
);

const EndBody = Type.Object({ session: Type.String({ maxLength: 100 }) }, { additionalProperties: false });

const header = (request: FastifyRequest, name: string): string => {
  const value = request.headers[name];
  return (Array.isArray(value) ? value[0] : value) ?? '';
};

const rawBodies = new WeakMap<FastifyRequest, string>();

/**
 * The identity handoff of a site that hosts the widgets and decides who the user is (the Symfony host of
 * hosts/symfony): server-to-server, never called by a browser. Registered only when SALON_HOST_SECRET is set; each
 * call is HMAC-signed with it (timestamp, nonce, method, path, body), and a forged, stale or replayed call is 401.
 * The same-origin guard of /api does not apply: the signature is the authentication.
 *
 * Its refusals (`Host call refused: …`) are English only, unlike every answer a person reads: the spec has no host
 * API (this handoff is the server's own contract with the host, README "Hosting the widgets"), the reader is the
 * host's server, whose `SalonClient` puts the message in an exception for its logs, and a refused call has no
 * language to follow (the signed body's `locale` is not trusted until the signature is checked).
 */
export const hostRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const secret = app.config.hostSecret;
  if (!secret) return;
  const skew = app.config.hostMaxSkewSeconds;

  // The signature covers the body as sent: keep the raw text next to the parsed JSON.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 64 * 1024 }, (request, body, done) => {
    rawBodies.set(request, body as string);
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(unauthorized('Host call refused: the body is not JSON'), undefined);
    }
  });

  // Before validation: an unsigned call learns nothing about the body's shape.
  app.addHook('preValidation', async (request) => {
    const timestamp = header(request, HOST_HEADERS.timestamp);
    const nonce = header(request, HOST_HEADERS.nonce);
    const signature = header(request, HOST_HEADERS.signature);
    if (!/^\d{1,12}$/.test(timestamp) || !/^[A-Za-z0-9_-]{16,128}$/.test(nonce) || !/^[0-9a-f]{64}$/.test(signature)) {
      throw unauthorized(`Host call refused: ${HOST_HEADERS.timestamp}, ${HOST_HEADERS.nonce} and ${HOST_HEADERS.signature} are required`);
    }
    const sentAt = Number(timestamp);
    const now = Date.now() / 1000;
    if (Math.abs(now - sentAt) > skew)
      throw unauthorized(`Host call refused: the timestamp is more than ${skew} s away from the server's clock (expired or clock skew)`);
    const expected = hostSignature(secret, timestamp, nonce, request.method, request.url, rawBodies.get(request) ?? '');
    if (!signaturesMatch(expected, signature)) throw unauthorized('Host call refused: bad signature');
    if (!(await claimNonce(app.db, nonce, new Date((sentAt + skew + 1) * 1000))))
      throw unauthorized('Host call refused: this nonce was already used (replay)');
  });

  app.post('/sessions', { schema: { hide: true, body: HandoffBody }, config: { errorFormat: 'json' } }, async (request) => {
    const body = request.body;
    const locale = body.locale && isLocale(body.locale) ? body.locale : null;
    const { user, created, unknownStands, relinkedStands } = await upsertHostUser(app.db, body.host, body.user, locale);
    // The host may have changed their names: the live lists that show them read their row again.
    if (!created) app.live.publish({ type: 'presence', userIds: [user.id] });
    // An exhibitor added to a stand or taken off one: those stands' exhibitor lists.
    if (relinkedStands.length > 0) app.live.publish({ type: 'exhibitors', standIds: relinkedStands, userIds: [user.id], links: true });

    let token: string | null = null;
    if (body.session) {
      const found = await findSession(app.db, body.session);
      if (found?.user.id === user.id) token = body.session;
      else if (found) {
        // Another user's session in the host's hands (no logout in between): it ends here.
        app.sessions.forget(body.session);
        await deleteSession(app.db, body.session);
        if (app.hasDecorator('realtime')) app.realtime.endSession(body.session);
      }
    }
    const sessionCreated = token === null;
    token ??= await createSession(app.db, user.id);

    const pageData = await buildPageData(app.db, user, { origin: body.origin, locale: resolveLocale(undefined, user.locale, undefined) });
    return {
      data: {
        user_id: encodeId(user.id),
        user_created: created,
        session: { token, created: sessionCreated, cookie: SESSION_COOKIE, max_age: SESSION_TTL_SECONDS },
        unknown_stands: unknownStands,
        page_data: pageData,
      },
    };
  });

  app.post('/sessions/end', { schema: { hide: true, body: EndBody }, config: { errorFormat: 'json' } }, async (request) => {
    const token = request.body.session;
    const found = await findSession(app.db, token);
    app.sessions.forget(token);
    await deleteSession(app.db, token);
    // The chat sockets of that session close, as after /deconnexion.
    if (app.hasDecorator('realtime')) app.realtime.endSession(token);
    return { data: { ended: found !== null } };
  });
};
