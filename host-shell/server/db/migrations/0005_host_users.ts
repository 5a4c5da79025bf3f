import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../schema';

/**
 * Users whose identity another site decides (the Symfony host: `POST /api/host/sessions`): the salon user of each
 * (host, host user id), and the nonces of the signed handoffs already seen (a replay is refused, across processes).
 */
export function hostUsers(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('host_users')
        .addColumn('host', 'text', (c) => c.notNull())
        .addColumn('host_user_id', 'text', (c) => c.notNull())
        .addColumn('user_id', 'integer', (c) => c.notNull().unique().references('users.id').onDelete('cascade'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('host_users_pk', ['host', 'host_user_id'])
        .execute();

      await db.schema
        .createTable('host_nonces')
        .addColumn('nonce', 'text', (c) => c.primaryKey())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('host_nonces_expires_at_idx').on('host_nonces').column('expires_at').execute();
    },

    async down(db: Kysely<unknown>) {
      for (const table of ['host_nonces', 'host_users']) await db.schema.dropTable(table).ifExists().execute();
    },
  };
}
