import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { encodeId } from '../lib/ids';
import { salonTimeZone } from './access';
import { calendar, uidOf, type CalendarEvent } from './icalendar';
import { queueMail, type MailInput } from './mail';
import type { MeetingRow } from './meetings';
import { personalNotice, type Bilingual } from './personal-notices';
import { fullName } from './users';

/**
 * What each step of a meeting tells the other side: live (a personal notification: a toast and the news list, both
 * languages) and by e-mail with an iCalendar invitation — `METHOD:REQUEST` when the exhibitor accepts, `METHOD:CANCEL`
 * when an accepted meeting is cancelled (same UID, a higher SEQUENCE: calendar programs remove it).
 *
 * The e-mails go to the mail service's outbox (`queueMeetingEmails`), sent over SMTP in the background.
 */

export type MeetingStep = 'booked' | 'accepted' | 'declined' | 'cancelled' | 'starting';

/** A meeting's e-mail: the mail service's input, with its iCalendar file. */
export type MeetingEmail = MailInput & { kind: 'meeting'; attachments: { filename: string; contentType: string; content: string }[] };

/** "29/11 à 14:00" and "Nov 29, 2:00 PM", in the salon's time zone (named when it is not the reader's concern). */
export function whenLabel(iso: string, lang: 'fr' | 'en', timeZone: string): string {
  const locale = lang === 'fr' ? 'fr-FR' : 'en-GB';
  const text = new Intl.DateTimeFormat(locale, {
    timeZone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(new Date(iso));
  return text;
}

const names = (m: MeetingRow) => ({
  visitor: fullName({ firstname: m.v_firstname, lastname: m.v_lastname }),
  exhibitor: fullName({ firstname: m.e_firstname, lastname: m.e_lastname }),
});

/** The live notice of a step, for each user it goes to; times in the salon's time zone (`zone`). */
export function stepNotices(
  m: MeetingRow,
  step: MeetingStep,
  actorId: number | null,
  zone: string,
): { userIds: number[]; texts: Bilingual }[] {
  const { visitor, exhibitor } = names(m);
  const at = { fr: whenLabel(m.starts_at, 'fr', zone), en: whenLabel(m.starts_at, 'en', zone) };
  const reason = m.reason ?? '';
  switch (step) {
    case 'booked':
      return [
        {
          userIds: [m.exhibitor_id],
          texts: {
            title: 'Rendez-vous demandé',
            title_en: 'Meeting requested',
            message: `${visitor} demande un rendez-vous le ${at.fr} (${m.stand_name})${m.message ? ` : « ${m.message} »` : '.'}`,
            message_en: `${visitor} asks for a meeting on ${at.en} (${m.stand_name})${m.message ? `: “${m.message}”` : '.'}`,
          },
        },
      ];
    case 'accepted':
      return [
        {
          userIds: [m.visitor_id],
          texts: {
            title: 'Rendez-vous accepté',
            title_en: 'Meeting accepted',
            message: `${exhibitor} a accepté votre rendez-vous du ${at.fr} (${m.stand_name}).`,
            message_en: `${exhibitor} accepted your meeting on ${at.en} (${m.stand_name}).`,
          },
        },
      ];
    case 'declined':
      return [
        {
          userIds: [m.visitor_id],
          texts: {
            title: 'Rendez-vous refusé',
            title_en: 'Meeting declined',
            message: `${exhibitor} ne peut pas vous recevoir le ${at.fr}${reason ? ` : ${reason}` : '.'}`,
            message_en: `${exhibitor} cannot meet you on ${at.en}${reason ? `: ${reason}` : '.'}`,
          },
        },
      ];
    case 'cancelled': {
      const byExhibitor = actorId === m.exhibitor_id;
      return [
        {
          userIds: [byExhibitor ? m.visitor_id : m.exhibitor_id],
          texts: {
            title: 'Rendez-vous annulé',
            title_en: 'Meeting cancelled',
            message: `${byExhibitor ? exhibitor : visitor} a annulé le rendez-vous du ${at.fr} : ${reason}`,
            message_en: `${byExhibitor ? exhibitor : visitor} cancelled the meeting on ${at.en}: ${reason}`,
          },
        },
      ];
    }
    case 'starting': {
      const link = m.e_visio_link;
      const texts = (other: string): Bilingual => ({
        title: 'Votre rendez-vous commence',
        title_en: 'Your meeting begins',
        message: `Avec ${other} (${m.stand_name}). ${link ? `Lien visio : ${link}` : 'Retrouvez-vous dans le chat.'}`,
        message_en: `With ${other} (${m.stand_name}). ${link ? `Video link: ${link}` : 'Meet in the chat.'}`,
      });
      return [
        { userIds: [m.visitor_id], texts: texts(exhibitor) },
        { userIds: [m.exhibitor_id], texts: texts(visitor) },
      ];
    }
  }
}

/** The meeting as a calendar event: confirmed (an invitation) or cancelled (its cancellation). */
export function meetingEvent(m: MeetingRow, cancelled: boolean): CalendarEvent {
  const { visitor, exhibitor } = names(m);
  return {
    uid: uidOf('meeting', encodeId(m.id)),
    start: m.starts_at,
    end: m.ends_at,
    title: `${m.stand_name} — ${exhibitor} / ${visitor}`,
    description: [m.message, m.e_visio_link ?? ''].filter(Boolean).join('\n\n'),
    ...(m.e_visio_link ? { location: m.e_visio_link, url: m.e_visio_link } : {}),
    status: cancelled ? 'CANCELLED' : 'CONFIRMED',
    sequence: cancelled ? 1 : 0,
    ...(m.e_email ? { organizer: { name: exhibitor || m.stand_name, email: m.e_email } } : {}),
    ...(m.v_email ? { attendees: [{ name: visitor, email: m.v_email, partstat: cancelled ? 'DECLINED' : 'ACCEPTED' }] } : {}),
  };
}

/** The invitation (`REQUEST`) or its cancellation (`CANCEL`) as an .ics file's text. */
export const meetingInvitation = (m: MeetingRow, method: 'REQUEST' | 'CANCEL'): string =>
  calendar([meetingEvent(m, method === 'CANCEL')], { method });

/**
 * The e-mails of a step, in each recipient's language: the notice's texts, and for an acceptance the invitation
 * (REQUEST), for the cancellation of an accepted meeting its cancellation (CANCEL). Steps of a meeting that was
 * never accepted carry no calendar file. `locales`: each side's saved language (`users.locale`).
 */
export function meetingEmails(
  m: MeetingRow,
  step: MeetingStep,
  wasAccepted: boolean,
  actorId: number | null,
  locales: { visitor: string | null; exhibitor: string | null },
  zone: string,
): MeetingEmail[] {
  if (step === 'starting') return [];
  const method = step === 'accepted' ? 'REQUEST' : step === 'cancelled' && wasAccepted ? 'CANCEL' : null;
  const ics = method ? meetingInvitation(m, method) : null;
  const emails: MeetingEmail[] = [];
  const to = (userId: number) =>
    userId === m.visitor_id ? { email: m.v_email, locale: locales.visitor } : { email: m.e_email, locale: locales.exhibitor };
  // With an invitation both sides get it (the calendar of each); otherwise only the side the notice is for.
  const notices = stepNotices(m, step, actorId, zone);
  const recipients = ics ? [m.visitor_id, m.exhibitor_id] : notices.flatMap((n) => n.userIds);
  const texts = notices[0]?.texts;
  if (!texts) return [];
  for (const userId of recipients) {
    const { email, locale } = to(userId);
    if (!email) continue;
    const lang = locale?.startsWith('fr') ? 'fr' : 'en';
    emails.push({
      to: email,
      lang,
      subject: lang === 'fr' ? texts.title : texts.title_en,
      text: lang === 'fr' ? texts.message : texts.message_en,
      attachments:
        ics && method ? [{ filename: 'invitation.ics', contentType: `text/calendar; method=${method}; charset=UTF-8`, content: ics }] : [],
      kind: 'meeting',
    });
  }
  return emails;
}

/** The meetings' e-mails into the mail outbox (sent over SMTP in the background, retried when it is out of reach). */
export async function queueMeetingEmails(db: Kysely<Database>, emails: MeetingEmail[]): Promise<void> {
  if (emails.length > 0) await queueMail(db, emails);
}

/** A step of a meeting told to the other side: live now, and by e-mail (`queueMeetingEmails`). */
export async function announceMeetingStep(
  app: FastifyInstance,
  m: MeetingRow,
  step: MeetingStep,
  options: { wasAccepted?: boolean; actorId?: number | null } = {},
): Promise<void> {
  const actorId = options.actorId ?? null;
  const zone = await salonTimeZone(app.db);
  for (const notice of stepNotices(m, step, actorId, zone)) await personalNotice(app, notice.userIds, notice.texts);
  const people = await app.db.selectFrom('users').select(['id', 'locale']).where('id', 'in', [m.visitor_id, m.exhibitor_id]).execute();
  const localeOf = (id: number) => people.find((p) => p.id === id)?.locale ?? null;
  await queueMeetingEmails(
    app.db,
    meetingEmails(
      m,
      step,
      options.wasAccepted ?? false,
      actorId,
      { visitor: localeOf(m.visitor_id), exhibitor: localeOf(m.exhibitor_id) },
      zone,
    ),
  );
}
