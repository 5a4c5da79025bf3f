import type { Kysely } from 'kysely';
import { PATTERNS } from '@salon/shared/contracts/patterns';
import { type Database, type ProfileCode, nowIso } from '../db/schema';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../db/seed-data';
import { hashPassword, verifyPassword } from '../lib/password';
import { normalizeEmail } from './users';

/** Passwords published with the demo (README, start-up banner): no production account may use one. */
export const KNOWN_DEMO_PASSWORDS: readonly string[] = [DEMO_PASSWORD];

/** Administrators get a longer minimum than visitors (PASSWORD_MIN_LENGTH, 8). */
export const ADMIN_PASSWORD_MIN_LENGTH = 12;
const ADMIN_PASSWORD_MAX_LENGTH = 200;

const EMAIL = new RegExp(PATTERNS.email);

export const isDemoPassword = (password: string): boolean =>
  KNOWN_DEMO_PASSWORDS.some((demo) => demo.toLowerCase() === password.trim().toLowerCase());

/** Why this password cannot be an administrator's, or null when it can. */
export function adminPasswordProblem(password: string): string | null {
  if (isDemoPassword(password)) return 'that is the demo password, published with the project: choose another one';
  if (password.length < ADMIN_PASSWORD_MIN_LENGTH) return `it must be at least ${ADMIN_PASSWORD_MIN_LENGTH} characters long`;
  if (password.length > ADMIN_PASSWORD_MAX_LENGTH) return `it must be at most ${ADMIN_PASSWORD_MAX_LENGTH} characters long`;
  return null;
}

/** Why this address cannot be an administrator's, or null when it can. */
export function adminEmailProblem(email: string): string | null {
  const normalized = normalizeEmail(email);
  if (normalized.length > 254 || !EMAIL.test(normalized)) return `"${email}" is not an email address`;
  if (DEMO_ACCOUNTS.some((a) => a.email === normalized)) return `${normalized} is a demo account's address: choose another one`;
  return null;
}

export async function countAdministrators(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('profile', '=', 'administrator')
    .where('anonymous', '=', 0)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export type CreateAdministratorResult =
  { created: true; id: number; email: string } | { created: false; email: string; existingProfile: ProfileCode };

/**
 * Creates an administrator account (no profile fields: the administrator fills them in). Does not check the password:
 * callers run adminPasswordProblem first. An existing account with that address is left as it is, whatever its profile
 * (two processes creating the same administrator at once create one).
 */
export async function createAdministrator(
  db: Kysely<Database>,
  account: { email: string; password: string; scryptCost?: number },
): Promise<CreateAdministratorResult> {
  const email = normalizeEmail(account.email);
  const password_hash = await hashPassword(account.password, account.scryptCost);
  const inserted = await db
    .insertInto('users')
    .values({ profile: 'administrator', anonymous: 0, email, password_hash, locale: null, created_at: nowIso() })
    .onConflict((oc) => oc.column('email').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted) return { created: true, id: inserted.id, email };
  const existing = await db.selectFrom('users').select('profile').where('email', '=', email).executeTakeFirstOrThrow();
  return { created: false, email, existingProfile: existing.profile };
}

/**
 * Accounts that log in with a known demo password: the demo accounts' addresses, and every administrator and
 * promoter (the accounts that matter; visitors are not checked, so the cost stays a few scrypt runs).
 */
export async function accountsWithDemoPassword(db: Kysely<Database>): Promise<{ email: string; profile: ProfileCode }[]> {
  const candidates = await db
    .selectFrom('users')
    .select(['email', 'profile', 'password_hash'])
    .where('password_hash', 'is not', null)
    .where('email', 'is not', null)
    .where((eb) =>
      eb.or([
        eb(
          'email',
          'in',
          DEMO_ACCOUNTS.map((a) => a.email),
        ),
        eb.and([eb('profile', 'in', ['administrator', 'promoter']), eb('anonymous', '=', 0)]),
      ]),
    )
    .orderBy('id')
    .execute();
  const found: { email: string; profile: ProfileCode }[] = [];
  for (const user of candidates) {
    for (const password of KNOWN_DEMO_PASSWORDS) {
      if (await verifyPassword(password, user.password_hash)) {
        found.push({ email: user.email ?? '', profile: user.profile });
        break;
      }
    }
  }
  return found;
}
