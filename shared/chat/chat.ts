import { atom, computed, onMount, readonlyType, type ReadableAtom } from 'nanostores';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { Channel, ChatMessage, MessageContent } from '@salon/shared/contracts/chat';
import type { PageUser } from '@salon/shared/contracts/page-data';
import { busSingleton, hideSidebar, $parameters, putMyAvailability, showSidebar, showToast, $sidebar, type Sidebar, $user } from '@salon/shared';
// By package name: this module is part of the `@salon/shared/chat` entry, which must not carry a copy of the others.
import { $room } from '@salon/shared/room';
import { $socketState, emitWithAck, onSocketConnect, onSocketEvent, type SocketState } from '@salon/shared/live/socket';
import { CHAT_FILE_MAX_BYTES, getChannels, getMessages, markChannelRead, openChannel, postStandHistory, uploadChatFile } from './api';
import { $typing, clearTyping, notifyTyping, receiveTyping, resetTyping } from './chatTyping';
import {
  compareMessages,
  invitationState,
  isSameUser,
  listedChannels,
  memberContact,
  newClientId,
  otherMember,
  publishedVisioLink,
  searchScope,
  separators,
  shareableContactDetails,
  VISIO_UNANSWERED_MS,
  type ChatUser,
  type ContactField,
  type InvitationState,
} from './chatRules';

/**
 * The chat (spec §2.7, §4.5, §4.6): channels, new-message counters, the open channel, its messages and the
 * outbox. Listening to `$chat` opens the socket, loads the channels and follows `new_chat_message`,
 * `update_chat_message` and `user_writing`. Nothing sent is lost: each message has a client id, stays in the
 * outbox until the server acknowledges it, and is sent again (on reconnection, and with a backoff); what comes
 * back is merged by client id and id, so each message shows once. After a reconnection, what was missed is
 * fetched per channel with `?lastOne=`.
 */

export const CHAT_UNAVAILABLE = msg`Chat is unavailable, please try again later.`;
export const VISIO_LINK_MISSING = msg`Video link missing for the user`;
export const FILE_TOO_LARGE = msg`The file limit is 5MB. Please upload a smaller file`;
export const CONTACT_DETAILS_MISSING = msg`Your contact details are missing`;
export const CONTACT_DETAILS_PARTIAL = msg`Not shared (missing or not published in your profile):`;
const COMPLETE_PROFILE = msg`Complete my profile`;
const CONTACT_FIELD_LABELS: Record<ContactField, MessageDescriptor> = {
  firstname: msg`first name`,
  lastname: msg`last name`,
  email: msg`email`,
  mobile: msg`mobile`,
};

/** Retries of an unacknowledged message: 2 s, 4 s, 8 s… up to 30 s (and at once on reconnection). */
const RETRY_BASE_MS = 2000;
const RETRY_MAX_MS = 30_000;
/** Older messages fetched per "earlier messages". */
const PAGE_SIZE = 50;
/** Catch-up pages (the server's maximum): fetched until a shorter one comes back. */
const CATCH_UP_PAGE = 200;

export type ChatTab = 'chats' | 'start';
export type Delivery = 'sent' | 'sending' | 'failed';

export interface ChatNotice {
  kind: 'error' | 'info';
  message: MessageDescriptor;
  /** Shown after the message, joined with commas (the details that could not be shared). */
  items?: MessageDescriptor[];
  link?: { href: string; label: MessageDescriptor };
}

interface PendingMessage {
  client_id: string;
  channel_id: string;
  member_id: string;
  content: MessageContent;
  created_at: string;
  status: 'sending' | 'failed';
  error?: string;
  attempts: number;
}

interface OpenState {
  channelId: string | null;
  /** The user the channel was opened on (while it loads, and for `$sidebar` `{name: 'chat', userId}`). */
  userId: string | null;
  /** Opened by `startChat` / the sidebar slot on a user: back closes the sidebar. */
  onUser: boolean;
  status: 'loading' | 'ready';
}

interface Draft {
  text: string;
  file: File | null;
  /** The upload's client id, kept across retries of the same file. */
  fileClientId: string | null;
  uploading: boolean;
  notice: ChatNotice | null;
}

interface ChannelCache {
  items: ChatMessage[];
  /** The latest page came from the server (live messages may come before). */
  loaded: boolean;
}

const EMPTY_DRAFT: Draft = { text: '', file: null, fileClientId: null, uploading: false, notice: null };

const state = busSingleton('chat', () => ({
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
  channelsStatus: 'idle' | 'loading' | 'ready' | 'error';
  channels: ChannelSummary[];
  unread: number;
  open: OpenChannelView | null;
}

function me(): PageUser {
  return $user.get();
}

function isMine(message: Pick<ChatMessage, 'member'>, user: PageUser = me()): boolean {
  return isSameUser(message.member.user, user);
}

function findChannel(channelId: string): Channel | undefined {
  return state.$channels.get().list.find((channel) => channel.obfuscated_id === channelId || channel.id_channel === channelId);
}

function channelKey(channel: Channel): string {
  return channel.obfuscated_id;
}

function buildOpenView(
  open: OpenState,
  channels: Channel[],
  messages: Record<string, ChannelCache>,
  outbox: readonly PendingMessage[],
  typing: ReturnType<typeof $typing.get>,
  drafts: Record<string, Draft>,
  user: PageUser,
  gifKey: string,
): OpenChannelView {
  const channel = open.channelId ? channels.find((c) => channelKey(c) === open.channelId) : undefined;
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
      author: (self ?? { id_user: user.obfuscated_id, obfuscated_id: user.obfuscated_id, profile: user.profile, fullname: user.fullname, pseudo: user.pseudo, company: user.company, last_activity_at: null }) as ChatUser,
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
    typing: typist && !isSameUser({ id_user: typist.userId, obfuscated_id: typist.userId }, user) ? ((other && isSameUser(other, { obfuscated_id: typist.userId }) && (other.fullname.trim() || other.pseudo)) || typist.fullname) : null,
    invite: exhibitor && publishedVisioLink(user) ? (waiting ? 'waiting' : 'ready') : null,
    ask: !exhibitor && channel !== undefined,
    ...contact,
    gif: gifKey.trim() !== '',
    draft: (open.channelId ? drafts[open.channelId] : undefined) ?? EMPTY_DRAFT,
  };
}

function buildView(
  channels: { status: ChatView['channelsStatus']; list: Channel[] },
  messages: Record<string, ChannelCache>,
  outbox: readonly PendingMessage[],
  open: OpenState | null,
  tab: ChatTab,
  drafts: Record<string, Draft>,
  typing: ReturnType<typeof $typing.get>,
  socket: SocketState,
  user: PageUser,
  parameters: ReturnType<typeof $parameters.get>,
): ChatView {
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
    channelsStatus: channels.status,
    channels: summaries,
    unread: summaries.reduce((total, channel) => total + channel.unread, 0),
    open: open ? buildOpenView(open, channels.list, messages, outbox, typing, drafts, user, parameters.gif_key ?? '') : null,
  };
}

const $view = busSingleton('chatView', () => {
  const view = computed(
    [state.$channels, state.$messages, state.$outbox, state.$open, state.$tab, state.$drafts, state.$clock, $typing, $socketState, $user, $parameters],
    (channels, messages, outbox, open, tab, drafts, _clock, typing, socket, user, parameters) =>
      buildView(channels, messages, outbox, open, tab, drafts, typing, socket, user, parameters),
  );
  onMount(view, () => {
    state.mounted = true;
    const stops = [
      onSocketEvent('new_chat_message', (message) => {
        if (!state.catchingUp.has(message.channel_id)) state.watermarks.set(message.channel_id, message.obfuscated_id);
        receiveMessage(message);
      }),
      onSocketEvent('update_chat_message', (message) => receiveUpdate(message)),
      onSocketEvent('user_writing', (event) => {
        if (!isSameUser({ id_user: event.user_id, obfuscated_id: event.user_id }, me())) receiveTyping(event);
      }),
      onSocketConnect((reconnected) => {
        flushOutbox();
        void catchUp(reconnected);
      }),
      $socketState.listen(guardSidebar),
      $sidebar.listen(followSidebar),
      // Not `view.listen`: a store listening to itself would never stop.
      state.$open.listen(scheduleClock),
      state.$messages.listen(scheduleClock),
      state.$outbox.listen(scheduleClock),
    ];
    void loadChannels();
    followSidebar($sidebar.get(), null);
    guardSidebar();
    if ($socketState.get() === 'connected') flushOutbox();
    return () => {
      state.mounted = false;
      for (const stop of stops) stop();
      clearTimeout(state.clockTimer);
      for (const timer of state.retryTimers.values()) clearTimeout(timer);
      state.retryTimers.clear();
    };
  });
  return view;
});

/** Everything the chat sidebar shows. Listening to it runs the chat (socket, channels, live events). */
export const $chat: ReadableAtom<ChatView> = readonlyType($view);

/** Spec §8 "Socket close or error hides the chat": the sidebar closes with a toast, and cannot open while down. */
function guardSidebar(): void {
  if ($sidebar.get()?.name === 'chat' && $socketState.get() === 'down') {
    hideSidebar();
    showToast({ kind: 'error', message: CHAT_UNAVAILABLE, unique: true });
  }
}

function followSidebar(sidebar: Sidebar | null, previous: Sidebar | null | undefined): void {
  if (sidebar?.name === 'chat' && $socketState.get() === 'down') {
    guardSidebar();
    return;
  }
  if (sidebar?.name !== 'chat') {
    if (state.$open.get() || state.$tab.get() !== 'chats') {
      state.$open.set(null);
      state.$tab.set('chats');
    }
    return;
  }
  if (state.$channels.get().status === 'error') void loadChannels();
  const previousUser = previous?.name === 'chat' ? previous.userId : undefined;
  if (sidebar.userId && sidebar.userId !== previousUser) void openUserChannel(sidebar.userId, true);
  else if (!sidebar.userId && state.$open.get()?.onUser) state.$open.set(null);
}

/** Invitations in a channel, from the server and in the outbox, with whether they are mine. */
function invitations(channelId: string): { content: MessageContent; createdAt: string; mine: boolean }[] {
  const user = me();
  const sent = (state.$messages.get()[channelId]?.items ?? []).map((m) => ({ content: m.content, createdAt: m.created_at, mine: isMine(m, user) }));
  const queued = state.$outbox.get().filter((p) => p.channel_id === channelId).map((p) => ({ content: p.content, createdAt: p.created_at, mine: true }));
  return [...sent, ...queued].filter((m) => m.content.type === 'visio_invitation');
}

/** Computes the view again when the next pending invitation of the open channel turns unanswered (spec §4.5). */
function scheduleClock(): void {
  clearTimeout(state.clockTimer);
  const channelId = state.$open.get()?.channelId;
  if (!channelId) return;
  const now = Date.now();
  const expiries = invitations(channelId)
    .filter((m) => invitationState(m.content, m.createdAt, now) === 'pending')
    .map((m) => Date.parse(m.createdAt) + VISIO_UNANSWERED_MS);
  if (expiries.length === 0) return;
  state.clockTimer = setTimeout(() => {
    state.$clock.set(state.$clock.get() + 1);
    scheduleClock();
  }, Math.max(0, Math.min(...expiries) - now) + 1);
}

// ─── Channels ────────────────────────────────────────────────────────────────

function setChannels(list: Channel[]): void {
  state.$channels.set({ ...state.$channels.get(), list });
}

function patchChannel(channelId: string, patch: (channel: Channel) => Channel): void {
  setChannels(state.$channels.get().list.map((channel) => (channelKey(channel) === channelId ? patch(channel) : channel)));
}

function upsertChannel(channel: Channel): void {
  const list = state.$channels.get().list;
  const known = list.some((c) => channelKey(c) === channelKey(channel));
  setChannels(known ? list.map((c) => (channelKey(c) === channelKey(channel) ? channel : c)) : [...list, channel]);
}

/** GET /api/chat/channels. `onlyNew`: keep what is known (its counters are kept live), add the others. */
export async function loadChannels(options: { onlyNew?: boolean } = {}): Promise<void> {
  const current = state.$channels.get();
  if (!options.onlyNew) state.$channels.set({ ...current, status: 'loading' });
  try {
    const { channels } = await getChannels({ notify: !options.onlyNew });
    const known = state.$channels.get().list;
    const list = options.onlyNew ? [...known, ...channels.filter((c) => !known.some((k) => channelKey(k) === channelKey(c)))] : channels;
    for (const channel of list) {
      const last = channel.last_message?.obfuscated_id;
      if (last && !state.watermarks.has(channelKey(channel))) state.watermarks.set(channelKey(channel), last);
    }
    state.$channels.set({ status: 'ready', list });
  } catch {
    if (!options.onlyNew) state.$channels.set({ ...state.$channels.get(), status: 'error' });
  }
}

// ─── Messages ────────────────────────────────────────────────────────────────

/** Adds messages to a channel's cache; returns those it did not have. Drops outbox entries they acknowledge. */
function mergeMessages(channelId: string, incoming: readonly ChatMessage[], loaded = false): ChatMessage[] {
  const all = state.$messages.get();
  const cache = all[channelId] ?? { items: [], loaded: false };
  const ids = new Set(cache.items.map((m) => m.obfuscated_id));
  const added = incoming.filter((m) => {
    if (ids.has(m.obfuscated_id)) return false;
    ids.add(m.obfuscated_id);
    return true;
  });
  const clientIds = new Set(incoming.map((m) => m.client_id).filter((id): id is string => id !== null));
  if (clientIds.size > 0 && state.$outbox.get().some((p) => clientIds.has(p.client_id))) {
    for (const id of clientIds) {
      clearTimeout(state.retryTimers.get(id));
      state.retryTimers.delete(id);
    }
    state.$outbox.set(state.$outbox.get().filter((p) => !clientIds.has(p.client_id)));
  }
  if (added.length > 0 || (loaded && !cache.loaded)) {
    state.$messages.set({ ...all, [channelId]: { items: [...cache.items, ...added].sort(compareMessages), loaded: cache.loaded || loaded } });
  }
  return added;
}

/** A page of the server's latest messages (opening, catching up): its last one is the new watermark. */
function mergePage(channelId: string, messages: readonly ChatMessage[], loaded = false): void {
  const last = messages.at(-1);
  if (last) state.watermarks.set(channelId, last.obfuscated_id);
  mergeMessages(channelId, messages, loaded);
}

function isOpen(channelId: string): boolean {
  const open = state.$open.get();
  return open?.channelId === channelId && $sidebar.get()?.name === 'chat';
}

function markRead(channelId: string): void {
  patchChannel(channelId, (channel) => (channel.new_messages === 0 ? channel : { ...channel, new_messages: 0 }));
  markChannelRead(channelId, { notify: false }).catch(() => undefined);
}

/**
 * A message from the server (socket event, acknowledgement, catch-up): merged once; the channel's last message
 * and total follow, and its counter grows when someone else wrote in a channel that is not open.
 */
export function receiveMessage(message: ChatMessage): void {
  const channelId = message.channel_id;
  const channel = findChannel(channelId);
  if (channel?.last_message?.obfuscated_id === message.obfuscated_id && !state.$messages.get()[channelId]) {
    mergeMessages(channelId, [message]);
    return;
  }
  const added = mergeMessages(channelId, [message]);
  if (added.length === 0) return;
  clearTyping(channelId, message.member.user.obfuscated_id);
  if (!channel) {
    // A conversation someone just started: the list brings it with its counter.
    void loadChannels({ onlyNew: true });
    return;
  }
  const mine = isMine(message);
  const open = isOpen(channelId);
  patchChannel(channelId, (c) => ({
    ...c,
    last_message: !c.last_message || compareMessages(c.last_message, message) <= 0 ? message : c.last_message,
    total_messages: c.total_messages + 1,
    new_messages: !mine && !open ? c.new_messages + 1 : c.new_messages,
  }));
  if (open && !mine) markRead(channelId);
}

/** `update_chat_message`: an invitation answered. */
export function receiveUpdate(message: ChatMessage): void {
  const channelId = message.channel_id;
  const cache = state.$messages.get()[channelId];
  if (cache?.items.some((m) => m.obfuscated_id === message.obfuscated_id)) {
    state.$messages.set({ ...state.$messages.get(), [channelId]: { ...cache, items: cache.items.map((m) => (m.obfuscated_id === message.obfuscated_id ? message : m)) } });
  } else {
    mergeMessages(channelId, [message]);
  }
  patchChannel(channelId, (c) => (c.last_message?.obfuscated_id === message.obfuscated_id ? { ...c, last_message: message } : c));
}

/**
 * On each connection: what each known channel missed, after its watermark (`?lastOne=`, pages of 200 until a
 * shorter one); after a reconnection, the channels started meanwhile too.
 */
async function catchUp(reconnected: boolean): Promise<void> {
  await Promise.all(state.$channels.get().list.map((channel) => catchUpChannel(channelKey(channel))));
  if (reconnected) await loadChannels({ onlyNew: true });
}

async function catchUpChannel(channelId: string): Promise<void> {
  if (state.catchingUp.has(channelId)) return;
  state.catchingUp.add(channelId);
  try {
    for (;;) {
      const lastOne = state.watermarks.get(channelId);
      const { messages } = await getMessages(channelId, lastOne ? { lastOne, limit: CATCH_UP_PAGE } : { limit: CATCH_UP_PAGE }, { notify: false });
      const last = messages.at(-1);
      if (last) state.watermarks.set(channelId, last.obfuscated_id);
      for (const message of messages) receiveMessage(message);
      if (messages.length < CATCH_UP_PAGE || !last) break;
    }
  } catch {
    // Logged by the API client; the next connection starts again from the same watermark.
  } finally {
    state.catchingUp.delete(channelId);
  }
}

// ─── Sending ─────────────────────────────────────────────────────────────────

function setPending(clientId: string, patch: Partial<PendingMessage>): PendingMessage | undefined {
  let found: PendingMessage | undefined;
  state.$outbox.set(
    state.$outbox.get().map((p) => {
      if (p.client_id !== clientId) return p;
      found = { ...p, ...patch };
      return found;
    }),
  );
  return found;
}

function attempt(clientId: string): void {
  clearTimeout(state.retryTimers.get(clientId));
  state.retryTimers.delete(clientId);
  const pending = state.$outbox.get().find((p) => p.client_id === clientId);
  // Not connected: the next connection flushes the outbox.
  if (!pending || pending.status !== 'sending' || $socketState.get() !== 'connected') return;
  const attempts = pending.attempts + 1;
  setPending(clientId, { attempts });
  emitWithAck('new_chat_message', { channel_id: pending.channel_id, member_id: pending.member_id, client_id: clientId, content: pending.content }).then(
    (answer) => {
      if (answer.ok) {
        receiveMessage(answer.message);
        discardMessage(clientId);
      } else if (state.$outbox.get().some((p) => p.client_id === clientId)) setPending(clientId, { status: 'failed', error: answer.error });
    },
    () => {
      // No acknowledgement (timeout, connection lost): again later, unless a newer attempt or the server settled it.
      const current = state.$outbox.get().find((p) => p.client_id === clientId);
      if (!current || current.status !== 'sending' || current.attempts !== attempts || state.retryTimers.has(clientId)) return;
      const delay = Math.min(RETRY_BASE_MS * 2 ** (attempts - 1), RETRY_MAX_MS);
      state.retryTimers.set(
        clientId,
        setTimeout(() => attempt(clientId), delay),
      );
    },
  );
}

/** Sends every unacknowledged message again (on each connection). */
function flushOutbox(): void {
  for (const pending of state.$outbox.get()) if (pending.status === 'sending') attempt(pending.client_id);
}

/** Sends a message to a channel: it shows at once as sending, and stays in the outbox until acknowledged. */
export function sendMessage(channelId: string, content: MessageContent): string | null {
  const channel = findChannel(channelId);
  const member = channel?.members.find((m) => isSameUser(m.user, me()));
  if (!member) {
    console.error(`[salon] cannot send to channel ${channelId}: not a member`);
    return null;
  }
  const pending: PendingMessage = { client_id: newClientId(), channel_id: channelId, member_id: member.id_member, content, created_at: new Date().toISOString(), status: 'sending', attempts: 0 };
  state.$outbox.set([...state.$outbox.get(), pending]);
  attempt(pending.client_id);
  return pending.client_id;
}

/** A message the server refused: send it again. */
export function retryMessage(clientId: string): void {
  if (setPending(clientId, { status: 'sending', error: undefined, attempts: 0 })) attempt(clientId);
}

export function discardMessage(clientId: string): void {
  clearTimeout(state.retryTimers.get(clientId));
  state.retryTimers.delete(clientId);
  state.$outbox.set(state.$outbox.get().filter((p) => p.client_id !== clientId));
}

// ─── Opening and closing ─────────────────────────────────────────────────────

export function selectChatTab(tab: ChatTab): void {
  state.$open.set(null);
  state.$tab.set(tab);
}

/** Opens a channel of the list: its messages, and its counter goes to 0 (POST read). */
export async function openChat(channelId: string): Promise<void> {
  const loaded = state.$messages.get()[channelId]?.loaded === true;
  state.$open.set({ channelId, userId: null, onUser: false, status: loaded ? 'ready' : 'loading' });
  markRead(channelId);
  if (loaded) return;
  try {
    const data = await openChannel({ id_channel: channelId });
    if (data.channel) upsertChannel(data.channel);
    mergePage(channelId, data.messages, true);
    const open = state.$open.get();
    if (open?.channelId === channelId) state.$open.set({ ...open, status: 'ready' });
  } catch {
    if (state.$open.get()?.channelId === channelId) state.$open.set(null);
  }
}

/**
 * Opens (or creates) the channel with a user. `onUser`: it was opened on that user from outside the chat
 * (`startChat`, the sidebar slot), so back closes the sidebar. A chat with oneself is silently ignored.
 */
export function openUserChannel(userId: string, onUser = false): Promise<Channel | null> {
  const ongoing = state.userOpens.get(userId);
  if (ongoing) return ongoing;
  state.$open.set({ channelId: null, userId, onUser, status: 'loading' });
  const stillWanted = () => state.$open.get()?.userId === userId;
  const run = (async () => {
    try {
      const data = await openChannel({ members: [userId] });
      if (!data.channel) {
        if (stillWanted()) closeChannel();
        return null;
      }
      const channel = data.channel;
      const id = channelKey(channel);
      upsertChannel(channel);
      mergePage(id, data.messages, true);
      if (stillWanted()) {
        state.$open.set({ channelId: id, userId, onUser: state.$open.get()?.onUser ?? onUser, status: 'ready' });
        markRead(id);
      }
      return channel;
    } catch {
      if (stillWanted()) state.$open.set(null);
      return null;
    } finally {
      state.userOpens.delete(userId);
    }
  })();
  state.userOpens.set(userId, run);
  return run;
}

/** Back (spec §2.7): to the list, or closes the sidebar when the channel was opened on a user. */
export function closeChannel(): void {
  const open = state.$open.get();
  state.$open.set(null);
  if (open?.onUser && $sidebar.get()?.name === 'chat') hideSidebar();
}

/** Older messages of the open channel. */
export async function loadEarlierMessages(): Promise<void> {
  const channelId = state.$open.get()?.channelId;
  const first = channelId ? state.$messages.get()[channelId]?.items[0] : undefined;
  if (!channelId || !first) return;
  try {
    const { messages } = await getMessages(channelId, { before: first.obfuscated_id, limit: PAGE_SIZE });
    mergeMessages(channelId, messages);
  } catch {
    // The API client showed the error.
  }
}

/**
 * The bus action other widgets use (contact point, activity stream): opens the chat sidebar on a user,
 * opens or creates the channel, and when a stand is the context records `chatStarted` in its history.
 * Resolves with the channel, or null (oneself, chat unavailable, failure).
 */
export async function startChat(userId: string, options: { standId?: string | null } = {}): Promise<Channel | null> {
  if (isSameUser({ id_user: userId, obfuscated_id: userId }, me())) return null;
  showSidebar({ name: 'chat', userId });
  const sidebar = $sidebar.get();
  if (sidebar?.name !== 'chat' || sidebar.userId !== userId) return null;
  const channel = await openUserChannel(userId, true);
  if (channel && options.standId) {
    await postStandHistory(options.standId, { type: 'chatStarted', channel_id: channelKey(channel) }, { notify: false }).catch(() => undefined);
  }
  return channel;
}

// ─── The composer ────────────────────────────────────────────────────────────

function openChannelId(): string | null {
  return state.$open.get()?.channelId ?? null;
}

function patchDraft(channelId: string, patch: Partial<Draft>): void {
  const drafts = state.$drafts.get();
  state.$drafts.set({ ...drafts, [channelId]: { ...(drafts[channelId] ?? EMPTY_DRAFT), ...patch } });
}

/** The textarea changed: kept per channel, and tells the other member (at most every 3 s). */
export function setDraft(text: string): void {
  const channelId = openChannelId();
  if (!channelId) return;
  patchDraft(channelId, { text });
  if (text.trim() !== '') notifyTyping(channelId);
}

/** Spec §5: the message is trimmed, and an empty one is not sent. The attached file goes with it. */
export function sendDraft(): void {
  const channelId = openChannelId();
  if (!channelId) return;
  const draft = state.$drafts.get()[channelId] ?? EMPTY_DRAFT;
  if (draft.file && !draft.uploading) void uploadFile(channelId, draft.file, draft.fileClientId ?? newClientId());
  const text = draft.text.trim();
  if (text === '') return;
  if (sendMessage(channelId, { type: 'message', text })) patchDraft(channelId, { text: '', notice: null });
}

/** Spec §5: files up to 5 MB (5242880 bytes); a larger one is refused before anything is sent. */
export function attachFile(file: File): boolean {
  const channelId = openChannelId();
  if (!channelId) return false;
  if (file.size > CHAT_FILE_MAX_BYTES) {
    patchDraft(channelId, { file: null, fileClientId: null, notice: { kind: 'error', message: FILE_TOO_LARGE } });
    return false;
  }
  patchDraft(channelId, { file, fileClientId: newClientId(), notice: null });
  return true;
}

export function removeFile(): void {
  const channelId = openChannelId();
  if (channelId) patchDraft(channelId, { file: null, fileClientId: null });
}

export function dismissNotice(): void {
  const channelId = openChannelId();
  if (channelId) patchDraft(channelId, { notice: null });
}

async function uploadFile(channelId: string, file: File, clientId: string): Promise<void> {
  patchDraft(channelId, { uploading: true, fileClientId: clientId, notice: null });
  try {
    const data = await uploadChatFile(channelId, file, file.name, clientId);
    if (data.success) {
      receiveMessage(data.chat_message);
      patchDraft(channelId, { uploading: false, file: null, fileClientId: null });
    } else {
      showToast({ kind: 'error', message: data.message, unique: true });
      patchDraft(channelId, { uploading: false });
    }
  } catch {
    // The API client showed the server's message; the file stays, to send again or remove.
    patchDraft(channelId, { uploading: false });
  }
}

/**
 * Sends a gif chosen in a gif picker as an image message. The extension point for the gif picker (spec §2.7,
 * §7: the gif service's categories and search, 32 results, search throttled to 1 s): none is built while the
 * organisers' gif key is empty; `OpenChannelView.gif` says when one may show.
 */
export function sendGif(gif: { url: string; title: string }): string | null {
  const channelId = openChannelId();
  if (!channelId) return null;
  const filename = new URL(gif.url, globalThis.location?.href).pathname.split('/').pop() || 'gif';
  return sendMessage(channelId, { type: 'image', url: gif.url, filename, prettyName: gif.title });
}

/** Spec §5 "Contact-details sharing". */
export function shareContactDetails(): void {
  const channelId = openChannelId();
  if (!channelId) return;
  const user = me();
  const { details, missing } = shareableContactDetails(user);
  if (Object.keys(details).length === 0) {
    const link = user.profileRoute ? { href: user.profileRoute, label: COMPLETE_PROFILE } : undefined;
    patchDraft(channelId, { notice: { kind: 'error', message: CONTACT_DETAILS_MISSING, link } });
    return;
  }
  if (!sendMessage(channelId, { type: 'contact_details', ...details })) return;
  patchDraft(channelId, {
    notice: missing.length > 0 ? { kind: 'info', message: CONTACT_DETAILS_PARTIAL, items: missing.map((field) => CONTACT_FIELD_LABELS[field]) } : null,
  });
}

// ─── Video ───────────────────────────────────────────────────────────────────

/** My invitation in this channel still waits for an answer (less than 1 minute old, spec §4.5). */
function hasPendingInvitation(channelId: string): boolean {
  const now = Date.now();
  return invitations(channelId).some((m) => m.mine && invitationState(m.content, m.createdAt, now) === 'pending');
}

/** Exhibitors invite the other member to their published video link (spec §4.5, §6). */
export function inviteToVisio(channelId: string | null = openChannelId()): string | null {
  const user = me();
  if (!channelId || user.profile !== 'exhibitor') return null;
  const link = publishedVisioLink(user);
  if (!link) {
    showToast({ kind: 'error', message: VISIO_LINK_MISSING, unique: true });
    return null;
  }
  if (hasPendingInvitation(channelId)) return null;
  return sendMessage(channelId, { type: 'visio_invitation', link, acceptation: null });
}

/** Non-exhibitors ask the other member for a video call. */
export function askVisio(channelId: string | null = openChannelId()): string | null {
  if (!channelId || me().profile === 'exhibitor') return null;
  return sendMessage(channelId, { type: 'visio_ask' });
}

/** Accepts or declines an invitation (`update_chat_message`, acknowledged). */
export async function answerInvitation(message: Pick<MessageItem, 'id' | 'channelId'>, accepted: boolean): Promise<boolean> {
  if (!message.id) return false;
  try {
    const answer = await emitWithAck('update_chat_message', { channel_id: message.channelId, message_id: message.id, acceptation: accepted });
    if (answer.ok) receiveUpdate(answer.message);
    else showToast({ kind: 'error', message: answer.error, unique: true });
    return answer.ok;
  } catch {
    showToast({ kind: 'error', message: CHAT_UNAVAILABLE, unique: true });
    return false;
  }
}

/**
 * A video link of a chat was opened. Spec §4.4: an exhibitor who opens it in a chat with a visitor becomes
 * unavailable (PUT /api/exhibitors/me/availability) and their stands record `visioOpened`.
 */
export async function visioOpened(channelId: string): Promise<void> {
  const user = me();
  const channel = findChannel(channelId);
  if (user.anonymous || user.profile !== 'exhibitor' || !channel || otherMember(channel, user)?.user.profile !== 'visitor') return;
  const stands = [...new Set([...user.stands, ...$room.get().owned_stands_ids])];
  await Promise.all([
    putMyAvailability(false, { notify: false }).catch(() => undefined),
    ...stands.map((standId) => postStandHistory(standId, { type: 'visioOpened', channel_id: channelId }, { notify: false }).catch(() => undefined)),
  ]);
}

/** Forgets every channel, message, draft and the outbox (tests, Storybook), and reloads the list if listened to. */
export function resetChat(): void {
  for (const timer of state.retryTimers.values()) clearTimeout(timer);
  state.retryTimers.clear();
  state.userOpens.clear();
  state.watermarks.clear();
  state.catchingUp.clear();
  clearTimeout(state.clockTimer);
  resetTyping();
  state.$channels.set({ status: 'idle', list: [] });
  state.$messages.set({});
  state.$outbox.set([]);
  state.$open.set(null);
  state.$tab.set('chats');
  state.$drafts.set({});
  if (state.mounted) void loadChannels();
}
