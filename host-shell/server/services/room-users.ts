import type { Kysely } from 'kysely';
import type { HistoryItem, RoomUser } from '@salon/shared/contracts/room';
import type { Database, HistoryType, UserRow } from '../db/schema';
import { encodeId } from '../lib/ids';
import { publicFullName } from './users';

/** The user columns a RoomUser needs. */
export const ROOM_USER_COLUMNS = [
  'id',
  'profile',
  'anonymous',
  'hidden',
  'availability',
  'pseudo',
  'firstname',
  'lastname',
  'fields_param',
  'last_activity_at',
] as const;
export type RoomUserRow = Pick<UserRow, (typeof ROOM_USER_COLUMNS)[number]>;

/** A person as lists show them to others: the names only as published (`publicNames`). */
export function toRoomUser(
  user: RoomUserRow,
  company: string | null,
  lastActivityAt: string | null,
  extra: { availability?: boolean; hidden?: boolean } = {},
): RoomUser {
  const id = encodeId(user.id);
  return {
    id_user: id,
    obfuscated_id: id,
    profile: user.profile,
    fullname: publicFullName(user),
    pseudo: user.pseudo,
    company: company === null ? null : { name: company },
    last_activity_at: lastActivityAt,
    ...(user.anonymous === 1 && { anonymous: true as const }),
    ...extra,
  };
}

/** The company of each exhibitor among `userIds` (that of their first stand). */
export async function companiesOf(db: Kysely<Database>, userIds: number[]): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  if (userIds.length === 0) return out;
  for (let i = 0; i < userIds.length; i += 500) {
    const rows = await db
      .selectFrom('stand_exhibitors')
      .innerJoin('stands', 'stands.id', 'stand_exhibitors.stand_id')
      .innerJoin('companies', 'companies.id', 'stands.company_id')
      .select(['stand_exhibitors.user_id', 'companies.name'])
      .where('stand_exhibitors.user_id', 'in', userIds.slice(i, i + 500))
      .orderBy('stands.id')
      .execute();
    for (const row of rows) if (!out.has(row.user_id)) out.set(row.user_id, row.name);
  }
  return out;
}

export async function roomUserRows(db: Kysely<Database>, userIds: number[]): Promise<RoomUserRow[]> {
  return inBatches(userIds, (ids) => db.selectFrom('users').select(ROOM_USER_COLUMNS).where('id', 'in', ids).execute());
}

/** The same with each person's city: the organisers' list of who is here tells apart two people of one name by it. */
export async function roomUserRowsWithCity(db: Kysely<Database>, userIds: number[]): Promise<(RoomUserRow & Pick<UserRow, 'city'>)[]> {
  return inBatches(userIds, (ids) =>
    db
      .selectFrom('users')
      .select([...ROOM_USER_COLUMNS, 'city'])
      .where('id', 'in', ids)
      .execute(),
  );
}

/** The rows read for `userIds`, 500 ids a query (the bound values a statement may hold). */
async function inBatches<T>(userIds: number[], read: (ids: number[]) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < userIds.length; i += 500) out.push(...(await read(userIds.slice(i, i + 500))));
  return out;
}

/** An open visit as a stand's visitor list orders them (earliest start first, then by id). */
export interface OpenVisit {
  id: number;
  standId: number;
  userId: number;
  startedAt: string;
}

/** Each stand's open visits, earliest first (their users' rows: `roomUserRows`); a stand with none has no entry. */
export async function standsOpenVisits(db: Kysely<Database>, standIds: readonly number[]): Promise<Map<number, OpenVisit[]>> {
  if (standIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('stand_visits')
    .select(['id', 'stand_id', 'user_id', 'started_at'])
    .where('stand_id', 'in', standIds)
    .where('ended_at', 'is', null)
    .orderBy('stand_id')
    .orderBy('started_at')
    .orderBy('id')
    .execute();
  return byStand(rows, (row) => ({ id: row.id, standId: row.stand_id, userId: row.user_id, startedAt: row.started_at }));
}

/** Rows gathered by their stand, in their order. */
function byStand<R extends { stand_id: number }, V>(rows: R[], value: (row: R) => V): Map<number, V[]> {
  const out = new Map<number, V[]>();
  for (const row of rows) {
    const list = out.get(row.stand_id);
    if (list) list.push(value(row));
    else out.set(row.stand_id, [value(row)]);
  }
  return out;
}

export interface HistoryRowWithUser {
  id: number;
  stand_id: number;
  type: HistoryType;
  content: string;
  created_at: string;
  user: RoomUserRow;
}

/** History entries with the columns of their authors as room users (for the history pages and the live activity). */
export function historyWithUsers(db: Kysely<Database>) {
  return db
    .selectFrom('stand_history')
    .innerJoin('users', 'users.id', 'stand_history.user_id')
    .select([
      'stand_history.id as history_id',
      'stand_history.stand_id',
      'stand_history.type',
      'stand_history.content',
      'stand_history.created_at',
    ])
    .select(ROOM_USER_COLUMNS.map((c) => `users.${c}` as const));
}

export type HistoryQueryRow = Awaited<ReturnType<ReturnType<typeof historyWithUsers>['execute']>>[number];

/** A row of `historyWithUsers` with its author's columns gathered under `user`. */
export const withUser = ({ history_id, stand_id, type, content, created_at, ...user }: HistoryQueryRow): HistoryRowWithUser => ({
  id: history_id,
  stand_id,
  type,
  content,
  created_at,
  user,
});

/** Newest first: by creation time, then by id. */
export const newestFirst = (a: HistoryRowWithUser, b: HistoryRowWithUser): number =>
  a.created_at === b.created_at ? b.id - a.id : a.created_at < b.created_at ? 1 : -1;

/**
 * The last `limit` history entries of each stand, newest first, in one statement: one indexed read of `limit` rows a
 * stand (a union of them), never a scan of a stand's whole history. A stand with none has no entry.
 */
export async function standsHistoryRows(
  db: Kysely<Database>,
  standIds: readonly number[],
  limit: number,
): Promise<Map<number, HistoryRowWithUser[]>> {
  const [first, ...others] = standIds.map((standId, i) =>
    db
      .selectFrom(
        historyWithUsers(db)
          .where('stand_history.stand_id', '=', standId)
          .orderBy('stand_history.created_at', 'desc')
          .orderBy('stand_history.id', 'desc')
          .limit(limit)
          .as(`h${i}`),
      )
      .selectAll(),
  );
  if (!first) return new Map();
  const rows = await others.reduce((query, other) => query.unionAll(other), first).execute();
  const out = byStand(rows.map(withUser), (row) => row);
  for (const list of out.values()) list.sort(newestFirst);
  return out;
}

function parseContent(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export function toHistoryItem(row: HistoryRowWithUser, user: RoomUser): HistoryItem {
  const extra = parseContent(row.content);
  const id = encodeId(row.id);
  const stand = encodeId(row.stand_id);
  const content: HistoryItem['content'] = { type: row.type, user };
  if (typeof extra.channel_id === 'number') content.channel_id = encodeId(extra.channel_id);
  if (typeof extra.availability === 'boolean') content.availability = extra.availability;
  return { id_history: id, obfuscated_id: id, stand_id: stand, stand_obfuscated_id: stand, created_at: row.created_at, content };
}
