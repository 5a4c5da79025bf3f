import type { Kysely } from 'kysely';
import { msg } from '@lingui/core/macro';
import { url } from '@salon/shared/contracts/routes';
import type { Database, StandRow } from '../db/schema';
import { say } from '../i18n';
import { mailLang, mailParts, queueMail, type MailInput } from './mail';

/*
 * New leads by e-mail: an exhibitor who opted in (`users.lead_emails`, on `/exposant/profil`) gets an e-mail for each
 * new lead on their stands. It names the stand and nothing of the person: what they agreed to share is read in the
 * exhibitor area, behind its login.
 */

export const LEAD_MAIL_PATH = '/exposant/profil/courriels';

/** Queues the e-mail of a new lead on `stand` to its exhibitors who opted in; how many. */
export async function queueLeadMails(
  db: Kysely<Database>,
  stand: Pick<StandRow, 'id' | 'name' | 'name_en'>,
  origin: string,
): Promise<number> {
  const people = await db
    .selectFrom('users')
    .innerJoin('stand_exhibitors', 'stand_exhibitors.user_id', 'users.id')
    .select(['users.email', 'users.locale', 'users.firstname'])
    .where('stand_exhibitors.stand_id', '=', stand.id)
    .where('users.lead_emails', '=', 1)
    .where('users.profile', '=', 'exhibitor')
    .where('users.email', 'is not', null)
    .execute();
  const mails: MailInput[] = people.map((person) => {
    const lang = mailLang(person);
    const locale = lang === 'fr' ? 'fr_FR' : 'en_EN';
    const standName = lang === 'fr' ? stand.name : stand.name_en || stand.name;
    const name = person.firstname;
    return {
      to: person.email ?? '',
      lang,
      kind: 'lead',
      subject: say(locale, msg`New contact on your stand ${standName}`),
      ...mailParts({
        greeting: name ? say(locale, msg`Hello ${name},`) : say(locale, msg`Hello,`),
        paragraphs: [
          say(
            locale,
            msg`A visitor has just left their details on your stand ${standName}. See what they agreed to share in your exhibitor area.`,
          ),
        ],
        action: { label: say(locale, msg`Open my exhibitor area`), href: url('exhibitor', {}, { origin }) },
        footer: [
          say(
            locale,
            msg`You get this e-mail because you asked for one per new contact. To stop them: “My exhibitor card”, in your exhibitor area.`,
          ),
        ],
      }),
    };
  });
  await queueMail(db, mails);
  return mails.length;
}
