import { computed, onMount, readonlyType, type ReadableAtom } from 'nanostores';
import { $parameters, $sidebar, $user, busSingleton } from '@salon/shared';
import { $socketState, onSocketConnect, onSocketEvent } from '@salon/shared/live/socket';
import { loadChannels } from './channels';
import { invitationState, isSameUser, VISIO_UNANSWERED_MS } from './chatRules';
import { $typing, receiveTyping, resetTyping } from './chatTyping';
import { catchUp, receiveMessage, receiveUpdate } from './messages';
import { followSidebar, guardSidebar } from './opening';
import { flushOutbox } from './outbox';
import { invitations, me, state } from './state';
import { buildView, type ChatView } from './view';

/**
 * The chat's store (spec §2.7, §4.5, §4.6): listening to `$chat` opens the socket, loads the channels and follows
 * `new_chat_message`, `update_chat_message` and `user_writing`; its parts are in the files beside it (state, view,
 * channels, messages and catch-up, outbox, opening and back, composer, visio).
 */
const $view = busSingleton('chatView', () => {
  const view = computed(
    [
      state.$channels,
      state.$messages,
      state.$outbox,
      state.$open,
      state.$tab,
      state.$drafts,
      state.$clock,
      $typing,
      $socketState,
      $user,
      $parameters,
    ],
    (channels, messages, outbox, open, tab, drafts, _clock, typing, socket, user, parameters) =>
      buildView({ channels, messages, outbox, open, tab, drafts, typing, socket, user, parameters }),
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
  state.clockTimer = setTimeout(
    () => {
      state.$clock.set(state.$clock.get() + 1);
      scheduleClock();
    },
    Math.max(0, Math.min(...expiries) - now) + 1,
  );
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
