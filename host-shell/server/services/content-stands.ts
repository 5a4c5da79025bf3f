import { msg } from '@lingui/core/macro';
import { say } from '../i18n';
import type { Kysely } from 'kysely';
import {
  type AccountRef,
  type AdminStand,
  type StandCreateBody,
  type StandHoldings,
  type StandUpdateBody,
} from '@salon/shared/contracts/content';
import { normalizeName } from '@salon/shared/contracts/form-rules';
import type { LocaleCode } from '@salon/shared/contracts/page-data';
import { nowIso, type Database, type StandRow, type UserRow } from '../db/schema';
import { decodeId, encodeId } from '../lib/ids';
import { pick } from '../lib/locale';
import { diff, recordChange } from './audit';
import { conflict, defined, invalid, linked, missing, relink, removal, type Db, type Touched } from './content';
import { fullName } from './users';

/*
 * The stands of the event, as the organisers manage them (`/admin/stands`, `/api/admin/stands`): names, company,
 * exhibitors, the marketing consent; a new stand gets its panorama.
 */

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

/** What the audit log keeps of a stand: its row, its company's name and its exhibitors' e-mails. */
async function recordOf(db: Db, row: StandRow, owners: number[]): Promise<Record<string, unknown>> {
  const company = (await db.selectFrom('companies').select('name').where('id', '=', row.company_id).executeTakeFirst())?.name ?? '';
  return standRecord(row, company, await emailsOf(db, owners));
}

/** The stand of a change, read in its transaction, or a 404. */
async function standRow(db: Db, id: number, locale: LocaleCode): Promise<StandRow> {
  const row = await db.selectFrom('stands').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw missing(say(locale, msg`Unknown stand`));
  return row;
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
    await relink(trx, 'stand_id', id, owners);
    const row = await trx.selectFrom('stands').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    await recordChange(trx, {
      actorId: actor.id,
      action: 'stand.create',
      target: `${standName} / ${standNameEn}`,
      before: null,
      after: await recordOf(trx, row, owners),
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
    const before = await standRow(trx, id, locale);
    const companyId = body.company_id === undefined ? undefined : await companyIdOf(trx, body.company_id, locale);
    const ownersBefore = await linked(trx, 'stand_id', id);
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
    if (ownersChanged) await relink(trx, 'stand_id', id, sorted);
    const after = await trx.selectFrom('stands').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const changed = diff(await recordOf(trx, before, ownersBefore), await recordOf(trx, after, sorted));
    if (changed)
      await recordChange(trx, { actorId: actor.id, action: 'stand.update', target: `${after.name} / ${after.name_en}`, ...changed });
    return { standIds: [id], userIds: [...new Set([...ownersBefore, ...sorted])], presence: false };
  });
}

/**
 * Removes a stand that holds no visit, history entry or lead (which removing it would delete or orphan); otherwise
 * 409 listing them. Its exhibitors are taken off it (named in the audit entry); its panorama row stays, with any
 * picture uploaded for it.
 */
export async function removeStand(db: Kysely<Database>, actor: UserRow, id: number, locale: LocaleCode): Promise<Touched> {
  return removal(locale, () =>
    db.transaction().execute(async (trx) => {
      const before = await standRow(trx, id, locale);
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
      const owners = await linked(trx, 'stand_id', id);
      const record = await recordOf(trx, before, owners);
      await relink(trx, 'stand_id', id, []);
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
