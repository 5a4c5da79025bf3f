import type { Kysely } from 'kysely';
import { IMPORT_BATCH_SIZE, USER_IMPORT_OPTIONAL, USER_IMPORT_REQUIRED, type LineIssueCode } from '@salon/shared/contracts/imports';
import { normalizeName } from '@salon/shared/contracts/form-rules';
import { PATTERNS } from '@salon/shared/contracts/patterns';
import type { Database, ProfileCode, UserUpdate } from '../db/schema';
import { PROTECTED, SINGLE_LINE, cell, checkHeader, type Checked, type CsvFile, type Outcome } from './import-csv';

/* The users import: its lines checked, then what each does to the accounts (create, update, unchanged, skip). */
// A line names an account by its login e-mail (lower-cased). A new account gets the line's values, profile `visitor`
// unless the line says `exhibitor` (`visiteur`/`exposant` too), and no password; an existing one gets the line's
// non-empty cells (an empty optional cell keeps the stored value; the pseudo and contact e-mail are never touched).
// Invalid lines: a bad or repeated e-mail, an empty or too long name, a bad mobile or postal code, an unknown profile,
// another profile than the account's (an exhibitor's stands depend on it), the administrators' and promoters' accounts.

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

const EMAIL = new RegExp(PATTERNS.email);
const PHONE = new RegExp(PATTERNS.phone);
const POSTAL_CODE = new RegExp(PATTERNS.postalCode);
const PROFILES: Record<string, 'visitor' | 'exhibitor'> = {
  visitor: 'visitor',
  visiteur: 'visitor',
  exhibitor: 'exhibitor',
  exposant: 'exhibitor',
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
      // No password: the login form refuses the account until its person chooses one through a sign-in link
      // (services/signin-links.ts), which the organiser downloads from the import's report.
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

export async function userOutcomes(db: Kysely<Database>, rows: UserLine[], now: string): Promise<{ outcomes: Outcome[] }> {
  const existing = await existingUsers(
    db,
    rows.map((r) => r.email),
  );
  return { outcomes: rows.map((row) => userOutcome(row, existing.get(row.email), now)) };
}
