import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../schema';
import { withId } from './helpers';

/**
 * The programme and booked meetings (`services/programme.ts`, `services/meetings.ts`):
 * - `talks`: a talk of the programme, on the live stream (its own video and chat addresses) or on a stand;
 * - `agenda_talks`: the talks a person added to "My agenda" (`reminded_at`: the 5-minute reminder went out);
 * - `meeting_slots`: the slots an exhibitor offers on a stand they own;
 * - `meetings`: a visitor's booking of a slot. At most one booking holds a slot (requested or accepted): a unique
 *   partial index, so that two bookings at the same instant cannot both succeed, on SQLite and PostgreSQL alike.
 */
export function programmeMeetings(dialect: Dialect): Migration {
  const id = withId(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('talks')
        .$call(id)
        .addColumn('title_fr', 'text', (c) => c.notNull())
        .addColumn('title_en', 'text', (c) => c.notNull())
        .addColumn('description_fr', 'text', (c) => c.notNull())
        .addColumn('description_en', 'text', (c) => c.notNull())
        .addColumn('speakers', 'text', (c) => c.notNull())
        .addColumn('starts_at', 'text', (c) => c.notNull())
        .addColumn('ends_at', 'text', (c) => c.notNull())
        .addColumn('place', 'text', (c) => c.notNull())
        .addColumn('stand_id', 'integer', (c) => c.references('stands.id').onDelete('set null'))
        .addColumn('video_url', 'text')
        .addColumn('chat_url', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('talks_starts_at_idx').on('talks').columns(['starts_at', 'id']).execute();
      await db.schema.createIndex('talks_ends_at_idx').on('talks').column('ends_at').execute();

      await db.schema
        .createTable('agenda_talks')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('talk_id', 'integer', (c) => c.notNull().references('talks.id').onDelete('cascade'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('reminded_at', 'text')
        .addPrimaryKeyConstraint('agenda_talks_pk', ['user_id', 'talk_id'])
        .execute();
      await db.schema.createIndex('agenda_talks_talk_id_idx').on('agenda_talks').column('talk_id').execute();

      await db.schema
        .createTable('meeting_slots')
        .$call(id)
        .addColumn('stand_id', 'integer', (c) => c.notNull().references('stands.id').onDelete('cascade'))
        .addColumn('exhibitor_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('starts_at', 'text', (c) => c.notNull())
        .addColumn('ends_at', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('meeting_slots_stand_idx').on('meeting_slots').columns(['stand_id', 'starts_at']).execute();
      await db.schema.createIndex('meeting_slots_exhibitor_idx').on('meeting_slots').columns(['exhibitor_id', 'starts_at']).execute();

      await db.schema
        .createTable('meetings')
        .$call(id)
        .addColumn('slot_id', 'integer', (c) => c.notNull().references('meeting_slots.id').onDelete('cascade'))
        .addColumn('visitor_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('message', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('reason', 'text')
        .addColumn('cancelled_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addColumn('started_notice_at', 'text')
        .execute();
      // The rule against double booking: one requested or accepted meeting per slot, whatever races.
      await db.schema
        .createIndex('meetings_slot_held_idx')
        .on('meetings')
        .column('slot_id')
        .unique()
        .where(sql<boolean>`status in ('requested', 'accepted')`)
        .execute();
      await db.schema.createIndex('meetings_slot_idx').on('meetings').column('slot_id').execute();
      await db.schema.createIndex('meetings_visitor_idx').on('meetings').column('visitor_id').execute();
    },

    async down(db: Kysely<unknown>) {
      for (const table of ['meetings', 'meeting_slots', 'agenda_talks', 'talks']) await db.schema.dropTable(table).ifExists().execute();
    },
  };
}
