import type { Kysely } from 'kysely';
import type { ChatMember } from '@salon/shared/contracts/chat';
import type { Database, UserRow } from '../db/schema';
import { encodeId } from '../lib/ids';
import type { ActivityTracker } from './activity';
import { ROOM_USER_COLUMNS, companiesOf, toRoomUser, type RoomUserRow } from './room-users';
import { isPublished, parseFieldsParam } from './users';

/* A chat channel's members: who belongs to which channel, and how a member is shown (spec §4.6). */

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

export const chunks = <T>(items: T[], size = 500): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, i * size + size));

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
  const [companies, view] = await Promise.all([
    companiesOf(ctx.db, [...new Set(rows.filter((r) => r.user.profile === 'exhibitor').map((r) => r.user.id))]),
    ctx.activity.view(rows.map((r) => r.user.id)),
  ]);
  return new Map(
    rows.map((r) => [
      r.memberId,
      {
        id_member: encodeId(r.memberId),
        user: {
          ...toRoomUser(r.user, companies.get(r.user.id) ?? null, view.effectiveIso(r.user.id, r.user.last_activity_at)),
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
