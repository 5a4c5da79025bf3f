/* The only file that listens. `npx tsx host-shell/server/server.ts` */
import { build } from './app';
import { loadConfig } from './config';
import { migrateToLatest } from './db/migrate';
import { isDatabaseEmpty, seedDemo } from './db/seed';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './db/seed-data';
import { deleteExpiredSessions } from './services/sessions';

async function main(): Promise<void> {
  const config = loadConfig();
  const app = build({ config });
  await app.ready();

  const applied = await migrateToLatest(app.dbHandle);
  for (const m of applied) app.log.info({ migration: m.migrationName, status: m.status }, 'migration');
  if (await isDatabaseEmpty(app.db)) {
    await seedDemo(app.db, { scryptCost: config.scryptCost });
    app.log.info('demo salon seeded');
  }
  await deleteExpiredSessions(app.db);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) {
      app.log.warn({ signal }, 'second signal, exiting now');
      process.exit(1);
    }
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    try {
      await app.close(); // closes the database through the db plugin's onClose hook
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));

  const address = await app.listen({ host: config.host, port: config.port });
  const database = config.database.dialect === 'sqlite' ? `SQLite ${config.database.filename}` : 'PostgreSQL (DATABASE_URL)';
  const width = Math.max(...DEMO_ACCOUNTS.map((a) => a.email.length));
  process.stdout.write(
    [
      '',
      `Salon is running at ${address}/  (database: ${database})`,
      `Demo accounts (password "${DEMO_PASSWORD}"):`,
      ...DEMO_ACCOUNTS.map((a) => `  ${a.email.padEnd(width)}  ${DEMO_PASSWORD}  ${a.profile}`),
      `Anonymous visit: ${address}/salon`,
      '',
    ].join('\n') + '\n',
  );
}

main().catch((err: unknown) => {
  process.stderr.write(`Salon failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
