import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../schema';
import { withId } from './helpers';

/** The visitor's forms and feedback: leads (contact requests, offer forms, contest entries), opinions, game scores, shares. */
export function engagement(dialect: Dialect): Migration {
  const id = withId(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('leads')
        .$call(id)
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('stand_id', 'integer', (c) => c.references('stands.id').onDelete('set null'))
        .addColumn('company_id', 'integer', (c) => c.references('companies.id').onDelete('set null'))
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('firstname', 'text', (c) => c.notNull())
        .addColumn('lastname', 'text', (c) => c.notNull())
        .addColumn('email', 'text')
        .addColumn('phone', 'text')
        .addColumn('postal_code', 'text')
        .addColumn('city', 'text')
        .addColumn('birthdate', 'text')
        .addColumn('subject', 'text')
        .addColumn('code_apporteur', 'text')
        .addColumn('comments', 'text')
        .addColumn('contest_name', 'text')
        .addColumn('score', 'double precision')
        .addColumn('consents', 'text', (c) => c.notNull())
        .addColumn('wording_locale', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      // A stand's leads, newest first; the organiser's list by kind.
      await db.schema.createIndex('leads_stand_id_idx').on('leads').columns(['stand_id', 'id']).execute();
      await db.schema.createIndex('leads_kind_idx').on('leads').columns(['kind', 'id']).execute();
      // One entry per user and contest, even when two submits race (other kinds have no contest_name: NULLs never collide).
      await db.schema.createIndex('leads_contest_user_uq').on('leads').columns(['contest_name', 'user_id']).unique().execute();

      await db.schema
        .createTable('opinions')
        .$call(id)
        .addColumn('user_id', 'integer', (c) => c.notNull().unique().references('users.id').onDelete('cascade'))
        .addColumn('score', 'integer', (c) => c.notNull())
        .addColumn('comment', 'text', (c) => c.notNull())
        .addColumn('locale', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('contest_scores')
        .$call(id)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('score', 'double precision', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('contest_scores_user_id_idx').on('contest_scores').columns(['user_id', 'id']).execute();

      await db.schema
        .createTable('shares')
        .$call(id)
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('platform', 'text', (c) => c.notNull())
        .addColumn('title', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
    },

    async down(db: Kysely<unknown>) {
      for (const table of ['shares', 'contest_scores', 'opinions', 'leads']) await db.schema.dropTable(table).ifExists().execute();
    },
  };
}
