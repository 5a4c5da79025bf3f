import type { Kysely } from 'kysely';
import type { Channel } from '@salon/shared/contracts/chat';
import { nowIso, type Database, type MessageRow } from '../db/schema';
import { encodeId } from '../lib/ids';
import { chatMembers, chunks, memberRows, type ChatContext, type Membership } from './chat-members';
import { toChatMessages } from './chat-messages';
import { isUniqueViolation } from './visits';

/*
 * The chat's channels (spec §4.6): a user's channels, 1-to-1 channels found or created, the list a user sees.
 * Members: `chat-members.ts`; messages: `chat-messages.ts`.
 */

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
