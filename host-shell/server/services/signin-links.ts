import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { buildPath } from '@salon/shared/contracts/routes';
import { nowIso, type Database, type UserRow } from '../db/schema';
import { recordChange } from './audit';
import { spreadsheetCsv } from './leads';

/*
 * Sign-in links: an organiser e-mails them to the people (`signin-mail.ts`), or downloads them as CSV for their own
 * mailing tool. A link opens `/connexion/lien/{token}`, where the person chooses a password and is logged in.
 * The token is 32 random bytes (base64url); only its SHA-256 is stored. A link works once, for 14 days; using one
 * uses every other link of the same account.
 */

/** Not in the route table of spec §2.1 (the links are ours); built with the same builder as `/inscription`. */
export const SIGNIN_LINK_PATTERN = '/connexion/lien/{token}';
export const SIGNIN_LINK_TTL_DAYS = 14;
const TTL_MS = SIGNIN_LINK_TTL_DAYS * 24 * 3600 * 1000;

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');
const isTokenShaped = (token: string): boolean => /^[A-Za-z0-9_-]{43}$/.test(token);

/** Who gets links: visitors and exhibitors; promoters only from an administrator; never an administrator. */
export function linkableProfiles(actor: Pick<UserRow, 'profile'>): UserRow['profile'][] {
  return actor.profile === 'administrator' ? ['visitor', 'exhibitor', 'promoter'] : ['visitor', 'exhibitor'];
}

export type LinkScope =
  /** The accounts of a users import (its report's e-mails) that have no password. */
  | { kind: 'import'; importId: number }
  /** These accounts, with a password or not (a new password replaces the old one). */
  | { kind: 'selected'; userIds: number[] }
  /** Every account without a password. */
  | { kind: 'without_password' };

export interface SigninLinkRow {
  email: string;
  firstname: string;
  lastname: string;
  link: string;
}

export interface CreatedLinks {
  rows: SigninLinkRow[];
  expiresAt: string;
}

type LinkTarget = Pick<UserRow, 'id' | 'email' | 'firstname' | 'lastname'>;

/** The e-mails an import applied (created, updated or unchanged): kept in its report. Null: no such users import. */
export async function importEmails(db: Kysely<Database>, importId: number): Promise<{ fileName: string; emails: string[] } | null> {
  const row = await db
    .selectFrom('imports')
    .select(['kind', 'file_name', 'status', 'report'])
    .where('id', '=', importId)
    .executeTakeFirst();
  if (!row || row.kind !== 'users' || row.report === null || (row.status !== 'done' && row.status !== 'failed')) return null;
  const report = JSON.parse(row.report) as { emails?: string[] };
  return { fileName: row.file_name, emails: report.emails ?? [] };
}

async function targets(db: Kysely<Database>, actor: UserRow, scope: LinkScope, emails: string[]): Promise<LinkTarget[]> {
  let query = db
    .selectFrom('users')
    .select(['id', 'email', 'firstname', 'lastname'])
    .where('anonymous', '=', 0)
    .where('email', 'is not', null)
    .where('profile', 'in', linkableProfiles(actor));
  if (scope.kind === 'selected') {
    if (scope.userIds.length === 0) return [];
    query = query.where('id', 'in', scope.userIds);
  } else {
    query = query.where('password_hash', 'is', null);
    if (scope.kind === 'import') {
      if (emails.length === 0) return [];
      const found: LinkTarget[] = [];
      // In slices: SQLite takes at most 32766 parameters.
      for (let i = 0; i < emails.length; i += 5000)
        found.push(
          ...(await query
            .where('email', 'in', emails.slice(i, i + 5000))
            .orderBy('id')
            .execute()),
        );
      return found.sort((a, b) => a.id - b.id);
    }
  }
  return query.orderBy('id').execute();
}

/**
 * New links for the accounts of `scope` the actor may give one to, and the audit entry (`signin_links.create`), in
 * one transaction (none when there is nobody). `origin` makes the links absolute. Null: the import is not a finished
 * users import.
 */
export async function createSigninLinks(
  db: Kysely<Database>,
  actor: UserRow,
  scope: LinkScope,
  origin: string,
): Promise<CreatedLinks | null> {
  let target = 'accounts';
  let emails: string[] = [];
  if (scope.kind === 'import') {
    const found = await importEmails(db, scope.importId);
    if (!found) return null;
    target = found.fileName;
    emails = found.emails;
  }
  const now = nowIso();
  const expiresAt = new Date(Date.parse(now) + TTL_MS).toISOString();
  return db.transaction().execute(async (trx) => {
    const people = await targets(trx, actor, scope, emails);
    const rows: SigninLinkRow[] = [];
    const inserts = people.map((person) => {
      const token = randomBytes(32).toString('base64url');
      rows.push({
        email: person.email ?? '',
        firstname: person.firstname ?? '',
        lastname: person.lastname ?? '',
        link: new URL(buildPath(SIGNIN_LINK_PATTERN, { token }), origin).toString(),
      });
      return {
        user_id: person.id,
        token_hash: hashToken(token),
        created_by: actor.id,
        created_at: now,
        expires_at: expiresAt,
        used_at: null,
      };
    });
    if (rows.length === 0) return { rows, expiresAt };
    for (let i = 0; i < inserts.length; i += 500)
      await trx
        .insertInto('signin_links')
        .values(inserts.slice(i, i + 500))
        .execute();
    await recordChange(
      trx,
      {
        actorId: actor.id,
        action: 'signin_links.create',
        target,
        before: null,
        after: { scope: scope.kind, count: rows.length, expires_at: expiresAt, accounts: rows.map((r) => r.email) },
      },
      now,
    );
    return { rows, expiresAt };
  });
}

/** The links as CSV (email, firstname, lastname, link): UTF-8 with a BOM, CRLF, every cell quoted and neutralised as the leads'. */
export function signinLinksCsv(rows: readonly SigninLinkRow[]): string {
  return spreadsheetCsv(['email', 'firstname', 'lastname', 'link'], rows);
}

export type LinkState = { state: 'valid'; user: UserRow; purpose: 'signin' | 'reset' } | { state: 'used' | 'expired' | 'unknown' };

async function lookUp(db: Kysely<Database>, token: string, now: string): Promise<LinkState> {
  if (!isTokenShaped(token)) return { state: 'unknown' };
  const link = await db.selectFrom('signin_links').selectAll().where('token_hash', '=', hashToken(token)).executeTakeFirst();
  if (!link) return { state: 'unknown' };
  if (link.used_at !== null) return { state: 'used' };
  if (link.expires_at <= now) return { state: 'expired' };
  const user = await db.selectFrom('users').selectAll().where('id', '=', link.user_id).executeTakeFirst();
  // An account that became an administrator since is never opened by a link.
  if (!user || user.profile === 'administrator' || user.anonymous === 1) return { state: 'unknown' };
  return { state: 'valid', user, purpose: link.purpose };
}

/** What a link is now; nothing is written (opening the page, or a mail scanner fetching it, does not use it). */
export function inspectSigninLink(db: Kysely<Database>, token: string): Promise<LinkState> {
  return lookUp(db, token, nowIso());
}

/**
 * Uses a link: sets the account's password and marks this link and the account's other open links used, in one
 * transaction; a link used concurrently is used once (the update claims it).
 */
export async function useSigninLink(db: Kysely<Database>, token: string, passwordHash: string): Promise<LinkState> {
  return db.transaction().execute(async (trx) => {
    const now = nowIso();
    const found = await lookUp(trx, token, now);
    if (found.state !== 'valid') return found;
    const claimed = await trx
      .updateTable('signin_links')
      .set({ used_at: now })
      .where('token_hash', '=', hashToken(token))
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) return { state: 'used' };
    await trx.updateTable('signin_links').set({ used_at: now }).where('user_id', '=', found.user.id).where('used_at', 'is', null).execute();
    await trx.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', found.user.id).execute();
    return { ...found, user: { ...found.user, password_hash: passwordHash } };
  });
}
