import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../schema';
import { withId } from './helpers';

/** Stream parameters (GET /api/stream/active, page data is_streaming); JSON values like every parameter. */
export const STREAM_PARAMETER_DEFAULTS: [key: string, json: string][] = [
  ['stream_active', JSON.stringify('0')],
  ['stream_video_url', JSON.stringify(null)],
  ['stream_chat_url', JSON.stringify(null)],
];

/** Stand visits, stand history, tracking events; the index for "who was active lately"; stream parameters. */
export function standVisits(dialect: Dialect): Migration {
  const id = withId(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('stand_visits')
        .$call(id)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('stand_id', 'integer', (c) => c.notNull().references('stands.id').onDelete('cascade'))
        .addColumn('started_at', 'text', (c) => c.notNull())
        .addColumn('ended_at', 'text')
        .addColumn('ended_by', 'text')
        .execute();
      // At most one open visit per user, enforced by the database (two concurrent starts cannot both win).
      await db.schema
        .createIndex('stand_visits_open_user_uq')
        .on('stand_visits')
        .column('user_id')
        .unique()
        .where(sql.ref('ended_at'), 'is', null)
        .execute();
      // Who is on a stand now (live activity), and the sweeper's scan of open visits.
      await db.schema
        .createIndex('stand_visits_open_stand_idx')
        .on('stand_visits')
        .column('stand_id')
        .where(sql.ref('ended_at'), 'is', null)
        .execute();

      await db.schema
        .createTable('stand_history')
        .$call(id)
        .addColumn('stand_id', 'integer', (c) => c.notNull().references('stands.id').onDelete('cascade'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('content', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      // The last entries of a stand, newest first.
      await db.schema.createIndex('stand_history_stand_created_idx').on('stand_history').columns(['stand_id', 'created_at']).execute();

      await db.schema
        .createTable('tracking_events')
        .$call(id)
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('value', 'text')
        .addColumn('stand_id', 'integer', (c) => c.references('stands.id').onDelete('set null'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      // Reports read events by name over a period; the foreign keys are indexed for ON DELETE SET NULL.
      await db.schema.createIndex('tracking_events_name_created_idx').on('tracking_events').columns(['name', 'created_at']).execute();
      await db.schema.createIndex('tracking_events_stand_id_idx').on('tracking_events').column('stand_id').execute();
      await db.schema.createIndex('tracking_events_user_id_idx').on('tracking_events').column('user_id').execute();

      // The activity tracker loads the users active lately when it starts.
      await db.schema.createIndex('users_last_activity_at_idx').on('users').column('last_activity_at').execute();

      for (const [key, value] of STREAM_PARAMETER_DEFAULTS) {
        await sql`insert into parameters (key, value) values (${key}, ${value}) on conflict (key) do nothing`.execute(db);
      }
    },

    async down(db: Kysely<unknown>) {
      for (const [key] of STREAM_PARAMETER_DEFAULTS) await sql`delete from parameters where key = ${key}`.execute(db);
      await db.schema.dropIndex('users_last_activity_at_idx').ifExists().execute();
      for (const table of ['tracking_events', 'stand_history', 'stand_visits']) await db.schema.dropTable(table).ifExists().execute();
    },
  };
}
