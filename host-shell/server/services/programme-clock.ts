import type { FastifyInstance } from 'fastify';
import { nowIso } from '../db/schema';
import { salonTimeZone } from './access';
import { setAvailability } from './history';
import { announceMeetingStep, whenLabel } from './meeting-notices';
import { meetingRow } from './meetings';
import { queueMail } from './mail';
import { personalNotice } from './personal-notices';
import { talkReminderMail } from './talk-reminder-mail';
import { effectiveStream, nextStreamBoundary } from './programme';

/** A reminder goes out this long before a talk of the person's agenda starts. */
export const REMINDER_AHEAD_MS = 5 * 60_000;
/** The clock looks again at least this often (a change made by another process, a missed instant). */
const MAX_WAIT_MS = 15_000;
/** After a look that failed (the database busy or restarting), the clock looks again this soon. */
const RETRY_MS = 1000;

type App = Pick<FastifyInstance, 'db' | 'live' | 'realtime' | 'parameters' | 'log' | 'config'>;

/**
 * The programme's clock, one per process: at a talk's start and end the live stream changes (every open room follows,
 * as for a switch by hand: the live activity's settings); 5 minutes before a talk of someone's agenda they get a
 * reminder; when an accepted meeting begins both sides get a notice with the exhibitor's video link, and the exhibitor
 * shows as unavailable (as after opening a video call). Each reminder and notice is claimed by a conditional update,
 * so several processes send it once. It sleeps until the next of these instants (15 s at most; 1 s after a look that
 * failed, so a database that was busy at a talk's start delays the switch by a second, not by 15); `wake()` after a
 * change.
 */
export class ProgrammeClock {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private lastStream: string | null = null;

  constructor(private readonly app: App) {}

  start(): void {
    this.wake();
  }

  /** No more looks; resolves once a look under way is done (the database closes after it). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.settled();
  }

  /** Looks now (a talk, agenda or meeting changed), then sleeps until the next instant. */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.running = this.tick()
      .then((now) => this.nextInstant(now))
      .then(
        (next) => this.schedule(next),
        (err: unknown) => {
          this.app.log.error({ err }, 'programme clock');
          this.schedule(undefined);
        },
      )
      .finally(() => {
        this.running = null;
        if (this.again) {
          this.again = false;
          this.wake();
        }
      });
  }

  /** Resolves once any tick under way is done (tests). */
  async settled(): Promise<void> {
    while (this.running) await this.running;
  }

  /** Sleeps until `next` (15 s at most; null: nothing due), or, after a failed look (undefined), 1 s. */
  private schedule(next: string | null | undefined): void {
    if (this.stopped) return;
    const wait =
      next === undefined ? RETRY_MS : next === null ? MAX_WAIT_MS : Math.min(MAX_WAIT_MS, Math.max(20, Date.parse(next) - Date.now()));
    this.timer = setTimeout(() => this.wake(), wait);
    this.timer.unref();
  }

  /** One look at `now`, which it returns: the next instant is sought after it, not after the look's end. */
  private async tick(): Promise<string> {
    const now = nowIso();
    await this.followStream(now);
    await this.remind(now);
    await this.startMeetings(now);
    return now;
  }

  /** The stream rooms should show: when it differs from the last look, every process's streams get it. */
  private async followStream(now: string): Promise<void> {
    const stream = JSON.stringify(await effectiveStream(this.app.db, now));
    if (this.lastStream !== null && stream !== this.lastStream) {
      this.app.parameters.invalidate();
      this.app.live.publish({ type: 'settings' });
    }
    this.lastStream = stream;
  }

  private async remind(now: string): Promise<void> {
    const soon = new Date(Date.parse(now) + REMINDER_AHEAD_MS).toISOString();
    const due = await this.app.db
      .selectFrom('agenda_talks as a')
      .innerJoin('talks as t', 't.id', 'a.talk_id')
      .innerJoin('users as u', 'u.id', 'a.user_id')
      .select([
        'a.user_id',
        'a.talk_id',
        't.title_fr',
        't.title_en',
        't.starts_at',
        'u.email',
        'u.locale',
        'u.firstname',
        'u.talk_reminder_emails',
      ])
      .where('a.reminded_at', 'is', null)
      .where('t.starts_at', '<=', soon)
      .where('t.ends_at', '>', now)
      .limit(500)
      .execute();
    const zone = due.length > 0 ? await salonTimeZone(this.app.db) : '';
    for (const row of due) {
      const claimed = await this.app.db
        .updateTable('agenda_talks')
        .set({ reminded_at: now })
        .where('user_id', '=', row.user_id)
        .where('talk_id', '=', row.talk_id)
        .where('reminded_at', 'is', null)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) continue;
      const started = row.starts_at <= now;
      await personalNotice(this.app, [row.user_id], {
        title: started ? 'Votre conférence a commencé' : 'Votre conférence commence bientôt',
        title_en: started ? 'Your talk has begun' : 'Your talk begins soon',
        message: `« ${row.title_fr} » : ${whenLabel(row.starts_at, 'fr', zone)}. Ouvrez le programme (Conférences) pour la rejoindre.`,
        message_en: `“${row.title_en}”: ${whenLabel(row.starts_at, 'en', zone)}. Open the programme (Conferences) to join it.`,
      });
      // And by e-mail for those who asked for it on their profile.
      if (row.talk_reminder_emails === 1 && row.email)
        await queueMail(this.app.db, talkReminderMail(row, started, this.app.config.publicUrl, zone));
    }
  }

  private async startMeetings(now: string): Promise<void> {
    const due = await this.app.db
      .selectFrom('meetings as m')
      .innerJoin('meeting_slots as s', 's.id', 'm.slot_id')
      .select('m.id')
      .where('m.status', '=', 'accepted')
      .where('m.started_notice_at', 'is', null)
      .where('s.starts_at', '<=', now)
      .where('s.ends_at', '>', now)
      .limit(500)
      .execute();
    for (const { id } of due) {
      const claimed = await this.app.db
        .updateTable('meetings')
        .set({ started_notice_at: now })
        .where('id', '=', id)
        .where('started_notice_at', 'is', null)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) continue;
      const meeting = await meetingRow(this.app.db, id);
      if (!meeting) continue;
      // In a meeting: unavailable, as after opening a video call (spec §4.4).
      const exhibitor = await this.app.db.selectFrom('users').selectAll().where('id', '=', meeting.exhibitor_id).executeTakeFirst();
      if (exhibitor) {
        const { changed, standIds, historyIds } = await setAvailability(this.app.db, exhibitor, false);
        if (changed) {
          this.app.live.publish({ type: 'exhibitors', userIds: [exhibitor.id] });
          this.app.live.publish({ type: 'history', standIds });
          void this.app.realtime.historyAdded(historyIds);
        }
      }
      await announceMeetingStep(this.app as FastifyInstance, meeting, 'starting');
    }
  }

  /**
   * The next instant after `now` (the last look's) something is due: a stream boundary, a reminder, a meeting's start.
   * One that passed during that look (a slow database) is due at once: sought from the look's time, it is not skipped.
   */
  private async nextInstant(now: string): Promise<string | null> {
    const [boundary, talk, meeting] = await Promise.all([
      nextStreamBoundary(this.app.db, now),
      this.app.db
        .selectFrom('agenda_talks as a')
        .innerJoin('talks as t', 't.id', 'a.talk_id')
        .select('t.starts_at as at')
        .where('a.reminded_at', 'is', null)
        .where('t.starts_at', '>', now)
        .orderBy('t.starts_at')
        .executeTakeFirst(),
      this.app.db
        .selectFrom('meetings as m')
        .innerJoin('meeting_slots as s', 's.id', 'm.slot_id')
        .select('s.starts_at as at')
        .where('m.status', '=', 'accepted')
        .where('m.started_notice_at', 'is', null)
        .where('s.starts_at', '>', now)
        .orderBy('s.starts_at')
        .executeTakeFirst(),
    ]);
    const reminderAt = talk ? new Date(Date.parse(talk.at) - REMINDER_AHEAD_MS).toISOString() : undefined;
    const times = [boundary, reminderAt, meeting?.at].filter((t): t is string => typeof t === 'string').sort();
    return times[0] ?? null;
  }
}
