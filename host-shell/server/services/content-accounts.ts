import { msg } from '@lingui/core/macro';
import { say } from '../i18n';
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { type AccountCreateBody, type AccountUpdateBody, type AdminAccount, type ManagedProfile } from '@salon/shared/contracts/content';
import type { LocaleCode } from '@salon/shared/contracts/page-data';
import { nowIso, type Database, type UserRow } from '../db/schema';
import { decodeId, encodeId } from '../lib/ids';
import { hashPassword } from '../lib/password';
import { adminPasswordProblem } from './admins';
import { diff, recordChange } from './audit';
import { cleared, conflict, count, defined, invalid, linked, name, relink, removal, unique, type Db, type Touched } from './content';
import { exhibitorStands } from './stands';
import { normalizeEmail } from './users';

/*
 * The exhibitor and promoter accounts, as the organisers manage them (`/admin/comptes`, `/api/admin/accounts`):
 * promoters manage exhibitors only (`mayManage`).
 */

const MANAGED: readonly ManagedProfile[] = ['exhibitor', 'promoter'];
const isManaged = (user: Pick<UserRow, 'profile' | 'anonymous'>): user is Pick<UserRow, 'anonymous'> & { profile: ManagedProfile } =>
  user.anonymous === 0 && (MANAGED as readonly string[]).includes(user.profile);

/** An account's fields as the organisers see and edit them. */
const accountFields = (u: UserRow) => ({
  profile: u.profile,
  email: u.email,
  firstname: u.firstname,
  lastname: u.lastname,
  function: u.function,
  function_en: u.function_en,
  hidden: u.hidden === 1,
  visio_link: u.visio_link,
});

async function toAdminAccounts(db: Db, users: UserRow[]): Promise<AdminAccount[]> {
  const ids = users.map((u) => u.id);
  const links = ids.length
    ? await db
        .selectFrom('stand_exhibitors')
        .innerJoin('stands', 'stands.id', 'stand_exhibitors.stand_id')
        .select(['stand_exhibitors.user_id as user_id', 'stands.id as id', 'stands.name as name', 'stands.name_en as name_en'])
        .where('stand_exhibitors.user_id', 'in', ids)
        .orderBy('stands.id')
        .execute()
    : [];
  return users.map((u) => ({
    id_user: encodeId(u.id),
    ...accountFields(u),
    profile: u.profile as ManagedProfile,
    stands: links.filter((l) => l.user_id === u.id).map((l) => ({ id_stand: encodeId(l.id), name: l.name, name_en: l.name_en })),
  }));
}

export async function listAccounts(db: Db): Promise<AdminAccount[]> {
  const users = await db
    .selectFrom('users')
    .selectAll()
    .where('profile', 'in', [...MANAGED])
    .where('anonymous', '=', 0)
    .orderBy('profile')
    .orderBy('id')
    .execute();
  return toAdminAccounts(db, users);
}

/** An exhibitor or promoter account, or null (another profile is not managed here). */
export async function managedAccount(db: Db, id: number): Promise<UserRow | null> {
  const user = await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  return user && isManaged(user) ? user : null;
}

export async function adminAccount(db: Db, id: number): Promise<AdminAccount | null> {
  const user = await managedAccount(db, id);
  return user ? ((await toAdminAccounts(db, [user]))[0] ?? null) : null;
}

/** 16 characters of base64url (96 random bits). */
export const generatePassword = (): string => randomBytes(12).toString('base64url');

const emailTaken = (locale: LocaleCode, email: string) =>
  conflict(say(locale, msg`An account already uses the address ${email}.`), {
    email: say(locale, msg`Address already in use`),
  });

async function emailUsed(db: Db, email: string, except?: number): Promise<boolean> {
  let query = db.selectFrom('users').select('id').where('email', '=', email);
  if (except !== undefined) query = query.where('id', '!=', except);
  return (await query.executeTakeFirst()) !== undefined;
}

function passwordMessage(locale: LocaleCode, problem: string): string {
  if (problem.startsWith('that is the demo'))
    return say(locale, msg`that is the demo password, published with the project: choose another one`);
  if (problem.includes('at least')) return say(locale, msg`At least 12 characters`);
  return say(locale, msg`At most 200 characters`);
}

/** What the audit log keeps of an account: its fields and its stands' names. */
const accountRecord = (u: UserRow, stands: string[]): Record<string, unknown> => ({ ...accountFields(u), stands });

const standNames = async (db: Db, userId: number): Promise<string[]> => (await exhibitorStands(db, userId)).map((s) => s.name);

/** A typed password ('' or left out: none) that breaks the rules is a 400 on `password`. */
function checkPassword(typed: string, locale: LocaleCode): void {
  const problem = typed === '' ? null : adminPasswordProblem(typed);
  if (problem) throw invalid(passwordMessage(locale, problem), 'password');
}

function accountValues(body: Partial<AccountCreateBody>) {
  return defined({
    firstname: name(body.firstname),
    lastname: name(body.lastname),
    function: name(body.function),
    function_en: name(body.function_en),
    hidden: body.hidden === undefined ? undefined : body.hidden ? (1 as const) : (0 as const),
    visio_link: cleared(body.visio_link),
  });
}

async function standIdsOf(db: Db, given: readonly string[], field: string, locale: LocaleCode): Promise<number[]> {
  const ids = given.map(decodeId);
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  const unknown = say(locale, msg`Unknown stand`);
  if (ids.some((id) => id === null)) throw invalid(unknown, field);
  if (wanted.length === 0) return [];
  const rows = await db.selectFrom('stands').select('id').where('id', 'in', wanted).execute();
  if (rows.length !== wanted.length) throw invalid(unknown, field);
  return wanted;
}

export interface CreatedAccount {
  id: number;
  /** The generated password, to show once; null when the administrator typed one. */
  password: string | null;
  touched: Touched;
}

export async function createAccount(
  db: Kysely<Database>,
  actor: UserRow,
  body: AccountCreateBody,
  locale: LocaleCode,
  scryptCost?: number,
): Promise<CreatedAccount> {
  const typed = body.password ?? '';
  checkPassword(typed, locale);
  if (body.profile !== 'exhibitor' && body.stands && body.stands.length > 0)
    throw invalid(say(locale, msg`Only exhibitors hold stands`), 'stands');
  const password = typed === '' ? generatePassword() : typed;
  const password_hash = await hashPassword(password, scryptCost);
  return unique(
    () =>
      db.transaction().execute(async (trx) => {
        const email = normalizeEmail(body.email);
        if (await emailUsed(trx, email)) throw emailTaken(locale, email);
        const stands = await standIdsOf(trx, body.stands ?? [], 'stands', locale);
        const { id } = await trx
          .insertInto('users')
          .values({ ...accountValues(body), profile: body.profile, anonymous: 0, email, password_hash, locale: null, created_at: nowIso() })
          .returning('id')
          .executeTakeFirstOrThrow();
        await relink(trx, 'user_id', id, stands);
        const row = await trx.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
        await recordChange(trx, {
          actorId: actor.id,
          action: 'account.create',
          target: email,
          before: null,
          after: accountRecord(row, await standNames(trx, id)),
        });
        return { id, password: typed === '' ? password : null, touched: { standIds: stands, userIds: [id], presence: true } };
      }),
    () => emailTaken(locale, normalizeEmail(body.email)),
  );
}

export async function updateAccount(
  db: Kysely<Database>,
  actor: UserRow,
  target: UserRow,
  body: AccountUpdateBody,
  locale: LocaleCode,
  scryptCost?: number,
): Promise<Touched> {
  if (target.profile !== 'exhibitor' && body.stands && body.stands.length > 0)
    throw invalid(say(locale, msg`Only exhibitors hold stands`), 'stands');
  const typed = body.password ?? '';
  checkPassword(typed, locale);
  const passwordHash = typed === '' ? null : await hashPassword(typed, scryptCost);
  return unique(
    () => updateAccountOnce(db, actor, target, body, locale, passwordHash),
    () => emailTaken(locale, normalizeEmail(body.email ?? '')),
  );
}

async function updateAccountOnce(
  db: Kysely<Database>,
  actor: UserRow,
  target: UserRow,
  body: AccountUpdateBody,
  locale: LocaleCode,
  passwordHash: string | null,
): Promise<Touched> {
  return db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('users').selectAll().where('id', '=', target.id).executeTakeFirstOrThrow();
    const email = body.email === undefined ? undefined : normalizeEmail(body.email);
    if (email !== undefined && (await emailUsed(trx, email, target.id))) throw emailTaken(locale, email);
    const standsBefore = await linked(trx, 'user_id', target.id);
    const standsAfter =
      body.stands === undefined ? standsBefore : (await standIdsOf(trx, body.stands, 'stands', locale)).sort((a, b) => a - b);
    const namesBefore = await standNames(trx, target.id);
    const values = {
      ...accountValues(body),
      ...(email === undefined ? {} : { email }),
      ...(passwordHash === null ? {} : { password_hash: passwordHash }),
    };
    if (Object.keys(values).length) await trx.updateTable('users').set(values).where('id', '=', target.id).execute();
    if (JSON.stringify(standsAfter) !== JSON.stringify(standsBefore)) await relink(trx, 'user_id', target.id, standsAfter);
    const after = await trx.selectFrom('users').selectAll().where('id', '=', target.id).executeTakeFirstOrThrow();
    // A new password is recorded as such, never its value nor its hash.
    const newPassword = passwordHash === null ? {} : { password: 'new' };
    const changed = diff(
      { ...accountRecord(before, namesBefore), password: null },
      { ...accountRecord(after, await standNames(trx, target.id)), ...newPassword },
    );
    if (changed) await recordChange(trx, { actorId: actor.id, action: 'account.update', target: after.email ?? before.email, ...changed });
    return { standIds: [...new Set([...standsBefore, ...standsAfter])], userIds: [target.id], presence: before.hidden !== after.hidden };
  });
}

/**
 * Removes an account that holds nothing: an account with chats, stand history or visits is refused (409), since
 * removing it would delete its messages from the other people's conversations; hiding it is the safe alternative.
 */
export async function removeAccount(db: Kysely<Database>, actor: UserRow, target: UserRow, locale: LocaleCode): Promise<Touched> {
  return removal(locale, () =>
    db.transaction().execute(async (trx) => {
      const [chats, history, visits] = await Promise.all([
        count(trx, 'channel_members', 'user_id', target.id),
        count(trx, 'stand_history', 'user_id', target.id),
        count(trx, 'stand_visits', 'user_id', target.id),
      ]);
      if (chats > 0 || history > 0 || visits > 0) {
        const holdings = [
          chats ? say(locale, msg`${chats} chat(s)`) : '',
          history ? say(locale, msg`${history} history entr(ies)`) : '',
          visits ? say(locale, msg`${visits} visit(s)`) : '',
        ]
          .filter(Boolean)
          .join(', ');
        const email = target.email ?? '';
        throw conflict(
          say(locale, msg`The account ${email} was not removed: it holds ${holdings}, which removing it would delete. Hide it instead.`),
        );
      }
      const stands = await linked(trx, 'user_id', target.id);
      const record = accountRecord(target, await standNames(trx, target.id));
      await trx.deleteFrom('users').where('id', '=', target.id).execute();
      await recordChange(trx, { actorId: actor.id, action: 'account.remove', target: target.email, before: record, after: null });
      return { standIds: stands, userIds: [target.id], presence: true, removedUserIds: [target.id] };
    }),
  );
}

/** Which accounts a viewer may manage: administrators every managed profile, promoters exhibitors only. */
export const mayManage = (viewer: Pick<UserRow, 'profile'>, profile: ManagedProfile): boolean =>
  viewer.profile === 'administrator' || profile === 'exhibitor';
