import type { Kysely } from 'kysely';
import { msg } from '@lingui/core/macro';
import type { Database } from '../db/schema';
import { say } from '../i18n';
import { mailLang, mailParts, queueMail, type MailInput } from './mail';
import { SIGNIN_LINK_TTL_DAYS, type SigninLinkRow } from './signin-links';

/**
 * Sign-in links by e-mail (`/admin/comptes`, an import's report): each person gets their own link, in their language.
 * The links are the ones `createSigninLinks` just made (and audited); the CSV download stays for other mailing tools.
 */
export async function mailSigninLinks(db: Kysely<Database>, rows: readonly SigninLinkRow[]): Promise<number> {
  const emails = rows.map((r) => r.email);
  const locales = new Map<string, string | null>();
  for (let i = 0; i < emails.length; i += 5000) {
    const found = await db
      .selectFrom('users')
      .select(['email', 'locale'])
      .where('email', 'in', emails.slice(i, i + 5000))
      .execute();
    for (const u of found) locales.set(u.email ?? '', u.locale);
  }
  const mails: MailInput[] = rows.map((row) => {
    const lang = mailLang({ locale: locales.get(row.email) ?? null });
    const locale = lang === 'fr' ? 'fr_FR' : 'en_EN';
    const name = row.firstname;
    const days = SIGNIN_LINK_TTL_DAYS;
    return {
      to: row.email,
      lang,
      kind: 'signin_link',
      subject: say(locale, msg`Your access to the fair`),
      ...mailParts({
        greeting: name ? say(locale, msg`Hello ${name},`) : say(locale, msg`Hello,`),
        paragraphs: [
          say(
            locale,
            msg`An account at the fair is ready for you. Choose its password with the link below: it works once, for ${days} days, and you then enter logged in.`,
          ),
        ],
        action: { label: say(locale, msg`Choose my password`), href: row.link },
      }),
    };
  });
  await queueMail(db, mails);
  return mails.length;
}
