import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Envelope } from '../../../../shared/api/schemas/envelope';
import { UserMeData, UserMeUpdateBody } from '../../../../shared/api/schemas/users';
import { badRequest, forbidden } from '../../lib/errors';
import { refreshViewerUser } from '../../plugins/session';
import { applyProfileUpdate, profileIssues } from '../../services/profile';
import { formErrorsOf, FORM_TEXTS, say } from '../../views/messages';
import { toPageUser } from '../../services/users';
import { apiViewer } from './auth';

export const userRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/users/me', { schema: { summary: 'The current user', response: { 200: Envelope(UserMeData) } } }, async (request) => {
    const viewer = await apiViewer(request);
    return { data: { user: await toPageUser(app.db, viewer.user, viewer) } };
  });

  app.put(
    '/users/me',
    { schema: { summary: 'Update the current user (anonymous visitors: pseudo only)', body: UserMeUpdateBody, response: { 200: Envelope(UserMeData) } } },
    async (request) => {
      const viewer = await apiViewer(request);
      const body = request.body;
      if (viewer.user.anonymous === 1 && Object.keys(body).some((key) => key !== 'pseudo')) {
        throw forbidden('Anonymous visitors can only change their pseudo');
      }
      if (body.hidden !== undefined && viewer.user.profile !== 'exhibitor') throw forbidden('"hidden" applies to exhibitors only');
      const formErrors = formErrorsOf(viewer.locale, profileIssues(body));
      if (Object.keys(formErrors).length > 0) throw badRequest(say(viewer.locale, FORM_TEXTS.hasErrors), formErrors);
      const user = await applyProfileUpdate(app.db, viewer.user, body);
      await refreshViewerUser(request, user);
      return { data: { user: await toPageUser(app.db, user, viewer) } };
    },
  );
};
