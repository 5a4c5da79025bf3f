import { msg } from '@lingui/core/macro';
import type { Kysely } from 'kysely';
import type { Notification } from '@salon/shared/contracts/notifications';
import type { LocaleCode } from '@salon/shared/contracts/page-data';
import type { Database } from '../db/schema';
import { say } from '../i18n';
import { notFound } from '../lib/errors';
import { recordChange } from './audit';
import { salonTimeZone } from './access';
import { requiredTexts, timeLabels, type NotificationContent, type NotificationDelivery } from './notifications';

/** What an organiser may correct. */
const TEXTS = ['title', 'title_en', 'message', 'message_en', 'at', 'at_en'] as const;

const unknown = (locale: LocaleCode) => notFound(say(locale, msg`Unknown notification`));

/** Who a notification went to: its recipients, or [] for everyone. */
async function recipientsOf(db: Kysely<Database>, id: number): Promise<number[]> {
  const rows = await db.selectFrom('notification_recipients').select('user_id').where('notification_id', '=', id).execute();
  return rows.map((r) => r.user_id);
}

/**
 * An organiser corrects a notification sent by mistake: its texts (trimmed, English falling back to French) and its
 * `at` (absent: kept; empty: the time it was sent), its sending time kept. Recorded in the audit log with what
 * changed, before and after. 404 for an unknown id.
 */
export async function correctNotification(
  db: Kysely<Database>,
  id: number,
  content: NotificationContent,
  actorId: number,
  locale: LocaleCode,
): Promise<{ notification: Notification; userIds: number[] }> {
  const { title, message } = requiredTexts(content, locale);
  const texts = { title, title_en: content.title_en?.trim() || title, message, message_en: content.message_en?.trim() || message };
  // Read before the transaction: SQLite's one connection is the transaction's until it ends.
  const zone = content.at === '' ? await salonTimeZone(db) : '';
  const notification = await db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('notifications').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw unknown(locale);
    const time =
      content.at === undefined
        ? { at: row.at, at_en: row.at_en }
        : content.at
          ? { at: content.at, at_en: content.at }
          : timeLabels(new Date(row.sent_at), zone);
    const next = { ...texts, ...time };
    const changed = TEXTS.filter((key) => row[key] !== next[key]);
    if (changed.length > 0) {
      await trx.updateTable('notifications').set(next).where('id', '=', id).execute();
      await recordChange(trx, {
        actorId,
        action: 'notification.update',
        target: `notification ${id}`,
        before: Object.fromEntries(changed.map((key) => [key, row[key]])),
        after: Object.fromEntries(changed.map((key) => [key, next[key]])),
      });
    }
    const { id: _id, ...rest } = { ...row, ...next };
    return { id_notification: id, ...rest };
  });
  return { notification, userIds: await recipientsOf(db, id) };
}

/** An organiser deletes a notification: gone from every list; the audit log keeps what it said. 404 for an unknown id. */
export async function deleteNotification(
  db: Kysely<Database>,
  id: number,
  actorId: number,
  locale: LocaleCode,
): Promise<{ userIds: number[] }> {
  const userIds = await recipientsOf(db, id);
  await db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('notifications').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw unknown(locale);
    await trx.deleteFrom('notification_recipients').where('notification_id', '=', id).execute();
    await trx.deleteFrom('notifications').where('id', '=', id).execute();
    const { title, title_en, message, message_en, sent_at } = row;
    await recordChange(trx, {
      actorId,
      action: 'notification.remove',
      target: `notification ${id}`,
      before: { title, title_en, message, message_en, sent_at, to: userIds.length > 0 ? userIds.length : 'everyone' },
      after: null,
    });
  });
  return { userIds };
}

/** The lists that show notifications read them again: the live activity streams of those users (or everyone). */
export const republishNotifications = (app: Pick<NotificationDelivery, 'live'>, userIds: number[]): void =>
  app.live.publish({ type: 'notifications', userIds });
