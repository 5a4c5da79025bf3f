import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AvailabilityBody, AvailabilityData } from '../../../../shared/api/schemas/chat';
import { Envelope } from '../../../../shared/api/schemas/envelope';
import { forbidden } from '../../lib/errors';
import { pick } from '../../lib/locale';
import { refreshViewerUser } from '../../plugins/session';
import { setAvailability } from '../../services/history';
import { findUserById } from '../../services/users';
import { apiViewer } from './auth';

export const exhibitorRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.put(
    '/exhibitors/me/availability',
    {
      schema: {
        summary:
          "The exhibitor's availability (spec §4.4). A change is recorded as updateAvailability on each of their stands, sent to the stands' exhibitors (socket stand_history) and to the live activity. Exhibitors only (403).",
        body: AvailabilityBody,
        response: { 200: Envelope(AvailabilityData) },
      },
    },
    async (request) => {
      const viewer = await apiViewer(request);
      if (viewer.user.profile !== 'exhibitor') throw forbidden(pick(viewer.locale, 'Seuls les exposants ont une disponibilité', 'Only exhibitors have an availability'));
      const { availability } = request.body;
      const { changed, standIds, historyIds } = await setAvailability(app.db, viewer.user, availability);
      if (changed) {
        app.live.publish({ type: 'exhibitors', userIds: [viewer.user.id] });
        app.live.publish({ type: 'history', standIds });
        void app.realtime.historyAdded(historyIds);
        const fresh = await findUserById(app.db, viewer.user.id);
        if (fresh) await refreshViewerUser(request, fresh);
      }
      return { data: { availability } };
    },
  );
};
