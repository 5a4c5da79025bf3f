import type { FastifyInstance } from 'fastify';

import { salonTimeZone } from './access';
import { deliverNotification, timeLabels } from './notifications';

/** A notice's texts in both languages (the notifications' columns). */
export interface Bilingual {
  title: string;
  title_en: string;
  message: string;
  message_en: string;
}

/**
 * A notification for some users only, sent now by the salon itself (a meeting's step, a talk's reminder): stored
 * like an organiser's (so it is in their news list after a reload), shown at once as a toast through the live
 * activity and the sockets. Not an organiser's act, so not in the audit log.
 */
export async function personalNotice(
  app: Pick<FastifyInstance, 'db' | 'live' | 'realtime'>,
  userIds: number[],
  texts: Bilingual,
): Promise<void> {
  if (userIds.length === 0) return;
  const now = new Date();
  const values = { ...texts, ...timeLabels(now, await salonTimeZone(app.db)), sent_at: now.toISOString() };
  const id = await app.db.transaction().execute(async (trx) => {
    const row = await trx.insertInto('notifications').values(values).returning('id').executeTakeFirstOrThrow();
    await trx
      .insertInto('notification_recipients')
      .values(userIds.map((userId) => ({ notification_id: row.id, user_id: userId })))
      .execute();
    return row.id;
  });
  deliverNotification(app, userIds, { id_notification: id, ...values });
}
