import type { Channel, ChatMember, ChatMessage, MessageContent, VISIO_UNANSWERED_MS as UnansweredMs } from '@salon/shared/contracts/chat';
import {
  isFieldPublished,
  type AppParameters,
  type FieldsParam,
  type PageUser,
  type SearchPermission,
} from '@salon/shared/contracts/page-data';

export { isFieldPublished };

/** The chat's rules (spec §2.7, §4.5, §4.6, §5, §6, §9), pure functions of their inputs. */

/** Spec §9: more than 1 minute between two messages shows the date. */
export const MESSAGE_GROUP_GAP_MS = 60_000;
/** Spec §4.5: an invitation without answer for more than 1 minute is unanswered (the server's rule too: same type). */
export const VISIO_UNANSWERED_MS: typeof UnansweredMs = 60_000;

/**
 * A channel member's user. The contract's RoomUser has no contact fields; the server may add the other
 * member's published `mobile` and email (`contact_email` for exhibitors) and their `fields_param`.
 */
export type ChatUser = ChatMember['user'] & {
  mobile?: string | null;
  email?: string | null;
  contact_email?: string | null;
  fields_param?: FieldsParam | unknown[];
};

/** The user's own video link when it is published, else null. */
export function publishedVisioLink(user: Pick<PageUser, 'visio_link' | 'fields_param'>): string | null {
  const link = user.visio_link?.link;
  return isFieldPublished(link, 'visio_link', user.fields_param) ? link : null;
}

export type ContactField = 'firstname' | 'lastname' | 'email' | 'mobile';
export const CONTACT_FIELDS: readonly ContactField[] = ['firstname', 'lastname', 'email', 'mobile'];
export type ContactDetails = Partial<Record<ContactField, string>>;

/**
 * Spec §5 "Contact-details sharing": firstname, lastname, email (contact_email for exhibitors) and mobile, each
 * only if present and published. `missing` lists the ones that could not be shared.
 */
export function shareableContactDetails(user: PageUser): { details: ContactDetails; missing: ContactField[] } {
  const emailField = user.profile === 'exhibitor' ? 'contact_email' : 'email';
  const source: Record<ContactField, [string, string | null]> = {
    firstname: ['firstname', user.firstname],
    lastname: ['lastname', user.lastname],
    email: [emailField, user[emailField]],
    mobile: ['mobile', user.mobile],
  };
  const details: ContactDetails = {};
  const missing: ContactField[] = [];
  for (const field of CONTACT_FIELDS) {
    const [key, value] = source[field];
    if (isFieldPublished(value, key, user.fields_param)) details[field] = value.trim();
    else missing.push(field);
  }
  return { details, missing };
}

/** The other member's published phone and email (spec §6: buttons for non-exhibitors). */
export function memberContact(user: ChatUser | null): { phone: string | null; email: string | null } {
  if (!user) return { phone: null, email: null };
  const emailField = user.profile === 'exhibitor' ? 'contact_email' : 'email';
  const email = user[emailField] ?? (emailField === 'contact_email' ? user.email : null);
  return {
    phone: isFieldPublished(user.mobile, 'mobile', user.fields_param) ? user.mobile.trim() : null,
    email: isFieldPublished(email, emailField, user.fields_param) ? email.trim() : null,
  };
}

export type SearchProfile = 'exhibitor' | 'visitor' | 'promoter';
export const SEARCH_PROFILES: readonly SearchProfile[] = ['exhibitor', 'visitor', 'promoter'];
const STAND_PERMISSIONS: Record<SearchProfile, SearchPermission> = {
  exhibitor: 'stand_exhibitor',
  visitor: 'stand_vistor',
  promoter: 'stand_promoter',
};

/** What the Start tab may search (spec §5 "Search permissions", §6), as the server applies it. */
export interface SearchScope {
  /** false: anonymous, or an empty list ("disabled by the organiser"). */
  enabled: boolean;
  anonymous: boolean;
  /** Profiles found anywhere in the room. */
  elsewhere: SearchProfile[];
  /** Connected people of any profile, anywhere (`connected`). */
  connectedElsewhere: boolean;
  /** Profiles found on the current stand only. */
  onStand: SearchProfile[];
  /** Connected people of any profile, on the current stand (`stand_connected`). */
  connectedOnStand: boolean;
}

/**
 * Administrators and promoters search everyone; exhibitors and visitors only what their list allows: each
 * profile listed anywhere, `connected` the connected people of any profile, and the `stand_*` values the same on
 * the current stand only (the visitors' value is spelled `stand_vistor`). An empty list disables the search;
 * anonymous users never search.
 */
export function searchScope(
  user: Pick<PageUser, 'profile' | 'anonymous'>,
  parameters: Pick<AppParameters, 'exhibitor_search_permissions' | 'visitor_search_permissions'>,
): SearchScope {
  if (user.anonymous)
    return { enabled: false, anonymous: true, elsewhere: [], connectedElsewhere: false, onStand: [], connectedOnStand: false };
  if (user.profile === 'administrator' || user.profile === 'promoter') {
    return {
      enabled: true,
      anonymous: false,
      elsewhere: [...SEARCH_PROFILES],
      connectedElsewhere: true,
      onStand: [...SEARCH_PROFILES],
      connectedOnStand: true,
    };
  }
  const permissions: readonly string[] =
    (user.profile === 'exhibitor' ? parameters.exhibitor_search_permissions : parameters.visitor_search_permissions) ?? [];
  return {
    enabled: permissions.length > 0,
    anonymous: false,
    elsewhere: SEARCH_PROFILES.filter((profile) => permissions.includes(profile)),
    connectedElsewhere: permissions.includes('connected'),
    onStand: SEARCH_PROFILES.filter((profile) => permissions.includes(STAND_PERMISSIONS[profile])),
    connectedOnStand: permissions.includes('stand_connected'),
  };
}

/** The search profile a user falls under ('promoter' names the organisers: promoters and administrators). */
export function searchProfileOf(profile: string): SearchProfile | null {
  if (profile === 'administrator') return 'promoter';
  return (SEARCH_PROFILES as readonly string[]).includes(profile) ? (profile as SearchProfile) : null;
}

/** Spec §6: connected means activity within `last_activity_period` seconds. */
export function isConnected(lastActivityAt: string | null | undefined, periodSeconds: number, now: number): boolean {
  if (!lastActivityAt) return false;
  const at = Date.parse(lastActivityAt);
  return Number.isFinite(at) && now - at <= periodSeconds * 1000;
}

/** The page's user as a channel's member (the author of a message the server has not acknowledged yet). */
export function chatUserOf(user: PageUser): ChatUser {
  return {
    id_user: user.obfuscated_id,
    obfuscated_id: user.obfuscated_id,
    profile: user.profile,
    fullname: user.fullname,
    pseudo: user.pseudo,
    company: user.company,
    last_activity_at: null,
  };
}

export function isSameUser(user: Pick<ChatUser, 'id_user' | 'obfuscated_id'>, me: Pick<PageUser, 'obfuscated_id'>): boolean {
  return me.obfuscated_id !== '' && (user.obfuscated_id === me.obfuscated_id || user.id_user === me.obfuscated_id);
}

export function otherMember(channel: Channel, me: Pick<PageUser, 'obfuscated_id'>): ChatMember | null {
  return channel.members.find((member) => !isSameUser(member.user, me)) ?? null;
}

/** Spec §2.7: only channels with at least one message, newest last message first. */
export function listedChannels(channels: readonly Channel[]): Channel[] {
  const date = (channel: Channel) => Date.parse(channel.last_message?.created_at ?? channel.created_at) || 0;
  return channels.filter((channel) => channel.total_messages > 0 || channel.last_message !== null).sort((a, b) => date(b) - date(a));
}

export function compareMessages(
  a: Pick<ChatMessage, 'created_at' | 'obfuscated_id'>,
  b: Pick<ChatMessage, 'created_at' | 'obfuscated_id'>,
): number {
  return (Date.parse(a.created_at) || 0) - (Date.parse(b.created_at) || 0) || a.obfuscated_id.localeCompare(b.obfuscated_id);
}

/**
 * Spec §2.7 "date and author separators": the date shows before the first message and after a gap of more
 * than 1 minute; the author shows at the start of each group of one author's messages (a date starts a group).
 */
export function separators(messages: readonly { created_at: string; authorId: string }[]): { showDate: boolean; showAuthor: boolean }[] {
  return messages.map((message, index) => {
    const previous = messages[index - 1];
    const showDate = !previous || Date.parse(message.created_at) - Date.parse(previous.created_at) > MESSAGE_GROUP_GAP_MS;
    return { showDate, showAuthor: showDate || previous?.authorId !== message.authorId };
  });
}

export type InvitationState = 'pending' | 'accepted' | 'declined' | 'unanswered';

/** Spec §4.5: pending, then accepted or declined; unanswered after more than 1 minute without answer. */
export function invitationState(content: MessageContent, createdAt: string, now: number): InvitationState | null {
  if (content.type !== 'visio_invitation') return null;
  if (content.acceptation === true) return 'accepted';
  if (content.acceptation === false) return 'declined';
  return now - Date.parse(createdAt) > VISIO_UNANSWERED_MS ? 'unanswered' : 'pending';
}

/** A UUID for a message's client id; `crypto.randomUUID` exists only in secure contexts. */
export function newClientId(): string {
  const crypto = globalThis.crypto;
  if (typeof crypto?.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
