import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../schema';
import { withId } from './helpers';

/**
 * Sign-in links (`services/signin-links.ts`): an organiser hands them out through their own mailing tool to accounts
 * that cannot sign in (imported without a password). Only the SHA-256 of the token is stored; a link works once,
 * until `expires_at`.
 */
export function signinLinks(dialect: Dialect): Migration {
  const id = withId(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('signin_links')
        .$call(id)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('used_at', 'text')
        .execute();
      await db.schema.createIndex('signin_links_user_id_idx').on('signin_links').column('user_id').execute();
    },

    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('signin_links').ifExists().execute();
    },
  };
}
