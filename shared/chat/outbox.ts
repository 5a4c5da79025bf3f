import type { MessageContent } from '@salon/shared/contracts/chat';
import { $socketState, emitWithAck } from '@salon/shared/live/socket';
import { isSameUser, newClientId } from './chatRules';
import { receiveMessage } from './messages';
import { findChannel, me, RETRY_BASE_MS, RETRY_MAX_MS, state, type PendingMessage } from './state';

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
  emitWithAck('new_chat_message', {
    channel_id: pending.channel_id,
    member_id: pending.member_id,
    client_id: clientId,
    content: pending.content,
  }).then(
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
export function flushOutbox(): void {
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
  const pending: PendingMessage = {
    client_id: newClientId(),
    channel_id: channelId,
    member_id: member.id_member,
    content,
    created_at: new Date().toISOString(),
    status: 'sending',
    attempts: 0,
  };
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
