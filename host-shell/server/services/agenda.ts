import type { Kysely } from 'kysely';
import type { AgendaItem } from '@salon/shared/contracts/meetings';
import type { LocaleCode } from '@salon/shared/contracts/page-data';
import { nowIso, type Database } from '../db/schema';
import { calendar, uidOf, type CalendarEvent } from './icalendar';
import { meetingEvent } from './meeting-notices';
import { myMeetings, toMeeting } from './meetings';
import { agendaTalks } from './programme';

/** "My agenda": the person's talks and meetings (requested, accepted, cancelled; not declined), in time order. */
export async function agendaOf(db: Kysely<Database>, userId: number, now = nowIso()): Promise<AgendaItem[]> {
  const [talks, meetings] = await Promise.all([agendaTalks(db, userId, now), myMeetings(db, userId)]);
  const items: AgendaItem[] = [
    ...talks.map((talk) => ({ kind: 'talk' as const, start: talk.start, talk })),
    ...meetings
      .filter((m) => m.status !== 'declined')
      .map((m) => ({ kind: 'meeting' as const, start: m.starts_at, meeting: toMeeting(m, userId) })),
  ];
  return items.sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0));
}

/** The agenda as an iCalendar file: talks in the reader's language, requested and accepted meetings. */
export async function agendaCalendar(db: Kysely<Database>, userId: number, locale: LocaleCode): Promise<string> {
  const fr = locale === 'fr_FR';
  const [talks, meetings] = await Promise.all([agendaTalks(db, userId), myMeetings(db, userId)]);
  const events: CalendarEvent[] = [
    ...talks.map((t) => ({
      uid: uidOf('talk', t.id),
      start: t.start,
      end: t.end,
      title: fr ? t.title_fr : t.title_en,
      description: [fr ? t.description_fr : t.description_en, t.speakers.join(', ')].filter(Boolean).join('\n\n'),
      location: t.place === 'stand' ? (t.stand_name ?? '') : fr ? 'Conférences (direct)' : 'Conferences (live stream)',
      status: 'CONFIRMED' as const,
    })),
    ...meetings
      .filter((m) => m.status === 'requested' || m.status === 'accepted')
      .map((m) => ({ ...meetingEvent(m, false), status: m.status === 'accepted' ? ('CONFIRMED' as const) : ('TENTATIVE' as const) })),
  ];
  return calendar(events, { method: 'PUBLISH', name: fr ? 'Mon agenda' : 'My agenda' });
}
