import { msg } from '@lingui/core/macro';
import { url } from '@salon/shared/contracts/routes';
import type { UserRow } from '../db/schema';
import { say } from '../i18n';
import { mailLang, mailParts, type MailInput } from './mail';
import { whenLabel } from './meeting-notices';

/*
 * Talk reminders by e-mail (issue 38): someone who opted in on `/profil` (`users.talk_reminder_emails`) gets, besides
 * the room's notice, an e-mail 5 minutes before each talk of their agenda (the programme's clock sends it once).
 */

export const TALK_REMINDER_PATH = '/profil/rappels';

type Reminded = Pick<UserRow, 'email' | 'locale' | 'firstname'> & { title_fr: string; title_en: string; starts_at: string };

/**
 * The reminder of one talk, in the person's language, its time in the salon's time zone (`zone`); `started`: it
 * began already (the clock looked late).
 */
export function talkReminderMail(row: Reminded, started: boolean, origin: string | null, zone: string): MailInput {
  const lang = mailLang(row);
  const locale = lang === 'fr' ? 'fr_FR' : 'en_EN';
  const title = lang === 'fr' ? row.title_fr : row.title_en || row.title_fr;
  const when = whenLabel(row.starts_at, lang, zone);
  const name = row.firstname;
  return {
    to: row.email ?? '',
    lang,
    kind: 'talk_reminder',
    subject: started ? say(locale, msg`Your talk has begun: ${title}`) : say(locale, msg`Your talk begins soon: ${title}`),
    ...mailParts({
      greeting: name ? say(locale, msg`Hello ${name},`) : say(locale, msg`Hello,`),
      paragraphs: [say(locale, msg`“${title}”, a talk of your agenda: ${when}. Open the programme (Conferences) in the salon to join it.`)],
      ...(origin ? { action: { label: say(locale, msg`Enter the salon`), href: url('room', {}, { origin }) } } : {}),
      footer: [say(locale, msg`You get this e-mail because you asked for talk reminders. To stop them: “My profile”, in the salon.`)],
    }),
  };
}
