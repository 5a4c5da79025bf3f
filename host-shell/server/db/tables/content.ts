/** The salon's content as the organisers manage it: companies, stands and their exhibitors, panoramas and their images, parameters, notifications, uploads, imports, the audit log. */
import type { Generated } from 'kysely';
import type { Flag, PanoramaKind } from './columns';

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

/** Who a notification is for; a notification without recipients is for everyone. */
export interface NotificationRecipientsTable {
  notification_id: number;
  user_id: number;
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
