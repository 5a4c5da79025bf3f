/**
 * `@salon/shared/chat`: the chat's part of the bus (spec §2.7, §4.5, §4.6) and its API calls. A separate entry
 * (like `@salon/shared/room`) so that only the widgets that chat carry it and the socket.io client.
 * `startChat(userId, {standId})` is the action other widgets use (contact point, activity stream).
 */
export { $chat, resetChat } from './chat';
export { CHAT_UNAVAILABLE, type ChatTab, type ChatNotice, type Delivery } from './state';
export type { ChatView, ChannelSummary, MessageItem, OpenChannelView } from './view';
export { loadChannels } from './channels';
export { receiveMessage, receiveUpdate } from './messages';
export { sendMessage, retryMessage, discardMessage } from './outbox';
export { startChat, openChat, openUserChannel, closeChannel, selectChatTab, loadEarlierMessages } from './opening';
export {
  setDraft,
  sendDraft,
  attachFile,
  removeFile,
  dismissNotice,
  shareContactDetails,
  sendGif,
  FILE_TOO_LARGE,
  CONTACT_DETAILS_MISSING,
  CONTACT_DETAILS_PARTIAL,
} from './composer';
export { inviteToVisio, askVisio, answerInvitation, visioOpened, VISIO_LINK_MISSING } from './visio';
export { $typing, notifyTyping, receiveTyping, clearTyping, TYPING_SEND_INTERVAL_MS, TYPING_CLEAR_MS, type Typist } from './chatTyping';
export {
  $chatUsers,
  setChatSearch,
  toggleChatProfile,
  toggleChatConnection,
  resetChatUsers,
  chatUsersQuery,
  SEARCH_DEBOUNCE_MS,
  type ChatUsersFilters,
  type ChatUsersView,
  type ChatPerson,
} from './chatUsers';
export {
  chatUserOf,
  isFieldPublished,
  publishedVisioLink,
  shareableContactDetails,
  memberContact,
  searchScope,
  searchProfileOf,
  isConnected,
  listedChannels,
  separators,
  invitationState,
  MESSAGE_GROUP_GAP_MS,
  VISIO_UNANSWERED_MS,
  SEARCH_PROFILES,
  type ChatUser,
  type ContactField,
  type ContactDetails,
  type SearchProfile,
  type SearchScope,
  type InvitationState,
} from './chatRules';
export {
  CHAT_FILE_MAX_BYTES,
  getChannels,
  openChannel,
  getMessages,
  uploadChatFile,
  markChannelRead,
  getChatUsers,
  postStandHistory,
} from './api';
export type { Channel, ChatMessage, ChatMember, MessageContent, FileContent, ChatUsersData } from '@salon/shared/contracts/chat';
export { $socketState, type SocketState } from '@salon/shared/live/socket';
