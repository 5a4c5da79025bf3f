import type {
  CHAT_FILE_MAX_BYTES as MaxBytes,
  UPLOAD_CLIENT_ID_FIELD as ClientIdField,
  UPLOAD_FILE_FIELD as FileField,
  ChannelsData,
  ChatUsersData,
  ChatUsersQuery,
  HistoryBody,
  MessagesData,
  MessagesQuery,
  OpenChannelBody,
  OpenChannelData,
  UploadData,
} from '@salon/shared/contracts/chat';
// By package name: this module is part of the `@salon/shared/chat` entry, which must not carry a second API client.
import { request, type RequestOptions } from '@salon/shared';

/**
 * The chat's REST calls (shared/contracts/chat.ts). Types only from the schemas: a value import would
 * bundle TypeBox, so the file limit is restated here and checked against the schema's at compile time.
 */
export const CHAT_FILE_MAX_BYTES: typeof MaxBytes = 5_242_880;
const FILE_FIELD: typeof FileField = 'file';
const CLIENT_ID_FIELD: typeof ClientIdField = 'client_id';

type CallOptions = Omit<RequestOptions, 'json' | 'searchParams' | 'body'>;
const channelPath = (id: string) => `/api/chat/channels/${encodeURIComponent(id)}`;

/** GET /api/chat/channels */
export function getChannels(options?: CallOptions): Promise<ChannelsData> {
  return request<ChannelsData>('GET', '/api/chat/channels', options);
}

/** POST /api/chat/channels `{members: [userId]}` or `{id_channel}`: the channel and its latest messages. */
export function openChannel(json: OpenChannelBody, options?: CallOptions): Promise<OpenChannelData> {
  return request<OpenChannelData>('POST', '/api/chat/channels', { ...options, json });
}

/** GET /api/chat/channels/{id}/messages?lastOne=&before=&limit= (oldest first). */
export function getMessages(channelId: string, query: MessagesQuery = {}, options?: CallOptions): Promise<MessagesData> {
  const searchParams: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(query)) if (value !== undefined) searchParams[key] = value;
  return request<MessagesData>('GET', `${channelPath(channelId)}/messages`, { ...options, searchParams });
}

/**
 * POST /api/chat/channels/{id}/messages/upload, multipart: `client_id` (before the file, so the server can
 * store a retried upload once), then `file`.
 */
export function uploadChatFile(
  channelId: string,
  file: Blob,
  filename: string,
  clientId: string,
  options?: CallOptions,
): Promise<UploadData> {
  const body = new FormData();
  body.append(CLIENT_ID_FIELD, clientId);
  body.append(FILE_FIELD, file, filename);
  return request<UploadData>('POST', `${channelPath(channelId)}/messages/upload`, { timeout: 120_000, ...options, body });
}

/** POST /api/chat/channels/{id}/read: the channel's new-message counter goes to 0. */
export function markChannelRead(channelId: string, options?: CallOptions): Promise<unknown> {
  return request<unknown>('POST', `${channelPath(channelId)}/read`, options);
}

/** GET /api/chat/users?search=&profiles=&connected=&stand_id= (the Start tab). */
export function getChatUsers(query: ChatUsersQuery, options?: CallOptions): Promise<ChatUsersData> {
  const searchParams: Record<string, string> = {};
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '') searchParams[key] = value;
  return request<ChatUsersData>('GET', '/api/chat/users', { ...options, searchParams });
}

/** POST /api/stands/{stand_id}/history `{type: 'chatStarted' | 'visioOpened', channel_id?}`. */
export function postStandHistory(standId: string, json: HistoryBody, options?: CallOptions): Promise<unknown> {
  return request<unknown>('POST', `/api/stands/${encodeURIComponent(standId)}/history`, { ...options, json });
}
