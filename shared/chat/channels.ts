import type { Channel } from '@salon/shared/contracts/chat';
import { getChannels } from './api';
import { channelKey, state } from './state';

function setChannels(list: Channel[]): void {
  state.$channels.set({ ...state.$channels.get(), list });
}

export function patchChannel(channelId: string, patch: (channel: Channel) => Channel): void {
  setChannels(state.$channels.get().list.map((channel) => (channelKey(channel) === channelId ? patch(channel) : channel)));
}

export function upsertChannel(channel: Channel): void {
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
