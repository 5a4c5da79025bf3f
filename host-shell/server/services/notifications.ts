import { msg } from '@lingui/core/macro';
import type { Kysely } from 'kysely';
import { NOTIFICATIONS_PER_PAGE, type Notification, type NotificationsData } from '@salon/shared/contracts/notifications';
import type { NotificationPayload } from '@salon/shared/contracts/socket-events';
import { nowIso, type Database } from '../db/schema';
import type { LocaleCode } from '@salon/shared/contracts/page-data';
import { say } from '../i18n';
import { badRequest } from '../lib/errors';
import { issueText } from '../views/messages';
import { salonTimeZone, zonedLocal } from './access';
import { recordChange } from './audit';

type Row = { id: number; title: string; title_en: string; at: string; at_en: string; message: string; message_en: string; sent_at: string };

const toNotification = ({ id, ...n }: Row): Notification => ({ id_notification: id, ...n });

/**
 * Sent notifications, newest first; scheduled ones (sent_at in the future) are not shown yet. A notification with
 * recipients (sent to some users) is listed for them only; `userId` null sees the public ones.
 */
export async function listNotifications(
  db: Kysely<Database>,
  page: number,
  now = nowIso(),
  userId: number | null = null,
): Promise<NotificationsData> {
  const sent = db
    .selectFrom('notifications')
    .where('sent_at', '<=', now)
    .where((eb) => {
      const targeted = eb.exists(
        eb.selectFrom('notification_recipients as r').select('r.user_id').whereRef('r.notification_id', '=', 'notifications.id'),
      );
      if (userId === null) return eb.not(targeted);
      const mine = eb.exists(
        eb
          .selectFrom('notification_recipients as r')
          .select('r.user_id')
          .whereRef('r.notification_id', '=', 'notifications.id')
          .where('r.user_id', '=', userId),
      );
      return eb.or([eb.not(targeted), mine]);
    });
  const [rows, count] = await Promise.all([
    sent
      .selectAll('notifications')
      .orderBy('sent_at', 'desc')
      .orderBy('id', 'desc')
      .limit(NOTIFICATIONS_PER_PAGE)
      .offset((page - 1) * NOTIFICATIONS_PER_PAGE)
      .execute(),
    sent.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirst(),
  ]);
  const total = Number(count?.n ?? 0);
  return {
    notifications: rows.map(toNotification),
    page,
    per_page: NOTIFICATIONS_PER_PAGE,
    total,
    pages: Math.max(1, Math.ceil(total / NOTIFICATIONS_PER_PAGE)),
  };
}

/**
 * The live activity's two halves of a user's newest notifications: the public ones (`userId` null), shared by every
 * stream, or those sent to that user only. Merged per stream, newest first, they are the user's first page.
 */
export async function latestNotifications(
  db: Kysely<Database>,
  userId: number | null,
  limit: number,
  now = nowIso(),
): Promise<Notification[]> {
  let query = db.selectFrom('notifications').selectAll('notifications').where('sent_at', '<=', now);
  query =
    userId === null
      ? query.where((eb) =>
          eb.not(
            eb.exists(
              eb.selectFrom('notification_recipients as r').select('r.user_id').whereRef('r.notification_id', '=', 'notifications.id'),
            ),
          ),
        )
      : query.where((eb) =>
          eb.exists(
            eb
              .selectFrom('notification_recipients as r')
              .select('r.user_id')
              .whereRef('r.notification_id', '=', 'notifications.id')
              .where('r.user_id', '=', userId),
          ),
        );
  const rows = await query.orderBy('sent_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
  return rows.map(toNotification);
}

/** When the next scheduled notification (sent_at in the future) becomes visible, or null. */
export async function nextScheduledAt(db: Kysely<Database>, now = nowIso()): Promise<string | null> {
  const row = await db
    .selectFrom('notifications')
    .select('sent_at')
    .where('sent_at', '>', now)
    .orderBy('sent_at', 'asc')
    .limit(1)
    .executeTakeFirst();
  return row?.sent_at ?? null;
}

/**
 * A notification's `at` and `at_en` when it is sent: the time of day as the spec writes times (HHhMM, 14h05), the same
 * in both languages, on the salon's clock (`salonTimeZone`, the zone of the opening hours), as the demo writes them.
 */
export function timeLabels(date: Date, zone: string): { at: string; at_en: string } {
  const time = zonedLocal(date, zone).slice(11, 16).replace(':', 'h');
  return { at: time, at_en: time };
}

export interface NotificationContent {
  title: string;
  message: string;
  title_en?: string;
  message_en?: string;
  /** When what it announces takes place (HHhMM); absent or empty: the time it is sent. */
  at?: string;
}

/**
 * A news item's title and message, trimmed; empty ones refused as every form refuses a required field (each named in
 * `formErrors`, in the caller's language).
 */
export function requiredTexts(
  content: Pick<NotificationContent, 'title' | 'message'>,
  locale: LocaleCode,
): { title: string; message: string } {
  const title = content.title.trim();
  const message = content.message.trim();
  const missing: Record<string, string> = {};
  if (!title) missing.title = issueText(locale, 'required');
  if (!message) missing.message = issueText(locale, 'required');
  if (!title) throw badRequest(say(locale, msg`"title" must not be empty`), missing);
  if (!message) throw badRequest(say(locale, msg`"message" must not be empty`), missing);
  return { title, message };
}

/**
 * A notification sent now by an organiser (socket `notification`, POST /api/notifications). With `userIds` it is
 * for those users only (unknown ids are left out; none known is a 400); without, for everyone. Texts are trimmed,
 * and the English ones fall back to the French. Recorded in the audit log (`actorId`: the organiser who sent it), in
 * the same transaction.
 */
export async function createNotification(
  db: Kysely<Database>,
  content: NotificationContent,
  userIds: number[],
  actorId: number,
  locale: LocaleCode,
  now = new Date(),
): Promise<Notification> {
  const { title, message } = requiredTexts(content, locale);
  // The time an organiser typed (HHhMM, `NotificationBody`), else now on the salon's clock.
  const time = content.at ? { at: content.at, at_en: content.at } : timeLabels(now, await salonTimeZone(db));
  return db.transaction().execute(async (trx) => {
    const values = {
      title,
      title_en: content.title_en?.trim() || title,
      message,
      message_en: content.message_en?.trim() || message,
      ...time,
      sent_at: now.toISOString(),
    };
    const { id } = await trx.insertInto('notifications').values(values).returning('id').executeTakeFirstOrThrow();
    let recipients = 0;
    for (let i = 0; i < userIds.length; i += 500) {
      const known = await trx
        .selectFrom('users')
        .select('id')
        .where('id', 'in', userIds.slice(i, i + 500))
        .execute();
      if (known.length > 0)
        await trx
          .insertInto('notification_recipients')
          .values(known.map((u) => ({ notification_id: id, user_id: u.id })))
          .execute();
      recipients += known.length;
    }
    // Meant for some users, none of whom exists: not a notification for everyone.
    if (userIds.length > 0 && recipients === 0)
      throw badRequest(say(locale, msg`None of "users_ids" is a user`), { users_ids: say(locale, msg`names no user`) });
    const { title: t, title_en, message: m, message_en, at, sent_at } = values;
    await recordChange(
      trx,
      {
        actorId,
        action: 'notification.send',
        target: `notification ${id}`,
        before: null,
        after: { title: t, title_en, message: m, message_en, at, sent_at, to: userIds.length > 0 ? recipients : 'everyone' },
      },
      sent_at,
    );
    return { id_notification: id, ...values };
  });
}

/** The socket event's shape (shared/contracts/socket-events.ts): the id as a string. */
export function toSocketPayload(n: Notification): NotificationPayload {
  return {
    id_notification: String(n.id_notification),
    title: n.title,
    title_en: n.title_en,
    message: n.message,
    message_en: n.message_en,
    sent_at: n.sent_at,
  };
}

/** What the server needs to deliver a notification (the app's `live` and `realtime`). */
export interface NotificationDelivery {
  live: { publish(change: { type: 'notifications'; userIds: number[] }): void };
  realtime: { notify(userIds: number[], notification: NotificationPayload): void };
}

/**
 * A sent notification reaches its users live both ways: the live activity stream (open on every room page, so a
 * visitor who never opened the chat gets it too) and the sockets that are open. Clients show each id once.
 */
export function deliverNotification(app: NotificationDelivery, userIds: number[], notification: Notification): void {
  app.live.publish({ type: 'notifications', userIds });
  app.realtime.notify(userIds, toSocketPayload(notification));
}
