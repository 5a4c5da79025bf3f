import { Migrator, type MigrationResult } from 'kysely';
import type { DatabaseHandle } from './connect';
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
