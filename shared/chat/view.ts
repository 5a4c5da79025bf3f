import type { Channel, ChatMessage, MessageContent } from '@salon/shared/contracts/chat';
import type { PageUser } from '@salon/shared/contracts/page-data';
import type { $parameters } from '@salon/shared';
import type { SocketState } from '@salon/shared/live/socket';
import type { $typing } from './chatTyping';
import {
  chatUserOf,
  invitationState,
  isSameUser,
  listedChannels,
  memberContact,
  otherMember,
  publishedVisioLink,
  searchScope,
  separators,
  type ChatUser,
  type InvitationState,
} from './chatRules';
import {
  channelKey,
  EMPTY_DRAFT,
  isMine,
  type ChannelCache,
  type ChatTab,
  type Delivery,
  type Draft,
  type OpenState,
  type PendingMessage,
} from './state';

export interface ChannelSummary {
  id: string;
  other: ChatUser | null;
  lastMessage: ChatMessage | null;
  unread: number;
}

export interface MessageItem {
  key: string;
  id: string | null;
  channelId: string;
  content: MessageContent;
  createdAt: string;
  author: ChatUser;
  mine: boolean;
  delivery: Delivery;
  error: string | null;
  showDate: boolean;
  showAuthor: boolean;
  invitation: InvitationState | null;
}

export interface OpenChannelView {
  id: string | null;
  status: 'loading' | 'ready';
  onUser: boolean;
  other: ChatUser | null;
  items: MessageItem[];
  hasEarlier: boolean;
  /** The name of who is typing. */
  typing: string | null;
  /** Exhibitors with a published video link: 'ready', or 'waiting' while their last invitation is pending. */
  invite: 'ready' | 'waiting' | null;
  /** Non-exhibitors: ask for video, and the other member's published phone and email. */
  ask: boolean;
  phone: string | null;
  email: string | null;
  /** The gif picker's place (spec §2.7): only when the organiser set a gif key. */
  gif: boolean;
  draft: Draft;
}

export interface ChatView {
  socket: SocketState;
  tab: ChatTab;
  /** The Start tab exists for logged-in users (spec §6: no search for the anonymous). */
  startTab: boolean;
  /** An anonymous visitor: chatting needs an account (the list says how to get one). */
  anonymous: boolean;
  channelsStatus: 'idle' | 'loading' | 'ready' | 'error';
  channels: ChannelSummary[];
  unread: number;
  open: OpenChannelView | null;
}

/** Everything the view is computed from. */
export interface ViewInputs {
  channels: { status: ChatView['channelsStatus']; list: Channel[] };
  messages: Record<string, ChannelCache>;
  outbox: readonly PendingMessage[];
  open: OpenState | null;
  tab: ChatTab;
  drafts: Record<string, Draft>;
  typing: ReturnType<typeof $typing.get>;
  socket: SocketState;
  user: PageUser;
  parameters: ReturnType<typeof $parameters.get>;
}

function buildOpenView(open: OpenState, { channels, messages, outbox, typing, drafts, user, parameters }: ViewInputs): OpenChannelView {
  const gifKey = parameters.gif_key ?? '';
  const channel = open.channelId ? channels.list.find((c) => channelKey(c) === open.channelId) : undefined;
  const other = channel ? ((otherMember(channel, user)?.user ?? null) as ChatUser | null) : null;
  const now = Date.now();
  const self = channel?.members.find((member) => isSameUser(member.user, user))?.user ?? null;
  const cache = open.channelId ? messages[open.channelId] : undefined;
  const sent = (cache?.items ?? []).map((message) => ({
    key: message.obfuscated_id,
    id: message.obfuscated_id,
    channelId: message.channel_id,
    content: message.content,
    createdAt: message.created_at,
    author: message.member.user as ChatUser,
    mine: isMine(message, user),
    delivery: 'sent' as Delivery,
    error: null,
  }));
  const pending = outbox
    .filter((p) => p.channel_id === open.channelId)
    .map((p) => ({
      key: p.client_id,
      id: null,
      channelId: p.channel_id,
      content: p.content,
      createdAt: p.created_at,
      author: (self as ChatUser | null) ?? chatUserOf(user),
      mine: true,
      delivery: p.status as Delivery,
      error: p.error ?? null,
    }));
  const all = [...sent, ...pending];
  const marks = separators(all.map((item) => ({ created_at: item.createdAt, authorId: item.author.obfuscated_id })));
  const items: MessageItem[] = all.map((item, index) => ({
    ...item,
    showDate: marks[index]?.showDate ?? true,
    showAuthor: marks[index]?.showAuthor ?? true,
    invitation: invitationState(item.content, item.createdAt, now),
  }));
  const exhibitor = user.profile === 'exhibitor' && !user.anonymous;
  const waiting = items.some((item) => item.mine && item.invitation === 'pending');
  const contact = exhibitor ? { phone: null, email: null } : memberContact(other);
  const typist = open.channelId ? typing[open.channelId] : undefined;
  return {
    id: open.channelId,
    status: open.status,
    onUser: open.onUser,
    other,
    items,
    hasEarlier: channel !== undefined && cache !== undefined && cache.loaded && sent.length < channel.total_messages,
    // The channel's name for the other member when it is them (the event's name is the server's short one).
    typing:
      typist && !isSameUser({ id_user: typist.userId, obfuscated_id: typist.userId }, user)
        ? (other && isSameUser(other, { obfuscated_id: typist.userId }) && (other.fullname.trim() || other.pseudo)) || typist.fullname
        : null,
    invite: exhibitor && publishedVisioLink(user) ? (waiting ? 'waiting' : 'ready') : null,
    ask: !exhibitor && channel !== undefined,
    ...contact,
    gif: gifKey.trim() !== '',
    draft: (open.channelId ? drafts[open.channelId] : undefined) ?? EMPTY_DRAFT,
  };
}

/** What the chat sidebar shows, from the chat's stores and the page's. */
export function buildView(inputs: ViewInputs): ChatView {
  const { channels, open, tab, socket, user, parameters } = inputs;
  const summaries = listedChannels(channels.list).map((channel) => ({
    id: channelKey(channel),
    other: (otherMember(channel, user)?.user ?? null) as ChatUser | null,
    lastMessage: channel.last_message,
    unread: channel.new_messages,
  }));
  return {
    socket,
    tab,
    startTab: !searchScope(user, parameters).anonymous,
    anonymous: user.anonymous,
    channelsStatus: channels.status,
    channels: summaries,
    unread: summaries.reduce((total, channel) => total + channel.unread, 0),
    open: open ? buildOpenView(open, inputs) : null,
  };
}
