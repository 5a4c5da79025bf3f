import { msg } from '@lingui/core/macro';
import { say } from '../i18n';
import { randomBytes } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import {
  type AccountCreateBody,
  type AccountRef,
  type AccountUpdateBody,
  type AdminAccount,
  type AdminCompany,
  type AdminStand,
  COMPANY_DOCUMENT_PATTERN,
  type CompanyCreateBody,
  type CompanyUpdateBody,
  type ManagedProfile,
  type StandCreateBody,
  type StandHoldings,
  type StandRef,
  type StandUpdateBody,
} from '@salon/shared/contracts/content';
import { normalizeName } from '@salon/shared/contracts/form-rules';
import type { LocaleCode } from '@salon/shared/contracts/page-data';
import { nowIso, type CompanyRow, type Database, type StandRow, type UserRow } from '../db/schema';
import { HttpError } from '../lib/errors';
import { decodeId, encodeId } from '../lib/ids';
import { languageOf, pick } from '../lib/locale';
import { hashPassword } from '../lib/password';
import { adminPasswordProblem } from './admins';
import { diff, recordChange } from './audit';
import { toCompany } from './exhibitors';
import { findMedia, isServed } from './medias';
import { fullName, normalizeEmail } from './users';

/*
 * The event's content (issue 13, item 2): companies, stands, exhibitor and promoter accounts, as the organisers
 * manage them (`routes/api/content.ts`, the pages `/admin/entreprises`, `/admin/stands`, `/admin/comptes`). Each
 * change and its audit entry are written in one transaction. Removing something that holds data is refused (409)
 * with what holds it: nothing is ever deleted along with it.
 */

type Db = Kysely<Database> | Transaction<Database>;

/** The ids of what a change touched, so the caller can tell the live activity (`app.live.publish`). */
export interface Touched {
  standIds: number[];
  userIds: number[];
  /** An account's `hidden` flag changed: the chat lists must be recomputed too. */
  presence: boolean;
}

export const conflict = (message: string, formErrors?: Record<string, string>) => new HttpError(409, message, formErrors);
const invalid = (message: string, field: string) => new HttpError(400, message, { [field]: message });
const missing = (message: string) => new HttpError(404, message);

/** A unique constraint refused the write (two organisers saving the same name or e-mail at the same instant). */
function isUniqueViolation(err: unknown): boolean {
  const code = typeof err === 'object' && err !== null && 'code' in err ? (err as { code: unknown }).code : undefined;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505';
}

/** Runs a write; the unique violation a concurrent save can still cause becomes the same 409 as the checks give. */
async function unique<T>(run: () => Promise<T>, refusal: () => HttpError): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (isUniqueViolation(err)) throw refusal();
    throw err;
  }
}

/** A foreign key refused a removal: a table this file does not know still points at the row. */
function isForeignKeyViolation(err: unknown): boolean {
  const code = typeof err === 'object' && err !== null && 'code' in err ? (err as { code: unknown }).code : undefined;
  return code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || code === '23503';
}

/** Runs a removal; a row still referenced elsewhere (a foreign key without cascade) is a 409, nothing removed. */
async function removal<T>(locale: LocaleCode, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (isForeignKeyViolation(err)) throw conflict(say(locale, msg`Nothing was removed: other data still refers to it.`));
    throw err;
  }
}

/** A cleared text ('' or only spaces) is null; a field left out stays undefined (unchanged). */
function cleared(value: string | null | undefined): string | null | undefined {
  if (value === undefined) return undefined;
  if (value === null) return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}
const name = (value: string | null | undefined): string | null | undefined => {
  const v = cleared(value);
  return typeof v === 'string' ? normalizeName(v) : v;
};

function defined<T extends Record<string, unknown>>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Partial<T>;
}

async function count(
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

/* ---------------------------------------------------------------- companies */

function companyValues(body: Partial<CompanyCreateBody>) {
  return defined({
    name: name(body.name) ?? undefined,
    description: cleared(body.description),
    description_en: cleared(body.description_en),
    website_link: cleared(body.website_link),
    storage_link: cleared(body.storage_link),
    mobile: cleared(body.mobile),
    email: body.email === undefined ? undefined : body.email === null || body.email.trim() === '' ? null : normalizeEmail(body.email),
    facebook_link: cleared(body.facebook_link),
    linkedin_link: cleared(body.linkedin_link),
    twitter_link: cleared(body.twitter_link),
    youtube_link: cleared(body.youtube_link),
  });
}

const COMPANY_DOCUMENT = new RegExp(COMPANY_DOCUMENT_PATTERN);

/**
 * A `storage_link` that names an upload (`/api/medias/<str>`) must be a served media of kind document; the value
 * already stored is kept as it is. Otherwise a 400 on `storage_link`.
 */
async function checkDocument(db: Db, value: string | null | undefined, current: string | null, locale: LocaleCode): Promise<void> {
  if (typeof value !== 'string' || value === current || !COMPANY_DOCUMENT.test(value)) return;
  const media = await findMedia(db as Kysely<Database>, value.slice('/api/medias/'.length));
  if (media && media.kind === 'document' && isServed(media)) return;
  throw invalid(say(locale, msg`must be the address of a PDF document uploaded here (/api/medias/…)`), 'storage_link');
}

const companyRecord = (row: CompanyRow): Record<string, unknown> => {
  const { id: _id, created_at: _created, ...rest } = row;
  return rest;
};

async function standRefs(
  db: Db,
  where: { companyIds?: number[]; standIds?: number[] },
): Promise<(StandRef & { company_id: number; id: number })[]> {
  let query = db.selectFrom('stands').select(['id', 'name', 'name_en', 'company_id']).orderBy('id');
  if (where.companyIds) query = where.companyIds.length ? query.where('company_id', 'in', where.companyIds) : query.where(sql.lit(false));
  if (where.standIds) query = where.standIds.length ? query.where('id', 'in', where.standIds) : query.where(sql.lit(false));
  const rows = await query.execute();
  return rows.map((r) => ({ id: r.id, company_id: r.company_id, id_stand: encodeId(r.id), name: r.name, name_en: r.name_en }));
}

const strip = ({ id_stand, name: n, name_en }: StandRef): StandRef => ({ id_stand, name: n, name_en });

export async function listCompanies(db: Db): Promise<AdminCompany[]> {
  const rows = await db.selectFrom('companies').selectAll().orderBy('name').orderBy('id').execute();
  const stands = await standRefs(db, { companyIds: rows.map((r) => r.id) });
  return rows.map((row) => ({ ...toCompany(row), stands: stands.filter((s) => s.company_id === row.id).map(strip) }));
}

export async function adminCompany(db: Db, id: number): Promise<AdminCompany | null> {
  const row = await db.selectFrom('companies').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return null;
  const stands = await standRefs(db, { companyIds: [id] });
  return { ...toCompany(row), stands: stands.map(strip) };
}

/** Whether another company has this name, whatever the case (compared here: SQLite's lower() is ASCII only). */
async function companyNamed(db: Db, companyName: string, except?: number): Promise<boolean> {
  const wanted = companyName.toLocaleLowerCase('und');
  const rows = await db.selectFrom('companies').select(['id', 'name']).execute();
  return rows.some((row) => row.id !== except && row.name.toLocaleLowerCase('und') === wanted);
}

const nameTaken = (locale: LocaleCode, companyName: string) =>
  conflict(say(locale, msg`A company named “${companyName}” already exists.`), {
    name: say(locale, msg`This name is already taken`),
  });

export async function createCompany(db: Kysely<Database>, actor: UserRow, body: CompanyCreateBody, locale: LocaleCode): Promise<number> {
  return unique(
    () => createCompanyOnce(db, actor, body, locale),
    () => nameTaken(locale, name(body.name) ?? body.name),
  );
}

async function createCompanyOnce(db: Kysely<Database>, actor: UserRow, body: CompanyCreateBody, locale: LocaleCode): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const values = companyValues(body);
    const companyName = values.name ?? '';
    if (companyName === '') throw invalid(say(locale, msg`The name is required`), 'name');
    if (await companyNamed(trx, companyName)) throw nameTaken(locale, companyName);
    await checkDocument(trx, values.storage_link, null, locale);
    const { id } = await trx
      .insertInto('companies')
      .values({ ...values, name: companyName, created_at: nowIso() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const row = await trx.selectFrom('companies').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    await recordChange(trx, { actorId: actor.id, action: 'company.create', target: companyName, before: null, after: companyRecord(row) });
    return id;
  });
}

/** Returns the company's stands (their exhibitors show the company's name). */
export async function updateCompany(
  db: Kysely<Database>,
  actor: UserRow,
  id: number,
  body: CompanyUpdateBody,
  locale: LocaleCode,
): Promise<Touched> {
  return unique(
    () => updateCompanyOnce(db, actor, id, body, locale),
    () => nameTaken(locale, name(body.name) ?? body.name ?? ''),
  );
}

async function updateCompanyOnce(
  db: Kysely<Database>,
  actor: UserRow,
  id: number,
  body: CompanyUpdateBody,
  locale: LocaleCode,
): Promise<Touched> {
  return db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('companies').selectAll().where('id', '=', id).executeTakeFirst();
    if (!before) throw missing(say(locale, msg`Unknown company`));
    const values = companyValues(body);
    if (values.name !== undefined && (await companyNamed(trx, values.name, id))) throw nameTaken(locale, values.name);
    await checkDocument(trx, values.storage_link, before.storage_link, locale);
    const changed = diff(companyRecord(before), values);
    if (!changed) return { standIds: [], userIds: [], presence: false };
    await trx.updateTable('companies').set(values).where('id', '=', id).execute();
    await recordChange(trx, { actorId: actor.id, action: 'company.update', target: values.name ?? before.name, ...changed });
    const stands = await standRefs(trx, { companyIds: [id] });
    return { standIds: stands.map((s) => s.id), userIds: [], presence: false };
  });
}

export async function removeCompany(db: Kysely<Database>, actor: UserRow, id: number, locale: LocaleCode): Promise<void> {
  await removal(locale, () =>
    db.transaction().execute(async (trx) => {
      const before = await trx.selectFrom('companies').selectAll().where('id', '=', id).executeTakeFirst();
      if (!before) throw missing(say(locale, msg`Unknown company`));
      const [stands, leads] = await Promise.all([count(trx, 'stands', 'company_id', id), count(trx, 'leads', 'company_id', id)]);
      if (stands > 0 || leads > 0) {
        const held = [
          stands > 0 ? say(locale, msg`${stands} stand(s)`) : null,
          leads > 0 ? say(locale, msg`${leads} lead(s)`) : null,
        ].filter(Boolean);
        const name = before.name;
        const holdings = new Intl.ListFormat(languageOf(locale)).format(held as string[]);
        throw conflict(
          say(
            locale,
            msg`The company “${name}” was not removed: it holds ${holdings}. Remove or move its stands first; a company with leads is kept.`,
          ),
        );
      }
      await trx.deleteFrom('companies').where('id', '=', id).execute();
      await recordChange(trx, {
        actorId: actor.id,
        action: 'company.remove',
        target: before.name,
        before: companyRecord(before),
        after: null,
      });
    }),
  );
}

/* ---------------------------------------------------------------- stands */

const ownerRef = (u: Pick<UserRow, 'id' | 'firstname' | 'lastname' | 'email'>): AccountRef => ({
  id_user: encodeId(u.id),
  name: fullName(u) || u.email || encodeId(u.id),
  email: u.email,
});

async function holdingsOf(db: Db, standIds: number[]): Promise<Map<number, StandHoldings>> {
  const out = new Map<number, StandHoldings>(standIds.map((id) => [id, { visits: 0, history: 0, leads: 0 }]));
  if (standIds.length === 0) return out;
  const grouped = async (table: 'stand_visits' | 'stand_history' | 'leads', key: keyof StandHoldings) => {
    const rows = await db
      .selectFrom(table)
      .select(['stand_id', (eb) => eb.fn.countAll<string | number>().as('n')])
      .where('stand_id', 'in', standIds)
      .groupBy('stand_id')
      .execute();
    for (const row of rows) {
      const entry = row.stand_id === null ? undefined : out.get(row.stand_id);
      if (entry) entry[key] = Number(row.n);
    }
  };
  await grouped('stand_visits', 'visits');
  await grouped('stand_history', 'history');
  await grouped('leads', 'leads');
  return out;
}

async function ownersOf(db: Db, standIds: number[]): Promise<Map<number, AccountRef[]>> {
  const out = new Map<number, AccountRef[]>();
  if (standIds.length === 0) return out;
  const rows = await db
    .selectFrom('stand_exhibitors')
    .innerJoin('users', 'users.id', 'stand_exhibitors.user_id')
    .select([
      'stand_exhibitors.stand_id as stand_id',
      'users.id as id',
      'users.firstname as firstname',
      'users.lastname as lastname',
      'users.email as email',
    ])
    .where('stand_exhibitors.stand_id', 'in', standIds)
    .orderBy('users.id')
    .execute();
  for (const row of rows) out.set(row.stand_id, [...(out.get(row.stand_id) ?? []), ownerRef(row)]);
  return out;
}

async function toAdminStands(db: Db, rows: StandRow[]): Promise<AdminStand[]> {
  const ids = rows.map((r) => r.id);
  const companyIds = [...new Set(rows.map((r) => r.company_id))];
  const [companies, owners, holds] = await Promise.all([
    companyIds.length ? db.selectFrom('companies').select(['id', 'name']).where('id', 'in', companyIds).execute() : Promise.resolve([]),
    ownersOf(db, ids),
    holdingsOf(db, ids),
  ]);
  return rows.map((row) => ({
    id_stand: encodeId(row.id),
    name: row.name,
    niceName: row.name,
    niceNameEn: row.name_en,
    panoramaSlug: row.panorama_slug,
    optin_marketing: row.optin_marketing === null ? null : row.optin_marketing === 1,
    company: { id_company: encodeId(row.company_id), name: companies.find((c) => c.id === row.company_id)?.name ?? '' },
    owners: owners.get(row.id) ?? [],
    holds: holds.get(row.id) ?? { visits: 0, history: 0, leads: 0 },
  }));
}

export async function listStands(db: Db): Promise<AdminStand[]> {
  return toAdminStands(db, await db.selectFrom('stands').selectAll().orderBy('id').execute());
}

export async function adminStand(db: Db, id: number): Promise<AdminStand | null> {
  const row = await db.selectFrom('stands').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? ((await toAdminStands(db, [row]))[0] ?? null) : null;
}

/** `stand-<the name in lower-case ASCII>`, unique among the panoramas (a removed stand's slug is not reused). */
async function freeSlug(db: Db, base: string): Promise<string> {
  const word =
    base
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60)
      .replace(/-+$/, '') || 'new';
  const taken = new Set(
    (await db.selectFrom('panoramas').select('slug').where('slug', 'like', `stand-${word}%`).execute()).map((r) => r.slug),
  );
  for (let n = 1; ; n += 1) {
    const slug = n === 1 ? `stand-${word}` : `stand-${word}-${n}`;
    if (!taken.has(slug)) return slug;
  }
}

/** Decodes a list of user ids and checks each is an exhibitor account: the ids, or a 400 on the field. */
async function exhibitorIds(db: Db, given: readonly string[], field: string, locale: LocaleCode): Promise<number[]> {
  const ids = given.map(decodeId);
  if (ids.some((id) => id === null)) throw invalid(say(locale, msg`Unknown account`), field);
  const wanted = [...new Set(ids as number[])];
  if (wanted.length === 0) return [];
  const rows = await db.selectFrom('users').select(['id', 'profile', 'anonymous']).where('id', 'in', wanted).execute();
  if (rows.length !== wanted.length) throw invalid(say(locale, msg`Unknown account`), field);
  if (rows.some((r) => r.profile !== 'exhibitor' || r.anonymous === 1))
    throw invalid(say(locale, msg`Only exhibitor accounts can hold a stand`), field);
  return wanted;
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

async function companyIdOf(db: Db, given: string, locale: LocaleCode): Promise<number> {
  const id = decodeId(given);
  const row = id === null ? undefined : await db.selectFrom('companies').select('id').where('id', '=', id).executeTakeFirst();
  if (!row) throw invalid(say(locale, msg`Unknown company`), 'company_id');
  return row.id;
}

const emailsOf = async (db: Db, userIds: number[]): Promise<string[]> =>
  userIds.length === 0
    ? []
    : (await db.selectFrom('users').select(['id', 'email']).where('id', 'in', userIds).orderBy('id').execute()).map(
        (u) => u.email ?? `#${encodeId(u.id)}`,
      );

async function ownerIds(db: Db, standId: number): Promise<number[]> {
  return (await db.selectFrom('stand_exhibitors').select('user_id').where('stand_id', '=', standId).orderBy('user_id').execute()).map(
    (r) => r.user_id,
  );
}

const flag = (value: boolean | null | undefined): 0 | 1 | null | undefined =>
  value === undefined ? undefined : value === null ? null : value ? 1 : 0;

const standRecord = (row: StandRow, companyName: string, owners: string[]): Record<string, unknown> => ({
  name: row.name,
  name_en: row.name_en,
  company: companyName,
  optin_marketing: row.optin_marketing,
  panorama: row.panorama_slug,
  owners,
});

async function companyName(db: Db, id: number): Promise<string> {
  return (await db.selectFrom('companies').select('name').where('id', '=', id).executeTakeFirst())?.name ?? '';
}

export async function createStand(
  db: Kysely<Database>,
  actor: UserRow,
  body: StandCreateBody,
  locale: LocaleCode,
): Promise<{ id: number; touched: Touched }> {
  return db.transaction().execute(async (trx) => {
    const companyId = await companyIdOf(trx, body.company_id, locale);
    const owners = await exhibitorIds(trx, body.owners ?? [], 'owners', locale);
    const standName = normalizeName(body.name);
    const standNameEn = normalizeName(body.name_en);
    const slug = await freeSlug(trx, standNameEn || standName);
    await trx.insertInto('panoramas').values({ slug, kind: 'stand', name: standName, name_en: standNameEn }).execute();
    const { id } = await trx
      .insertInto('stands')
      .values({
        name: standName,
        name_en: standNameEn,
        panorama_slug: slug,
        optin_marketing: flag(body.optin_marketing) ?? null,
        company_id: companyId,
        created_at: nowIso(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (owners.length)
      await trx
        .insertInto('stand_exhibitors')
        .values(owners.map((user_id) => ({ stand_id: id, user_id })))
        .execute();
    const row = await trx.selectFrom('stands').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    await recordChange(trx, {
      actorId: actor.id,
      action: 'stand.create',
      target: `${standName} / ${standNameEn}`,
      before: null,
      after: standRecord(row, await companyName(trx, companyId), await emailsOf(trx, owners)),
    });
    return { id, touched: { standIds: [id], userIds: owners, presence: false } };
  });
}

export async function updateStand(
  db: Kysely<Database>,
  actor: UserRow,
  id: number,
  body: StandUpdateBody,
  locale: LocaleCode,
): Promise<Touched> {
  return db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('stands').selectAll().where('id', '=', id).executeTakeFirst();
    if (!before) throw missing(say(locale, msg`Unknown stand`));
    const companyId = body.company_id === undefined ? undefined : await companyIdOf(trx, body.company_id, locale);
    const ownersBefore = await ownerIds(trx, id);
    const ownersAfter = body.owners === undefined ? ownersBefore : await exhibitorIds(trx, body.owners, 'owners', locale);
    const values = defined({
      name: body.name === undefined ? undefined : normalizeName(body.name),
      name_en: body.name_en === undefined ? undefined : normalizeName(body.name_en),
      company_id: companyId,
      optin_marketing: flag(body.optin_marketing),
    });
    if (Object.keys(values).length) await trx.updateTable('stands').set(values).where('id', '=', id).execute();
    // The panorama's names follow the stand's (the room's plan and signs).
    if (values.name !== undefined || values.name_en !== undefined)
      await trx
        .updateTable('panoramas')
        .set(defined({ name: values.name, name_en: values.name_en }))
        .where('slug', '=', before.panorama_slug)
        .where('kind', '=', 'stand')
        .execute();
    const sorted = [...ownersAfter].sort((a, b) => a - b);
    const ownersChanged = JSON.stringify(sorted) !== JSON.stringify(ownersBefore);
    if (ownersChanged) {
      await trx.deleteFrom('stand_exhibitors').where('stand_id', '=', id).execute();
      if (sorted.length)
        await trx
          .insertInto('stand_exhibitors')
          .values(sorted.map((user_id) => ({ stand_id: id, user_id })))
          .execute();
    }
    const after = await trx.selectFrom('stands').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const changed = diff(
      standRecord(before, await companyName(trx, before.company_id), await emailsOf(trx, ownersBefore)),
      standRecord(after, await companyName(trx, after.company_id), await emailsOf(trx, sorted)),
    );
    if (changed)
      await recordChange(trx, { actorId: actor.id, action: 'stand.update', target: `${after.name} / ${after.name_en}`, ...changed });
    return { standIds: [id], userIds: [...new Set([...ownersBefore, ...sorted])], presence: false };
  });
}

export async function removeStand(db: Kysely<Database>, actor: UserRow, id: number, locale: LocaleCode): Promise<Touched> {
  return removal(locale, () =>
    db.transaction().execute(async (trx) => {
      const before = await trx.selectFrom('stands').selectAll().where('id', '=', id).executeTakeFirst();
      if (!before) throw missing(say(locale, msg`Unknown stand`));
      const holds = (await holdingsOf(trx, [id])).get(id) ?? { visits: 0, history: 0, leads: 0 };
      if (holds.visits > 0 || holds.history > 0 || holds.leads > 0) {
        const { visits, history, leads: leadCount } = holds;
        const holdings = [
          visits ? say(locale, msg`${visits} visit(s)`) : '',
          history ? say(locale, msg`${history} history entr(ies)`) : '',
          leadCount ? say(locale, msg`${leadCount} lead(s)`) : '',
        ]
          .filter(Boolean)
          .join(', ');
        const name = pick(locale, before.name, before.name_en);
        throw conflict(
          say(
            locale,
            msg`The stand “${name}” was not removed: it holds ${holdings}, which removing it would delete. Rename it or take its exhibitors off instead.`,
          ),
        );
      }
      const owners = await ownerIds(trx, id);
      const record = standRecord(before, await companyName(trx, before.company_id), await emailsOf(trx, owners));
      await trx.deleteFrom('stand_exhibitors').where('stand_id', '=', id).execute();
      // Its (now unused) clicks keep their time but lose the stand, as the table's foreign key says.
      await trx.deleteFrom('stands').where('id', '=', id).execute();
      await recordChange(trx, {
        actorId: actor.id,
        action: 'stand.remove',
        target: `${before.name} / ${before.name_en}`,
        before: record,
        after: null,
      });
      return { standIds: [id], userIds: owners, presence: false };
    }),
  );
}

/* ---------------------------------------------------------------- accounts */

const MANAGED: readonly ManagedProfile[] = ['exhibitor', 'promoter'];
const isManaged = (user: Pick<UserRow, 'profile' | 'anonymous'>): user is Pick<UserRow, 'anonymous'> & { profile: ManagedProfile } =>
  user.anonymous === 0 && (MANAGED as readonly string[]).includes(user.profile);

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
    profile: u.profile as ManagedProfile,
    email: u.email,
    firstname: u.firstname,
    lastname: u.lastname,
    function: u.function,
    function_en: u.function_en,
    hidden: u.hidden === 1,
    visio_link: u.visio_link,
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

const accountRecord = (u: UserRow, stands: string[]): Record<string, unknown> => ({
  profile: u.profile,
  email: u.email,
  firstname: u.firstname,
  lastname: u.lastname,
  function: u.function,
  function_en: u.function_en,
  hidden: u.hidden === 1,
  visio_link: u.visio_link,
  stands,
});

async function standNames(db: Db, userId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('stand_exhibitors')
    .innerJoin('stands', 'stands.id', 'stand_exhibitors.stand_id')
    .select('stands.name')
    .where('stand_exhibitors.user_id', '=', userId)
    .orderBy('stands.id')
    .execute();
  return rows.map((r) => r.name);
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
  if (typed !== '') {
    const problem = adminPasswordProblem(typed);
    if (problem) throw invalid(passwordMessage(locale, problem), 'password');
  }
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
        if (stands.length)
          await trx
            .insertInto('stand_exhibitors')
            .values(stands.map((stand_id) => ({ stand_id, user_id: id })))
            .execute();
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
  if (typed !== '') {
    const problem = adminPasswordProblem(typed);
    if (problem) throw invalid(passwordMessage(locale, problem), 'password');
  }
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
    const standsBefore = (
      await trx.selectFrom('stand_exhibitors').select('stand_id').where('user_id', '=', target.id).orderBy('stand_id').execute()
    ).map((r) => r.stand_id);
    const standsAfter =
      body.stands === undefined ? standsBefore : (await standIdsOf(trx, body.stands, 'stands', locale)).sort((a, b) => a - b);
    const namesBefore = await standNames(trx, target.id);
    const values = {
      ...accountValues(body),
      ...(email === undefined ? {} : { email }),
      ...(passwordHash === null ? {} : { password_hash: passwordHash }),
    };
    if (Object.keys(values).length) await trx.updateTable('users').set(values).where('id', '=', target.id).execute();
    if (JSON.stringify(standsAfter) !== JSON.stringify(standsBefore)) {
      await trx.deleteFrom('stand_exhibitors').where('user_id', '=', target.id).execute();
      if (standsAfter.length)
        await trx
          .insertInto('stand_exhibitors')
          .values(standsAfter.map((stand_id) => ({ stand_id, user_id: target.id })))
          .execute();
    }
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
      const stands = (await trx.selectFrom('stand_exhibitors').select('stand_id').where('user_id', '=', target.id).execute()).map(
        (r) => r.stand_id,
      );
      const record = accountRecord(target, await standNames(trx, target.id));
      await trx.deleteFrom('users').where('id', '=', target.id).execute();
      await recordChange(trx, { actorId: actor.id, action: 'account.remove', target: target.email, before: record, after: null });
      return { standIds: stands, userIds: [target.id], presence: true };
    }),
  );
}

/** Which accounts a viewer may manage: administrators every managed profile, promoters exhibitors only. */
export const mayManage = (viewer: Pick<UserRow, 'profile'>, profile: ManagedProfile): boolean =>
  viewer.profile === 'administrator' || profile === 'exhibitor';
