/**
 * Chat fixtures for tests and stories: people, channels and messages shaped like the contract
 * (shared/contracts/chat.ts). The current user is the fixtures' page user (`u42x`, Camille Martin).
 */
import type { Channel, ChatMember, ChatMessage, MessageContent } from '@salon/shared/contracts/chat';
import type { RoomUser } from '@salon/shared/contracts/room';

export const ME: RoomUser = {
  id_user: 'u42x',
  obfuscated_id: 'u42x',
  profile: 'visitor',
  fullname: 'Camille Martin',
  pseudo: null,
  company: null,
  last_activity_at: null,
};

export function person(id: string, fullname: string, extra: Partial<RoomUser> & Record<string, unknown> = {}): RoomUser {
  return { id_user: id, obfuscated_id: id, profile: 'visitor', fullname, pseudo: null, company: null, last_activity_at: null, ...extra };
}

export const ALICE = person('alice1', 'Alice Durand', { profile: 'exhibitor', company: { name: 'Acme Robotics' } });
export const BRUNO = person('bruno1', 'Bruno Petit', { profile: 'visitor' });
/** Alice with her phone and contact email published: visitors get call and email buttons. */
export const ALICE_PUBLISHED = person('alice1', 'Alice Durand', {
  profile: 'exhibitor',
  company: { name: 'Acme Robotics' },
  mobile: '06 01 02 03 04',
  contact_email: 'alice@acme.test',
  fields_param: { mobile: '0', contact_email: '0' },
});

export function member(user: RoomUser, id = `m${user.obfuscated_id}`): ChatMember {
  return { id_member: id, user };
}

export function channel(id: string, other: RoomUser, extra: Partial<Channel> = {}, self: RoomUser = ME): Channel {
  return {
    id_channel: id,
    obfuscated_id: id,
    members: [member(self), member(other)],
    total_messages: 0,
    new_messages: 0,
    last_message: null,
    created_at: '2026-11-21T09:00:00.000Z',
    ...extra,
  };
}

let sequence = 0;

/** A message of `author` in a channel; `at` is an ISO date. */
export function message(
  channelId: string,
  author: RoomUser,
  content: MessageContent | string,
  at: string,
  extra: Partial<ChatMessage> = {},
): ChatMessage {
  sequence += 1;
  const id = extra.obfuscated_id ?? `msg${sequence}`;
  return {
    id_message: id,
    obfuscated_id: id,
    channel_id: channelId,
    client_id: null,
    member: member(author),
    created_at: at,
    updated_at: null,
    content: typeof content === 'string' ? { type: 'message', text: content } : content,
    ...extra,
  };
}

/** A channel whose counters and last message follow its messages. */
export function channelWith(id: string, other: RoomUser, messages: ChatMessage[], unread = 0): Channel {
  return channel(id, other, { total_messages: messages.length, new_messages: unread, last_message: messages.at(-1) ?? null });
}
