import type { ChatMessage } from '@salon/shared/contracts/chat';
import { $sidebar } from '@salon/shared';
import { getMessages, markChannelRead } from './api';
import { loadChannels, patchChannel } from './channels';
import { compareMessages } from './chatRules';
import { clearTyping } from './chatTyping';
import { CATCH_UP_PAGE, channelKey, findChannel, isMine, state } from './state';

/** Adds messages to a channel's cache; returns those it did not have. Drops outbox entries they acknowledge. */
export function mergeMessages(channelId: string, incoming: readonly ChatMessage[], loaded = false): ChatMessage[] {
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
    state.$messages.set({
      ...all,
      [channelId]: { items: [...cache.items, ...added].sort(compareMessages), loaded: cache.loaded || loaded },
    });
  }
  return added;
}

/** A page of the server's latest messages (opening, catching up): its last one is the new watermark. */
export function mergePage(channelId: string, messages: readonly ChatMessage[], loaded = false): void {
  const last = messages.at(-1);
  if (last) state.watermarks.set(channelId, last.obfuscated_id);
  mergeMessages(channelId, messages, loaded);
}

function isOpen(channelId: string): boolean {
  const open = state.$open.get();
  return open?.channelId === channelId && $sidebar.get()?.name === 'chat';
}

export function markRead(channelId: string): void {
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
    state.$messages.set({
      ...state.$messages.get(),
      [channelId]: { ...cache, items: cache.items.map((m) => (m.obfuscated_id === message.obfuscated_id ? message : m)) },
    });
  } else {
    mergeMessages(channelId, [message]);
  }
  patchChannel(channelId, (c) => (c.last_message?.obfuscated_id === message.obfuscated_id ? { ...c, last_message: message } : c));
}

/**
 * On each connection: what each known channel missed, after its watermark (`?lastOne=`, pages of 200 until a
 * shorter one); after a reconnection, the channels started meanwhile too.
 */
export async function catchUp(reconnected: boolean): Promise<void> {
  await Promise.all(state.$channels.get().list.map((channel) => catchUpChannel(channelKey(channel))));
  if (reconnected) await loadChannels({ onlyNew: true });
}

async function catchUpChannel(channelId: string): Promise<void> {
  if (state.catchingUp.has(channelId)) return;
  state.catchingUp.add(channelId);
  try {
    for (;;) {
      const lastOne = state.watermarks.get(channelId);
      const { messages } = await getMessages(channelId, lastOne ? { lastOne, limit: CATCH_UP_PAGE } : { limit: CATCH_UP_PAGE }, {
        notify: false,
      });
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
