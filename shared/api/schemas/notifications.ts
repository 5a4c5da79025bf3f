import { Type, type Static } from '@sinclair/typebox';

export const NOTIFICATIONS_PER_PAGE = 10;

/** GET /api/notifications?page=n (pages start at 1, spec §4.7). */
export const NotificationsQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000 })),
});
export type NotificationsQuery = Static<typeof NotificationsQuery>;

export const Notification = Type.Object({
  id_notification: Type.Integer(),
  title: Type.String(),
  title_en: Type.String(),
  at: Type.String(),
  at_en: Type.String(),
  message: Type.String(),
  message_en: Type.String(),
  /** ISO 8601, UTC. */
  sent_at: Type.String(),
});
export type Notification = Static<typeof Notification>;

export const NotificationsData = Type.Object({
  notifications: Type.Array(Notification),
  page: Type.Integer(),
  per_page: Type.Integer(),
  total: Type.Integer(),
  pages: Type.Integer(),
});
export type NotificationsData = Static<typeof NotificationsData>;
