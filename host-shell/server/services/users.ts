import { msg } from '@lingui/core/macro';
import { say } from '../i18n';
import type { Kysely } from 'kysely';
import type { FieldsParam, LocaleCode, PageUser } from '@salon/shared/contracts/page-data';
import { url, type RouteName } from '@salon/shared/contracts/routes';
import { nowIso, type Database, type NewUser, type ProfileCode, type UserRow, type UserUpdate } from '../db/schema';
import { encodeId } from '../lib/ids';

export interface RenderContext {
  /** Scheme and host of the current request, for absolute addresses. */
  origin: string;
  locale: LocaleCode;
}

export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

export async function findUserById(db: Kysely<Database>, id: number): Promise<UserRow | null> {
  return (await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
}

export async function findUserByEmail(db: Kysely<Database>, email: string): Promise<UserRow | null> {
  return (await db.selectFrom('users').selectAll().where('email', '=', normalizeEmail(email)).executeTakeFirst()) ?? null;
}

export async function insertUser(db: Kysely<Database>, user: Omit<NewUser, 'created_at'>): Promise<number> {
  const row = await db
    .insertInto('users')
    .values({ ...user, created_at: nowIso() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateUser(db: Kysely<Database>, id: number, changes: UserUpdate): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await db.updateTable('users').set(changes).where('id', '=', id).execute();
}

/** A new anonymous visitor (spec §1), with no saved language: only a switcher saves one. */
export async function createAnonymousVisitor(db: Kysely<Database>): Promise<UserRow> {
  const id = await insertUser(db, { profile: 'visitor', anonymous: 1, locale: null });
  const user = await findUserById(db, id);
  if (!user) throw new Error('anonymous user vanished after insert');
  return user;
}

export function parseFieldsParam(text: string | null): FieldsParam {
  if (!text) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
    const out: FieldsParam = {};
    for (const [key, value] of Object.entries(parsed)) if (value === '0' || value === '1') out[key] = value;
    return out;
  } catch {
    return {};
  }
}

/** Spec §5: shown only with a value, and when fields_param is empty or flags the field '0'. */
export function isPublished(fieldsParam: FieldsParam, field: string, value: string | null | undefined): value is string {
  if (value === null || value === undefined || value === '') return false;
  return Object.keys(fieldsParam).length === 0 || fieldsParam[field] === '0';
}

/** Parsed fields_param texts: a handful of distinct values shared by thousands of users, parsed once each. */
const publicationCache = new Map<string, Readonly<FieldsParam>>();
const PUBLICATION_CACHE_LIMIT = 1000;

function publicationOf(text: string | null): Readonly<FieldsParam> {
  if (!text) return {};
  let parsed = publicationCache.get(text);
  if (parsed === undefined) {
    parsed = Object.freeze(parseFieldsParam(text));
    if (publicationCache.size >= PUBLICATION_CACHE_LIMIT) publicationCache.clear();
    publicationCache.set(text, parsed);
  }
  return parsed;
}

export type PublicNameColumns = Pick<UserRow, 'firstname' | 'lastname' | 'fields_param'>;

/**
 * A person's names as anyone else sees them (spec §5 "Field publication"): an unpublished first or last name is
 * null. Every list, search, live stream and typing notice that shows someone to another user goes through this.
 */
export function publicNames(user: PublicNameColumns): { firstname: string | null; lastname: string | null } {
  const fields = publicationOf(user.fields_param);
  return {
    firstname: isPublished(fields, 'firstname', user.firstname) ? user.firstname : null,
    lastname: isPublished(fields, 'lastname', user.lastname) ? user.lastname : null,
  };
}

/** The published full name ('' when neither name is published). */
export const publicFullName = (user: PublicNameColumns): string => fullName(publicNames(user));

/** The name others see: pseudo, else the published full name, else the profile label and public id. */
export function publicDisplayName(
  user: PublicNameColumns & Pick<UserRow, 'id' | 'pseudo' | 'profile' | 'anonymous'>,
  locale: LocaleCode,
): string {
  return user.pseudo || publicFullName(user) || `${profileLabel(user, locale)} ${encodeId(user.id)}`;
}

const HOME_ROUTES: Record<ProfileCode, RouteName> = {
  administrator: 'admin',
  promoter: 'promoter',
  exhibitor: 'exhibitor',
  visitor: 'room',
};
export const homeRouteName = (profile: ProfileCode): RouteName => HOME_ROUTES[profile];

export function profileLabel(user: Pick<UserRow, 'profile' | 'anonymous'>, locale: LocaleCode): string {
  if (user.anonymous) return say(locale, msg`Anonymous visitor`);
  switch (user.profile) {
    case 'administrator':
      return say(locale, msg`Administrator`);
    case 'promoter':
      return say(locale, msg`Organizer`);
    case 'exhibitor':
      return say(locale, msg`Exhibitor`);
    case 'visitor':
      return say(locale, msg`Visitor`);
  }
}

export const fullName = (user: Pick<UserRow, 'firstname' | 'lastname'>): string =>
  [user.firstname, user.lastname].filter((part): part is string => !!part).join(' ');

/**
 * The name to show a user of themselves: pseudo, else full name, else the profile label (and the public id for an
 * account without a name; never for an anonymous visitor, to whom an id means nothing).
 */
export function displayName(user: UserRow, locale: LocaleCode): string {
  if (user.anonymous) return user.pseudo || profileLabel(user, locale);
  return user.pseudo || fullName(user) || `${profileLabel(user, locale)} ${encodeId(user.id)}`;
}

export async function ownedStandIds(db: Kysely<Database>, userId: number): Promise<number[]> {
  const rows = await db.selectFrom('stand_exhibitors').select('stand_id').where('user_id', '=', userId).orderBy('stand_id').execute();
  return rows.map((r) => r.stand_id);
}

export async function companyOfExhibitor(db: Kysely<Database>, userId: number): Promise<{ name: string } | null> {
  const row = await db
    .selectFrom('stand_exhibitors')
    .innerJoin('stands', 'stands.id', 'stand_exhibitors.stand_id')
    .innerJoin('companies', 'companies.id', 'stands.company_id')
    .select('companies.name')
    .where('stand_exhibitors.user_id', '=', userId)
    .orderBy('stands.id')
    .executeTakeFirst();
  return row ? { name: row.name } : null;
}

export async function toPageUser(db: Kysely<Database>, user: UserRow, ctx: RenderContext): Promise<PageUser> {
  const isExhibitor = user.profile === 'exhibitor';
  const [standIds, company] = isExhibitor ? await Promise.all([ownedStandIds(db, user.id), companyOfExhibitor(db, user.id)]) : [[], null];
  return {
    id_user: encodeId(user.id),
    obfuscated_id: encodeId(user.id),
    profile: user.profile,
    anonymous: user.anonymous === 1,
    hidden: user.hidden === 1,
    availability: user.availability === 1,
    pseudo: user.pseudo,
    fullname: fullName(user),
    firstname: user.firstname,
    lastname: user.lastname,
    email: user.email,
    contact_email: user.contact_email,
    mobile: user.mobile,
    postal_code: user.postal_code,
    city: user.city,
    birthdate: user.birthdate,
    linkedin: user.linkedin,
    visio_link: user.visio_link ? { link: user.visio_link } : null,
    fields_param: parseFieldsParam(user.fields_param),
    journey: user.journey,
    profileRoute: user.anonymous ? null : url('profile', {}, { origin: ctx.origin }),
    homeRoute: url(homeRouteName(user.profile), {}, { origin: ctx.origin }),
    profileLabel: profileLabel(user, ctx.locale),
    identifier: displayName(user, ctx.locale),
    last_activity_at: user.last_activity_at,
    last_visit: null,
    company,
    stands: standIds.map(encodeId),
  };
}
