import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../schema';

/**
 * Indexes for the back office's figures (services/analytics.ts): a stand's visits by hour (every visit of the stand,
 * not only the open ones of 0002), and the last day's attendance (visits, sessions and tracked events since a time).
 */
const INDEXES: [name: string, table: string, columns: string[]][] = [
  ['stand_visits_stand_started_idx', 'stand_visits', ['stand_id', 'started_at']],
  ['stand_visits_started_idx', 'stand_visits', ['started_at']],
  ['sessions_created_at_idx', 'sessions', ['created_at']],
  ['tracking_events_created_at_idx', 'tracking_events', ['created_at']],
];

export function analytics(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      for (const [name, table, columns] of INDEXES) await db.schema.createIndex(name).on(table).columns(columns).execute();
    },

    async down(db: Kysely<unknown>) {
      for (const [name] of INDEXES) await db.schema.dropIndex(name).ifExists().execute();
    },
  };
}
