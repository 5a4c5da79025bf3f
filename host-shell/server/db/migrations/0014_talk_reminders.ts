import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../schema';

/** A person's opt-in to an e-mail 5 minutes before each talk of their agenda (`/profil`; `services/programme-clock.ts`). */
export function talkReminders(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('users')
        .addColumn('talk_reminder_emails', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('users').dropColumn('talk_reminder_emails').execute();
    },
  };
}
