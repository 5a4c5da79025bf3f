import { Type, type Static } from '@sinclair/typebox';
import { Nullable, OneOf } from './common';

/*
 * CSV imports of spec §5 ("Uploads"): users (`POST /api/users/import`) and video links
 * (`POST /api/visio-links/import`). Two steps: the upload answers a preview and writes nothing; the confirmation
 * (`POST /api/imports/{id}/confirm`) runs it in batches, followed with `GET /api/imports/{id}` (progress, then the
 * report). Administrators and promoters only.
 */

/** The multipart field of the file. */
export const IMPORT_FILE_FIELD = 'file';
/** Larger files are refused (413) while they stream in, never held in memory. */
export const IMPORT_MAX_MB = 20;
export const IMPORT_MAX_BYTES = IMPORT_MAX_MB * 1024 * 1024;
/** Lines applied per transaction. */
export const IMPORT_BATCH_SIZE = 500;
/** At most this many invalid or skipped lines are listed (all are counted). */
export const IMPORT_LISTED_LINES = 1000;

/** Users CSV: the header must name these (any order, any case). */
export const USER_IMPORT_REQUIRED = ['email', 'firstname', 'lastname'] as const;
/** Users CSV: columns also read when present; any other column is ignored (and said so in the preview). */
export const USER_IMPORT_OPTIONAL = ['profile', 'mobile', 'city', 'postal_code'] as const;
/** Video links CSV: the header must name these. */
export const VISIO_IMPORT_REQUIRED = ['name', 'link'] as const;

export const IMPORT_KINDS = ['users', 'visio_links'] as const;
export const ImportKind = OneOf(...IMPORT_KINDS);
export type ImportKind = Static<typeof ImportKind>;
/** An import's run in the audit log: `<kind>.import`. */
export const IMPORT_AUDIT_ACTIONS = IMPORT_KINDS.map((kind) => `${kind}.import` as const);

export const ImportStatus = OneOf('preview', 'running', 'done', 'failed');
export type ImportStatus = Static<typeof ImportStatus>;

/** Why a line is not applied. */
export const LineIssueCode = OneOf(
  /** No e-mail (users) or no link (video links): skipped once the confirmation says so. */
  'missing',
  'fields_count',
  'email_invalid',
  'duplicate',
  'required',
  'text_invalid',
  'too_long',
  'profile_invalid',
  'profile_change',
  'protected_account',
  'mobile_invalid',
  'postal_code_invalid',
  'link_invalid',
  'name_unknown',
  'name_ambiguous',
);
export type LineIssueCode = Static<typeof LineIssueCode>;

export const LineIssue = Type.Object({
  /** The line in the file (the header is line 1). */
  line: Type.Integer({ minimum: 1 }),
  code: LineIssueCode,
  /** In the caller's language. */
  reason: Type.String(),
});
export type LineIssue = Static<typeof LineIssue>;

/** At most this many lines in a preview's sample. */
export const IMPORT_SAMPLE_LINES = 5;

export const ImportSample = Type.Object({
  columns: Type.Array(Type.String()),
  rows: Type.Array(Type.Object({ line: Type.Integer(), values: Type.Array(Type.String()) }), { maxItems: IMPORT_SAMPLE_LINES }),
});
export type ImportSample = Static<typeof ImportSample>;

export const ImportPreview = Type.Object({
  /** Data lines read (the header and blank lines aside). */
  lines: Type.Integer(),
  create: Type.Integer(),
  update: Type.Integer(),
  unchanged: Type.Integer(),
  /** Lines without an e-mail (users) or a link (video links), by line number: skipped only with `skip_missing`. */
  missing: Type.Array(Type.Integer()),
  /** Lines that cannot be applied, with the reason: skipped only with `skip_invalid`. At most IMPORT_LISTED_LINES listed. */
  invalid: Type.Array(LineIssue),
  invalid_count: Type.Integer(),
  /** Header columns this import does not read. */
  ignored_columns: Type.Array(Type.String()),
  /** How the file was read: UTF-8, or Windows-1252 (French Excel's "CSV (séparateur : point-virgule)"). */
  encoding: Type.Union([Type.Literal('utf-8'), Type.Literal('windows-1252')]),
  /** The first lines as read (the columns this import reads), so that names can be checked before confirming. */
  sample: ImportSample,
});
export type ImportPreview = Static<typeof ImportPreview>;

export const ImportReport = Type.Object({
  created: Type.Integer(),
  updated: Type.Integer(),
  unchanged: Type.Integer(),
  /** Every line not applied, with why (lines without e-mail/link, invalid lines, lines that changed meanwhile). At most IMPORT_LISTED_LINES listed. */
  skipped: Type.Array(LineIssue),
  skipped_count: Type.Integer(),
});
export type ImportReport = Static<typeof ImportReport>;

export const ImportData = Type.Object({
  id: Type.String(),
  kind: ImportKind,
  file_name: Type.String(),
  status: ImportStatus,
  preview: ImportPreview,
  /** Lines applied so far out of `total` (the lines to apply). */
  progress: Type.Object({ processed: Type.Integer(), total: Type.Integer() }),
  /** Once running: what was done so far; complete when `done`. */
  report: Nullable(ImportReport),
  /** Why a run stopped (`failed`), in the caller's language. */
  error: Nullable(Type.String()),
  /** ISO 8601 UTC: the preview (or the report) is forgotten after this. */
  expires_at: Type.String(),
});
export type ImportData = Static<typeof ImportData>;

export const ImportIdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 32 }) });
export type ImportIdParams = Static<typeof ImportIdParams>;

export const ImportConfirmBody = Type.Object(
  {
    /** Required (true) when the preview lists lines without e-mail/link: they are skipped. */
    skip_missing: Type.Optional(Type.Boolean()),
    /** Required (true) when the preview lists invalid lines: they are skipped. */
    skip_invalid: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type ImportConfirmBody = Static<typeof ImportConfirmBody>;
