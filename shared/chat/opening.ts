import type { Channel } from '@salon/shared/contracts/chat';
import { $sidebar, hideSidebar, showSidebar, showToast, type Sidebar } from '@salon/shared';
import { $socketState } from '@salon/shared/live/socket';
import { getMessages, openChannel, postStandHistory } from './api';
import { loadChannels, upsertChannel } from './channels';
import { isSameUser } from './chatRules';
import { markRead, mergeMessages, mergePage } from './messages';
import { CHAT_UNAVAILABLE, channelKey, me, PAGE_SIZE, state, type ChatTab } from './state';

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
    await postStandHistory(options.standId, { type: 'chatStarted', channel_id: channelKey(channel) }, { notify: false }).catch(
      () => undefined,
    );
  }
  return channel;
}

/** Spec §8 "Socket close or error hides the chat": the sidebar closes with a toast, and cannot open while down. */
export function guardSidebar(): void {
  if ($sidebar.get()?.name === 'chat' && $socketState.get() === 'down') {
    hideSidebar();
    showToast({ kind: 'error', message: CHAT_UNAVAILABLE, unique: true });
  }
}

export function followSidebar(sidebar: Sidebar | null, previous: Sidebar | null | undefined): void {
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
