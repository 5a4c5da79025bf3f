import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../schema';
import { withId } from './helpers';

/**
 * The audit log: every change an administrator or a promoter makes through the product (who, what, before, after,
 * when). The actor's name and e-mail are kept as they were at the time, so an entry still says who after the
 * account changes or goes.
 */
export function auditLog(dialect: Dialect): Migration {
  const id = withId(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('audit_log')
        .$call(id)
        .addColumn('actor_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('actor_name', 'text', (c) => c.notNull())
        .addColumn('actor_email', 'text')
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('target', 'text')
        .addColumn('before', 'text')
        .addColumn('after', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      // The list: newest first.
      await db.schema.createIndex('audit_log_created_at_idx').on('audit_log').columns(['created_at', 'id']).execute();
    },

    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('audit_log').ifExists().execute();
    },
  };
}
