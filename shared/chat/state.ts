import { atom } from 'nanostores';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { Channel, ChatMessage, MessageContent } from '@salon/shared/contracts/chat';
import type { PageUser } from '@salon/shared/contracts/page-data';
import { $user, busSingleton } from '@salon/shared';
import { isSameUser } from './chatRules';

/**
 * The chat's state (spec §2.7, §4.5, §4.6): channels, new-message counters, the open channel, its messages and the
 * outbox. Listening to `$chat` opens the socket, loads the channels and follows `new_chat_message`,
 * `update_chat_message` and `user_writing`. Nothing sent is lost: each message has a client id, stays in the
 * outbox until the server acknowledges it, and is sent again (on reconnection, and with a backoff); what comes
 * back is merged by client id and id, so each message shows once. After a reconnection, what was missed is
 * fetched per channel with `?lastOne=`.
 */

export const CHAT_UNAVAILABLE = msg`Chat is unavailable, please try again later.`;

/** Retries of an unacknowledged message: 2 s, 4 s, 8 s… up to 30 s (and at once on reconnection). */
export const RETRY_BASE_MS = 2000;
export const RETRY_MAX_MS = 30_000;
/** Older messages fetched per "earlier messages". */
export const PAGE_SIZE = 50;
/** Catch-up pages (the server's maximum): fetched until a shorter one comes back. */
export const CATCH_UP_PAGE = 200;

export type ChatTab = 'chats' | 'start';
export type Delivery = 'sent' | 'sending' | 'failed';

export interface ChatNotice {
  kind: 'error' | 'info';
  message: MessageDescriptor;
  /** Shown after the message, joined with commas (the details that could not be shared). */
  items?: MessageDescriptor[];
  link?: { href: string; label: MessageDescriptor };
}

export interface PendingMessage {
  client_id: string;
  channel_id: string;
  member_id: string;
  content: MessageContent;
  created_at: string;
  status: 'sending' | 'failed';
  error?: string;
  attempts: number;
}

export interface OpenState {
  channelId: string | null;
  /** The user the channel was opened on (while it loads, and for `$sidebar` `{name: 'chat', userId}`). */
  userId: string | null;
  /** Opened by `startChat` / the sidebar slot on a user: back closes the sidebar. */
  onUser: boolean;
  status: 'loading' | 'ready';
}

export interface Draft {
  text: string;
  file: File | null;
  /** The upload's client id, kept across retries of the same file. */
  fileClientId: string | null;
  uploading: boolean;
  notice: ChatNotice | null;
}

export interface ChannelCache {
  items: ChatMessage[];
  /** The latest page came from the server (live messages may come before). */
  loaded: boolean;
}

export const EMPTY_DRAFT: Draft = { text: '', file: null, fileClientId: null, uploading: false, notice: null };

export const state = busSingleton('chat', () => ({
  $channels: atom<{ status: 'idle' | 'loading' | 'ready' | 'error'; list: Channel[] }>({ status: 'idle', list: [] }),
  $messages: atom<Readonly<Record<string, ChannelCache>>>({}),
  $outbox: atom<readonly PendingMessage[]>([]),
  $open: atom<OpenState | null>(null),
  $tab: atom<ChatTab>('chats'),
  $drafts: atom<Readonly<Record<string, Draft>>>({}),
  /** Bumped when an invitation turns unanswered, so the view is computed again. */
  $clock: atom(0),
  mounted: false,
  clockTimer: undefined as ReturnType<typeof setTimeout> | undefined,
  retryTimers: new Map<string, ReturnType<typeof setTimeout>>(),
  userOpens: new Map<string, Promise<Channel | null>>(),
  /**
   * Per channel, the last message received in the server's order (live events, fetched pages): the next catch-up
   * starts after it. Acknowledgements never move it (a message of someone else stored before one's own could still
   * be missing), nor do live events while that channel catches up.
   */
  watermarks: new Map<string, string>(),
  catchingUp: new Set<string>(),
}));

export function me(): PageUser {
  return $user.get();
}

export function isMine(message: Pick<ChatMessage, 'member'>, user: PageUser = me()): boolean {
  return isSameUser(message.member.user, user);
}

export function findChannel(channelId: string): Channel | undefined {
  return state.$channels.get().list.find((channel) => channel.obfuscated_id === channelId || channel.id_channel === channelId);
}

export function channelKey(channel: Channel): string {
  return channel.obfuscated_id;
}

/** Invitations in a channel, from the server and in the outbox, with whether they are mine. */
export function invitations(channelId: string): { content: MessageContent; createdAt: string; mine: boolean }[] {
  const user = me();
  const sent = (state.$messages.get()[channelId]?.items ?? []).map((m) => ({
    content: m.content,
    createdAt: m.created_at,
    mine: isMine(m, user),
  }));
  const queued = state.$outbox
    .get()
    .filter((p) => p.channel_id === channelId)
    .map((p) => ({ content: p.content, createdAt: p.created_at, mine: true }));
  return [...sent, ...queued].filter((m) => m.content.type === 'visio_invitation');
}

/** The channel open in the sidebar, if any. */
export function openChannelId(): string | null {
  return state.$open.get()?.channelId ?? null;
}
