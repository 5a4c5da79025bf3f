import type { NotificationRow } from './schema';
import programme from './demo-programme.json';

/*
 * The demo salon's notifications: the day's programme (`demo-programme.json`, in time order), in both languages
 * (see `seed-data.ts`). A talk's texts are written from its title; an organisers' news item has its own.
 */

/** A notification as seeded: its texts, and when it was sent. */
export type DemoNotification = Omit<NotificationRow, 'id' | 'sent_at'> & {
  /** Minutes before now (negative: scheduled in the future, not listed yet). */
  minutesAgo: number;
};

type Texts = { title: string; message: string };
/** An entry of demo-programme.json: at `H:MM`, a talk (its title in each language) or a news item. */
type ProgrammeEntry = { at: string; minutesAgo: number } & ({ talk: { fr: string; en: string } } | { news: { fr: Texts; en: Texts } });

/** The time of day as the spec writes it (`14h30`), the same in both languages, as the sending times are shown. */
function clock(at: string): { at: string; at_en: string } {
  const [h = 0, m = 0] = at.split(':').map(Number);
  const time = `${String(h).padStart(2, '0')}h${String(m).padStart(2, '0')}`;
  return { at: time, at_en: time };
}

function notification(entry: ProgrammeEntry): DemoNotification {
  const time = clock(entry.at);
  const { minutesAgo } = entry;
  if ('news' in entry) {
    const { fr, en } = entry.news;
    return { title: fr.title, title_en: en.title, ...time, message: fr.message, message_en: en.message, minutesAgo };
  }
  const { fr, en } = entry.talk;
  return {
    title: `Conférence : ${fr}`,
    title_en: `Talk: ${en}`,
    ...time,
    message: `La conférence « ${fr} » commence à ${time.at} en salle de conférence.`,
    message_en: `The talk "${en}" starts at ${time.at_en} in the conference room.`,
    minutesAgo,
  };
}

export const DEMO_NOTIFICATIONS: DemoNotification[] = (programme as ProgrammeEntry[]).map(notification);
