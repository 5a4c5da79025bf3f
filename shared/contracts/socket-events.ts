/**
 * The realtime socket (socket.io, path `/socket.io`), spec §7. The handshake authenticates with the session
 * cookie and checks the Origin. A member only sends to and hears from the channels they belong to.
 * Every event the client sends takes an acknowledgement callback: `{ok: true, …}` or `{ok: false, error}`.
 */
import type { ChatMessage, MessageContent } from './chat';
import type { HistoryItem } from './room';

export type Ack<T = Record<string, never>> = (answer: ({ ok: true } & T) | { ok: false; error: string }) => void;

export interface NotificationPayload {
  id_notification: string;
  title: string;
  title_en: string;
  message: string;
  message_en: string;
  sent_at: string;
}

/** Server → client. */
export interface ServerToClientEvents {
  stand_history: (item: HistoryItem) => void;
  notification: (notification: NotificationPayload) => void;
  new_chat_message: (message: ChatMessage) => void;
  update_chat_message: (message: ChatMessage) => void;
  user_writing: (event: { channel_id: string; user_id: string; fullname: string }) => void;
  /**
   * The process is stopping (a restart, a deploy): the connection closes next, and the client reconnects at once,
   * behind a proxy to another process, without showing the chat as down.
   */
  reconnect_elsewhere: () => void;
}

/** Client → server. */
export interface ClientToServerEvents {
  /** `client_id` makes retries safe: the server stores a message once per (member, client_id). */
  new_chat_message: (
    message: { channel_id: string; member_id: string; client_id: string; content: MessageContent },
    ack: Ack<{ message: ChatMessage }>,
  ) => void;
  /** Answer a video invitation (`acceptation`) — the only update a member may make to someone else's message. */
  update_chat_message: (
    update: { channel_id: string; message_id: string; acceptation: boolean },
    ack: Ack<{ message: ChatMessage }>,
  ) => void;
  user_writing: (event: { channel_id: string }) => void;
  stand_history: (event: { stands_ids: string[]; content: { type: 'chatStarted' | 'visioOpened'; channel_id?: string } }, ack: Ack) => void;
  /** Promoters and administrators only. */
  notification: (
    event: { content: { title: string; message: string; title_en?: string; message_en?: string }; users_ids: string[] },
    ack: Ack,
  ) => void;
}

export const SOCKET_PATH = '/socket.io';
