import { msg } from '@lingui/core/macro';
import { say } from '../../i18n';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Envelope } from '@salon/shared/contracts/envelope';
import type { LocaleCode } from '@salon/shared/contracts/page-data';
import { Type } from '@sinclair/typebox';
import {
  NotificationBody,
  NotificationCorrection,
  NotificationCreated,
  NotificationParams,
  NotificationsData,
  NotificationsQuery,
} from '@salon/shared/contracts/notifications';
import type { UserRow } from '../../db/schema';
import { badRequest, forbidden } from '../../lib/errors';
import { decodeId } from '../../lib/ids';
import { createNotification, deliverNotification, listNotifications } from '../../services/notifications';
import { correctNotification, deleteNotification, republishNotifications } from '../../services/notification-changes';
import { apiViewer } from './auth';

/** Organisers: promoters and administrators (spec §1). */
export const isOrganiser = (user: UserRow): boolean => user.profile === 'promoter' || user.profile === 'administrator';

/** 401 without a session, 403 for anyone but an organiser: checked before the body is looked at. */
async function organiserOnly(request: FastifyRequest): Promise<void> {
  const { user, locale } = await apiViewer(request);
  if (!isOrganiser(user)) throw forbidden(say(locale, msg`Only organisers can send notifications`));
}

/** Obfuscated user ids → ids; a malformed one is a 400 (unknown ones are dropped by createNotification). */
function decodeUsers(raw: readonly string[] | undefined, locale: LocaleCode): number[] {
  const ids: number[] = [];
  for (const value of new Set(raw ?? [])) {
    const id = decodeId(value);
    if (id === null)
      throw badRequest(say(locale, msg`Invalid body: "users_ids" names no user: "${value}"`), {
        users_ids: say(locale, msg`names no user`),
      });
    ids.push(id);
  }
  return ids;
}

export const notificationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/notifications',
    {
      schema: {
        summary:
          'Room notifications, newest first, 10 per page (pages start at 1); those an organiser sent to some users are listed for them only',
        querystring: NotificationsQuery,
        response: { 200: Envelope(NotificationsData) },
      },
    },
    async (request) => {
      const { user } = await request.viewer();
      return { data: await listNotifications(app.db, request.query.page ?? 1, undefined, user?.id ?? null) };
    },
  );

  app.post(
    '/notifications',
    {
      schema: {
        summary:
          'An organiser (promoter, administrator) sends a notification now: to `users_ids` only, or to everyone when absent or empty. It reaches connected users at once through the live activity stream (event "live:activity:notifications") and their open sockets (`notification`). 401 without a session, 403 for other profiles.',
        body: NotificationBody,
        response: { 200: Envelope(NotificationCreated) },
      },
      // Who may send is answered before what they sent is validated.
      preValidation: organiserOnly,
    },
    async (request) => {
      const { user, locale } = await apiViewer(request);
      const userIds = decodeUsers(request.body.users_ids, locale);
      const notification = await createNotification(app.db, request.body, userIds, user.id, locale);
      deliverNotification(app, userIds, notification);
      return { data: { notification } };
    },
  );

  app.put(
    '/notifications/:id',
    {
      schema: {
        summary:
          'An organiser corrects a notification sent by mistake: its titles and messages (English falls back to French), its time kept. Audited (notification.update); open rooms get the corrected list at once. 404 for an unknown id; 401 without a session, 403 for other profiles.',
        params: NotificationParams,
        body: NotificationCorrection,
        response: { 200: Envelope(NotificationCreated) },
      },
      preValidation: organiserOnly,
    },
    async (request) => {
      const { user, locale } = await apiViewer(request);
      const { notification, userIds } = await correctNotification(app.db, request.params.id, request.body, user.id, locale);
      republishNotifications(app, userIds);
      return { data: { notification } };
    },
  );

  app.delete(
    '/notifications/:id',
    {
      schema: {
        summary:
          'An organiser deletes a notification sent by mistake: gone from every list, the audit log keeps what it said (notification.remove). 404 for an unknown id; 401 without a session, 403 for other profiles.',
        params: NotificationParams,
        response: { 200: Envelope(Type.Object({ deleted: Type.Integer() })) },
      },
      preValidation: organiserOnly,
    },
    async (request) => {
      const { user, locale } = await apiViewer(request);
      const { userIds } = await deleteNotification(app.db, request.params.id, user.id, locale);
      republishNotifications(app, userIds);
      return { data: { deleted: request.params.id } };
    },
  );
};
