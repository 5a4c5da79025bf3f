import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { Envelope } from '@salon/shared/contracts/envelope';
import { checkLegitimity, loadAccess, refusalMessage } from '../../services/access';

/** `GET /api/check_legitimity`'s answer (`services/access.ts`). */
export const LegitimacyData = Type.Union([
  Type.Object({ legitimate: Type.Literal(true) }),
  Type.Object({
    legitimate: Type.Literal(false),
    reason: Type.Union([Type.Literal('closed'), Type.Literal('login_required'), Type.Literal('not_invited')]),
    /** When the salon opens (ISO 8601, UTC), when it has not opened yet. */
    opens_at: Type.Optional(Type.String()),
    /** The salon's time zone (IANA), in which its opening hours are set and `message` gives the time. */
    time_zone: Type.String(),
    /** What to tell the person, in their language (the session's, else the `salon_locale` cookie's): `/salon`'s sentence. */
    message: Type.String(),
  }),
]);

export const accessRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/check_legitimity',
    {
      schema: {
        summary:
          'May the caller (their session, or none) enter the room now: the opening hours (exhibitors, organisers and administrators enter at any time) and the access mode (anyone, registered accounts, invited accounts only), both set on /admin/acces. A host page or a widget asks before showing the room.',
        response: { 200: Envelope(LegitimacyData) },
      },
    },
    async (request) => {
      const { user, locale } = await request.viewer();
      const access = await loadAccess(app.db);
      const answer = checkLegitimity(access, user);
      if (answer.legitimate) return { data: answer };
      return { data: { ...answer, time_zone: access.time_zone, message: refusalMessage(answer, access.time_zone, locale) } };
    },
  );
};
