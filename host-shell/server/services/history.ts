import { msg } from '@lingui/core/macro';
import { say } from '../i18n';
import type { Kysely } from 'kysely';
import type { HistoryBody } from '@salon/shared/contracts/chat';
import type { HistoryItem, RoomUser } from '@salon/shared/contracts/room';
import type { LocaleCode } from '@salon/shared/contracts/page-data';
import type { Database, StandHistoryRow, UserRow } from '../db/schema';
import { HttpError, forbidden, notFound } from '../lib/errors';
import { decodeId, encodeId } from '../lib/ids';
import type { ActivityTracker } from './activity';
import { membershipOf } from './chat';
import {
  companiesOf,
  historyWithUsers,
  toHistoryItem,
  toRoomUser,
  withUser,
  type HistoryRowWithUser,
  type RoomUserRow,
} from './room-users';
import { fullName, ownedStandIds } from './users';
import { recordChange } from './audit';
import { addHistory, ownsStand } from './visits';

/** GET /api/stands/{id}/history: entries per page. */
export const HISTORY_PAGE = 20;

async function toItems(db: Kysely<Database>, activity: ActivityTracker, rows: HistoryRowWithUser[]): Promise<HistoryItem[]> {
  const [companies, view] = await Promise.all([
    companiesOf(db, [...new Set(rows.filter((r) => r.user.profile === 'exhibitor').map((r) => r.user.id))]),
    activity.view(rows.map((r) => r.user.id)),
  ]);
  return rows.map((row) => {
    const user: RoomUser = toRoomUser(
      row.user,
      companies.get(row.user.id) ?? null,
      view.effectiveIso(row.user.id, row.user.last_activity_at),
    );
    return toHistoryItem(row, user);
  });
}

/** The entries with these ids (in id order). */
export async function historyItemsByIds(db: Kysely<Database>, activity: ActivityTracker, ids: number[]): Promise<HistoryItem[]> {
  if (ids.length === 0) return [];
  const rows = await historyWithUsers(db)
    .where('stand_history.id', 'in', [...new Set(ids)])
    .orderBy('stand_history.id')
    .execute();
  return toItems(db, activity, rows.map(withUser));
}

/**
 * Entries one user just wrote, as items, from the rows written and the user's row: nothing is read back (a company
 * only for an exhibitor).
 */
export function historyItemsOf(
  db: Kysely<Database>,
  activity: ActivityTracker,
  user: RoomUserRow,
  rows: StandHistoryRow[],
): Promise<HistoryItem[]> {
  return toItems(
    db,
    activity,
    rows.map(({ id, stand_id, type, content, created_at }) => ({ id, stand_id, type, content, created_at, user })),
  );
}

/**
 * A page of a stand's history, newest first: the first page, or the page after the entry `last` (the last one the
 * client has). Null when `last` is not an entry of this stand.
 */
export async function historyPage(
  db: Kysely<Database>,
  activity: ActivityTracker,
  standId: number,
  last?: number,
): Promise<HistoryItem[] | null> {
  let query = historyWithUsers(db).where('stand_history.stand_id', '=', standId);
  if (last !== undefined) {
    const from = await db
      .selectFrom('stand_history')
      .select(['id', 'created_at'])
      .where('id', '=', last)
      .where('stand_id', '=', standId)
      .executeTakeFirst();
    if (!from) return null;
    // Keyset on (created_at, id): entries of a timed-out visit are written with a past time.
    query = query.where((eb) =>
      eb.or([
        eb('stand_history.created_at', '<', from.created_at),
        eb.and([eb('stand_history.created_at', '=', from.created_at), eb('stand_history.id', '<', from.id)]),
      ]),
    );
  }
  const rows = await query.orderBy('stand_history.created_at', 'desc').orderBy('stand_history.id', 'desc').limit(HISTORY_PAGE).execute();
  return toItems(db, activity, rows.map(withUser));
}

/**
 * Checks an entry a client adds (POST /api/stands/{id}/history, socket stand_history) and returns what to store:
 * chatStarted (with the channel) by the stand's exhibitors, or by a member of a chat with one of them; visioOpened
 * by the stand's exhibitors only.
 */
export async function checkClientHistory(
  db: Kysely<Database>,
  user: UserRow,
  standId: number,
  body: HistoryBody,
  locale: LocaleCode,
): Promise<{ channelId: number | null }> {
  const exhibitor = await ownsStand(db, user.id, standId);
  let channelId: number | null = null;
  if (body.channel_id !== undefined) {
    channelId = decodeId(body.channel_id);
    if (channelId === null || !(await membershipOf(db, channelId, user.id))) throw notFound(say(locale, msg`Unknown channel`));
  }
  if (body.type === 'visioOpened') {
    if (!exhibitor) throw forbidden(say(locale, msg`Only the stand's exhibitors can open a video call on this stand`));
    return { channelId };
  }
  if (channelId === null)
    throw new HttpError(400, say(locale, msg`chatStarted needs "channel_id"`), { channel_id: say(locale, msg`is required`) });
  if (exhibitor) return { channelId };
  const withExhibitor = await db
    .selectFrom('channel_members')
    .innerJoin('stand_exhibitors', 'stand_exhibitors.user_id', 'channel_members.user_id')
    .select('channel_members.id')
    .where('channel_members.channel_id', '=', channelId)
    .where('stand_exhibitors.stand_id', '=', standId)
    .where('channel_members.user_id', '<>', user.id)
    .executeTakeFirst();
  if (!withExhibitor) {
    throw forbidden(say(locale, msg`Only the stand's exhibitors, and people in a chat with them, can record a chat on this stand`));
  }
  return { channelId };
}

/**
 * Stores a checked client entry. A chat is started on a stand once: a second chatStarted for the same stand and
 * channel adds nothing and gives back the first entry (`created` false), whoever sends it.
 */
export async function addClientHistory(
  db: Kysely<Database>,
  user: UserRow,
  standId: number,
  type: HistoryBody['type'],
  channelId: number | null,
): Promise<{ id: number; created: boolean }> {
  const content = channelId === null ? {} : { channel_id: channelId };
  if (type === 'chatStarted') {
    const first = await db
      .selectFrom('stand_history')
      .select('id')
      .where('stand_id', '=', standId)
      .where('type', '=', 'chatStarted')
      .where('content', '=', JSON.stringify(content))
      .orderBy('id')
      .executeTakeFirst();
    if (first) return { id: first.id, created: false };
  }
  return { id: await addHistory(db, { standId, userId: user.id, type, content }), created: true };
}

/**
 * An exhibitor's availability (spec §4.4). When it changes, each of their stands gets an updateAvailability entry.
 * Returns the new entries and the stands.
 */
export async function setAvailability(
  db: Kysely<Database>,
  user: UserRow,
  availability: boolean,
  /** An organiser changing an exhibitor's availability: the change goes in the audit log, in the same transaction. */
  audit?: { actorId: number },
): Promise<{ changed: boolean; standIds: number[]; historyIds: number[] }> {
  return db.transaction().execute(async (trx) => {
    const flag = availability ? 1 : 0;
    const result = await trx
      .updateTable('users')
      .set({ availability: flag })
      .where('id', '=', user.id)
      .where('availability', '<>', flag)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return { changed: false, standIds: [], historyIds: [] };
    if (audit) {
      const target = `${fullName(user) || user.pseudo || encodeId(user.id)}${user.email ? ` <${user.email}>` : ''}`;
      await recordChange(trx, {
        actorId: audit.actorId,
        action: 'availability.update',
        target,
        before: { availability: !availability },
        after: { availability },
      });
    }
    const standIds = await ownedStandIds(trx, user.id);
    const historyIds: number[] = [];
    for (const standId of standIds)
      historyIds.push(await addHistory(trx, { standId, userId: user.id, type: 'updateAvailability', content: { availability } }));
    return { changed: true, standIds, historyIds };
  });
}
