import { msg } from '@lingui/core/macro';
import { say } from '../../i18n';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { ACTIVE_USERS_LISTED, UsersActivesData, UsersCountData } from '@salon/shared/contracts/backoffice';
import { Envelope } from '@salon/shared/contracts/envelope';
import { UserMeData, UserMeUpdateBody } from '@salon/shared/contracts/users';
import { badRequest, forbidden } from '../../lib/errors';
import { activeUsers } from '../../live/actives';
import { counts } from '../../services/backoffice';
import { refreshViewerUser } from '../../plugins/session';
import { applyProfileUpdate, profileIssues } from '../../services/profile';
import { formErrorsOf, FORM_TEXTS } from '../../views/messages';
import { toPageUser } from '../../services/users';
import { apiViewer } from './auth';

/** Promoters and administrators only: 401 without a session, 403 for anyone else. */
export async function organisersOnly(request: FastifyRequest): Promise<void> {
  const { user, locale } = await apiViewer(request);
  if (user.anonymous === 1 || (user.profile !== 'promoter' && user.profile !== 'administrator'))
    throw forbidden(say(locale, msg`For organizers only`));
}

const ORGANISERS_ONLY = 'Promoters and administrators only: 401 without a session, 403 for visitors (anonymous ones too) and exhibitors.';

export const userRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/users/count',
    {
      preValidation: organisersOnly,
      schema: {
        summary: `Registered users by profile, and anonymous visitors. ${ORGANISERS_ONLY}`,
        response: { 200: Envelope(UsersCountData) },
      },
    },
    async () => {
      const { byProfile, anonymous } = await counts(app.db);
      return {
        data: {
          by_profile: byProfile,
          registered: byProfile.administrator + byProfile.promoter + byProfile.exhibitor + byProfile.visitor,
          anonymous,
        },
      };
    },
  );

  app.get(
    '/users/actives',
    {
      preValidation: organisersOnly,
      schema: {
        summary: `The people active within last_activity_period now: their count (the live activity's active_users) and the ${ACTIVE_USERS_LISTED} most recently active, most recent first, hidden profiles too (flagged), names as published, and each person's city (what tells two people of one name apart). ${ORGANISERS_ONLY}`,
        response: { 200: Envelope(UsersActivesData) },
      },
    },
    async () => ({ data: await activeUsers(app) }),
  );

  app.get('/users/me', { schema: { summary: 'The current user', response: { 200: Envelope(UserMeData) } } }, async (request) => {
    const viewer = await apiViewer(request);
    return { data: { user: await toPageUser(app.db, viewer.user, viewer) } };
  });

  app.put(
    '/users/me',
    {
      schema: {
        summary: 'Update the current user (anonymous visitors: pseudo only)',
        body: UserMeUpdateBody,
        response: { 200: Envelope(UserMeData) },
      },
    },
    async (request) => {
      const viewer = await apiViewer(request);
      const body = request.body;
      if (viewer.user.anonymous === 1 && Object.keys(body).some((key) => key !== 'pseudo')) {
        throw forbidden(say(viewer.locale, msg`Anonymous visitors can only change their pseudo`));
      }
      if (body.hidden !== undefined && viewer.user.profile !== 'exhibitor')
        throw forbidden(say(viewer.locale, msg`"hidden" applies to exhibitors only`));
      const formErrors = formErrorsOf(viewer.locale, profileIssues(body));
      if (Object.keys(formErrors).length > 0) throw badRequest(say(viewer.locale, FORM_TEXTS.hasErrors), formErrors);
      const user = await applyProfileUpdate(app.db, viewer.user, body);
      // The live lists that show them (chat users, the stands they are on) read their row again.
      app.live.publish({ type: 'presence', userIds: [user.id] });
      await refreshViewerUser(request, user);
      return { data: { user: await toPageUser(app.db, user, viewer) } };
    },
  );
};
