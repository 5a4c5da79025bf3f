/**
 * Stands in for socket.io-client in Storybook (aliased in main.ts): the fake socket of the tests, answering
 * like the chat server (acknowledgements with the stored message) and connecting or failing as the story says.
 */
import { $user } from '@salon/shared';
import { chatUserOf, type ChatMessage, type MessageContent } from '@salon/shared/chat';
import { socketIoMock, type FakeSocket } from '@salon/shared/test/socket';
import { chatFixture, findMessage, store } from './chat-mock';

let current: FakeSocket | null = null;
let typingTimer: ReturnType<typeof setInterval> | undefined;
let sequence = 0;

function answer(event: string, payload: unknown): unknown {
  if (event === 'new_chat_message') {
    const sent = payload as { channel_id: string; member_id: string; client_id: string; content: MessageContent };
    sequence += 1;
    const id = `story${sequence}`;
    const message: ChatMessage = {
      id_message: id,
      obfuscated_id: id,
      channel_id: sent.channel_id,
      client_id: sent.client_id,
      member: { id_member: sent.member_id, user: chatUserOf($user.get()) },
      created_at: new Date().toISOString(),
      updated_at: null,
      content: sent.content,
    };
    store(message);
    return { ok: true, message };
  }
  if (event === 'update_chat_message') {
    const update = payload as { message_id: string; acceptation: boolean };
    const found = findMessage(update.message_id);
    if (!found || found.content.type !== 'visio_invitation') return { ok: false, error: 'Unknown invitation' };
    const message: ChatMessage = {
      ...found,
      content: { ...found.content, acceptation: update.acceptation },
      updated_at: new Date().toISOString(),
    };
    store(message);
    return { ok: true, message };
  }
  if (event === 'user_writing') return undefined;
  return { ok: true };
}

/** Applies the story's socket state and typing to the socket the page has. */
export function applySocketFixture(): void {
  clearInterval(typingTimer);
  const { socket: mode, typing } = chatFixture();
  if (!current) return;
  current.onConnect = mode === 'up' ? 'accept' : 'refuse';
  if (mode === 'down' && current.active) current.refuse();
  if (mode === 'up' && current.active && !current.connected) current.accept();
  if (typing) {
    const push = () => current?.push('user_writing', { channel_id: typing.channelId, user_id: typing.userId, fullname: typing.fullname });
    push();
    typingTimer = setInterval(push, 3000);
  }
}

export function io(options?: unknown): FakeSocket {
  current = socketIoMock.io(options);
  current.server = answer;
  current.onConnect = chatFixture().socket === 'up' ? 'accept' : 'refuse';
  setTimeout(applySocketFixture, 0);
  return current;
}
