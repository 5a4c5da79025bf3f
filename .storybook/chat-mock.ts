/**
 * Storybook's fake chat server: the channels, messages and people a story declares (`parameters.salon.chat`),
 * answered by the API mock (REST) and the socket stand-in (socket-mock.ts).
 */
import type { Channel, ChatMessage, ChatUsersData } from '@salon/shared/chat';

export interface ChatFixture {
  channels?: Channel[];
  /** Messages by channel id, oldest first. */
  messages?: Record<string, ChatMessage[]>;
  /** What POST /api/chat/channels {members: [userId]} opens, by user id (null: chat with oneself). */
  byUser?: Record<string, Channel | null>;
  users?: ChatUsersData;
  /** The socket: up (default) or down (the chat hides with its toast). */
  socket?: 'up' | 'down';
  /** Someone types in this channel, every 3 s. */
  typing?: { channelId: string; userId: string; fullname: string };
}

let fixture: Required<Omit<ChatFixture, 'typing'>> & Pick<ChatFixture, 'typing'> = empty();

function empty() {
  return {
    channels: [],
    messages: {},
    byUser: {},
    users: { search_enabled: true, on_stand: [], elsewhere: [] },
    socket: 'up' as const,
    typing: undefined,
  };
}

export function setChatFixture(next: ChatFixture = {}): void {
  fixture = { ...empty(), ...next, messages: { ...next.messages } };
}

export function chatFixture() {
  return fixture;
}

export function findChannel(id: string): Channel | null {
  return fixture.channels.find((c) => c.obfuscated_id === id) ?? null;
}

export function findMessage(id: string): ChatMessage | null {
  for (const list of Object.values(fixture.messages)) {
    const found = list.find((m) => m.obfuscated_id === id);
    if (found) return found;
  }
  return null;
}

/** Keeps what the story's user sent, so reopening the channel shows it. */
export function store(message: ChatMessage): void {
  const list = fixture.messages[message.channel_id] ?? [];
  fixture.messages[message.channel_id] = [...list.filter((m) => m.obfuscated_id !== message.obfuscated_id), message];
}
