/*
 * What server.ts does to the database before it listens, by mode:
 * - demo (SALON_DEMO=1, set by `npm start`): the demo salon is seeded when the database has no user;
 * - otherwise no demo account is ever created; SALON_ADMIN_EMAIL + SALON_ADMIN_PASSWORD create the first
 *   administrator when there is none;
 * - production (NODE_ENV=production): refuses the demo mode, what cannot be right in production (ops/production.ts),
 *   and a database where an account logs in with a known demo password.
 * A DATABASE_URL that names no PostgreSQL server is refused in every mode.
 */
import type { MigrationResult } from 'kysely';
import type { DatabaseHandle } from './db/connect';
import { migrateAtStart } from './db/migrate';
import { databaseUrlProblem, productionProblems } from './ops/production';
import { isDatabaseEmpty, seedDemo } from './db/seed';
import {
  accountsWithDemoPassword,
  adminEmailProblem,
  adminPasswordProblem,
  countAdministrators,
  createAdministrator,
} from './services/admins';

/** A start that must not happen; server.ts prints the message alone and exits with 1. */
export class StartupRefusal extends Error {
  override name = 'StartupRefusal';
}

export interface StartupOptions {
  /** SALON_DEMO=1: seed the demo salon into an empty database. */
  demo: boolean;
  /** NODE_ENV=production. */
  production: boolean;
  /** SALON_ADMIN_EMAIL + SALON_ADMIN_PASSWORD: the first administrator, created when there is none. */
  admin: { email: string; password: string } | null;
}

export const CREATE_ADMIN_HINT =
  'set SALON_ADMIN_EMAIL and SALON_ADMIN_PASSWORD and restart, or run `npm run create-admin -- you@example.com`';

/** Reads and checks the start-up environment; throws StartupRefusal with the reason. */
export function startupOptions(env: NodeJS.ProcessEnv = process.env): StartupOptions {
  const demoValue = env.SALON_DEMO ?? '';
  if (!['', '0', '1'].includes(demoValue)) throw new StartupRefusal(`SALON_DEMO must be 1 (the demo salon) or 0, got "${demoValue}".`);
  const demo = demoValue === '1';
  const production = env.NODE_ENV === 'production';
  const databaseProblem = databaseUrlProblem(env);
  if (databaseProblem) throw new StartupRefusal(databaseProblem);
  if (demo && production) {
    throw new StartupRefusal(
      "SALON_DEMO=1 with NODE_ENV=production: the demo accounts' password is published, so production never seeds them. " +
        'Unset SALON_DEMO (production), or unset NODE_ENV=production (the demo: `npm start`).',
    );
  }

  const email = env.SALON_ADMIN_EMAIL ?? '';
  const password = env.SALON_ADMIN_PASSWORD ?? '';
  let admin: StartupOptions['admin'] = null;
  if (password && !email) throw new StartupRefusal('SALON_ADMIN_PASSWORD is set without SALON_ADMIN_EMAIL: set both, or neither.');
  if (email) {
    if (!password) throw new StartupRefusal('SALON_ADMIN_EMAIL is set without SALON_ADMIN_PASSWORD: set both, or neither.');
    const emailProblem = adminEmailProblem(email);
    if (emailProblem) throw new StartupRefusal(`SALON_ADMIN_EMAIL: ${emailProblem}.`);
    const passwordProblem = adminPasswordProblem(password);
    if (passwordProblem) throw new StartupRefusal(`SALON_ADMIN_PASSWORD: ${passwordProblem}.`);
    admin = { email, password };
  }
  if (production) {
    const problems = productionProblems(env);
    if (problems.length > 0) throw new StartupRefusal(`NODE_ENV=production: ${problems.join(' ')}`);
  }
  return { demo, production, admin };
}

export interface StartupReport {
  migrations: MigrationResult[];
  /** The demo salon was seeded by this start. */
  seeded: boolean;
  /** The administrator created from SALON_ADMIN_EMAIL by this start. */
  adminCreated: string | null;
  /** Administrators in the database once prepared. */
  administrators: number;
}

/**
 * Migrations (through `direct`, DATABASE_DIRECT_URL, when given: `migrateAtStart`), the demo seed or the first
 * administrator, then the production check. Throws StartupRefusal.
 */
export async function prepareDatabase(
  handle: DatabaseHandle,
  options: StartupOptions,
  scryptCost?: number,
  direct?: string,
): Promise<StartupReport> {
  const migrations = await migrateAtStart(handle, direct);
  const { db } = handle;

  let seeded = false;
  if (options.demo && (await isDatabaseEmpty(db))) {
    await seedDemo(db, { scryptCost });
    seeded = true;
  }

  let adminCreated: string | null = null;
  if (options.admin && (await countAdministrators(db)) === 0) {
    const result = await createAdministrator(db, { ...options.admin, scryptCost });
    if (result.created) adminCreated = result.email;
    else if (result.existingProfile !== 'administrator') {
      throw new StartupRefusal(
        `SALON_ADMIN_EMAIL: ${result.email} already belongs to a ${result.existingProfile} account; choose another address for the administrator.`,
      );
    }
  }

  if (options.production) {
    const exposed = await accountsWithDemoPassword(db);
    if (exposed.length > 0) {
      throw new StartupRefusal(
        [
          `NODE_ENV=production, and ${exposed.length === 1 ? 'this account logs' : `these ${exposed.length} accounts log`} in with the published demo password:`,
          ...exposed.map((a) => `  ${a.email} (${a.profile})`),
          'This database holds demo data (`npm start` seeds it). Use a database of its own for production, or change or delete these accounts first.',
        ].join('\n'),
      );
    }
  }

  return { migrations, seeded, adminCreated, administrators: await countAdministrators(db) };
}
