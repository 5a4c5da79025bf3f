import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../schema';
import { withId } from './helpers';

/** Users, sessions, companies, stands, panoramas, parameters, features, notifications, contact requests. */
export function initial(dialect: Dialect): Migration {
  const id = withId(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('users')
        .$call(id)
        .addColumn('profile', 'text', (c) => c.notNull())
        .addColumn('anonymous', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('availability', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('pseudo', 'text')
        .addColumn('firstname', 'text')
        .addColumn('lastname', 'text')
        .addColumn('email', 'text', (c) => c.unique())
        .addColumn('contact_email', 'text')
        .addColumn('mobile', 'text')
        .addColumn('postal_code', 'text')
        .addColumn('city', 'text')
        .addColumn('birthdate', 'text')
        .addColumn('linkedin', 'text')
        .addColumn('visio_link', 'text')
        .addColumn('fields_param', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('journey', 'text')
        .addColumn('password_hash', 'text')
        .addColumn('function', 'text')
        .addColumn('function_en', 'text')
        .addColumn('presentation', 'text')
        .addColumn('presentation_en', 'text')
        .addColumn('picture_path', 'text')
        .addColumn('video_path', 'text')
        .addColumn('locale', 'text')
        .addColumn('last_activity_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('users_profile_idx').on('users').column('profile').execute();

      await db.schema
        .createTable('sessions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('sessions_user_id_idx').on('sessions').column('user_id').execute();

      await db.schema
        .createTable('companies')
        .$call(id)
        .addColumn('name', 'text', (c) => c.notNull().unique())
        .addColumn('description', 'text')
        .addColumn('description_en', 'text')
        .addColumn('website_link', 'text')
        .addColumn('storage_link', 'text')
        .addColumn('mobile', 'text')
        .addColumn('email', 'text')
        .addColumn('facebook_link', 'text')
        .addColumn('linkedin_link', 'text')
        .addColumn('twitter_link', 'text')
        .addColumn('youtube_link', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('panoramas')
        .$call(id)
        .addColumn('slug', 'text', (c) => c.notNull().unique())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('name_en', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('stands')
        .$call(id)
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('name_en', 'text', (c) => c.notNull())
        .addColumn('panorama_slug', 'text', (c) => c.notNull().unique().references('panoramas.slug'))
        .addColumn('optin_marketing', 'integer')
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('stands_company_id_idx').on('stands').column('company_id').execute();

      await db.schema
        .createTable('stand_exhibitors')
        .addColumn('stand_id', 'integer', (c) => c.notNull().references('stands.id').onDelete('cascade'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('stand_exhibitors_pk', ['stand_id', 'user_id'])
        .execute();
      await db.schema.createIndex('stand_exhibitors_user_id_idx').on('stand_exhibitors').column('user_id').execute();

      for (const table of ['parameters', 'features']) {
        await db.schema
          .createTable(table)
          .addColumn('key', 'text', (c) => c.primaryKey())
          .addColumn('value', 'text', (c) => c.notNull())
          .execute();
      }

      await db.schema
        .createTable('notifications')
        .$call(id)
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('title_en', 'text', (c) => c.notNull())
        .addColumn('at', 'text', (c) => c.notNull())
        .addColumn('at_en', 'text', (c) => c.notNull())
        .addColumn('message', 'text', (c) => c.notNull())
        .addColumn('message_en', 'text', (c) => c.notNull())
        .addColumn('sent_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('notifications_sent_at_idx').on('notifications').column('sent_at').execute();

      await db.schema
        .createTable('contact_requests')
        .$call(id)
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('email', 'text')
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('message', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
    },

    async down(db: Kysely<unknown>) {
      for (const table of [
        'contact_requests',
        'notifications',
        'features',
        'parameters',
        'stand_exhibitors',
        'stands',
        'panoramas',
        'companies',
        'sessions',
        'users',
      ]) {
        await db.schema.dropTable(table).ifExists().execute();
      }
    },
  };
}
