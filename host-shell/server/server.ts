/*
 * The only file that listens.
 *   SALON_DEMO=1 npx tsx host-shell/server/server.ts     the demo salon (what `npm start` runs)
 *   npm run start:production                             the compiled copy (dist/server/server.js), NODE_ENV=production
 * What each mode does to the database: startup.ts.
 */
// First: the Lingui macro under tsx (i18n/macro-hook.ts).
import './i18n/macro-hook';
import { build } from './app';
import { loadConfig } from './config';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './db/seed-data';
import { deleteExpiredSessions } from './services/sessions';
import { CREATE_ADMIN_HINT, StartupRefusal, prepareDatabase, startupOptions } from './startup';

/** Connections waiting to be accepted (see the listen call). */
const LISTEN_BACKLOG = 4096;

async function main(): Promise<void> {
  const options = startupOptions();
  const config = loadConfig();
  const app = build({ config });
  // A promise nobody awaited failed (a background task: a broadcast, a flush, a refresh): logged with its stack, and the
  // process goes on serving everyone else, as when PostgreSQL or Redis restarts under it. An exception nobody caught
  // leaves the process in an unknown state: logged, then it exits for its supervisor to start it again.
  process.on('unhandledRejection', (reason) => app.log.error({ err: reason }, 'unhandled rejection'));
  process.on('uncaughtException', (err) => {
    app.log.fatal({ err }, 'uncaught exception: exiting');
    process.exit(1);
  });
  await app.ready();

  let report;
  try {
    report = await prepareDatabase(app.dbHandle, options, config.scryptCost);
  } catch (err) {
    await app.close();
    throw err;
  }
  for (const m of report.migrations) app.log.info({ migration: m.migrationName, status: m.status }, 'migration');
  if (report.seeded) app.log.info('demo salon seeded');
  if (report.adminCreated) app.log.info({ email: report.adminCreated }, 'administrator created from SALON_ADMIN_EMAIL');
  if (options.admin && !report.adminCreated)
    app.log.info('an administrator exists: SALON_ADMIN_EMAIL and SALON_ADMIN_PASSWORD are not used');
  if (report.administrators === 0) app.log.warn(`no administrator yet: ${CREATE_ADMIN_HINT}`);
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

  // Node's default accept queue (511) overflows when thousands of visitors reconnect at once (a restart, a network
  // blip): connections are then reset. The kernel caps it at net.core.somaxconn.
  const address = await app.listen({ host: config.host, port: config.port, backlog: LISTEN_BACKLOG });
  // The panoramas missing from PANORAMA_DIR are drawn in the background (PANORAMA_PRERENDER=0: when first asked for).
  app.panoramas.refresh();
  const database = config.database.dialect === 'sqlite' ? `SQLite ${config.database.filename}` : 'PostgreSQL (DATABASE_URL)';
  const mode = options.demo ? 'demo salon' : options.production ? 'production' : 'no demo data';
  const lines = ['', `Salon is running at ${address}/  (database: ${database}; ${mode})`];
  if (options.demo) {
    const width = Math.max(...DEMO_ACCOUNTS.map((a) => a.email.length));
    lines.push(
      `Demo accounts (password "${DEMO_PASSWORD}"):`,
      ...DEMO_ACCOUNTS.map((a) => `  ${a.email.padEnd(width)}  ${DEMO_PASSWORD}  ${a.profile}`),
      `Anonymous visit: ${address}/salon`,
    );
  } else if (report.administrators === 0) {
    lines.push(`No administrator yet: ${CREATE_ADMIN_HINT}.`);
  } else {
    lines.push(`Administrators: ${report.administrators}`);
  }
  process.stdout.write([...lines, ''].join('\n') + '\n');
}

main().catch((err: unknown) => {
  if (err instanceof StartupRefusal) process.stderr.write(`Salon refused to start: ${err.message}\n`);
  else process.stderr.write(`Salon failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
