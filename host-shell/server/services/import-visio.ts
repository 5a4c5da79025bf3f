import type { Kysely } from 'kysely';
import { IMPORT_BATCH_SIZE, VISIO_IMPORT_REQUIRED } from '@salon/shared/contracts/imports';
import { normalizeName } from '@salon/shared/contracts/form-rules';
import { PATTERNS } from '@salon/shared/contracts/patterns';
import type { Database, ProfileCode } from '../db/schema';
import { encodeId } from '../lib/ids';
import { PROTECTED, SINGLE_LINE, cell, checkHeader, type Checked, type CsvFile, type Outcome, type StoredIssue } from './import-csv';

/* The video-links import: its lines checked, the accounts they name found, then what each does to their link. */

/** A video-link line ready to apply: the account it names, resolved. */
export interface VisioLine {
  line: number;
  user_id: number;
  link: string;
}

const HTTP_URL = new RegExp(PATTERNS.httpUrl);

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

export async function visioOutcomes(db: Kysely<Database>, rows: VisioLine[]): Promise<{ outcomes: Outcome[] }> {
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
