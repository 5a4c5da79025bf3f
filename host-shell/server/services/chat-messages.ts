import type { Kysely } from 'kysely';
import type { ChatMember, ChatMessage, MessageContent } from '@salon/shared/contracts/chat';
import { nowIso, type Database, type MessageRow } from '../db/schema';
import { encodeId } from '../lib/ids';
import { chatMembers, memberRows, type ChatContext, type Membership } from './chat-members';

/* A channel's messages: stored once per client id, paged, read, and rendered for one caller. */

/** The latest page of a channel, and the page before an id. */
export const MESSAGES_PAGE = 50;
/** Messages after an id (catching up after a reconnect): as many as the schema allows in one call. */
export const CATCH_UP_PAGE = 200;

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

/**
 * A page of a channel, always oldest first: after an id, before an id, or the latest. Ids are obfuscated for the
 * client, which cannot compare them: it catches up after the last message it received in server order. On PostgreSQL
 * two inserts may commit out of id order, so a catch-up between the two commits can skip the lower one (SQLite has one
 * writer); the window is one statement long, and the next live event or catch-up brings the message.
 */
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
