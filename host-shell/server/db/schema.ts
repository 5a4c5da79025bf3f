import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/*
 * Portable column types, the same on SQLite and PostgreSQL:
 * - flags are integers 0/1 (better-sqlite3 cannot bind booleans);
 * - timestamps are ISO 8601 UTC strings (they sort as text, and both drivers return them unchanged);
 * - JSON is text, parsed by the service that owns the column.
 */
export type Flag = 0 | 1;
export type ProfileCode = 'administrator' | 'promoter' | 'exhibitor' | 'visitor';
export type PanoramaKind = 'home' | 'plan' | 'conference' | 'stand';

export interface UsersTable {
  id: Generated<number>;
  profile: ProfileCode;
  anonymous: Generated<Flag>;
  hidden: Generated<Flag>;
  availability: Generated<Flag>;
  pseudo: string | null;
  firstname: string | null;
  lastname: string | null;
  email: string | null;
  contact_email: string | null;
  mobile: string | null;
  postal_code: string | null;
  city: string | null;
  birthdate: string | null;
  linkedin: string | null;
  visio_link: string | null;
  /** JSON object: field → '0' (published) | '1'. */
  fields_param: Generated<string>;
  /** JSON string of the journey, as the widgets send it. */
  journey: string | null;
  password_hash: string | null;
  function: string | null;
  function_en: string | null;
  presentation: string | null;
  presentation_en: string | null;
  picture_path: string | null;
  video_path: string | null;
  locale: string | null;
  last_activity_at: string | null;
  created_at: string;
}

export interface SessionsTable {
  /** SHA-256 of the cookie token: a leaked table does not leak live sessions. */
  id: string;
  user_id: number;
  created_at: string;
  expires_at: string;
}

export interface CompaniesTable {
  id: Generated<number>;
  name: string;
  description: string | null;
  description_en: string | null;
  website_link: string | null;
  storage_link: string | null;
  mobile: string | null;
  email: string | null;
  facebook_link: string | null;
  linkedin_link: string | null;
  twitter_link: string | null;
  youtube_link: string | null;
  created_at: string;
}

export interface StandsTable {
  id: Generated<number>;
  name: string;
  name_en: string;
  panorama_slug: string;
  /** null: use the global parameter stands_optin_marketing. */
  optin_marketing: Flag | null;
  company_id: number;
  created_at: string;
}

export interface StandExhibitorsTable {
  stand_id: number;
  user_id: number;
}

export interface PanoramasTable {
  id: Generated<number>;
  slug: string;
  kind: PanoramaKind;
  name: string;
  name_en: string;
}

export interface KeyValueTable {
  key: string;
  /** JSON-encoded value. */
  value: string;
}

export interface NotificationsTable {
  id: Generated<number>;
  title: string;
  title_en: string;
  at: string;
  at_en: string;
  message: string;
  message_en: string;
  sent_at: string;
}

export interface ContactRequestsTable {
  id: Generated<number>;
  user_id: number | null;
  email: string | null;
  subject: 'question' | 'edit_delete';
  message: string;
  created_at: string;
}

/** Why a visit ended: the client said so, a beacon on unload, the sweeper (no activity), or a visit elsewhere began. */
export type VisitEndReason = 'client' | 'beacon' | 'timeout' | 'replaced';

export interface StandVisitsTable {
  id: Generated<number>;
  user_id: number;
  stand_id: number;
  started_at: string;
  /** null while the visit is open; at most one open visit per user (unique partial index). */
  ended_at: string | null;
  ended_by: VisitEndReason | null;
}

export type HistoryType = 'enterOnStand' | 'leaveStand' | 'updateAvailability' | 'chatStarted' | 'visioOpened';

export interface StandHistoryTable {
  id: Generated<number>;
  stand_id: number;
  /** Who did it (the visitor who entered, the exhibitor who changed availability…). */
  user_id: number;
  type: HistoryType;
  /** JSON object with the type's extra fields (`channel_id`, `availability`, `ended_by`). */
  content: Generated<string>;
  created_at: string;
}

export interface TrackingEventsTable {
  id: Generated<number>;
  user_id: number | null;
  name: string;
  value: string | null;
  stand_id: number | null;
  created_at: string;
}

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
  /** JSON object: the message content (shared/api/schemas/chat.ts MessageContent). File urls are stored as paths. */
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

/** Who a notification is for; a notification without recipients is for everyone. */
export interface NotificationRecipientsTable {
  notification_id: number;
  user_id: number;
}

export type LeadKind = 'contact_request' | 'offer_form' | 'contest';

/** What a visitor's form produced: a stand contact request, an offer form, or a contest entry (no stand). */
export interface LeadsTable {
  id: Generated<number>;
  kind: LeadKind;
  stand_id: number | null;
  company_id: number | null;
  user_id: number | null;
  firstname: string;
  lastname: string;
  email: string | null;
  /** The phone, or the contest's mobile. */
  phone: string | null;
  postal_code: string | null;
  city: string | null;
  birthdate: string | null;
  subject: string | null;
  code_apporteur: string | null;
  comments: string | null;
  /** Contest entries only; unique with user_id. */
  contest_name: string | null;
  score: number | null;
  /** JSON list of `{key, version, given, wording}` (shared/forms/consents.ts): the wording shown, as proof. */
  consents: string;
  wording_locale: 'fr_FR' | 'en_EN';
  created_at: string;
}

/** One opinion per user (a second one replaces it). */
export interface OpinionsTable {
  id: Generated<number>;
  user_id: number;
  score: number;
  comment: string;
  locale: string;
  created_at: string;
  updated_at: string;
}

/** Scores of the room's game (`POST /api/contest/participation`). */
export interface ContestScoresTable {
  id: Generated<number>;
  user_id: number;
  score: number;
  created_at: string;
}

export interface SharesTable {
  id: Generated<number>;
  user_id: number | null;
  platform: 'facebook' | 'linkedin' | 'twitter';
  title: string | null;
  created_at: string;
}

/** A user whose identity another site (a host such as the Symfony one) decides: one salon user per (host, host user id). */
export interface HostUsersTable {
  host: string;
  host_user_id: string;
  user_id: number;
  created_at: string;
}

/** Nonces of signed host calls, kept until their timestamp could no longer be accepted. */
export interface HostNoncesTable {
  nonce: string;
  expires_at: string;
}

/** One change by an administrator or a promoter (`services/audit.ts`); `before`/`after` are JSON, null when none. */
export interface AuditLogTable {
  id: Generated<number>;
  /** null once the account is deleted; `actor_name`/`actor_email` still say who. */
  actor_id: number | null;
  actor_name: string;
  actor_email: string | null;
  action: string;
  target: string | null;
  before: string | null;
  after: string | null;
  created_at: string;
}

export type MediaKind = 'picture' | 'video' | 'document' | 'panorama';
export type ScanStatus = 'pending' | 'clean' | 'unscanned';

export interface MediasTable {
  id: Generated<number>;
  /** The unguessable name of `/api/medias/{str}`. */
  str: string;
  kind: MediaKind;
  /** The type detected from the content. */
  mime: string;
  extension: string;
  size: number;
  /** Images only. */
  width: number | null;
  height: number | null;
  uploader_id: number | null;
  original_name: string;
  /** Under `<UPLOAD_DIR>/medias/`: 32 hex characters and the extension. */
  stored_name: string;
  scan_status: ScanStatus;
  created_at: string;
}

export interface PanoramaImagesTable {
  panorama_slug: string;
  media_id: number;
  updated_by: number | null;
  updated_at: string;
}

export type ImportKind = 'users' | 'visio_links';
export type ImportStatus = 'preview' | 'running' | 'done' | 'failed';

/** A CSV import (`services/imports.ts`): its checked lines and preview until confirmed, then its progress and report. */
export interface ImportsTable {
  id: Generated<number>;
  kind: ImportKind;
  file_name: string;
  created_by: number | null;
  status: ImportStatus;
  /** JSON list of the lines to apply (emptied once the import has run). */
  rows: string;
  /** JSON: the preview (counts, lines without email/link, invalid lines). */
  preview: string;
  /** JSON: the report, once run (or failed part way). */
  report: string | null;
  processed: Generated<number>;
  total: Generated<number>;
  error: string | null;
  created_at: string;
  updated_at: string;
  /** A preview is forgotten after this (and a finished import's report). */
  expires_at: string;
}

/** A sign-in link (`services/signin-links.ts`): the SHA-256 of its token, single use, until `expires_at`. */
export interface SigninLinksTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_by: number | null;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  companies: CompaniesTable;
  stands: StandsTable;
  stand_exhibitors: StandExhibitorsTable;
  panoramas: PanoramasTable;
  parameters: KeyValueTable;
  features: KeyValueTable;
  notifications: NotificationsTable;
  contact_requests: ContactRequestsTable;
  stand_visits: StandVisitsTable;
  stand_history: StandHistoryTable;
  tracking_events: TrackingEventsTable;
  channels: ChannelsTable;
  channel_members: ChannelMembersTable;
  messages: MessagesTable;
  chat_files: ChatFilesTable;
  notification_recipients: NotificationRecipientsTable;
  leads: LeadsTable;
  opinions: OpinionsTable;
  contest_scores: ContestScoresTable;
  shares: SharesTable;
  host_users: HostUsersTable;
  host_nonces: HostNoncesTable;
  audit_log: AuditLogTable;
  medias: MediasTable;
  panorama_images: PanoramaImagesTable;
  imports: ImportsTable;
  signin_links: SigninLinksTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type CompanyRow = Selectable<CompaniesTable>;
export type StandRow = Selectable<StandsTable>;
export type NotificationRow = Selectable<NotificationsTable>;
export type StandVisitRow = Selectable<StandVisitsTable>;
export type StandHistoryRow = Selectable<StandHistoryTable>;
export type MessageRow = Selectable<MessagesTable>;
export type ChatFileRow = Selectable<ChatFilesTable>;
export type LeadRow = Selectable<LeadsTable>;
export type MediaRow = Selectable<MediasTable>;

export type Dialect = 'sqlite' | 'postgres';

export const nowIso = (): string => new Date().toISOString();
