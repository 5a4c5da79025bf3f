import { msg } from '@lingui/core/macro';
import { say } from '../i18n';
import { sql, type Kysely, type Transaction } from 'kysely';
import { normalizeName } from '@salon/shared/contracts/form-rules';
import type { LocaleCode } from '@salon/shared/contracts/page-data';
import type { Database } from '../db/schema';
import { HttpError } from '../lib/errors';

/*
 * The event's content: companies (`content-companies.ts`), stands (`content-stands.ts`), exhibitor
 * and promoter accounts (`content-accounts.ts`), as the organisers manage them (`routes/api/content.ts`, the pages
 * `/admin/entreprises`, `/admin/stands`, `/admin/comptes`). This file has what the three share. Each change and its
 * audit entry are written in one transaction. Removing something that holds data is refused (409) with what holds
 * it: nothing is ever deleted along with it.
 */

export type Db = Kysely<Database> | Transaction<Database>;

/** The ids of what a change touched, so the caller can tell the live activity (`app.live.publish`). */
export interface Touched {
  standIds: number[];
  userIds: number[];
  /** An account's `hidden` flag changed: the chat lists must be recomputed too. */
  presence: boolean;
  /** Accounts removed: their sessions ended with them. */
  removedUserIds?: number[];
}

export const conflict = (message: string, formErrors?: Record<string, string>) => new HttpError(409, message, formErrors);
export const invalid = (message: string, field: string) => new HttpError(400, message, { [field]: message });
export const missing = (message: string) => new HttpError(404, message);

/** The database's error code, when it has one. */
const codeOf = (err: unknown): unknown =>
  typeof err === 'object' && err !== null && 'code' in err ? (err as { code: unknown }).code : undefined;

/** Runs a write; the unique violation a concurrent save can still cause becomes the same 409 as the checks give. */
export async function unique<T>(run: () => Promise<T>, refusal: () => HttpError): Promise<T> {
  try {
    return await run();
  } catch (err) {
    const code = codeOf(err);
    if (code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505') throw refusal();
    throw err;
  }
}

/** Runs a removal; a row still referenced elsewhere (a foreign key without cascade) is a 409, nothing removed. */
export async function removal<T>(locale: LocaleCode, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    const code = codeOf(err);
    if (code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || code === '23503')
      throw conflict(say(locale, msg`Nothing was removed: other data still refers to it.`));
    throw err;
  }
}

/** A cleared text ('' or only spaces) is null; a field left out stays undefined (unchanged). */
export function cleared(value: string | null | undefined): string | null | undefined {
  if (value === undefined) return undefined;
  if (value === null) return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

/** A name as stored (`normalizeName`), with `cleared`'s rules. */
export const name = (value: string | null | undefined): string | null | undefined => {
  const v = cleared(value);
  return typeof v === 'string' ? normalizeName(v) : v;
};

/** The values given: a field left out (undefined) is not written. */
export function defined<T extends Record<string, unknown>>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** How many rows of `table` have `column` = id (what a removal would take along). */
export async function count(
  db: Db,
  table: 'stands' | 'leads' | 'stand_visits' | 'stand_history' | 'tracking_events' | 'channel_members',
  column: string,
  id: number,
): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where(sql.ref(column), '=', id)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The stand–exhibitor links of a stand (its exhibitors' ids, `stand_id`) or of an account (its stands' ids, `user_id`), in order. */
export async function linked(db: Db, side: 'stand_id' | 'user_id', id: number): Promise<number[]> {
  const other = side === 'stand_id' ? 'user_id' : 'stand_id';
  const rows = await db.selectFrom('stand_exhibitors').select(['stand_id', 'user_id']).where(side, '=', id).orderBy(other).execute();
  return rows.map((row) => row[other]);
}

/** Replaces the links of a stand (`stand_id`: its exhibitors) or of an account (`user_id`: its stands) with `ids`. */
export async function relink(db: Db, side: 'stand_id' | 'user_id', id: number, ids: number[]): Promise<void> {
  await db.deleteFrom('stand_exhibitors').where(side, '=', id).execute();
  if (ids.length === 0) return;
  await db
    .insertInto('stand_exhibitors')
    .values(ids.map((other) => (side === 'stand_id' ? { stand_id: id, user_id: other } : { stand_id: other, user_id: id })))
    .execute();
}
