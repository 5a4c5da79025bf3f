import type { CreateTableBuilder } from 'kysely';
import type { Dialect } from '../schema';

/**
 * The one non-portable column: an auto-generated integer key.
 * SQLite: `integer primary key autoincrement` (ids are never reused, which matters for ids in URLs).
 * PostgreSQL: an identity column (Kysely would emit MySQL's `auto_increment` for `autoIncrement()`).
 */
export function withId(dialect: Dialect) {
  return <T extends string, C extends string>(table: CreateTableBuilder<T, C>) =>
    dialect === 'postgres'
      ? table.addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
      : table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());
}
