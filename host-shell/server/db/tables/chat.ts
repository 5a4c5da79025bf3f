/** The chat: channels, their members, messages, uploaded files. */
import type { Generated } from 'kysely';

/** A chat channel; `direct_key` ('<lower user id>:<higher user id>') makes the 1-to-1 channel of two users unique. */
export interface ChannelsTable {
  id: Generated<number>;
  direct_key: string | null;
  created_at: string;
}

/** A user in a channel; its id is the message author (`member_id`). */
export interface ChannelMembersTable {
  id: Generated<number>;
  channel_id: number;
  user_id: number;
  /** Messages up to this id are read (null: none). */
  last_read_message_id: number | null;
  created_at: string;
}

export interface MessagesTable {
  id: Generated<number>;
  channel_id: number;
  member_id: number;
  /** The sender's id for the message: unique per member, so a retried send is stored once. Null for server-made messages. */
  client_id: string | null;
  /** JSON object: the message content (shared/contracts/chat.ts MessageContent). File urls are stored as paths. */
  content: string;
  created_at: string;
  updated_at: string | null;
}

/** An uploaded chat file, stored as UPLOAD_DIR/<stored_name>. */
export interface ChatFilesTable {
  id: Generated<number>;
  /** Random hex + the detected extension. */
  stored_name: string;
  channel_id: number;
  /** Who uploaded it. */
  member_id: number;
  original_name: string;
  /** The type detected from the content (never the one the client declared). */
  mime: string;
  extension: string;
  size: number;
  created_at: string;
}
