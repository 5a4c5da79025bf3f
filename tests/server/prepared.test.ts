import { afterAll, describe, expect, it } from '@jest/globals';
import { Kysely, sql } from 'kysely';
import { prepared } from '../../host-shell/server/db/prepared';
import type { Database } from '../../host-shell/server/db/schema';
import { ThreadedSqliteDialect } from '../../host-shell/server/db/sqlite-thread';

// Queries compiled once, run with new values (host-shell/server/db/prepared.ts), on the SQLite thread.
const db = new Kysely<Database>({ dialect: new ThreadedSqliteDialect(':memory:') });
afterAll(() => db.destroy());

const standOfCompany = prepared((k, id: number, company: number) =>
  k.selectFrom('stands').select(['id', 'name']).where('id', '=', id).where('company_id', '=', company).where('name', '!=', 'hidden'),
);

describe('a prepared query', () => {
  it('keeps its text, takes each call’s values and keeps its own', async () => {
    await sql`create table stands (id integer primary key, company_id integer not null, name text not null)`.execute(db);
    await sql`insert into stands (id, company_id, name) values (1, 10, 'one'), (2, 20, 'two'), (3, 30, 'hidden')`.execute(db);
    const first = standOfCompany(db, 1, 10);
    const second = standOfCompany(db, 2, 20);
    expect(second.sql).toBe(first.sql);
    expect(first.parameters).toEqual([1, 10, 'hidden']);
    expect(second.parameters).toEqual([2, 20, 'hidden']);
    expect((await db.executeQuery(first)).rows).toEqual([{ id: 1, name: 'one' }]);
    expect((await db.executeQuery(second)).rows).toEqual([{ id: 2, name: 'two' }]);
    expect((await db.executeQuery(standOfCompany(db, 1, 20))).rows).toEqual([]);
    expect((await db.executeQuery(standOfCompany(db, 3, 30))).rows).toEqual([]);
  });

  it('is refused when an argument does not reach the database as a value', () => {
    const inText = prepared((k, name: string) =>
      k
        .selectFrom('stands')
        .select('id')
        .where(sql.raw<boolean>(`name = '${name}'`)),
    );
    expect(() => inText(db, 'one')).toThrow('did not take all its arguments as values');
    const branched = prepared((k, id: number) =>
      k
        .selectFrom('stands')
        .select('id')
        .where('id', '=', id > 0 ? id : 0),
    );
    expect(() => branched(db, 1)).toThrow('did not take all its arguments as values');
  });
});
