/**
 * A transaction whose statements need none of each other's results (a visit's start: its statements are known
 * before the first runs). On the SQLite thread it travels as one message and holds the connection for no turn of the
 * event loop, where a Kysely transaction holds it from its `begin`'s answer to its commit (the next transactions wait
 * meanwhile); on PostgreSQL or SQLite on the event loop, it is a Kysely transaction running them in order.
 */
import { sql, type CompiledQuery, type Kysely, type QueryResult, type RawBuilder } from 'kysely';
import type { Database, Dialect } from './schema';
import type { ThreadedSqliteDialect } from './sqlite-thread';

const threads = new WeakMap<Kysely<Database>, ThreadedSqliteDialect>();

/** `db` runs on this SQLite thread (connect.ts). */
export function onThread(db: Kysely<Database>, dialect: ThreadedSqliteDialect): Kysely<Database> {
  threads.set(db, dialect);
  return db;
}

/** Runs the statements in one transaction, all or none: each one's result, in order; the first error thrown. */
export async function atomically(db: Kysely<Database>, queries: readonly CompiledQuery[]): Promise<QueryResult<unknown>[]> {
  const whole = threads.get(db)?.atomic(queries);
  if (whole) return whole;
  return db.transaction().execute(async (trx) => {
    const results: QueryResult<unknown>[] = [];
    for (const query of queries) results.push(await trx.executeQuery(query));
    return results;
  });
}

/**
 * The statement that makes the transactions given the same keys take turns, or null where they do already: on
 * PostgreSQL, a transaction-level advisory lock (released at commit or rollback; a one-key and a two-key lock never
 * meet); SQLite runs one writing transaction at a time.
 */
export function takeTurns(dialect: Dialect, keys: readonly [number] | readonly [number, number]): RawBuilder<unknown> | null {
  return dialect === 'postgres' ? sql`select pg_advisory_xact_lock(${sql.join(keys)})` : null;
}
