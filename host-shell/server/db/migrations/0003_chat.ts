import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../schema';
import { withId } from './helpers';

/** Chat: channels, their members, messages (deduplicated by member and client id), uploaded files; notification recipients. */
export function chat(dialect: Dialect): Migration {
  const id = withId(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('channels')
        .$call(id)
        .addColumn('direct_key', 'text', (c) => c.unique())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('channel_members')
        .$call(id)
        .addColumn('channel_id', 'integer', (c) => c.notNull().references('channels.id').onDelete('cascade'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('last_read_message_id', 'integer')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      // One membership per user and channel; the user's channels.
      await db.schema
        .createIndex('channel_members_channel_user_uq')
        .on('channel_members')
        .columns(['channel_id', 'user_id'])
        .unique()
        .execute();
      await db.schema.createIndex('channel_members_user_id_idx').on('channel_members').column('user_id').execute();

      await db.schema
        .createTable('messages')
        .$call(id)
        .addColumn('channel_id', 'integer', (c) => c.notNull().references('channels.id').onDelete('cascade'))
        .addColumn('member_id', 'integer', (c) => c.notNull().references('channel_members.id').onDelete('cascade'))
        .addColumn('client_id', 'text')
        .addColumn('content', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text')
        .execute();
      // A retried send is stored once (NULL client ids, the server's own messages, never collide).
      await db.schema.createIndex('messages_member_client_uq').on('messages').columns(['member_id', 'client_id']).unique().execute();
      // A channel's pages (latest, before, after an id), its count, last message and unread count.
      await db.schema.createIndex('messages_channel_id_idx').on('messages').columns(['channel_id', 'id']).execute();

      await db.schema
        .createTable('chat_files')
        .$call(id)
        .addColumn('stored_name', 'text', (c) => c.notNull().unique())
        .addColumn('channel_id', 'integer', (c) => c.notNull().references('channels.id').onDelete('cascade'))
        .addColumn('member_id', 'integer', (c) => c.notNull().references('channel_members.id').onDelete('cascade'))
        .addColumn('original_name', 'text', (c) => c.notNull())
        .addColumn('mime', 'text', (c) => c.notNull())
        .addColumn('extension', 'text', (c) => c.notNull())
        .addColumn('size', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('chat_files_channel_id_idx').on('chat_files').column('channel_id').execute();
      await db.schema.createIndex('chat_files_member_id_idx').on('chat_files').column('member_id').execute();

      await db.schema
        .createTable('notification_recipients')
        .addColumn('notification_id', 'integer', (c) => c.notNull().references('notifications.id').onDelete('cascade'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('notification_recipients_pk', ['notification_id', 'user_id'])
        .execute();
      await db.schema.createIndex('notification_recipients_user_id_idx').on('notification_recipients').column('user_id').execute();
    },

    async down(db: Kysely<unknown>) {
      for (const table of ['notification_recipients', 'chat_files', 'messages', 'channel_members', 'channels'])
        await db.schema.dropTable(table).ifExists().execute();
    },
  };
}
