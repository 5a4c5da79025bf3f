/*
 * The only file that listens.
 *   SALON_DEMO=1 npx tsx host-shell/server/server.ts     the demo salon (what `npm start` runs)
 *   npm run start:production                             the compiled copy (dist/server/server.js), NODE_ENV=production
 * What each mode does to the database: startup.ts. Everything it says is a JSON line of ops/logger.ts: the banner
 * (`event: "start"`), a refusal (`"refused"`), a failure (`"failed"`), the stop (`"stopping"`, then `"stopped"`).
 */
// First: the Lingui macro under tsx (i18n/macro-hook.ts).
import './i18n/macro-hook';
import type { Logger } from 'pino';
import { build } from './app';
import { loadConfig, type AppConfig } from './config';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './db/seed-data';
import { salonLogger } from './ops/logger';
import { claimSqliteFile } from './ops/production';
import { startMailCatcher, type MailCatcher } from './services/mail-catcher';
import { deleteExpiredSessions } from './services/sessions';
import { directUrlOf } from './db/migrate';
import { CREATE_ADMIN_HINT, StartupRefusal, prepareDatabase, startupOptions, type StartupReport } from './startup';

/** Connections waiting to be accepted (see the listen call). */
const LISTEN_BACKLOG = 4096;

/** The environment as AppConfig; a bad value is a refusal (its message says which variable). */
function configOrRefusal(): AppConfig {
  try {
    return loadConfig();
  } catch (err) {
    throw new StartupRefusal(err instanceof Error ? err.message : String(err));
  }
}

async function main(log: Logger, always: Logger): Promise<void> {
  const options = startupOptions();
  const config = configOrRefusal();
  if (options.production && config.database.dialect === 'sqlite') {
    const problem = claimSqliteFile(config.database.filename);
    if (problem) throw new StartupRefusal(`NODE_ENV=production: ${problem}`);
  }
  if (options.production && !config.publicUrl)
    log.warn({ event: 'config' }, 'PUBLIC_URL is not set: the links the salon writes use the origin each request arrived with');
  if (options.production && !config.clamavSocket)
    log.warn({ event: 'config' }, 'UPLOADS_UNSCANNED=1: uploads are served without an antivirus scan');
  if (!options.demo && !config.smtpUrl) log.warn({ event: 'config' }, 'SMTP_URL is not set: e-mails are kept queued, none is sent');
  // The demo start catches every e-mail in a local SMTP server of its own, shown on /admin/courriels.
  const mailCatcher: MailCatcher | null = options.demo && !config.smtpUrl ? await startMailCatcher() : null;
  // Migrations, the demo seed and the administrator, before any plugin starts its background work.
  let prepared: StartupReport | undefined;
  const app = build({
    config,
    loggerInstance: log,
    mailCatcher,
    prepare: async (handle) => {
      prepared = await prepareDatabase(handle, options, config.scryptCost, directUrlOf(config.database));
    },
  });
  // A promise nobody awaited failed (a background task: a broadcast, a flush, a refresh): logged with its stack, and the
  // process goes on serving everyone else, as when PostgreSQL or Redis restarts under it. An exception nobody caught
  // leaves the process in an unknown state: logged, then it exits for its supervisor to start it again.
  process.on('unhandledRejection', (reason) => app.log.error({ err: reason }, 'unhandled rejection'));
  process.on('uncaughtException', (err) => {
    app.log.fatal({ err }, 'uncaught exception: exiting');
    process.exit(1);
  });
  try {
    await app.ready();
  } catch (err) {
    await app.close().catch(() => undefined);
    await mailCatcher?.close();
    throw err;
  }
  const report = prepared as StartupReport;
  for (const m of report.migrations) app.log.info({ migration: m.migrationName, status: m.status }, 'migration');
  if (report.seeded) app.log.info('demo salon seeded');
  if (report.adminCreated) app.log.info({ email: report.adminCreated }, 'administrator created from SALON_ADMIN_EMAIL');
  if (options.admin && !report.adminCreated)
    app.log.info('an administrator exists: SALON_ADMIN_EMAIL and SALON_ADMIN_PASSWORD are not used');
  if (report.administrators === 0) app.log.warn(`no administrator yet: ${CREATE_ADMIN_HINT}`);
  await deleteExpiredSessions(app.db);

  // SIGTERM or SIGINT: the sockets are told to reconnect (to another process behind the proxy) and the live streams
  // end (their clients come back on their own), the port closes, requests under way finish, the last activity is
  // written, the database and Redis close; then the last line. A second signal exits at once.
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) {
      always.warn({ event: 'stopped', signal }, 'second signal: exiting now');
      process.exit(1);
    }
    stopping = true;
    const started = Date.now();
    always.info({ event: 'stopping', signal }, `${signal}: stopping`);
    try {
      await app.close(); // closes the database through the db plugin's onClose hook
      always.info({ event: 'stopped', signal, tookMs: Date.now() - started }, 'Salon stopped');
      process.exit(0);
    } catch (err) {
      always.error({ event: 'stopped', signal, err }, 'Salon stopped: the shutdown failed');
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
  let next: string;
  if (options.demo) {
    next =
      `Demo accounts (password "${DEMO_PASSWORD}"): ${DEMO_ACCOUNTS.map((a) => `${a.email} (${a.profile})`).join(', ')}. ` +
      `Anonymous visit: ${address}/salon. ` +
      (mailCatcher ? `E-mails are caught by ${mailCatcher.url}, shown at ${address}/admin/courriels` : `E-mails go to SMTP_URL`);
  } else if (report.administrators === 0) {
    next = `No administrator yet: ${CREATE_ADMIN_HINT}.`;
  } else {
    next = `Administrators: ${report.administrators}.`;
  }
  always.info(
    { event: 'start', address, publicUrl: config.publicUrl, database, mode, administrators: report.administrators },
    `Salon is running at ${address}/ (database: ${database}; ${mode}). ${next}`,
  );
}

let log: Logger;
try {
  log = salonLogger(process.env.LOG_LEVEL || 'info');
} catch (err) {
  log = salonLogger('info');
  log.fatal({ event: 'refused' }, `Salon refused to start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
// The banner, the refusals and the stop are written whatever LOG_LEVEL says (but `silent`).
const always = log.level === 'silent' ? log : log.child({}, { level: 'info' });
main(log, always).catch((err: unknown) => {
  if (err instanceof StartupRefusal) always.fatal({ event: 'refused' }, `Salon refused to start: ${err.message}`);
  else always.fatal({ event: 'failed', err }, 'Salon failed to start');
  process.exit(1);
});
