import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Envelope } from '../../../../shared/api/schemas/envelope';
import { NotificationsData, NotificationsQuery } from '../../../../shared/api/schemas/notifications';
import { listNotifications } from '../../services/notifications';

export const notificationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/notifications',
    { schema: { summary: 'Room notifications, newest first, 10 per page (pages start at 1); those an organiser sent to some users are listed for them only', querystring: NotificationsQuery, response: { 200: Envelope(NotificationsData) } } },
    async (request) => {
      const { user } = await request.viewer();
      return { data: await listNotifications(app.db, request.query.page ?? 1, undefined, user?.id ?? null) };
    },
  );
};
