import type { Insertable, Kysely, Selectable } from 'kysely';
import { nowIso, type ContactRequestsTable, type Database, type ProfileCode } from '../db/schema';

export interface Counts {
  byProfile: Record<ProfileCode, number>;
  anonymous: number;
  stands: number;
  companies: number;
  contactRequests: number;
  notifications: number;
}

const num = (value: string | number | bigint | undefined | null): number => Number(value ?? 0);

export async function counts(db: Kysely<Database>): Promise<Counts> {
  const rows = await db
    .selectFrom('users')
    .select(['profile', 'anonymous', (eb) => eb.fn.countAll<string | number>().as('n')])
    .groupBy(['profile', 'anonymous'])
    .execute();
  const byProfile: Record<ProfileCode, number> = { administrator: 0, promoter: 0, exhibitor: 0, visitor: 0 };
  let anonymous = 0;
  for (const row of rows) {
    if (row.anonymous === 1) anonymous += num(row.n);
    else byProfile[row.profile] += num(row.n);
  }
  const count = async (table: 'stands' | 'companies' | 'contact_requests' | 'notifications') =>
    num(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<string | number>().as('n'))
          .executeTakeFirst()
      )?.n,
    );
  const [stands, companies, contactRequests, notifications] = await Promise.all([
    count('stands'),
    count('companies'),
    count('contact_requests'),
    count('notifications'),
  ]);
  return { byProfile, anonymous, stands, companies, contactRequests, notifications };
}

export async function recentContactRequests(db: Kysely<Database>, limit = 10): Promise<Selectable<ContactRequestsTable>[]> {
  return db.selectFrom('contact_requests').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

/** Stores a message of the contact form (`POST /contact`) for the organisers, dated now. */
export async function saveContactRequest(
  db: Kysely<Database>,
  request: Omit<Insertable<ContactRequestsTable>, 'id' | 'created_at'>,
): Promise<void> {
  await db
    .insertInto('contact_requests')
    .values({ ...request, created_at: nowIso() })
    .execute();
}
