/** The database's tables (Kysely's `Database`), declared by area in `tables/`, and the row types the services use. */
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { HostNoncesTable, HostUsersTable, SessionsTable, SigninLinksTable, UsersTable } from './tables/people';
import type {
  AuditLogTable,
  CompaniesTable,
  ImportsTable,
  KeyValueTable,
  MediasTable,
  NotificationRecipientsTable,
  NotificationsTable,
  PanoramaImagesTable,
  PanoramasTable,
  StandExhibitorsTable,
  StandsTable,
} from './tables/content';
import type {
  ContactRequestsTable,
  ContestScoresTable,
  LeadsTable,
  OpinionsTable,
  SharesTable,
  StandHistoryTable,
  StandVisitsTable,
  TrackingEventsTable,
} from './tables/visits';
import type { ChannelMembersTable, ChannelsTable, ChatFilesTable, MessagesTable } from './tables/chat';
import type { AgendaTalksTable, MeetingSlotsTable, MeetingsTable, TalksTable } from './tables/programme';
import type { EmailingsTable, MailOutboxTable } from './tables/mail';

export * from './tables/columns';
export * from './tables/people';
export * from './tables/content';
export * from './tables/visits';
export * from './tables/chat';
export * from './tables/programme';
export * from './tables/mail';

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
  talks: TalksTable;
  agenda_talks: AgendaTalksTable;
  meeting_slots: MeetingSlotsTable;
  meetings: MeetingsTable;
  mail_outbox: MailOutboxTable;
  emailings: EmailingsTable;
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
export type MediaRow = Selectable<MediasTable>;

export type Dialect = 'sqlite' | 'postgres';

export const nowIso = (): string => new Date().toISOString();
