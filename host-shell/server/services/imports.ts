import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { say } from '../i18n';
import type { Kysely } from 'kysely';
import {
  IMPORT_LISTED_LINES,
  IMPORT_SAMPLE_LINES,
  type ImportData,
  type ImportKind,
  type ImportPreview,
  type ImportReport,
  type ImportSample,
  type LineIssue,
} from '@salon/shared/contracts/imports';
import type { LocaleCode } from '@salon/shared/contracts/page-data';
import type { Database, ImportStatus } from '../db/schema';
import { encodeId } from '../lib/ids';
import { pick } from '../lib/locale';
import { ImportFileError, tally, type Outcome, type StoredIssue, type CsvFile } from './import-csv';
import { checkUserLines, userOutcomes, type UserLine } from './import-users';
import { checkVisioLines, resolveVisioLines, visioOutcomes, type VisioLine } from './import-visio';

/*
 * CSV imports (spec §5 "Uploads"; routes in routes/api/imports.ts). The upload is read as a stream (csv-parse) and
 * checked line by line; nothing is written but the import's own row (its checked lines and the preview). The
 * confirmation applies the lines in batches of IMPORT_BATCH_SIZE, one transaction each, progress saved with each
 * batch. Every line is applied as "make the account look like the line", so a second run of the same file finds
 * everything unchanged. Here: the import's row (its preview, what the API answers of it, what a confirmation needs);
 * the file in `import-csv.ts`, the lines in `import-users.ts` and `import-visio.ts`, the run in `import-run.ts`.
 * The preview is stored in the database, so any process can confirm it and answer its progress; expired rows are
 * deleted at the next upload. Imported accounts have no password: they sign in through the links of
 * `signin-links.ts`, which the report offers for the import's accounts that still have none.
 */

/** A preview is kept this long for its confirmation; a finished import's report a day. */
export const PREVIEW_TTL_MS = 60 * 60 * 1000;
export const REPORT_TTL_MS = 24 * 60 * 60 * 1000;
/** A running import whose progress has not moved for this long was interrupted (a process stopped). */
export const STALE_RUN_MS = 2 * 60 * 1000;

/** A text stored with an import (its error): both languages, since the reader's is not known yet. */
export type Bilingual = [fr: string, en: string];
export const bilingual = (text: MessageDescriptor): Bilingual => [say('fr_FR', text), say('en_EN', text)];

export interface StoredPreview {
  lines: number;
  create: number;
  update: number;
  unchanged: number;
  missing: number[];
  invalid: StoredIssue[];
  ignored_columns: string[];
  /** Absent in the previews stored before they were kept: UTF-8, no sample. */
  encoding?: CsvFile['encoding'];
  sample?: ImportSample;
}

/** The first lines of the file as read, in the columns the import reads. */
function sampleOf(file: CsvFile, ignored: string[]): ImportSample {
  const read = file.header.map((name, index) => ({ name, index })).filter((c) => c.name !== '' && !ignored.includes(c.name));
  return {
    columns: read.map((c) => c.name),
    rows: file.records
      .slice(0, IMPORT_SAMPLE_LINES)
      .map((r) => ({ line: r.line, values: read.map((c) => (r.fields[c.index] ?? '').trim().slice(0, 200)) })),
  };
}

export interface StoredReport {
  created: number;
  updated: number;
  unchanged: number;
  skipped: StoredIssue[];
  /** Users imports: the e-mails of the lines applied (created, updated, unchanged), for their sign-in links (`services/signin-links.ts`). */
  emails?: string[];
}

/** Checks a read file for an import and stores its preview; nothing else is written. Returns the import's id. */
export async function createImport(
  db: Kysely<Database>,
  kind: ImportKind,
  fileName: string,
  file: CsvFile,
  userId: number,
  now = new Date(),
): Promise<number> {
  const noLine = () => new ImportFileError(400, msg`The file has no line under its header`);
  let rows: (UserLine | VisioLine)[];
  let missing: number[];
  let invalid: StoredIssue[];
  let ignored: string[];
  let outcomes: Outcome[];
  if (kind === 'users') {
    const checked = checkUserLines(file);
    if (file.records.length === 0) throw noLine();
    ({ missing, invalid, ignored } = checked);
    ({ outcomes } = await userOutcomes(db, checked.rows, now.toISOString()));
    rows = checked.rows;
  } else {
    const checked = checkVisioLines(file);
    if (file.records.length === 0) throw noLine();
    ({ missing, ignored } = checked);
    const resolved = await resolveVisioLines(db, checked.rows);
    invalid = [...checked.invalid, ...resolved.invalid];
    ({ outcomes } = await visioOutcomes(db, resolved.rows));
    rows = resolved.rows;
  }
  const counts = tally(outcomes);
  // Lines the database refuses today (an administrator's account, a profile change) are invalid lines of the preview.
  const refused = new Set(counts.skipped.map((issue) => issue.line));
  const applicable = rows.filter((row) => !refused.has(row.line));
  const preview: StoredPreview = {
    lines: file.records.length,
    create: counts.create,
    update: counts.update,
    unchanged: counts.unchanged,
    missing,
    invalid: [...invalid, ...counts.skipped].sort((a, b) => a.line - b.line),
    ignored_columns: ignored,
    encoding: file.encoding,
    sample: sampleOf(file, ignored),
  };
  const at = now.toISOString();
  // Finished and abandoned imports go when they expire.
  await db.deleteFrom('imports').where('expires_at', '<', at).where('status', '!=', 'running').execute();
  const { id } = await db
    .insertInto('imports')
    .values({
      kind,
      file_name: fileName,
      created_by: userId,
      status: 'preview',
      rows: JSON.stringify(applicable),
      preview: JSON.stringify(preview),
      report: null,
      total: applicable.length,
      error: null,
      created_at: at,
      updated_at: at,
      expires_at: new Date(now.getTime() + PREVIEW_TTL_MS).toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export function issueReason(locale: LocaleCode, kind: ImportKind, issue: StoredIssue): string {
  const d = issue.detail ?? '';
  const t = (text: MessageDescriptor) => say(locale, text);
  switch (issue.code) {
    case 'missing':
      return kind === 'users' ? t(msg`no email`) : t(msg`no link`);
    case 'fields_count': {
      const [got = '', expected = ''] = d.split('/');
      return t(msg`${got} fields instead of the header's ${expected}`);
    }
    case 'email_invalid':
      return t(msg`invalid email: ${d}`);
    case 'duplicate':
      return t(msg`already on line ${d}`);
    case 'required':
      return t(msg`the column ${d} is empty`);
    case 'text_invalid':
      return t(msg`the column ${d} holds control characters`);
    case 'too_long':
      return t(msg`the column ${d} is longer than 100 characters`);
    case 'profile_invalid':
      return t(msg`unknown profile: ${d} (visitor or exhibitor)`);
    case 'profile_change': {
      const [from = '', to = ''] = d.split('>');
      return t(msg`the account exists as ${from}, not ${to}: change it from the admin area`);
    }
    case 'protected_account':
      return d === 'administrator'
        ? t(msg`administrator account: never changed by an import`)
        : t(msg`promoter account: never changed by an import`);
    case 'mobile_invalid':
      return t(msg`invalid mobile number: ${d}`);
    case 'postal_code_invalid':
      return t(msg`invalid postal code: ${d}`);
    case 'link_invalid':
      return t(msg`the link must be an http(s) address: ${d}`);
    case 'name_unknown':
      return t(msg`nobody by that name: ${d}`);
    case 'name_ambiguous':
      return t(msg`${d} accounts have this name: use the email`);
  }
}

const toIssues = (locale: LocaleCode, kind: ImportKind, issues: StoredIssue[]): LineIssue[] =>
  issues.slice(0, IMPORT_LISTED_LINES).map((issue) => ({ line: issue.line, code: issue.code, reason: issueReason(locale, kind, issue) }));

export const missingIssues = (lines: number[]): StoredIssue[] => lines.map((line) => ({ line, code: 'missing' as const }));

export const parseJson = <T>(text: string | null): T | null => (text === null ? null : (JSON.parse(text) as T));

export type ImportRow = Awaited<ReturnType<typeof findImport>>;

export async function findImport(db: Kysely<Database>, id: number) {
  return db
    .selectFrom('imports')
    .select([
      'id',
      'kind',
      'file_name',
      'created_by',
      'status',
      'preview',
      'report',
      'processed',
      'total',
      'error',
      'updated_at',
      'expires_at',
    ])
    .where('id', '=', id)
    .executeTakeFirst();
}

export const INTERRUPTED: Bilingual = bilingual(
  msg`The import was interrupted (the server stopped): send the same file again to finish it; the lines already imported will be unchanged`,
);

/** The import as the API answers it, in the caller's language. */
export function toImportData(row: NonNullable<ImportRow>, locale: LocaleCode, now = Date.now()): ImportData {
  const kind = row.kind;
  const preview = parseJson<StoredPreview>(row.preview)!;
  const report = parseJson<StoredReport>(row.report);
  let status: ImportStatus = row.status;
  let error = parseJson<Bilingual>(row.error);
  if (status === 'running' && now - Date.parse(row.updated_at) > STALE_RUN_MS) {
    status = 'failed';
    error = INTERRUPTED;
  }
  const out: ImportPreview = {
    lines: preview.lines,
    create: preview.create,
    update: preview.update,
    unchanged: preview.unchanged,
    missing: preview.missing,
    invalid: toIssues(locale, kind, preview.invalid),
    invalid_count: preview.invalid.length,
    ignored_columns: preview.ignored_columns,
    encoding: preview.encoding ?? 'utf-8',
    sample: preview.sample ?? { columns: [], rows: [] },
  };
  const shownReport: ImportReport | null = report && {
    created: report.created,
    updated: report.updated,
    unchanged: report.unchanged,
    skipped: toIssues(locale, kind, report.skipped),
    skipped_count: report.skipped.length,
  };
  return {
    id: encodeId(row.id),
    kind,
    file_name: row.file_name,
    status,
    preview: out,
    progress: { processed: row.processed, total: row.total },
    report: shownReport,
    error: error ? pick(locale, ...error) : null, // stored texts, in both languages
    expires_at: row.expires_at,
  };
}

/** What stops a confirmation: the preview's lines to skip that the caller did not agree to skip. */
export function confirmationMissing(
  row: NonNullable<ImportRow>,
  body: { skip_missing?: boolean; skip_invalid?: boolean },
  locale: LocaleCode,
): string | null {
  const preview = parseJson<StoredPreview>(row.preview)!;
  const t = (text: MessageDescriptor) => say(locale, text);
  if (preview.missing.length > 0 && body.skip_missing !== true) {
    const lines = preview.missing.slice(0, 20).join(', ') + (preview.missing.length > 20 ? '…' : '');
    return row.kind === 'users'
      ? t(msg`Lines without email (${lines}): confirm that they are skipped (skip_missing)`)
      : t(msg`Lines without link (${lines}): confirm that they are skipped (skip_missing)`);
  }
  if (preview.invalid.length > 0 && body.skip_invalid !== true) {
    return t(msg`${preview.invalid.length} invalid line(s): confirm that they are skipped (skip_invalid)`);
  }
  return null;
}
