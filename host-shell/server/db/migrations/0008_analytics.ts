import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../schema';

/**
 * Indexes for the back office's figures (services/analytics.ts): a stand's visits by hour (every visit of the stand,
 * not only the open ones of 0002), and the last day's attendance (visits, sessions and tracked events since a time).
 */
export function analytics(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.createIndex('stand_visits_stand_started_idx').on('stand_visits').columns(['stand_id', 'started_at']).execute();
      await db.schema.createIndex('stand_visits_started_idx').on('stand_visits').column('started_at').execute();
      await db.schema.createIndex('sessions_created_at_idx').on('sessions').column('created_at').execute();
      await db.schema.createIndex('tracking_events_created_at_idx').on('tracking_events').column('created_at').execute();
    },

    async down(db: Kysely<unknown>) {
      for (const name of [
        'stand_visits_stand_started_idx',
        'stand_visits_started_idx',
        'sessions_created_at_idx',
        'tracking_events_created_at_idx',
      ]) {
        await db.schema.dropIndex(name).ifExists().execute();
      }
    },
  };
}
