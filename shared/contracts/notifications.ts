import { Type, type Static } from '@sinclair/typebox';
import { PATTERNS } from './patterns';
import { ObfuscatedId } from './room';

export const NOTIFICATIONS_PER_PAGE = 10;

/** Title and message lengths an organiser may send (the socket `notification` event takes the same). */
export const NOTIFICATION_TITLE_MAX = 200;
export const NOTIFICATION_MESSAGE_MAX = 2000;

/**
 * The live activity stream's second event (spec §4.7, §7): its data is a JSON list, the user's newest sent
 * notifications (at most `LIVE_NOTIFICATIONS_LIMIT`), on connection and each time one is sent to them.
 */
export const LIVE_NOTIFICATIONS_EVENT = 'live:activity:notifications';
export const LIVE_NOTIFICATIONS_LIMIT = NOTIFICATIONS_PER_PAGE;

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

/** The data of the `live:activity:notifications` event. */
export const LiveNotifications = Type.Array(Notification, { maxItems: LIVE_NOTIFICATIONS_LIMIT });
export type LiveNotifications = Static<typeof LiveNotifications>;

/**
 * POST /api/notifications: an organiser (promoter, administrator) sends the day's news now. French is required,
 * English falls back to it. `users_ids` (obfuscated ids) sends it to those users only; absent or empty, to everyone.
 * Texts are trimmed; one that is empty once trimmed is refused, and so is one with control or direction-override
 * characters (the titles one line, `PATTERNS.singleLine`; the messages may span lines, `PATTERNS.multiLine`).
 * `at`: when what it announces takes place, a time of day as the spec writes times (HHhMM: 17h30), shown "When: 17h30"
 * in both languages (`at` and `at_en`); absent or empty, the time it is sent, on the salon's clock.
 */
export const NOTIFICATION_TIME_PATTERN = '^(?:(?:[01]\\d|2[0-3])h[0-5]\\d)?$';
export const NotificationTitle = (minLength: number) =>
  Type.String({ minLength, maxLength: NOTIFICATION_TITLE_MAX, pattern: PATTERNS.singleLine });
export const NotificationMessage = (minLength: number) =>
  Type.String({ minLength, maxLength: NOTIFICATION_MESSAGE_MAX, pattern: PATTERNS.multiLine });
export const NotificationBody = Type.Object(
  {
    title: NotificationTitle(1),
    title_en: Type.Optional(NotificationTitle(0)),
    message: NotificationMessage(1),
    message_en: Type.Optional(NotificationMessage(0)),
    at: Type.Optional(Type.String({ pattern: NOTIFICATION_TIME_PATTERN })),
    users_ids: Type.Optional(Type.Array(ObfuscatedId, { maxItems: 100_000 })),
  },
  { additionalProperties: false },
);
export type NotificationBody = Static<typeof NotificationBody>;

/**
 * PUT /api/notifications/{id}: an organiser corrects the texts of a notification sent by mistake (its sending time
 * kept); `at` absent keeps its time, empty puts back the time it was sent.
 */
export const NotificationCorrection = Type.Omit(NotificationBody, ['users_ids'], { additionalProperties: false });
export type NotificationCorrection = Static<typeof NotificationCorrection>;

/** PUT and DELETE /api/notifications/{id}: the notification's id (`id_notification`). */
export const NotificationParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2 ** 31 - 1 }) });
export type NotificationParams = Static<typeof NotificationParams>;

export const NotificationCreated = Type.Object({ notification: Notification });
export type NotificationCreated = Static<typeof NotificationCreated>;
