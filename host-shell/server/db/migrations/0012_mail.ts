import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../schema';
import { withId } from './helpers';

/**
 * E-mail (`services/mail.ts`): the outbox (each e-mail queued, then sent or failed, retried with a growing delay),
 * the organisers' e-mailings, and on the accounts: who registered themselves (the access mode "invited only" admits
 * the others), who unsubscribed from e-mailings (and the token of their unsubscribe link), and an exhibitor's opt-in
 * to an e-mail per new lead. Sign-in links get a purpose: an organiser's link, or a password reset.
 */
export function mail(dialect: Dialect): Migration {
  const id = withId(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('emailings')
        .$call(id)
        .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('audience', 'text', (c) => c.notNull())
        .addColumn('test', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('recipients', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('skipped', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('mail_outbox')
        .$call(id)
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('to_address', 'text', (c) => c.notNull())
        .addColumn('lang', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('text_body', 'text', (c) => c.notNull())
        .addColumn('html_body', 'text')
        .addColumn('headers', 'text')
        .addColumn('attachments', 'text')
        .addColumn('emailing_id', 'integer', (c) => c.references('emailings.id').onDelete('cascade'))
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('queued'))
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'text', (c) => c.notNull())
        .addColumn('last_error', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('sent_at', 'text')
        .execute();
      await db.schema.createIndex('mail_outbox_due_idx').on('mail_outbox').columns(['status', 'next_attempt_at']).execute();
      await db.schema.createIndex('mail_outbox_emailing_idx').on('mail_outbox').columns(['emailing_id', 'status']).execute();
      await db.schema
        .alterTable('users')
        .addColumn('registered_self', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable('users').addColumn('unsubscribed_at', 'text').execute();
      await db.schema.alterTable('users').addColumn('mail_token', 'text').execute();
      await db.schema
        .alterTable('users')
        .addColumn('lead_emails', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex('users_mail_token_idx').on('users').column('mail_token').unique().execute();
      await db.schema
        .alterTable('signin_links')
        .addColumn('purpose', 'text', (c) => c.notNull().defaultTo('signin'))
        .execute();
    },

    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('signin_links').dropColumn('purpose').execute();
      await db.schema.dropIndex('users_mail_token_idx').ifExists().execute();
      for (const column of ['lead_emails', 'mail_token', 'unsubscribed_at', 'registered_self'])
        await db.schema.alterTable('users').dropColumn(column).execute();
      await db.schema.dropTable('mail_outbox').ifExists().execute();
      await db.schema.dropTable('emailings').ifExists().execute();
    },
  };
}
