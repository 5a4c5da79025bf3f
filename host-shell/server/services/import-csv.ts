import type { MessageDescriptor } from '@lingui/core';
import { decodeWindows1252 } from '../lib/windows-1252';
import { msg } from '@lingui/core/macro';
import { say } from '../i18n';
import { parse, type CsvError, type Info } from 'csv-parse';
import { fileTypeFromBuffer } from 'file-type/core';
import { IMPORT_MAX_MB, type LineIssueCode } from '@salon/shared/contracts/imports';
import type { LocaleCode } from '@salon/shared/contracts/page-data';
import { PATTERNS } from '@salon/shared/contracts/patterns';
import type { NewUser, ProfileCode, UserUpdate } from '../db/schema';

/*
 * CSV imports, the file (see `imports.ts`): read as a stream (csv-parse), refused as a whole when it is not CSV in
 * UTF-8; its header checked; and what the checks of its lines (`import-users.ts`, `import-visio.ts`) share.
 */

/** One CSV record (line) at most this long: a file without line breaks is refused instead of held whole. */
const MAX_RECORD_BYTES = 64 * 1024;

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
/** Not UTF-8 and holding bytes Windows-1252 leaves undefined (0x81, 0x8D, 0x8F, 0x90, 0x9D): neither encoding. */
const notUtf8 = (): ImportFileError =>
  new ImportFileError(400, msg`The file is not encoded in UTF-8: save it as "CSV UTF-8" and send it again`);

export interface CsvRecord {
  /** The line of the file where the record ends (the header is line 1). */
  line: number;
  fields: string[];
}

export interface CsvFile {
  header: string[];
  records: CsvRecord[];
  /** How the file was read: UTF-8, or Windows-1252 (what French Excel's "CSV (séparateur : point-virgule)" writes). */
  encoding: 'utf-8' | 'windows-1252';
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
 * Reads a CSV upload as it streams in: at most `maxBytes` (then 413, the rest never held), not a binary file, quotes
 * well formed. UTF-8 (a byte-order mark is accepted); a file that is not valid UTF-8 is read again from its start as
 * Windows-1252, the encoding of French Excel's default CSV (the bytes read so far are kept for that: at most
 * `maxBytes`). The separator is taken from the header line. Blank lines are skipped; fields are kept as written (the
 * checks trim them).
 */
export async function readCsv(source: AsyncIterable<Buffer>, maxBytes: number): Promise<CsvFile> {
  let encoding = 'utf-8' as CsvFile['encoding'];
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const raw: Buffer[] = [];
  let records: CsvRecord[] = [];
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
    const into = records;
    p.on('data', (item: { record: string[]; info: Info }) => {
      into.push({ line: item.info.lines, fields: item.record });
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

  /** Not UTF-8: everything read so far, decoded again as Windows-1252, from a new parser. */
  const again = (): string => {
    const all = decodeWindows1252(Buffer.concat(raw));
    raw.length = 0;
    if (all === null) throw notUtf8();
    encoding = 'windows-1252';
    (parser as ReturnType<typeof parse> | null)?.destroy();
    parser = null;
    parsed = null;
    records = [];
    pending = '';
    return all;
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
    if (encoding === 'windows-1252') {
      text = decodeWindows1252(chunk) ?? '';
      if (text === '' && chunk.length > 0) throw notUtf8();
    } else {
      raw.push(chunk);
      try {
        text = decoder.decode(chunk, { stream: true });
      } catch {
        text = again();
      }
    }
    feed(text);
    if (parser && (parser as { errored?: unknown }).errored) break;
  }
  if (encoding === 'utf-8') {
    let rest: string;
    try {
      rest = decoder.decode();
    } catch {
      rest = again();
    }
    feed(rest);
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
  return { header: head.fields.map((name) => name.trim().toLowerCase()), records, encoding };
}

/** The header's required columns, or the file is refused; the columns read and those ignored. */
export function checkHeader(
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
// What the checks of the lines share

/** An issue as stored: its code and what its message needs. */
export interface StoredIssue {
  line: number;
  code: LineIssueCode;
  detail?: string;
}

export interface Checked<T> {
  rows: T[];
  missing: number[];
  invalid: StoredIssue[];
  ignored: string[];
}

export const SINGLE_LINE = new RegExp(PATTERNS.singleLine);

/** Accounts an import never changes: those with back-office rights. */
export const PROTECTED: ReadonlySet<ProfileCode> = new Set(['administrator', 'promoter']);

export const cell = (record: CsvRecord, index: Map<string, number>, name: string): string | undefined => {
  const i = index.get(name);
  return i === undefined ? undefined : (record.fields[i] ?? '');
};

export type Outcome =
  | { kind: 'create'; insert: NewUser }
  | { kind: 'update'; id: number; changes: UserUpdate }
  | { kind: 'unchanged' }
  | { kind: 'skip'; issue: StoredIssue };

export interface Counts {
  create: number;
  update: number;
  unchanged: number;
  skipped: StoredIssue[];
}

export function tally(outcomes: Outcome[]): Counts {
  const counts: Counts = { create: 0, update: 0, unchanged: 0, skipped: [] };
  for (const o of outcomes) {
    if (o.kind === 'skip') counts.skipped.push(o.issue);
    else counts[o.kind] += 1;
  }
  return counts;
}
