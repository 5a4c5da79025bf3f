import type { Kysely } from 'kysely';
import { openDatabase, type DatabaseHandle } from '../db/connect';
import type { Database } from '../db/schema';
import { globalPlugin } from '../lib/plugin';

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>;
    dbHandle: DatabaseHandle;
  }
}

/**
 * Opens the database from the config, or uses the given handle (which then stays open when the app closes). `prepare`
 * (server.ts: migrations, demo seed, administrator) runs before any later plugin starts: none of their timers (the
 * mail outbox, the programme clock, the live activity) can query a table the migrations have not made yet.
 */
export const dbPlugin = globalPlugin<{ handle?: DatabaseHandle; prepare?: (handle: DatabaseHandle) => Promise<void> }>(
  'salon-db',
  async (app, { handle, prepare }) => {
    const owned = !handle;
    const db =
      handle ??
      openDatabase(app.config.database, {
        onIdleError: (err) => app.log.warn({ err }, 'PostgreSQL: an idle connection failed; the next query opens a new one'),
        onSqliteRestart: (err) =>
          app.log.error({ err }, 'SQLite: the thread died; its unanswered statements failed, a new thread took over'),
      });
    app.decorate('dbHandle', db);
    app.decorate('db', db.db);
    if (owned) app.addHook('onClose', async () => db.close());
    // A failure fails the app's start; the caller's close() closes the database (the hook above).
    if (prepare) await prepare(db);
  },
);
