/*
 * Creates an administrator account in the database the server would use (DATABASE_URL, else SQLITE_PATH).
 *   npm run create-admin -- admin@example.com             (compiled: dist/server/create-admin.js)
 *   npx tsx host-shell/server/create-admin.ts admin@example.com
 * The password comes from SALON_ADMIN_PASSWORD, else it is typed at a prompt (twice, not echoed).
 * Exit codes: 0 created, 1 refused (password, address taken, database), 2 usage.
 */
// First: the Lingui macro under tsx (i18n/macro-hook.ts).
import './i18n/macro-hook';
import path from 'node:path';
import { REPO_ROOT, loadConfig, type DatabaseConfig } from './config';
import { openDatabase } from './db/connect';
import { directUrlOf, migrateAtStart } from './db/migrate';
import { databaseUrlProblem } from './ops/production';
import { ADMIN_PASSWORD_MIN_LENGTH, adminEmailProblem, adminPasswordProblem, createAdministrator } from './services/admins';

const USAGE = `Usage: npm run create-admin -- <email>
Creates an administrator. The password comes from SALON_ADMIN_PASSWORD, else it is asked for (not echoed).
It must be at least ${ADMIN_PASSWORD_MIN_LENGTH} characters long and cannot be the demo password.
The database is the server's: DATABASE_URL (PostgreSQL), else SQLITE_PATH (default data/salon.sqlite, the demo's file:
refused with NODE_ENV=production, which \`npm run create-admin\` sets).`;

class Refusal extends Error {}

/** The database in words, without a password: `PostgreSQL salon@db.example:5432/salon`, `SQLite /srv/salon/salon.sqlite`. */
function describeDatabase(database: DatabaseConfig): string {
  if (database.dialect === 'sqlite') return `SQLite ${database.filename}`;
  try {
    const url = new URL(database.connectionString);
    return `PostgreSQL ${url.username ? `${decodeURIComponent(url.username)}@` : ''}${url.host}${url.pathname}`;
  } catch {
    return 'PostgreSQL (DATABASE_URL)';
  }
}

/** Which database, or why not: a DATABASE_URL that names no PostgreSQL server; in production, the demo's SQLite file. */
function chosenDatabase(): DatabaseConfig {
  const problem = databaseUrlProblem(process.env);
  if (problem) throw new Refusal(problem);
  const { database } = loadConfig();
  const demoFile = path.join(REPO_ROOT, 'data', 'salon.sqlite');
  if (process.env.NODE_ENV === 'production' && database.dialect === 'sqlite' && path.resolve(database.filename) === demoFile) {
    throw new Refusal(
      `neither DATABASE_URL nor SQLITE_PATH is set, so this would write into ${demoFile}, the demo's file (\`npm start\`), ` +
        "not the production server's database. Run it with the server's DATABASE_URL (or SQLITE_PATH).",
    );
  }
  return database;
}

/** Reads one line from the terminal without echoing it. Ctrl-C and Ctrl-D cancel. */
function promptHidden(question: string): Promise<string> {
  const { stdin, stdout } = process;
  return new Promise((resolve, reject) => {
    let value = '';
    const finish = (error: Error | null) => {
      stdin.off('data', onData);
      stdin.setRawMode(false);
      stdin.pause();
      stdout.write('\n');
      if (error) reject(error);
      else resolve(value);
    };
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n') return finish(null);
        if (ch === '\u0003' || ch === '\u0004') return finish(new Refusal('cancelled: no administrator created'));
        if (ch === '\u007f' || ch === '\b') value = value.slice(0, -1);
        else if (ch >= ' ') value += ch;
      }
    };
    stdout.write(question);
    stdin.setEncoding('utf8');
    stdin.setRawMode(true);
    stdin.resume();
    stdin.on('data', onData);
  });
}

async function readPassword(): Promise<string> {
  const given = process.env.SALON_ADMIN_PASSWORD;
  if (given) return given;
  if (!process.stdin.isTTY) throw new Refusal('no terminal to type the password in: set SALON_ADMIN_PASSWORD');
  const first = await promptHidden(`Password (at least ${ADMIN_PASSWORD_MIN_LENGTH} characters): `);
  const problem = adminPasswordProblem(first);
  if (problem) throw new Refusal(`password refused: ${problem}`);
  const second = await promptHidden('Password again: ');
  if (second !== first) throw new Refusal('the two passwords differ: no administrator created');
  return first;
}

async function main(args: string[]): Promise<number> {
  if (args.length !== 1 || args[0]?.startsWith('-')) {
    process.stderr.write(`${USAGE}\n`);
    return args[0] === '--help' || args[0] === '-h' ? 0 : 2;
  }
  const email = args[0] ?? '';
  const emailProblem = adminEmailProblem(email);
  if (emailProblem) throw new Refusal(emailProblem);
  const database = chosenDatabase();
  const where = describeDatabase(database);
  process.stdout.write(`Database: ${where}\n`);
  const password = await readPassword();
  const passwordProblem = adminPasswordProblem(password);
  if (passwordProblem) throw new Refusal(`password refused: ${passwordProblem}`);

  const config = loadConfig();
  const handle = openDatabase(database);
  try {
    await migrateAtStart(handle, directUrlOf(database));
    const result = await createAdministrator(handle.db, { email, password, scryptCost: config.scryptCost });
    if (!result.created) throw new Refusal(`${result.email} already has an account (${result.existingProfile}): no administrator created`);
    process.stdout.write(`Administrator ${result.email} created (database: ${where}).\n`);
    return 0;
  } finally {
    await handle.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    if (err instanceof Refusal) process.stderr.write(`create-admin: ${err.message}\n`);
    else process.stderr.write(`create-admin failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exit(1);
  },
);
