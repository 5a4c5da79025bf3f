import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { msg } from '@lingui/core/macro';
import { buildPath } from '@salon/shared/contracts/routes';
import { nowIso, type Database } from '../db/schema';
import { say } from '../i18n';
import { hashToken, SIGNIN_LINK_PATTERN } from './signin-links';
import { mailLang, mailParts, queueMail } from './mail';
import { findUserByEmail } from './users';

/*
 * Password reset: a person asks with their e-mail address (`/connexion/oubli`), and an account that may have one
 * gets an e-mail with a link of its own, valid one hour, that works once: the sign-in links' page
 * (`/connexion/lien/{token}`, purpose `reset`), where they choose a new password and enter logged in. Only the
 * token's SHA-256 is stored. Whoever asks gets the same answer, whether the address is known or not.
 */

export const RESET_PATH = '/connexion/oubli';
export const RESET_TTL_MS = 3600_000;
/** At most this many reset e-mails per account per hour (the address's budget is `resetPerAddress`). */
export const RESETS_PER_ACCOUNT_PER_HOUR = 3;

export type ResetOutcome = 'sent' | 'unknown' | 'not_allowed' | 'too_many';

/**
 * Queues the reset e-mail of the account with this address, when there is one that may reset its password (not an
 * anonymous visitor, not an administrator: they use `create-admin`) and it has not had too many this hour. The
 * outcome is for the logs only: the person is told the same whatever it is.
 */
export async function requestPasswordReset(db: Kysely<Database>, email: string, origin: string): Promise<ResetOutcome> {
  const user = await findUserByEmail(db, email);
  const to = user?.email;
  if (!user || user.anonymous === 1 || !to) return 'unknown';
  if (user.profile === 'administrator') return 'not_allowed';
  const now = nowIso();
  const since = new Date(Date.parse(now) - RESET_TTL_MS).toISOString();
  return db.transaction().execute(async (trx) => {
    const recent = await trx
      .selectFrom('signin_links')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('user_id', '=', user.id)
      .where('purpose', '=', 'reset')
      .where('created_at', '>', since)
      .executeTakeFirstOrThrow();
    if (Number(recent.n) >= RESETS_PER_ACCOUNT_PER_HOUR) return 'too_many';
    const token = randomBytes(32).toString('base64url');
    await trx
      .insertInto('signin_links')
      .values({
        user_id: user.id,
        token_hash: hashToken(token),
        created_by: null,
        created_at: now,
        expires_at: new Date(Date.parse(now) + RESET_TTL_MS).toISOString(),
        used_at: null,
        purpose: 'reset',
      })
      .execute();
    const lang = mailLang(user);
    const locale = lang === 'fr' ? 'fr_FR' : 'en_EN';
    const href = new URL(buildPath(SIGNIN_LINK_PATTERN, { token }), origin).toString();
    const name = user.firstname ?? '';
    await queueMail(trx, {
      to,
      lang,
      kind: 'password_reset',
      subject: say(locale, msg`Choose a new password`),
      ...mailParts({
        greeting: name ? say(locale, msg`Hello ${name},`) : say(locale, msg`Hello,`),
        paragraphs: [
          say(locale, msg`Someone asked to choose a new password for your account at the fair. The link below works once, for one hour.`),
        ],
        action: { label: say(locale, msg`Choose a new password`), href },
        footer: [say(locale, msg`If you did not ask for it, ignore this e-mail: your password stays as it is.`)],
      }),
    });
    return 'sent';
  });
}
