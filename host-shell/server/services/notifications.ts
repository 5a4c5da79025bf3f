import type { Kysely } from 'kysely';
import { NOTIFICATIONS_PER_PAGE, type NotificationsData } from '../../../shared/api/schemas/notifications';
import type { NotificationPayload } from '../../../shared/api/socket-events';
import { nowIso, type Database } from '../db/schema';
import { badRequest } from '../lib/errors';

/**
 * Sent notifications, newest first; scheduled ones (sent_at in the future) are not shown yet. A notification with
 * recipients (sent over the socket to some users) is listed for them only; `userId` null sees the public ones.
 */
export async function listNotifications(db: Kysely<Database>, page: number, now = nowIso(), userId: number | null = null): Promise<NotificationsData> {
  const sent = db
    .selectFrom('notifications')
    .where('sent_at', '<=', now)
    .where((eb) => {
      const targeted = eb.exists(eb.selectFrom('notification_recipients as r').select('r.user_id').whereRef('r.notification_id', '=', 'notifications.id'));
      if (userId === null) return eb.not(targeted);
      const mine = eb.exists(
        eb.selectFrom('notification_recipients as r').select('r.user_id').whereRef('r.notification_id', '=', 'notifications.id').where('r.user_id', '=', userId),
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
    notifications: rows.map(({ id, ...n }) => ({ id_notification: id, ...n })),
    page,
    per_page: NOTIFICATIONS_PER_PAGE,
    total,
    pages: Math.max(1, Math.ceil(total / NOTIFICATIONS_PER_PAGE)),
  };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** "14h05" and "2:05 pm", as the demo notifications write their time (server time zone). */
export function timeLabels(date: Date): { at: string; at_en: string } {
  const h = date.getHours();
  const m = pad(date.getMinutes());
  const h12 = h % 12 === 0 ? 12 : h % 12;
  return { at: `${h}h${m}`, at_en: `${h12}:${m} ${h >= 12 ? 'pm' : 'am'}` };
}

/**
 * A notification sent now by an organiser (socket `notification`). With `userIds` it is for those users only
 * (unknown ids are left out); without, for everyone.
 */
export async function createNotification(
  db: Kysely<Database>,
  content: { title: string; message: string; title_en?: string; message_en?: string },
  userIds: number[],
  now = new Date(),
): Promise<NotificationPayload> {
  return db.transaction().execute(async (trx) => {
    const values = {
      title: content.title,
      title_en: content.title_en || content.title,
      message: content.message,
      message_en: content.message_en || content.message,
      ...timeLabels(now),
      sent_at: now.toISOString(),
    };
    const { id } = await trx.insertInto('notifications').values(values).returning('id').executeTakeFirstOrThrow();
    let recipients = 0;
    for (let i = 0; i < userIds.length; i += 500) {
      const known = await trx.selectFrom('users').select('id').where('id', 'in', userIds.slice(i, i + 500)).execute();
      if (known.length > 0) await trx.insertInto('notification_recipients').values(known.map((u) => ({ notification_id: id, user_id: u.id }))).execute();
      recipients += known.length;
    }
    // Meant for some users, none of whom exists: not a notification for everyone.
    if (userIds.length > 0 && recipients === 0) throw badRequest('None of "users_ids" is a user');
    return { id_notification: String(id), title: values.title, title_en: values.title_en, message: values.message, message_en: values.message_en, sent_at: values.sent_at };
  });
}
