import type { Kysely } from 'kysely';
import type { CompanyRow, Database, StandRow } from '../db/schema';
import { decodeId } from '../lib/ids';

export interface StandWithCompany {
  stand: StandRow;
  company: CompanyRow;
}

/** The stands an exhibitor holds, by id. */
export async function exhibitorStands(db: Kysely<Database>, userId: number): Promise<StandRow[]> {
  return db
    .selectFrom('stands')
    .innerJoin('stand_exhibitors', 'stand_exhibitors.stand_id', 'stands.id')
    .selectAll('stands')
    .where('stand_exhibitors.user_id', '=', userId)
    .orderBy('stands.id')
    .execute();
}

export async function standsOfExhibitor(db: Kysely<Database>, userId: number): Promise<StandWithCompany[]> {
  const stands = await exhibitorStands(db, userId);
  if (stands.length === 0) return [];
  const companies = await db
    .selectFrom('companies')
    .selectAll()
    .where('id', 'in', [...new Set(stands.map((s) => s.company_id))])
    .execute();
  return stands.flatMap((stand) => {
    const company = companies.find((c) => c.id === stand.company_id);
    return company ? [{ stand, company }] : [];
  });
}

/** The ids (as sent) that are not stands of this salon. */
export async function unknownStands(db: Kysely<Database>, ids: string[]): Promise<string[]> {
  const decoded = new Map<string, number | null>(ids.map((id) => [id, decodeId(id)]));
  const numbers = [...new Set([...decoded.values()].filter((id): id is number => id !== null))];
  const found = new Set<number>();
  // Bounded by JOURNEY_MAX_STANDS per list, so one query stays well under the databases' parameter limits.
  if (numbers.length > 0)
    for (const row of await db.selectFrom('stands').select('id').where('id', 'in', numbers).execute()) found.add(row.id);
  return ids.filter((id) => {
    const number = decoded.get(id);
    return number === null || number === undefined || !found.has(number);
  });
}
