import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { say } from '../i18n';
import { parse, type CsvError, type Info } from 'csv-parse';
import { fileTypeFromBuffer } from 'file-type/core';
import type { Kysely } from 'kysely';
import {
  IMPORT_BATCH_SIZE,
  IMPORT_LISTED_LINES,
  IMPORT_MAX_MB,
  USER_IMPORT_OPTIONAL,
  USER_IMPORT_REQUIRED,
  VISIO_IMPORT_REQUIRED,
  type ImportData,
  type ImportKind,
  type ImportPreview,
  type ImportReport,
  type LineIssue,
  type LineIssueCode,
} from '@salon/shared/contracts/imports';
import { PATTERNS } from '@salon/shared/contracts/patterns';
import { normalizeName } from '@salon/shared/contracts/form-rules';
import type { LocaleCode } from '@salon/shared/contracts/page-data';
import { nowIso, type Database, type ImportStatus, type NewUser, type ProfileCode, type UserUpdate } from '../db/schema';
import { encodeId } from '../lib/ids';
import { pick } from '../lib/locale';
import { recordChange } from './audit';

/*
 * CSV imports (spec §5 "Uploads"; routes in routes/api/imports.ts). The upload is read as a stream (csv-parse) and
 * checked line by line; nothing is written but the import's own row (its checked lines and the preview). The
 * confirmation applies the lines in batches of IMPORT_BATCH_SIZE, one transaction each, progress saved with each
 * batch. Every line is applied as "make the account look like the line", so a second run of the same file finds
 * everything unchanged.
 */

/** A preview is kept this long for its confirmation; a finished import's report a day. */
export const PREVIEW_TTL_MS = 60 * 60 * 1000;
export const REPORT_TTL_MS = 24 * 60 * 60 * 1000;
/** A running import whose progress has not moved for this long was interrupted (a process stopped). */
export const STALE_RUN_MS = 2 * 60 * 1000;
/** One CSV record (line) at most this long: a file without line breaks is refused instead of held whole. */
const MAX_RECORD_BYTES = 64 * 1024;

/** A text stored with an import (its error): both languages, since the reader's is not known yet. */
type Bilingual = [fr: string, en: string];
const bilingual = (text: MessageDescriptor): Bilingual => [say('fr_FR', text), say('en_EN', text)];

/** A file this import refuses as a whole: nothing is written. */
export class ImportFileError extends Error {
  constructor(
    readonly statusCode: number,
    readonly text: MessageDescriptor,
  ) {
    super(say('en_EN', text));
    this.name = 'ImportFileError';
  }
  messageIn(locale: LocaleCode): string {
    return say(locale, this.text);
  }
}

export const tooLarge = (): ImportFileError => new ImportFileError(413, msg`The file is too heavy, maximum ${IMPORT_MAX_MB} MB`);
const notCsv = (what?: string): ImportFileError =>
  new ImportFileError(415, what ? msg`Only CSV files are accepted (this one is a ${what} file)` : msg`Only CSV files are accepted`);
const notUtf8 = (): ImportFileError =>
  new ImportFileError(400, msg`The file is not encoded in UTF-8: save it as "CSV UTF-8" and send it again`);

// ---------------------------------------------------------------------------------------------------------------
// Reading the file

export interface CsvRecord {
  /** The line of the file where the record ends (the header is line 1). */
  line: number;
  fields: string[];
}

export interface CsvFile {
  header: string[];
  records: CsvRecord[];
}

const quoteAware = (line: string, char: string): number => {
  let count = 0;
  let quoted = false;
  for (const c of line) {
    if (c === '"') quoted = !quoted;
    else if (c === char && !quoted) count += 1;
  }
  return count;
};

/** The separator of the header line: a comma, or what spreadsheets write in French (`;`), or a tab. */
export function sniffDelimiter(headerLine: string): string {
  let best = ',';
  let most = quoteAware(headerLine, ',');
  for (const candidate of [';', '\t']) {
    const n = quoteAware(headerLine, candidate);
    if (n > most) {
      best = candidate;
      most = n;
    }
  }
  return best;
}

function csvFailure(err: unknown): ImportFileError {
  const e = err as Partial<CsvError> & { lines?: number };
  const line = typeof e.lines === 'number' ? e.lines : null;
  switch (e.code) {
    case 'CSV_QUOTE_NOT_CLOSED':
      return new ImportFileError(
        400,
        line
          ? msg`The file is not valid CSV (line ${line}): a quote is never closed`
          : msg`The file is not valid CSV: a quote is never closed`,
      );
    case 'CSV_INVALID_CLOSING_QUOTE':
    case 'INVALID_OPENING_QUOTE':
    case 'CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE':
      return new ImportFileError(
        400,
        line ? msg`The file is not valid CSV (line ${line}): a quote is misplaced` : msg`The file is not valid CSV: a quote is misplaced`,
      );
    case 'CSV_MAX_RECORD_SIZE':
      return new ImportFileError(
        400,
        line
          ? msg`The file is not valid CSV (line ${line}): a line is longer than 64 kB`
          : msg`The file is not valid CSV: a line is longer than 64 kB`,
      );
    default:
      return new ImportFileError(400, line ? msg`The file is not valid CSV (line ${line})` : msg`The file is not valid CSV`);
  }
}

/**
 * Reads a CSV upload as it streams in: at most `maxBytes` (then 413, the rest never held), UTF-8 only (a byte-order
 * mark is accepted), not a binary file, quotes well formed. The separator is taken from the header line. Blank lines
 * are skipped; fields are kept as written (the checks trim them).
 */
export async function readCsv(source: AsyncIterable<Buffer>, maxBytes: number): Promise<CsvFile> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const records: CsvRecord[] = [];
  let parser: ReturnType<typeof parse> | null = null;
  let parsed: Promise<void> | null = null;
  let pending = '';
  let bytes = 0;
  let first = true;

  const start = (headerLine: string) => {
    const p = parse({
      delimiter: sniffDelimiter(headerLine),
      relax_column_count: true,
      skip_empty_lines: true,
      info: true,
      max_record_size: MAX_RECORD_BYTES,
    });
    p.on('data', (item: { record: string[]; info: Info }) => {
      records.push({ line: item.info.lines, fields: item.record });
    });
    parsed = new Promise<void>((resolve, reject) => {
      p.on('end', resolve);
      p.on('error', reject);
    });
    // Rejections are awaited below; this keeps an early one from being reported as unhandled meanwhile.
    parsed.catch(() => undefined);
    parser = p;
  };
  const feed = (text: string) => {
    if (parser) {
      parser.write(text);
      return;
    }
    pending += text;
    const end = pending.indexOf('\n');
    if (end === -1 && pending.length < MAX_RECORD_BYTES) return;
    start(end === -1 ? pending : pending.slice(0, end));
    const all = pending;
    pending = '';
    parser!.write(all);
  };

  for await (const chunk of source) {
    bytes += chunk.length;
    if (bytes > maxBytes) throw tooLarge();
    if (first) {
      first = false;
      const detected = await fileTypeFromBuffer(chunk);
      if (detected) throw notCsv(detected.ext.toUpperCase());
    }
    if (chunk.includes(0)) throw notCsv();
    let text: string;
    try {
      text = decoder.decode(chunk, { stream: true });
    } catch {
      throw notUtf8();
    }
    feed(text);
    if (parser && (parser as { errored?: unknown }).errored) break;
  }
  try {
    feed(decoder.decode());
  } catch {
    throw notUtf8();
  }
  if (!parser && pending.length > 0) start(pending.split('\n')[0] ?? '');
  if (!parser) throw new ImportFileError(400, msg`The file is empty`);
  const p: ReturnType<typeof parse> = parser;
  if (pending) p.write(pending);
  p.end();
  try {
    await parsed;
  } catch (err) {
    throw csvFailure(err);
  }
  const head = records.shift();
  if (!head) throw new ImportFileError(400, msg`The file is empty`);
  return { header: head.fields.map((name) => name.trim().toLowerCase()), records };
}

/** The header's required columns, or the file is refused; the columns read and those ignored. */
function checkHeader(
  header: string[],
  required: readonly string[],
  optional: readonly string[],
): { index: Map<string, number>; ignored: string[] } {
  const index = new Map<string, number>();
  for (const [i, name] of header.entries()) {
    if (name === '') continue;
    if (index.has(name)) throw new ImportFileError(400, msg`The column "${name}" appears twice in the header (line 1)`);
    index.set(name, i);
  }
  const missing = required.filter((name) => !index.has(name));
  if (missing.length > 0) {
    const columns = required.join(', ');
    const absent = missing.join(', ');
    throw new ImportFileError(400, msg`The header (line 1) must contain the columns ${columns}; missing: ${absent}`);
  }
  const known = new Set([...required, ...optional]);
  return { index, ignored: [...index.keys()].filter((name) => !known.has(name)) };
}

// ---------------------------------------------------------------------------------------------------------------
// Checking the lines

/** An issue as stored: its code and what its message needs. */
export interface StoredIssue {
  line: number;
  code: LineIssueCode;
  detail?: string;
}

/** A users line ready to apply: the optional columns only when the file has them and the cell is not empty. */
export interface UserLine {
  line: number;
  email: string;
  firstname: string;
  lastname: string;
  profile?: 'visitor' | 'exhibitor';
  mobile?: string;
  city?: string;
  postal_code?: string;
}

/** A video-link line ready to apply: the account it names, resolved. */
export interface VisioLine {
  line: number;
  user_id: number;
  link: string;
}

interface Checked<T> {
  rows: T[];
  missing: number[];
  invalid: StoredIssue[];
  ignored: string[];
}

const EMAIL = new RegExp(PATTERNS.email);
const PHONE = new RegExp(PATTERNS.phone);
const POSTAL_CODE = new RegExp(PATTERNS.postalCode);
const SINGLE_LINE = new RegExp(PATTERNS.singleLine);
const HTTP_URL = new RegExp(PATTERNS.httpUrl);
const PROFILES: Record<string, 'visitor' | 'exhibitor'> = {
  visitor: 'visitor',
  visiteur: 'visitor',
  exhibitor: 'exhibitor',
  exposant: 'exhibitor',
};
/** Accounts an import never changes: those with back-office rights. */
const PROTECTED: ReadonlySet<ProfileCode> = new Set(['administrator', 'promoter']);

const cell = (record: CsvRecord, index: Map<string, number>, name: string): string | undefined => {
  const i = index.get(name);
  return i === undefined ? undefined : (record.fields[i] ?? '');
};

/** A name-like cell: normalised, one line, at most 100 characters; or the issue. */
function nameCell(value: string, column: string): { value: string } | { code: LineIssueCode; detail: string } {
  const v = normalizeName(value);
  if (!SINGLE_LINE.test(v)) return { code: 'text_invalid', detail: column };
  if (v.length > 100) return { code: 'too_long', detail: column };
  return { value: v };
}

export function checkUserLines(file: CsvFile): Checked<UserLine> {
  const { index, ignored } = checkHeader(file.header, USER_IMPORT_REQUIRED, USER_IMPORT_OPTIONAL);
  const out: Checked<UserLine> = { rows: [], missing: [], invalid: [], ignored };
  const seen = new Map<string, number>();
  for (const record of file.records) {
    const { line } = record;
    const invalid = (code: LineIssueCode, detail?: string) =>
      out.invalid.push(detail === undefined ? { line, code } : { line, code, detail });
    if (record.fields.length !== file.header.length) {
      invalid('fields_count', `${record.fields.length}/${file.header.length}`);
      continue;
    }
    const email = (cell(record, index, 'email') ?? '').trim().toLowerCase();
    if (email === '') {
      out.missing.push(line);
      continue;
    }
    if (email.length > 254 || !EMAIL.test(email)) {
      invalid('email_invalid', email.slice(0, 100));
      continue;
    }
    const first = seen.get(email);
    if (first !== undefined) {
      invalid('duplicate', String(first));
      continue;
    }
    seen.set(email, line);
    const row: UserLine = { line, email, firstname: '', lastname: '' };
    let bad = false;
    for (const column of ['firstname', 'lastname'] as const) {
      const checked = nameCell(cell(record, index, column) ?? '', column);
      if ('code' in checked) {
        invalid(checked.code, checked.detail);
        bad = true;
        break;
      }
      if (checked.value === '') {
        invalid('required', column);
        bad = true;
        break;
      }
      row[column] = checked.value;
    }
    if (bad) continue;
    const profile = (cell(record, index, 'profile') ?? '').trim().toLowerCase();
    if (profile !== '') {
      const known = PROFILES[profile];
      if (!known) {
        invalid('profile_invalid', profile.slice(0, 40));
        continue;
      }
      row.profile = known;
    }
    const mobile = (cell(record, index, 'mobile') ?? '').trim();
    if (mobile !== '') {
      if (mobile.length > 30 || !PHONE.test(mobile)) {
        invalid('mobile_invalid', mobile.slice(0, 40));
        continue;
      }
      row.mobile = mobile;
    }
    const postal = (cell(record, index, 'postal_code') ?? '').trim();
    if (postal !== '') {
      if (!POSTAL_CODE.test(postal)) {
        invalid('postal_code_invalid', postal.slice(0, 40));
        continue;
      }
      row.postal_code = postal;
    }
    const city = nameCell(cell(record, index, 'city') ?? '', 'city');
    if ('code' in city) {
      invalid(city.code, city.detail);
      continue;
    }
    if (city.value !== '') row.city = city.value;
    out.rows.push(row);
  }
  return out;
}

/** A video-link line before its name is resolved. */
export interface NamedLink {
  line: number;
  name: string;
  link: string;
}

export function checkVisioLines(file: CsvFile): Checked<NamedLink> {
  const { index, ignored } = checkHeader(file.header, VISIO_IMPORT_REQUIRED, []);
  const out: Checked<NamedLink> = { rows: [], missing: [], invalid: [], ignored };
  for (const record of file.records) {
    const { line } = record;
    if (record.fields.length !== file.header.length) {
      out.invalid.push({ line, code: 'fields_count', detail: `${record.fields.length}/${file.header.length}` });
      continue;
    }
    const name = normalizeName(cell(record, index, 'name') ?? '');
    const link = (cell(record, index, 'link') ?? '').trim();
    if (link === '') {
      out.missing.push(line);
      continue;
    }
    if (name === '') {
      out.invalid.push({ line, code: 'required', detail: 'name' });
      continue;
    }
    if (!SINGLE_LINE.test(name) || name.length > 254) {
      out.invalid.push({ line, code: 'text_invalid', detail: 'name' });
      continue;
    }
    if (link.length > 500 || !HTTP_URL.test(link) || !URL.canParse(link)) {
      out.invalid.push({ line, code: 'link_invalid', detail: link.slice(0, 100) });
      continue;
    }
    out.rows.push({ line, name, link });
  }
  return out;
}

const nameKey = (value: string): string => normalizeName(value).toLowerCase();

/**
 * Who each line names: an e-mail address (it contains "@") names the account with that login e-mail; anything else
 * must be exactly one account's "firstname lastname" (case and spaces aside). Unknown and ambiguous names are invalid
 * lines, so are administrators and promoters, and a second line for the same account.
 */
export async function resolveVisioLines(db: Kysely<Database>, lines: NamedLink[]): Promise<{ rows: VisioLine[]; invalid: StoredIssue[] }> {
  const rows: VisioLine[] = [];
  const invalid: StoredIssue[] = [];
  const byEmail = new Map<string, { id: number; profile: ProfileCode }>();
  const emails = [...new Set(lines.filter((l) => l.name.includes('@')).map((l) => l.name.toLowerCase()))];
  for (let i = 0; i < emails.length; i += IMPORT_BATCH_SIZE) {
    const found = await db
      .selectFrom('users')
      .select(['id', 'email', 'profile'])
      .where('email', 'in', emails.slice(i, i + IMPORT_BATCH_SIZE))
      .where('anonymous', '=', 0)
      .execute();
    for (const u of found) if (u.email) byEmail.set(u.email, { id: u.id, profile: u.profile });
  }
  const byName = new Map<string, { id: number; profile: ProfileCode }[]>();
  if (lines.some((l) => !l.name.includes('@'))) {
    const named = await db
      .selectFrom('users')
      .select(['id', 'firstname', 'lastname', 'profile'])
      .where('anonymous', '=', 0)
      .where('firstname', 'is not', null)
      .execute();
    for (const u of named) {
      const key = nameKey(`${u.firstname ?? ''} ${u.lastname ?? ''}`);
      byName.set(key, [...(byName.get(key) ?? []), { id: u.id, profile: u.profile }]);
    }
  }
  const seen = new Map<number, number>();
  for (const l of lines) {
    let user: { id: number; profile: ProfileCode } | undefined;
    if (l.name.includes('@')) {
      user = byEmail.get(l.name.toLowerCase());
    } else {
      const candidates = byName.get(nameKey(l.name)) ?? [];
      if (candidates.length > 1) {
        invalid.push({ line: l.line, code: 'name_ambiguous', detail: String(candidates.length) });
        continue;
      }
      user = candidates[0];
    }
    if (!user) {
      invalid.push({ line: l.line, code: 'name_unknown', detail: l.name.slice(0, 100) });
      continue;
    }
    if (PROTECTED.has(user.profile)) {
      invalid.push({ line: l.line, code: 'protected_account', detail: user.profile });
      continue;
    }
    const first = seen.get(user.id);
    if (first !== undefined) {
      invalid.push({ line: l.line, code: 'duplicate', detail: String(first) });
      continue;
    }
    seen.set(user.id, l.line);
    rows.push({ line: l.line, user_id: user.id, link: l.link });
  }
  return { rows, invalid };
}

// ---------------------------------------------------------------------------------------------------------------
// What a line does to the database

type Outcome =
  | { kind: 'create'; insert: NewUser }
  | { kind: 'update'; id: number; changes: UserUpdate }
  | { kind: 'unchanged' }
  | { kind: 'skip'; issue: StoredIssue };

const USER_COLUMNS = ['id', 'email', 'profile', 'anonymous', 'firstname', 'lastname', 'mobile', 'city', 'postal_code'] as const;
type ExistingUser = {
  id: number;
  email: string | null;
  profile: ProfileCode;
  anonymous: 0 | 1;
  firstname: string | null;
  lastname: string | null;
  mobile: string | null;
  city: string | null;
  postal_code: string | null;
};

function userOutcome(row: UserLine, existing: ExistingUser | undefined, now: string): Outcome {
  if (!existing) {
    return {
      kind: 'create',
      // No password: an imported account cannot log in with one until it is given one (see the README).
      insert: {
        profile: row.profile ?? 'visitor',
        email: row.email,
        firstname: row.firstname,
        lastname: row.lastname,
        mobile: row.mobile ?? null,
        city: row.city ?? null,
        postal_code: row.postal_code ?? null,
        created_at: now,
      },
    };
  }
  if (PROTECTED.has(existing.profile))
    return { kind: 'skip', issue: { line: row.line, code: 'protected_account', detail: existing.profile } };
  if (row.profile && row.profile !== existing.profile)
    return { kind: 'skip', issue: { line: row.line, code: 'profile_change', detail: `${existing.profile}>${row.profile}` } };
  const changes: UserUpdate = {};
  for (const key of ['firstname', 'lastname', 'mobile', 'city', 'postal_code'] as const) {
    const value = row[key];
    if (value !== undefined && value !== existing[key]) changes[key] = value;
  }
  return Object.keys(changes).length === 0 ? { kind: 'unchanged' } : { kind: 'update', id: existing.id, changes };
}

async function existingUsers(db: Kysely<Database>, emails: string[]): Promise<Map<string, ExistingUser>> {
  const map = new Map<string, ExistingUser>();
  for (let i = 0; i < emails.length; i += IMPORT_BATCH_SIZE) {
    const found = await db
      .selectFrom('users')
      .select([...USER_COLUMNS])
      .where('email', 'in', emails.slice(i, i + IMPORT_BATCH_SIZE))
      .execute();
    for (const u of found) if (u.email) map.set(u.email, u);
  }
  return map;
}

interface Counts {
  create: number;
  update: number;
  unchanged: number;
  skipped: StoredIssue[];
}

async function userOutcomes(db: Kysely<Database>, rows: UserLine[], now: string): Promise<{ outcomes: Outcome[] }> {
  const existing = await existingUsers(
    db,
    rows.map((r) => r.email),
  );
  return { outcomes: rows.map((row) => userOutcome(row, existing.get(row.email), now)) };
}

async function visioOutcomes(db: Kysely<Database>, rows: VisioLine[]): Promise<{ outcomes: Outcome[] }> {
  const users = new Map<number, { id: number; profile: ProfileCode; visio_link: string | null }>();
  const ids = rows.map((r) => r.user_id);
  for (let i = 0; i < ids.length; i += IMPORT_BATCH_SIZE) {
    for (const u of await db
      .selectFrom('users')
      .select(['id', 'profile', 'visio_link'])
      .where('id', 'in', ids.slice(i, i + IMPORT_BATCH_SIZE))
      .execute())
      users.set(u.id, u);
  }
  return {
    outcomes: rows.map((row): Outcome => {
      const user = users.get(row.user_id);
      if (!user) return { kind: 'skip', issue: { line: row.line, code: 'name_unknown', detail: `#${encodeId(row.user_id)}` } };
      if (PROTECTED.has(user.profile)) return { kind: 'skip', issue: { line: row.line, code: 'protected_account', detail: user.profile } };
      return user.visio_link === row.link ? { kind: 'unchanged' } : { kind: 'update', id: user.id, changes: { visio_link: row.link } };
    }),
  };
}

function tally(outcomes: Outcome[]): Counts {
  const counts: Counts = { create: 0, update: 0, unchanged: 0, skipped: [] };
  for (const o of outcomes) {
    if (o.kind === 'skip') counts.skipped.push(o.issue);
    else counts[o.kind] += 1;
  }
  return counts;
}

// ---------------------------------------------------------------------------------------------------------------
// The import's row

interface StoredPreview {
  lines: number;
  create: number;
  update: number;
  unchanged: number;
  missing: number[];
  invalid: StoredIssue[];
  ignored_columns: string[];
}

interface StoredReport {
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

const missingIssues = (lines: number[]): StoredIssue[] => lines.map((line) => ({ line, code: 'missing' as const }));

const parseJson = <T>(text: string | null): T | null => (text === null ? null : (JSON.parse(text) as T));

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

const INTERRUPTED: Bilingual = bilingual(
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

/** preview → running, once: false when someone confirmed it first or it expired. */
export async function claimImport(db: Kysely<Database>, id: number, now = nowIso()): Promise<boolean> {
  const result = await db
    .updateTable('imports')
    .set({ status: 'running', updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'preview')
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export interface RunOptions {
  /** Who confirmed it (the audit log's actor). */
  actorId: number;
  /** Asked between batches: true stops the run there (the server is closing). */
  shouldStop?: () => boolean;
  /** The users whose visio link changed, after each batch (the live activity shows exhibitors' links). */
  onChanged?: (userIds: number[]) => void;
  /** The cause of a failed batch (for the log). */
  onError?: (err: unknown) => void;
}

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Applies a claimed import in batches (one transaction each, its progress and report saved in it), then records
 * one audit entry (who, which file, the counts) with the final status. A failure stops at the batch that failed:
 * the batches before it stay (running the same file again completes them), the entry and the report say so.
 */
export async function runImport(db: Kysely<Database>, id: number, options: RunOptions): Promise<void> {
  const row = await db.selectFrom('imports').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const preview = parseJson<StoredPreview>(row.preview)!;
  const report: StoredReport = {
    created: 0,
    updated: 0,
    unchanged: 0,
    skipped: [...missingIssues(preview.missing), ...preview.invalid],
    ...(row.kind === 'users' ? { emails: [] } : {}),
  };
  const rows = JSON.parse(row.rows) as (UserLine | VisioLine)[];
  let processed = 0;
  let failure: Bilingual | null = null;
  try {
    for (let i = 0; i < rows.length; i += IMPORT_BATCH_SIZE) {
      if (options.shouldStop?.()) {
        failure = INTERRUPTED;
        break;
      }
      const batch = rows.slice(i, i + IMPORT_BATCH_SIZE);
      const changedUsers: number[] = [];
      await db.transaction().execute(async (trx) => {
        const now = nowIso();
        const { outcomes } =
          row.kind === 'users' ? await userOutcomes(trx, batch as UserLine[], now) : await visioOutcomes(trx, batch as VisioLine[]);
        const inserts = outcomes.flatMap((o) => (o.kind === 'create' ? [o.insert] : []));
        if (inserts.length > 0) await trx.insertInto('users').values(inserts).execute();
        for (const o of outcomes) {
          if (o.kind === 'update') {
            await trx.updateTable('users').set(o.changes).where('id', '=', o.id).execute();
            changedUsers.push(o.id);
          }
        }
        const counts = tally(outcomes);
        report.created += counts.create;
        report.updated += counts.update;
        report.unchanged += counts.unchanged;
        report.skipped.push(...counts.skipped);
        if (report.emails) {
          const skippedLines = new Set(counts.skipped.map((issue) => issue.line));
          for (const line of batch as UserLine[]) if (!skippedLines.has(line.line)) report.emails.push(line.email);
        }
        processed += batch.length;
        await trx
          .updateTable('imports')
          .set({ processed, report: JSON.stringify(report), updated_at: now })
          .where('id', '=', id)
          .execute();
      });
      if (row.kind === 'visio_links' && changedUsers.length > 0) options.onChanged?.(changedUsers);
      await tick();
    }
  } catch (err) {
    const line = rows[processed]?.line ?? '?';
    failure = bilingual(
      msg`The import stopped at line ${line} on a server error: the lines before it are imported; send the same file again to finish`,
    );
    options.onError?.(err);
  }
  report.skipped.sort((a, b) => a.line - b.line);
  const finished = nowIso();
  await db.transaction().execute(async (trx) => {
    await recordChange(
      trx,
      {
        actorId: options.actorId,
        action: row.kind === 'users' ? 'users.import' : 'visio_links.import',
        target: row.file_name,
        before: null,
        after: {
          file: row.file_name,
          lines: preview.lines,
          created: report.created,
          updated: report.updated,
          unchanged: report.unchanged,
          skipped: report.skipped.length,
          ...(failure ? { stopped_at: processed } : {}),
        },
      },
      finished,
    );
    await trx
      .updateTable('imports')
      .set({
        status: failure ? 'failed' : 'done',
        report: JSON.stringify(report),
        error: failure ? JSON.stringify(failure) : null,
        rows: '[]',
        updated_at: finished,
        expires_at: new Date(Date.parse(finished) + REPORT_TTL_MS).toISOString(),
      })
      .where('id', '=', id)
      .execute();
  });
}
