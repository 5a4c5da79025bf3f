import { msg } from '@lingui/core/macro';
import { say } from '../i18n';
import { sql, type Kysely } from 'kysely';
import {
  type AdminCompany,
  COMPANY_DOCUMENT_PATTERN,
  type CompanyCreateBody,
  type CompanyUpdateBody,
  type StandRef,
} from '@salon/shared/contracts/content';
import type { LocaleCode } from '@salon/shared/contracts/page-data';
import { nowIso, type CompanyRow, type Database, type UserRow } from '../db/schema';
import { encodeId } from '../lib/ids';
import { languageOf } from '../lib/locale';
import { diff, recordChange } from './audit';
import { cleared, conflict, count, defined, invalid, missing, name, removal, unique, type Db, type Touched } from './content';
import { toCompany } from './exhibitors';
import { findMedia, isServed } from './medias';
import { normalizeEmail } from './users';

/* The companies of the event, as the organisers manage them (`/admin/entreprises`, `/api/admin/companies`). */

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

/** The company of a change, read in its transaction, or a 404. */
async function companyRow(db: Db, id: number, locale: LocaleCode): Promise<CompanyRow> {
  const row = await db.selectFrom('companies').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw missing(say(locale, msg`Unknown company`));
  return row;
}

const nameTaken = (locale: LocaleCode, companyName: string) =>
  conflict(say(locale, msg`A company named “${companyName}” already exists.`), {
    name: say(locale, msg`This name is already taken`),
  });

export async function createCompany(db: Kysely<Database>, actor: UserRow, body: CompanyCreateBody, locale: LocaleCode): Promise<number> {
  const write = () =>
    db.transaction().execute(async (trx) => {
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
      await recordChange(trx, {
        actorId: actor.id,
        action: 'company.create',
        target: companyName,
        before: null,
        after: companyRecord(row),
      });
      return id;
    });
  return unique(write, () => nameTaken(locale, name(body.name) ?? body.name));
}

/** Returns the company's stands (their exhibitors show the company's name). */
export async function updateCompany(
  db: Kysely<Database>,
  actor: UserRow,
  id: number,
  body: CompanyUpdateBody,
  locale: LocaleCode,
): Promise<Touched> {
  const write = () =>
    db.transaction().execute(async (trx): Promise<Touched> => {
      const before = await companyRow(trx, id, locale);
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
  return unique(write, () => nameTaken(locale, name(body.name) ?? body.name ?? ''));
}

export async function removeCompany(db: Kysely<Database>, actor: UserRow, id: number, locale: LocaleCode): Promise<void> {
  await removal(locale, () =>
    db.transaction().execute(async (trx) => {
      const before = await companyRow(trx, id, locale);
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
