import { Type, type Static } from '@sinclair/typebox';
import { Nullable } from './common';
import { HistoryItem, IdsOf, ObfuscatedId, RoomUser } from './room';

/**
 * Chat (spec §2.7, §3 Channel/Message, §4.5, §4.6, §7). Ids are obfuscated ids. The socket events are typed in
 * `shared/contracts/socket-events.ts`; the REST calls here.
 */

export const CHAT_FILE_MAX_BYTES = 5_242_880;
/** Spec §4.5: a video invitation without answer for more than 1 minute is unanswered; the server refuses a later answer. */
export const VISIO_UNANSWERED_MS = 60_000;
export const CHAT_MESSAGE_MAX_LENGTH = 5000;

/**
 * A member of a channel: its own id and the user, with the contact fields the user publishes (spec §5 "Field
 * publication"; `email` is the contact email for exhibitors), for the phone and email buttons of a channel.
 */
export const ChatMember = Type.Object({
  id_member: ObfuscatedId,
  user: Type.Intersect([
    RoomUser,
    Type.Object({ mobile: Type.Optional(Nullable(Type.String())), email: Type.Optional(Nullable(Type.String())) }),
  ]),
});
export type ChatMember = Static<typeof ChatMember>;

export const FileContent = Type.Object({
  type: Type.Literal('file'),
  /** Absolute address of `/chat/file/{filename}`. */
  url: Type.String(),
  filename: Type.String(),
  prettyName: Type.String(),
  extension: Type.String(),
  downloadable: Type.Boolean(),
  size: Type.Integer({ minimum: 0 }),
  mime: Type.String(),
});
export type FileContent = Static<typeof FileContent>;

/** The content of a message (spec §3): a JSON object with a type. */
export const MessageContent = Type.Union([
  Type.Object({ type: Type.Literal('message'), text: Type.String({ minLength: 1, maxLength: CHAT_MESSAGE_MAX_LENGTH }) }),
  Type.Object({ type: Type.Literal('visio_invitation'), link: Type.String(), acceptation: Nullable(Type.Boolean()) }),
  Type.Object({ type: Type.Literal('visio_ask') }),
  Type.Object({ type: Type.Literal('image'), url: Type.String(), filename: Type.String(), prettyName: Type.String() }),
  FileContent,
  Type.Object({
    type: Type.Literal('contact_details'),
    firstname: Type.Optional(Type.String()),
    lastname: Type.Optional(Type.String()),
    email: Type.Optional(Type.String()),
    mobile: Type.Optional(Type.String()),
  }),
]);
export type MessageContent = Static<typeof MessageContent>;

export const ChatMessage = Type.Object({
  ...IdsOf('message'),
  channel_id: ObfuscatedId,
  /** The client's id for the message (dedup on retries); null for messages the server made. */
  client_id: Nullable(Type.String()),
  member: ChatMember,
  created_at: Type.String(),
  updated_at: Nullable(Type.String()),
  content: MessageContent,
});
export type ChatMessage = Static<typeof ChatMessage>;

export const Channel = Type.Object({
  ...IdsOf('channel'),
  members: Type.Array(ChatMember),
  total_messages: Type.Integer({ minimum: 0 }),
  /** Messages the current user has not read. */
  new_messages: Type.Integer({ minimum: 0 }),
  last_message: Nullable(ChatMessage),
  created_at: Type.String(),
});
export type Channel = Static<typeof Channel>;

/** GET /api/chat/channels → the current user's channels, newest last message first. */
export const ChannelsData = Type.Object({ channels: Type.Array(Channel) });
export type ChannelsData = Static<typeof ChannelsData>;

/** POST /api/chat/channels: open (or find) the channel with these members, or reopen one by id. */
export const OpenChannelBody = Type.Union([
  Type.Object({ members: Type.Array(ObfuscatedId, { minItems: 1, maxItems: 1 }) }, { additionalProperties: false }),
  Type.Object({ id_channel: ObfuscatedId }, { additionalProperties: false }),
]);
export type OpenChannelBody = Static<typeof OpenChannelBody>;
/** `channel` is null when the only other member is the user (chat with oneself is silently ignored). */
export const OpenChannelData = Type.Object({ channel: Nullable(Channel), messages: Type.Array(ChatMessage) });
export type OpenChannelData = Static<typeof OpenChannelData>;

export const ChannelIdParams = Type.Object({ id: ObfuscatedId });
/** GET /api/chat/channels/{id}/messages?lastOne={messageId}: messages after `lastOne` (oldest first), or the latest page. */
export const MessagesQuery = Type.Object({
  lastOne: Type.Optional(ObfuscatedId),
  /** Older messages, before this id (scrolling back). */
  before: Type.Optional(ObfuscatedId),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
});
export type MessagesQuery = Static<typeof MessagesQuery>;
export const MessagesData = Type.Object({ messages: Type.Array(ChatMessage) });
export type MessagesData = Static<typeof MessagesData>;

/** POST /api/chat/channels/{id}/messages/upload (multipart, field `file`) → the message it created. */
export const UploadData = Type.Object({ success: Type.Boolean(), message: Type.String(), file: FileContent, chat_message: ChatMessage });
export type UploadData = Static<typeof UploadData>;

/** POST /api/chat/channels/{id}/read: everything up to now is read (the new-message counter goes to 0). */
export const ReadData = Type.Object({ new_messages: Type.Literal(0) });

/** GET /api/chat/users?search=&profiles=exhibitor,visitor&connected=1|0&stand_id= (Start a chat). */
export const ChatUsersQuery = Type.Object({
  search: Type.Optional(Type.String({ maxLength: 100 })),
  profiles: Type.Optional(Type.String({ maxLength: 100 })),
  connected: Type.Optional(Type.Union([Type.Literal('1'), Type.Literal('0')])),
  stand_id: Type.Optional(ObfuscatedId),
});
export type ChatUsersQuery = Static<typeof ChatUsersQuery>;
/** `on_stand`: people on the given stand; `elsewhere`: the others. `search_enabled` false: the organiser disabled search. */
export const ChatUsersData = Type.Object({
  search_enabled: Type.Boolean(),
  on_stand: Type.Array(RoomUser),
  elsewhere: Type.Array(RoomUser),
});
export type ChatUsersData = Static<typeof ChatUsersData>;

/** POST /api/stands/{stand_id}/history (spec §7): the types a client may add. */
export const HistoryBody = Type.Object(
  {
    type: Type.Union([Type.Literal('chatStarted'), Type.Literal('visioOpened')]),
    channel_id: Type.Optional(ObfuscatedId),
  },
  { additionalProperties: false },
);
export type HistoryBody = Static<typeof HistoryBody>;
export const HistoryData = Type.Object({ history: Type.Array(HistoryItem) });

/*
 * Added with the chat server (compatible additions to the contract): the history page query and the
 * availability call, which the chat needs ("an exhibitor who opens a video call becomes unavailable").
 */

/** GET /api/stands/{stand_id}/history?last={obfuscated id}: the page after that entry (20 per page, newest first). */
export const HistoryQuery = Type.Object({ last: Type.Optional(ObfuscatedId) });
export type HistoryQuery = Static<typeof HistoryQuery>;

/** PUT /api/exhibitors/me/availability (spec §7, exhibitors only). */
export const AvailabilityBody = Type.Object({ availability: Type.Boolean() }, { additionalProperties: false });
export type AvailabilityBody = Static<typeof AvailabilityBody>;
export const AvailabilityData = Type.Object({ availability: Type.Boolean() });
export type AvailabilityData = Static<typeof AvailabilityData>;

/** Multipart upload fields: `file` (required) and `client_id` (optional, before `file`: a retried upload is stored once). */
export const UPLOAD_FILE_FIELD = 'file';
export const UPLOAD_CLIENT_ID_FIELD = 'client_id';
