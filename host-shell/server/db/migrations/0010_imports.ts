import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../schema';
import { withId } from './helpers';

/**
 * CSV imports (spec §5 "Uploads", `POST /api/users/import`, `/api/visio-links/import`): an uploaded file's checked
 * lines and its preview, kept between the upload and the confirmation, then its progress and report. In the
 * database rather than in memory, so that any process of the salon can confirm it and answer its progress.
 */
export function imports(dialect: Dialect): Migration {
  const id = withId(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('imports')
        .$call(id)
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('file_name', 'text', (c) => c.notNull())
        .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('rows', 'text', (c) => c.notNull())
        .addColumn('preview', 'text', (c) => c.notNull())
        .addColumn('report', 'text')
        .addColumn('processed', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('total', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('error', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('imports_expires_at_idx').on('imports').column('expires_at').execute();
    },

    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('imports').ifExists().execute();
    },
  };
}
