import type { Kysely } from 'kysely';
import { NOTIFICATIONS_PER_PAGE, type NotificationsData } from '../../../shared/api/schemas/notifications';
import { nowIso, type Database } from '../db/schema';

/** Sent notifications, newest first; scheduled ones (sent_at in the future) are not shown yet. */
export async function listNotifications(db: Kysely<Database>, page: number, now = nowIso()): Promise<NotificationsData> {
  const sent = db.selectFrom('notifications').where('sent_at', '<=', now);
  const [rows, count] = await Promise.all([
    sent
      .selectAll()
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
