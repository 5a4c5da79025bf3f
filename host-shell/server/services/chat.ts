import type { Kysely } from 'kysely';
import type { Channel, ChatMember, ChatMessage, MessageContent } from '@salon/shared/contracts/chat';
import { nowIso, type Database, type MessageRow, type UserRow } from '../db/schema';
import { encodeId } from '../lib/ids';
import type { ActivityTracker } from './activity';
import { ROOM_USER_COLUMNS, companiesOf, toRoomUser, type RoomUserRow } from './room-users';
import { isUniqueViolation } from './visits';
import { isPublished, parseFieldsParam } from './users';

/** The latest page of a channel, and the page before an id. */
export const MESSAGES_PAGE = 50;
/** Messages after an id (catching up after a reconnect): as many as the schema allows in one call. */
export const CATCH_UP_PAGE = 200;

/** How messages are rendered for one caller: file addresses are absolute on the caller's origin. */
export interface ChatContext {
  db: Kysely<Database>;
  activity: ActivityTracker;
  origin: string;
}

export interface Membership {
  memberId: number;
  channelId: number;
  lastRead: number | null;
}

const chunks = <T>(items: T[], size = 500): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, i * size + size));

/** The 1-to-1 channel key of two users, whatever the order. */
export const directKey = (a: number, b: number): string => (a < b ? `${a}:${b}` : `${b}:${a}`);

export async function membershipOf(db: Kysely<Database>, channelId: number, userId: number): Promise<Membership | null> {
  const row = await db
    .selectFrom('channel_members')
    .select(['id', 'channel_id', 'last_read_message_id'])
    .where('channel_id', '=', channelId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ? { memberId: row.id, channelId: row.channel_id, lastRead: row.last_read_message_id } : null;
}

/** Every channel of a user: channel id → the user's member id. */
export async function membershipsOfUser(db: Kysely<Database>, userId: number): Promise<Map<number, number>> {
  const rows = await db.selectFrom('channel_members').select(['id', 'channel_id']).where('user_id', '=', userId).execute();
  return new Map(rows.map((r) => [r.channel_id, r.id]));
}

export async function findDirectChannel(db: Kysely<Database>, a: number, b: number): Promise<number | null> {
  const row = await db.selectFrom('channels').select('id').where('direct_key', '=', directKey(a, b)).executeTakeFirst();
  return row?.id ?? null;
}

/**
 * The 1-to-1 channel of two users, created with both memberships when missing. Safe when two calls race: the
 * unique direct_key and (channel, user) decide, and the loser reads what the winner wrote.
 */
export async function findOrCreateDirectChannel(
  db: Kysely<Database>,
  a: number,
  b: number,
): Promise<{ channelId: number; created: boolean }> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction().execute(async (trx) => {
        const key = directKey(a, b);
        const at = nowIso();
        const existing = await trx.selectFrom('channels').select('id').where('direct_key', '=', key).executeTakeFirst();
        let channelId = existing?.id;
        let created = false;
        if (channelId === undefined) {
          const inserted = await trx
            .insertInto('channels')
            .values({ direct_key: key, created_at: at })
            .onConflict((oc) => oc.column('direct_key').doNothing())
            .returning('id')
            .executeTakeFirst();
          created = inserted !== undefined;
          channelId =
            inserted?.id ?? (await trx.selectFrom('channels').select('id').where('direct_key', '=', key).executeTakeFirstOrThrow()).id;
        }
        await trx
          .insertInto('channel_members')
          .values([a, b].map((user_id) => ({ channel_id: channelId, user_id, last_read_message_id: null, created_at: at })))
          .onConflict((oc) => oc.columns(['channel_id', 'user_id']).doNothing())
          .execute();
        return { channelId, created };
      });
    } catch (err) {
      if (attempt >= 3 || !isUniqueViolation(err)) throw err;
    }
  }
}

/** What a channel shows of a member: the room user, and the contact fields for the channel's buttons. */
const CONTACT_COLUMNS = ['mobile', 'email', 'contact_email'] as const;
type MemberUserRow = RoomUserRow & Pick<UserRow, (typeof CONTACT_COLUMNS)[number]>;

export interface MemberRow {
  memberId: number;
  channelId: number;
  user: MemberUserRow;
}

/** The members of these channels, with their users. */
export async function memberRows(db: Kysely<Database>, channelIds: number[]): Promise<MemberRow[]> {
  const out: MemberRow[] = [];
  for (const ids of chunks([...new Set(channelIds)])) {
    const rows = await db
      .selectFrom('channel_members')
      .innerJoin('users', 'users.id', 'channel_members.user_id')
      .select(['channel_members.id as member_id', 'channel_members.channel_id'])
      .select(ROOM_USER_COLUMNS.map((c) => `users.${c}` as const))
      .select(CONTACT_COLUMNS.map((c) => `users.${c}` as const))
      .where('channel_members.channel_id', 'in', ids)
      .orderBy('channel_members.id')
      .execute();
    for (const { member_id, channel_id, ...user } of rows) out.push({ memberId: member_id, channelId: channel_id, user });
  }
  return out;
}

/** ChatMembers by member id. */
export async function chatMembers(ctx: ChatContext, rows: MemberRow[]): Promise<Map<number, ChatMember>> {
  const companies = await companiesOf(ctx.db, [...new Set(rows.filter((r) => r.user.profile === 'exhibitor').map((r) => r.user.id))]);
  return new Map(
    rows.map((r) => [
      r.memberId,
      {
        id_member: encodeId(r.memberId),
        user: {
          ...toRoomUser(r.user, companies.get(r.user.id) ?? null, ctx.activity.effectiveIso(r.user.id, r.user.last_activity_at)),
          ...publishedContact(r.user),
        },
      },
    ]),
  );
}

/** The member's published phone and email (the contact email for exhibitors), or null. */
function publishedContact(user: MemberUserRow): { mobile: string | null; email: string | null } {
  const fields = parseFieldsParam(user.fields_param);
  const emailField = user.profile === 'exhibitor' ? 'contact_email' : 'email';
  const email = user.profile === 'exhibitor' ? user.contact_email : user.email;
  return {
    mobile: isPublished(fields, 'mobile', user.mobile) ? user.mobile : null,
    email: isPublished(fields, emailField, email) ? email : null,
  };
}

export function parseContent(text: string): MessageContent {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string')
      return value as MessageContent;
  } catch {
    // A row written by hand; shown as an empty text rather than failing the whole page.
  }
  return { type: 'message', text: '' };
}

/** File addresses are stored as paths: the caller's origin makes them absolute. */
function withOrigin(content: MessageContent, origin: string): MessageContent {
  if ((content.type === 'file' || content.type === 'image') && content.url.startsWith('/'))
    return { ...content, url: `${origin}${content.url}` };
  return content;
}

export function toChatMessage(row: MessageRow, member: ChatMember, origin: string): ChatMessage {
  const id = encodeId(row.id);
  return {
    id_message: id,
    obfuscated_id: id,
    channel_id: encodeId(row.channel_id),
    client_id: row.client_id,
    member,
    created_at: row.created_at,
    updated_at: row.updated_at,
    content: withOrigin(parseContent(row.content), origin),
  };
}

/** A member that left no row (cannot happen with the foreign keys; typed for noUncheckedIndexedAccess). */
const unknownMember = (memberId: number): ChatMember => {
  const id = encodeId(memberId);
  return {
    id_member: id,
    user: { id_user: id, obfuscated_id: id, profile: 'visitor', fullname: '', pseudo: null, company: null, last_activity_at: null },
  };
};

export async function toChatMessages(ctx: ChatContext, rows: MessageRow[], members?: Map<number, ChatMember>): Promise<ChatMessage[]> {
  const known = members ?? (await chatMembers(ctx, await memberRows(ctx.db, [...new Set(rows.map((r) => r.channel_id))])));
  return rows.map((row) => toChatMessage(row, known.get(row.member_id) ?? unknownMember(row.member_id), ctx.origin));
}

export interface NewMessage {
  channelId: number;
  memberId: number;
  clientId: string | null;
  content: MessageContent;
}

/**
 * Stores a message once per (member, client id): a retry of a send whose acknowledgement was lost gets the stored
 * message back (`created` false) instead of a second copy.
 */
export async function insertMessage(db: Kysely<Database>, message: NewMessage): Promise<{ row: MessageRow; created: boolean }> {
  const values = {
    channel_id: message.channelId,
    member_id: message.memberId,
    client_id: message.clientId,
    content: JSON.stringify(message.content),
    created_at: nowIso(),
    updated_at: null,
  };
  if (message.clientId === null)
    return { row: await db.insertInto('messages').values(values).returningAll().executeTakeFirstOrThrow(), created: true };
  const inserted = await db
    .insertInto('messages')
    .values(values)
    .onConflict((oc) => oc.columns(['member_id', 'client_id']).doNothing())
    .returningAll()
    .executeTakeFirst();
  if (inserted) return { row: inserted, created: true };
  const stored = await db
    .selectFrom('messages')
    .selectAll()
    .where('member_id', '=', message.memberId)
    .where('client_id', '=', message.clientId)
    .executeTakeFirstOrThrow();
  return { row: stored, created: false };
}

export async function messageRow(db: Kysely<Database>, channelId: number, messageId: number): Promise<MessageRow | null> {
  return (
    (await db.selectFrom('messages').selectAll().where('id', '=', messageId).where('channel_id', '=', channelId).executeTakeFirst()) ?? null
  );
}

export interface PageQuery {
  /** Messages after this id, oldest first (catching up). */
  after?: number;
  /** Messages before this id (scrolling back). */
  before?: number;
  limit?: number;
}

/** A page of a channel, always oldest first: after an id, before an id, or the latest. */
export async function messagePage(db: Kysely<Database>, channelId: number, query: PageQuery = {}): Promise<MessageRow[]> {
  const base = db.selectFrom('messages').selectAll().where('channel_id', '=', channelId);
  if (query.after !== undefined) {
    return base
      .where('id', '>', query.after)
      .orderBy('id', 'asc')
      .limit(query.limit ?? CATCH_UP_PAGE)
      .execute();
  }
  const older = query.before === undefined ? base : base.where('id', '<', query.before);
  const rows = await older
    .orderBy('id', 'desc')
    .limit(query.limit ?? MESSAGES_PAGE)
    .execute();
  return rows.reverse();
}

/** Everything in the channel is read by this member (its counter goes to 0). */
export async function markRead(db: Kysely<Database>, membership: Membership): Promise<void> {
  const last = await db
    .selectFrom('messages')
    .select((eb) => eb.fn.max('id').as('last'))
    .where('channel_id', '=', membership.channelId)
    .executeTakeFirst();
  const lastId = last?.last === null || last?.last === undefined ? null : Number(last.last);
  if (lastId === null) return;
  await db
    .updateTable('channel_members')
    .set({ last_read_message_id: lastId })
    .where('id', '=', membership.memberId)
    .where((eb) => eb.or([eb('last_read_message_id', 'is', null), eb('last_read_message_id', '<', lastId)]))
    .execute();
}

/** The user's channels (members, counts, last message), newest last message first; channels without messages last. */
export async function listChannels(ctx: ChatContext, userId: number, onlyChannelId?: number): Promise<Channel[]> {
  const { db } = ctx;
  let query = db.selectFrom('channel_members').select(['id', 'channel_id', 'last_read_message_id']).where('user_id', '=', userId);
  if (onlyChannelId !== undefined) query = query.where('channel_id', '=', onlyChannelId);
  const mine = await query.execute();
  if (mine.length === 0) return [];
  const channelIds = mine.map((m) => m.channel_id);
  const channels = new Map<number, string>();
  const stats = new Map<number, { total: number; lastId: number }>();
  const unread = new Map<number, number>();
  for (const ids of chunks(channelIds)) {
    for (const row of await db.selectFrom('channels').select(['id', 'created_at']).where('id', 'in', ids).execute())
      channels.set(row.id, row.created_at);
    const counts = await db
      .selectFrom('messages')
      .select((eb) => ['channel_id', eb.fn.countAll<string | number>().as('total'), eb.fn.max('id').as('last_id')])
      .where('channel_id', 'in', ids)
      .groupBy('channel_id')
      .execute();
    for (const row of counts) stats.set(row.channel_id, { total: Number(row.total), lastId: Number(row.last_id) });
    // Messages of the others after the user's last read one.
    const news = await db
      .selectFrom('messages')
      .innerJoin('channel_members as me', (join) => join.onRef('me.channel_id', '=', 'messages.channel_id').on('me.user_id', '=', userId))
      .select((eb) => ['messages.channel_id', eb.fn.countAll<string | number>().as('n')])
      .where('messages.channel_id', 'in', ids)
      .whereRef('messages.member_id', '<>', 'me.id')
      .where((eb) => eb.or([eb('me.last_read_message_id', 'is', null), eb('messages.id', '>', eb.ref('me.last_read_message_id'))]))
      .groupBy('messages.channel_id')
      .execute();
    for (const row of news) unread.set(row.channel_id, Number(row.n));
  }
  const lastIds = [...stats.values()].map((s) => s.lastId);
  const lastRows: MessageRow[] = [];
  for (const ids of chunks(lastIds)) lastRows.push(...(await db.selectFrom('messages').selectAll().where('id', 'in', ids).execute()));
  const members = await memberRows(db, channelIds);
  const chatMemberById = await chatMembers(ctx, members);
  const lastByChannel = new Map((await toChatMessages(ctx, lastRows, chatMemberById)).map((m, i) => [lastRows[i]?.channel_id ?? 0, m]));

  const out = channelIds.map((channelId): Channel => {
    const id = encodeId(channelId);
    return {
      id_channel: id,
      obfuscated_id: id,
      members: members.filter((m) => m.channelId === channelId).flatMap((m) => chatMemberById.get(m.memberId) ?? []),
      total_messages: stats.get(channelId)?.total ?? 0,
      new_messages: unread.get(channelId) ?? 0,
      last_message: lastByChannel.get(channelId) ?? null,
      created_at: channels.get(channelId) ?? '',
    };
  });
  const sortKey = (c: Channel) => c.last_message?.created_at ?? '';
  return out.sort((a, b) => sortKey(b).localeCompare(sortKey(a)) || b.created_at.localeCompare(a.created_at));
}

/** One channel as the list shows it, for its member `userId`. */
export async function channelFor(ctx: ChatContext, channelId: number, userId: number): Promise<Channel | null> {
  return (await listChannels(ctx, userId, channelId))[0] ?? null;
}
