import { Migrator, type MigrationResult } from 'kysely';
import type { DatabaseConfig } from '../config';
import { openDatabase, type DatabaseHandle } from './connect';
import { migrations } from './migrations';

export async function migrateToLatest({ db, dialect, schema }: DatabaseHandle): Promise<MigrationResult[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations(dialect) },
    // Kysely looks for its bookkeeping tables in every schema; pin them to ours.
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`Migration ${failed} failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  return results ?? [];
}

/**
 * The migrations of a start (server, create-admin, render-panoramas): through PostgreSQL itself when the configuration
 * names it apart (DATABASE_DIRECT_URL, DATABASE_URL going through PgBouncer in transaction mode). Kysely's lock is a
 * session's (`pg_advisory_lock`), which PgBouncer would leave held on one of its server connections.
 */
export async function migrateAtStart(handle: DatabaseHandle, direct: string | undefined): Promise<MigrationResult[]> {
  if (!direct) return migrateToLatest(handle);
  const own = openDatabase({
    dialect: 'postgres',
    connectionString: direct,
    poolMax: 1,
    ...(handle.schema ? { schema: handle.schema } : {}),
  });
  try {
    return await migrateToLatest(own);
  } finally {
    await own.close();
  }
}

/** DATABASE_DIRECT_URL as the configuration holds it, for `migrateAtStart`. */
export const directUrlOf = (config: DatabaseConfig): string | undefined =>
  config.dialect === 'postgres' ? config.directConnectionString : undefined;
