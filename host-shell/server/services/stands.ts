import type { Kysely } from 'kysely';
import type { CompanyRow, Database, StandRow } from '../db/schema';

export interface StandWithCompany {
  stand: StandRow;
  company: CompanyRow;
}

export async function standsOfExhibitor(db: Kysely<Database>, userId: number): Promise<StandWithCompany[]> {
  const stands = await db
    .selectFrom('stands')
    .innerJoin('stand_exhibitors', 'stand_exhibitors.stand_id', 'stands.id')
    .selectAll('stands')
    .where('stand_exhibitors.user_id', '=', userId)
    .orderBy('stands.id')
    .execute();
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
