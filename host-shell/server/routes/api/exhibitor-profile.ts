import { msg } from '@lingui/core/macro';
import { say } from '../../i18n';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Envelope } from '@salon/shared/contracts/envelope';
import { ExhibitorProfileBody, ExhibitorProfileData } from '@salon/shared/contracts/profile';
import type { UserRow } from '../../db/schema';
import { badRequest, forbidden } from '../../lib/errors';
import { refreshViewerUser } from '../../plugins/session';
import { exhibitorProfileData, exhibitorProfileIssues, saveExhibitorProfile } from '../../services/exhibitor-profile';
import { apiViewer } from './auth';

/** The caller, when an exhibitor with an account; 401 without a session, 403 for anyone else. */
async function exhibitorOnly(request: FastifyRequest): Promise<{ user: UserRow; locale: Awaited<ReturnType<typeof apiViewer>>['locale'] }> {
  const viewer = await apiViewer(request);
  if (viewer.user.profile !== 'exhibitor' || viewer.user.anonymous === 1) {
    throw forbidden(say(viewer.locale, msg`Only exhibitors have an exhibitor card`));
  }
  return viewer;
}

/** GET/PUT /api/exhibitors/me/profile: the exhibitor's own card (`/exposant/profil`). */
export const exhibitorProfileRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/exhibitors/me/profile',
    {
      schema: {
        summary:
          "The exhibitor's own card: function and presentation in both languages, picture, video, contact email, mobile, LinkedIn, video link, which fields are published, and what the card shows but this call does not change (names, company, avatar, hidden). Exhibitors only (403; no session 401).",
        response: { 200: Envelope(ExhibitorProfileData) },
      },
    },
    async (request) => {
      const { user } = await exhibitorOnly(request);
      return { data: await exhibitorProfileData(app.db, user) };
    },
  );

  app.put(
    '/exhibitors/me/profile',
    {
      schema: {
        summary:
          "Saves the exhibitor's card (every field; null or '' clears one). Pictures and videos are uploaded addresses (`/api/medias/<str>`). Visitors' open cards follow within seconds (live activity). Exhibitors only (403; no session 401); a bad value 400 with `formErrors`.",
        body: ExhibitorProfileBody,
        response: { 200: Envelope(ExhibitorProfileData) },
      },
    },
    async (request) => {
      const { user, locale } = await exhibitorOnly(request);
      const issues = await exhibitorProfileIssues(request.server.db, user, request.body);
      const [first] = issues;
      if (first) {
        const formErrors = Object.fromEntries(issues.map((issue) => [issue.field, say(locale, issue.label)]));
        throw badRequest(`${first.field} ${say(locale, first.label)}`, formErrors);
      }
      const fresh = await saveExhibitorProfile(app.db, user, request.body);
      await refreshViewerUser(request, fresh);
      // Their stands' exhibitors scope: visitors' contact points and the co-exhibitors' activity streams.
      app.live.publish({ type: 'exhibitors', userIds: [user.id] });
      return { data: await exhibitorProfileData(app.db, fresh) };
    },
  );
};
