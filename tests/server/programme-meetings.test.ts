import { describe, expect, it, jest } from '@jest/globals';
import ICAL from 'ical.js';
import type { AgendaData, Meeting, MeetingData, Slot, SlotsData } from '@salon/shared/contracts/meetings';
import type { ProgrammeData, Talk } from '@salon/shared/contracts/programme';
import type { StandAnalyticsData } from '@salon/shared/contracts/analytics';
import { createSession, SESSION_COOKIE } from '../../host-shell/server/services/sessions';
import { meetingInvitation } from '../../host-shell/server/services/meeting-notices';
import { ProgrammeClock } from '../../host-shell/server/services/programme-clock';
import { TALK_REMINDER_PATH } from '../../host-shell/server/services/talk-reminder-mail';
import { setMailOptIn } from '../../host-shell/server/services/mail';
import { meetingRow } from '../../host-shell/server/services/meetings';
import { decodeId, encodeId } from '../../host-shell/server/lib/ids';
import { callApi, form, request } from './http';
import { DEMO, login, standBySlug, useTestApp, userIdByEmail, waitFor } from './helpers';

/** The programme and meetings (issue 38): talks, the stream they switch, agendas, slots, bookings, their steps. */

const t = useTestApp();
const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie?: string, payload?: unknown) =>
  callApi(t.app, method, url, payload, cookie);
const dataOf = <T>(body: string) => (JSON.parse(body) as { data: T }).data;
const inMs = (ms: number) => new Date(Date.now() + ms).toISOString();
const MIN = 60_000;

let cookies: Record<'visitor' | 'visitor2' | 'exhibitor' | 'exhibitor2' | 'promoter' | 'admin', string>;
const cookiesReady = async () => {
  if (!cookies) {
    const entries = await Promise.all(
      (Object.keys(DEMO) as (keyof typeof DEMO)[]).map(async (k) => [k, await login(t.app, DEMO[k])] as const),
    );
    cookies = Object.fromEntries(entries) as typeof cookies;
  }
  return cookies;
};

/** A stand exposant@salon.test owns. */
async function ownedStand(): Promise<string> {
  const exhibitorId = await userIdByEmail(t, DEMO.exhibitor);
  const row = await t.database.db
    .selectFrom('stand_exhibitors')
    .select('stand_id')
    .where('user_id', '=', exhibitorId)
    .orderBy('stand_id')
    .executeTakeFirstOrThrow();
  return encodeId(row.stand_id);
}

async function newSlot(startMs: number, lengthMs = 20 * MIN): Promise<Slot> {
  const c = await cookiesReady();
  const response = await api('POST', '/api/slots', c.exhibitor, {
    stand_id: await ownedStand(),
    start: inMs(startMs),
    end: inMs(startMs + lengthMs),
  });
  expect(response.statusCode).toBe(200);
  return dataOf<{ slot: Slot }>(response.body).slot;
}

const talkBody = (startMs: number, endMs: number, extra: Record<string, unknown> = {}) => ({
  title_fr: 'L’IA au salon',
  title_en: 'AI at the fair',
  description_fr: 'Une table ronde.',
  description_en: 'A round table.',
  speakers: ['Ada Lovelace'],
  start: inMs(startMs),
  end: inMs(endMs),
  place: 'stream',
  video_url: 'https://video.example.org/talk',
  chat_url: 'https://chat.example.org/talk',
  ...extra,
});

/** The stand's meeting figures, as its exhibitors read them. */
const meetingFigures = async (standId: string, cookie: string) =>
  dataOf<StandAnalyticsData>((await api('GET', `/api/analytics?stand_id=${standId}`, cookie)).body).totals.meetings;

const stream = async (cookie: string) =>
  dataOf<{ active: boolean; video_url: string | null; chat_url: string | null }>((await api('GET', '/api/stream/active', cookie)).body);

async function noticesOf(email: string): Promise<{ title: string; message_en: string }[]> {
  const userId = await userIdByEmail(t, email);
  return t.database.db
    .selectFrom('notifications')
    .innerJoin('notification_recipients as r', 'r.notification_id', 'notifications.id')
    .select(['title', 'message_en'])
    .where('r.user_id', '=', userId)
    .orderBy('notifications.id')
    .execute();
}

describe('the programme', () => {
  it('is read by any session, managed by organisers only, and checked', async () => {
    const c = await cookiesReady();
    expect((await api('GET', '/api/programme')).statusCode).toBe(401);
    expect((await api('POST', '/api/talks', c.visitor, talkBody(MIN, 2 * MIN))).statusCode).toBe(403);
    expect((await api('POST', '/api/talks', c.exhibitor, talkBody(MIN, 2 * MIN))).statusCode).toBe(403);
    const backwards = await api('POST', '/api/talks', c.promoter, talkBody(2 * MIN, MIN));
    expect(backwards.statusCode).toBe(400);
    const noVideo = await api('POST', '/api/talks', c.promoter, talkBody(MIN, 2 * MIN, { video_url: null }));
    expect(noVideo.statusCode).toBe(400);
    const noStand = await api('POST', '/api/talks', c.admin, talkBody(MIN, 2 * MIN, { place: 'stand', stand_id: 'zzzz' }));
    expect(noStand.statusCode).toBe(400);
    // The rule of every form: no invisible controls (a title and a speaker on one line; a description may span lines).
    for (const [field, value] of [
      ['title_fr', 'Table\u0007ronde'],
      ['title_en', 'Round\u001b table'],
      ['description_fr', 'Une table ronde\u202e'],
      ['speakers', ['Ada\nLovelace']],
    ] as const) {
      const refused = await api('POST', '/api/talks', c.promoter, talkBody(MIN, 2 * MIN, { [field]: value }));
      expect(refused.statusCode).toBe(400);
      expect(refused.body).toContain('contains characters that are not allowed');
    }
    const created = await api(
      'POST',
      '/api/talks',
      c.promoter,
      talkBody(60 * MIN, 90 * MIN, { place: 'stand', stand_id: await ownedStand(), description_en: 'Two\nlines' }),
    );
    expect(created.statusCode).toBe(200);
    const talk = dataOf<{ talk: Talk }>(created.body).talk;
    expect(talk).toMatchObject({ place: 'stand', live: false, in_agenda: false, speakers: ['Ada Lovelace'], video_url: null });
    const programme = dataOf<ProgrammeData>((await api('GET', '/api/programme', c.visitor)).body);
    expect(programme.time_zone).toBe('Europe/Paris');
    expect(programme.talks.map((x) => x.id)).toContain(talk.id);
    const audit = await t.database.db.selectFrom('audit_log').select('action').where('action', '=', 'talk.create').execute();
    expect(audit).toHaveLength(1);
    expect((await api('DELETE', `/api/talks/${talk.id}`, c.visitor)).statusCode).toBe(403);
    expect((await api('DELETE', `/api/talks/${talk.id}`, c.admin)).statusCode).toBe(200);
    expect((await api('DELETE', `/api/talks/${talk.id}`, c.admin)).statusCode).toBe(404);
  });

  it('switches the live stream at a talk’s start and back at its end; open rooms are told', async () => {
    const c = await cookiesReady();
    const before = { active: true, video_url: 'https://video.example.org/before', chat_url: null };
    expect((await api('PUT', '/api/admin/stream', c.admin, before)).statusCode).toBe(200);
    const live = t.app.live;
    const publish = live.publish.bind(live);
    const toldAt: number[] = [];
    const spy = jest.spyOn(live, 'publish').mockImplementation((change) => {
      if (change.type === 'settings') toldAt.push(Date.now());
      publish(change);
    });
    const talk = dataOf<{ talk: Talk }>((await api('POST', '/api/talks', c.promoter, talkBody(1500, 3500))).body).talk;
    const toldSince = (iso: string) => (toldAt.some((at) => at >= Date.parse(iso)) ? true : undefined);
    // At its start every open room is told (the live activity's settings), and the stream is the talk's.
    await waitFor(() => toldSince(talk.start), 10_000, 'the switch at the start');
    expect(await stream(c.visitor)).toEqual({
      active: true,
      video_url: 'https://video.example.org/talk',
      chat_url: 'https://chat.example.org/talk',
    });
    // At its end, what was set before.
    await waitFor(() => toldSince(talk.end), 10_000, 'the switch at the end');
    expect(await stream(c.visitor)).toEqual(before);
    spy.mockRestore();
  });

  it('a switch by hand during a talk wins until the talk ends', async () => {
    const c = await cookiesReady();
    // The last switch by hand came before this talk's start (the previous test's, seconds ago).
    const talk = dataOf<{ talk: Talk }>((await api('POST', '/api/talks', c.promoter, talkBody(-1000, MIN))).body).talk;
    expect(talk.live).toBe(true);
    expect(await stream(c.visitor)).toMatchObject({ active: true, video_url: 'https://video.example.org/talk' });
    expect(
      (await api('PUT', '/api/admin/stream', c.admin, { active: true, video_url: 'https://video.example.org/urgent' })).statusCode,
    ).toBe(200);
    expect(await stream(c.visitor)).toMatchObject({ active: true, video_url: 'https://video.example.org/urgent' });
    expect((await api('DELETE', `/api/talks/${talk.id}`, c.admin)).statusCode).toBe(200);
    expect((await api('PUT', '/api/admin/stream', c.admin, { active: false })).statusCode).toBe(200);
  });

  /** A programme clock of its own on `db`, with stand-ins for what it tells (`told`) and the errors it logs. */
  function ownClock(db: typeof t.app.db) {
    const told: string[] = [];
    const errors: unknown[] = [];
    const clock = new ProgrammeClock({
      db,
      live: { publish: (change: { type: string }) => told.push(change.type) },
      realtime: t.app.realtime,
      parameters: { invalidate: () => undefined },
      log: { error: (...args: unknown[]) => errors.push(args) },
    } as unknown as ConstructorParameters<typeof ProgrammeClock>[0]);
    return { clock, told, errors };
  }

  it('looks again a second after a look that failed (the database busy), not at its next instant', async () => {
    const c = await cookiesReady();
    expect((await api('PUT', '/api/admin/stream', c.admin, { active: false })).statusCode).toBe(200);
    // The clock's next read fails once (as when every pooled connection stays busy past its limit).
    let failNext = false;
    const db = new Proxy(t.app.db, {
      get(target, prop) {
        if (prop === 'selectFrom' && failNext) {
          failNext = false;
          return () => {
            throw new Error('timeout exceeded when trying to connect');
          };
        }
        const value: unknown = Reflect.get(target, prop, target);
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
    const { clock, told, errors } = ownClock(db);
    clock.start();
    await clock.settled();
    // A talk on the stream from a second on (after the switch by hand above), for a minute. The clock's look on
    // waking fails: without the look a second later it would not learn of the talk (failing the look at the talk's
    // start instead raced the machine: on a loaded one that instant had passed before the failure was set).
    const talk = dataOf<{ talk: Talk }>((await api('POST', '/api/talks', c.promoter, talkBody(1000, MIN))).body).talk;
    failNext = true;
    clock.wake();
    await waitFor(() => (told.includes('settings') ? true : undefined), 10_000, 'the switch after the failed look');
    expect(Date.now()).toBeGreaterThan(Date.parse(talk.start));
    expect(errors).toHaveLength(1);
    await clock.stop();
    expect((await api('DELETE', `/api/talks/${talk.id}`, c.admin)).statusCode).toBe(200);
  });

  it('switches at a talk’s start that passed while the clock was looking (a slow database)', async () => {
    const c = await cookiesReady();
    expect((await api('PUT', '/api/admin/stream', c.admin, { active: false })).statusCode).toBe(200);
    const { clock, told, errors } = ownClock(t.app.db);
    clock.start();
    await clock.settled();
    const talk = dataOf<{ talk: Talk }>((await api('POST', '/api/talks', c.promoter, talkBody(3000, MIN))).body).talk;
    // The next look reads before the talk's start and ends after it, as on a database slow to answer.
    const internals = clock as unknown as { tick: () => Promise<string> };
    const look = internals.tick.bind(clock);
    internals.tick = async () => {
      const now = await look();
      internals.tick = look;
      await waitFor(() => (Date.now() > Date.parse(talk.start) ? true : undefined), 10_000, 'the talk’s start');
      return now;
    };
    clock.wake();
    await waitFor(() => (told.includes('settings') ? true : undefined), 10_000, 'the switch at the start');
    expect(errors).toEqual([]);
    await clock.stop();
    expect((await api('DELETE', `/api/talks/${talk.id}`, c.admin)).statusCode).toBe(200);
  });

  it('keeps "My agenda", reminds 5 minutes ahead (by e-mail too for who asked on /profil), and downloads it as iCalendar', async () => {
    const c = await cookiesReady();
    // visitor2 asks for the reminders by e-mail on their profile; the exhibitor, who adds the talk too, does not.
    const profile = await request(t.app, { method: 'GET', url: '/profil', headers: { cookie: `${c.visitor2}; salon_locale=en_EN` } });
    expect(profile.body).toContain(`action="${TALK_REMINDER_PATH}"`);
    const optIn = form({ talk_reminder_emails: '1' });
    const saved = await request(t.app, {
      method: 'POST',
      url: TALK_REMINDER_PATH,
      payload: optIn.payload,
      headers: { ...optIn.headers, cookie: c.visitor2 },
    });
    expect(saved.statusCode).toBe(303);
    expect(saved.headers.location).toMatch(/\/profil\?reminders=saved#talk-reminders$/);
    const optedIn = await request(t.app, {
      method: 'GET',
      url: '/profil?reminders=saved',
      headers: { cookie: `${c.visitor2}; salon_locale=en_EN` },
    });
    expect(optedIn.body).toMatch(/name="talk_reminder_emails" value="1" checked>/);
    expect(
      (await request(t.app, { method: 'POST', url: TALK_REMINDER_PATH, payload: optIn.payload, headers: optIn.headers })).statusCode,
    ).toBe(303);
    const talk = dataOf<{ talk: Talk }>((await api('POST', '/api/talks', c.promoter, talkBody(4 * MIN, 34 * MIN))).body).talk;
    expect((await api('PUT', `/api/me/agenda/talks/${talk.id}`, c.visitor2)).statusCode).toBe(200);
    expect((await api('PUT', `/api/me/agenda/talks/${talk.id}`, c.exhibitor)).statusCode).toBe(200);
    expect((await api('PUT', `/api/me/agenda/talks/${talk.id}`, c.visitor2)).statusCode).toBe(200);
    expect((await api('PUT', '/api/me/agenda/talks/zzzz', c.visitor2)).statusCode).toBe(404);
    // Starting within 5 minutes: the reminder goes out at once, once.
    await waitFor(
      async () => ((await noticesOf(DEMO.visitor2)).some((n) => n.title === 'Votre conférence commence bientôt') ? true : undefined),
      10_000,
      'the reminder',
    );
    const agenda = dataOf<AgendaData>((await api('GET', '/api/me/agenda', c.visitor2)).body);
    expect(agenda.items.map((i) => i.kind)).toEqual(['talk']);
    const ics = await api('GET', '/api/me/agenda.ics', c.visitor2);
    expect(ics.headers['content-type']).toMatch(/^text\/calendar/);
    const events = new ICAL.Component(ICAL.parse(ics.body)).getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    expect(events).toHaveLength(1);
    expect(events[0]?.summary).toBe('AI at the fair');
    expect(events[0]?.startDate.toJSDate().toISOString()).toBe(talk.start);
    expect(events[0]?.endDate.toJSDate().toISOString()).toBe(talk.end);
    expect(events[0]?.startDate.zone?.tzid).toBe('UTC');
    expect((await noticesOf(DEMO.visitor2)).filter((n) => n.title === 'Votre conférence commence bientôt')).toHaveLength(1);
    // One e-mail, to the one who asked, in their language; the exhibitor got the room's notice only.
    await waitFor(
      async () => ((await noticesOf(DEMO.exhibitor)).some((n) => n.title === 'Votre conférence commence bientôt') ? true : undefined),
      10_000,
      'the exhibitor’s notice',
    );
    const mails = await t.database.db.selectFrom('mail_outbox').selectAll().where('kind', '=', 'talk_reminder').execute();
    expect(mails.map((m) => m.to_address)).toEqual([DEMO.visitor2]);
    expect(mails[0]).toMatchObject({
      subject: expect.stringMatching(/^(Your talk begins soon: AI at the fair|Votre conférence commence bientôt : L’IA au salon)$/),
    });
    expect(mails[0]?.text_body).toMatch(/AI at the fair|L’IA au salon/);
    await setMailOptIn(t.database.db, await userIdByEmail(t, DEMO.visitor2), 'talk_reminder_emails', false);
  });
});

describe('meetings', () => {
  it('slots: offered by the stand’s exhibitors, in the future, without overlap', async () => {
    const c = await cookiesReady();
    const stand = await ownedStand();
    const other = (await standBySlug(t, 'nordic-robotics').catch(() => null))?.key;
    expect((await api('POST', '/api/slots', c.visitor, { stand_id: stand, start: inMs(MIN), end: inMs(21 * MIN) })).statusCode).toBe(403);
    if (other)
      expect((await api('POST', '/api/slots', c.exhibitor, { stand_id: other, start: inMs(MIN), end: inMs(21 * MIN) })).statusCode).toBe(
        403,
      );
    expect((await api('POST', '/api/slots', c.exhibitor, { stand_id: stand, start: inMs(-MIN), end: inMs(19 * MIN) })).statusCode).toBe(
      400,
    );
    expect((await api('POST', '/api/slots', c.exhibitor, { stand_id: stand, start: 'tomorrow', end: inMs(19 * MIN) })).statusCode).toBe(
      400,
    );
    const slot = await newSlot(300 * MIN);
    expect(slot.free).toBe(true);
    expect(
      (await api('POST', '/api/slots', c.exhibitor, { stand_id: stand, start: inMs(310 * MIN), end: inMs(330 * MIN) })).statusCode,
    ).toBe(400);
    const slots = dataOf<SlotsData>((await api('GET', `/api/stands/${stand}/slots`, c.visitor)).body).slots;
    expect(slots.find((s) => s.id === slot.id)).toMatchObject({ free: true, exhibitor: { fullname: expect.any(String) } });
  });

  it('20 visitors booking one slot at the same instant leave exactly one booking', async () => {
    const slot = await newSlot(400 * MIN);
    const db = t.database.db;
    const now = new Date().toISOString();
    const ids = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const row = await db
          .insertInto('users')
          .values({
            profile: 'visitor',
            firstname: `Racer${i}`,
            lastname: 'Visitor',
            email: `racer${i}@example.org`,
            created_at: now,
            locale: i === 0 ? 'fr_FR' : 'en_EN',
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return row.id;
      }),
    );
    const racers = await Promise.all(ids.map(async (id) => `${SESSION_COOKIE}=${await createSession(db, id)}`));
    const answers = await Promise.all(
      racers.map((cookie, i) =>
        callApi(
          t.app,
          'POST',
          '/api/meetings',
          { slot_id: slot.id, message: `Racer ${i}` },
          `${cookie}; salon_locale=${i % 2 ? 'fr_FR' : 'en_EN'}`,
        ),
      ),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    const messages = new Set(answers.filter((a) => a.statusCode === 409).map((a) => dataOf<{ message: string }>(a.body).message));
    expect([...messages].every((m) => m === 'This slot was just booked' || m === "Ce créneau vient d'être réservé")).toBe(true);
    const held = await db
      .selectFrom('meetings')
      .select('id')
      .where('slot_id', '=', decodeId(slot.id) as number)
      .execute();
    expect(held).toHaveLength(1);
  });

  it('a booking: the exhibitor is told, accepts; either side cancels with a reason; the invitation parses', async () => {
    const c = await cookiesReady();
    const slot = await newSlot(500 * MIN);
    expect((await api('POST', '/api/meetings', c.exhibitor, { slot_id: slot.id, message: 'me' })).statusCode).toBe(403);
    const controls = await api('POST', '/api/meetings', c.visitor, { slot_id: slot.id, message: 'About\u0007 heat pumps', consent: true });
    expect(controls.statusCode).toBe(400);
    expect(controls.body).toContain('contains characters that are not allowed');
    const booked = await api('POST', '/api/meetings', c.visitor, { slot_id: slot.id, message: 'About your heat pumps', consent: true });
    expect(booked.statusCode).toBe(200);
    const meeting = dataOf<MeetingData>(booked.body).meeting;
    expect(meeting).toMatchObject({ status: 'requested', role: 'visitor', message: 'About your heat pumps', video_link: null });
    const again = await api('POST', '/api/meetings', c.visitor2, { slot_id: slot.id, message: '' });
    expect(again.statusCode).toBe(409);
    expect(dataOf<{ message: string }>(again.body).message).toBe('This slot was just booked');
    expect((await noticesOf(DEMO.exhibitor)).at(-1)?.title).toBe('Rendez-vous demandé');
    // The booking is a lead of the stand, with the consent the visitor gave.
    const lead = await t.database.db
      .selectFrom('leads')
      .selectAll()
      .where('kind', '=', 'meeting')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(lead.email).toBe(DEMO.visitor);
    expect(JSON.parse(lead.consents)).toEqual([expect.objectContaining({ key: 'meeting_sharing', given: true, version: 1 })]);
    // Who may do what.
    expect((await api('PUT', `/api/meetings/${meeting.id}`, c.visitor, { status: 'accepted' })).statusCode).toBe(403);
    expect((await api('PUT', `/api/meetings/${meeting.id}`, c.visitor2, { status: 'cancelled', reason: 'x' })).statusCode).toBe(404);
    const accepted = await api('PUT', `/api/meetings/${meeting.id}`, c.exhibitor, { status: 'accepted' });
    expect(accepted.statusCode).toBe(200);
    expect(dataOf<MeetingData>(accepted.body).meeting).toMatchObject({ status: 'accepted', role: 'exhibitor' });
    expect((await noticesOf(DEMO.visitor)).at(-1)?.title).toBe('Rendez-vous accepté');
    expect((await api('PUT', `/api/meetings/${meeting.id}`, c.exhibitor, { status: 'declined' })).statusCode).toBe(409);
    // The invitation: METHOD:REQUEST, the slot's start and end in UTC.
    const row = (await meetingRow(t.database.db, decodeId(meeting.id) as number))!;
    const request = new ICAL.Component(ICAL.parse(meetingInvitation(row, 'REQUEST')));
    expect(request.getFirstPropertyValue('method')).toBe('REQUEST');
    const event = new ICAL.Event(request.getFirstSubcomponent('vevent')!);
    expect(event.startDate.toJSDate().toISOString()).toBe(slot.start);
    expect(event.endDate.toJSDate().toISOString()).toBe(slot.end);
    expect(event.startDate.zone?.tzid).toBe('UTC');
    expect(event.attendees[0]?.getFirstValue()).toMatch(/visiteur@salon\.test/i);
    // Both sides get the invitation by e-mail, in their language, the .ics the same.
    expect((await invitationsSent(meetingInvitation(row, 'REQUEST'))).sort()).toEqual([DEMO.exhibitor, DEMO.visitor].sort());
    // Cancelled by the visitor, with a reason: the exhibitor is told; the slot is free again; the CANCEL has the same UID.
    expect((await api('PUT', `/api/meetings/${meeting.id}`, c.visitor, { status: 'cancelled' })).statusCode).toBe(400);
    expect((await api('PUT', `/api/meetings/${meeting.id}`, c.visitor, { status: 'cancelled', reason: 'A \u202etrain' })).statusCode).toBe(
      400,
    );
    const figuresBefore = await meetingFigures(slot.stand_id, c.exhibitor);
    const cancelled = await api('PUT', `/api/meetings/${meeting.id}`, c.visitor, { status: 'cancelled', reason: 'A train strike' });
    expect(await meetingFigures(slot.stand_id, c.exhibitor)).toEqual({ ...figuresBefore, cancelled: figuresBefore.cancelled + 1 });
    expect(dataOf<{ meeting: Meeting }>(cancelled.body).meeting).toMatchObject({ status: 'cancelled', reason: 'A train strike' });
    expect((await noticesOf(DEMO.exhibitor)).at(-1)).toMatchObject({
      title: 'Rendez-vous annulé',
      message_en: expect.stringContaining('A train strike'),
    });
    const cancelRow = (await meetingRow(t.database.db, decodeId(meeting.id) as number))!;
    const cancel = new ICAL.Component(ICAL.parse(meetingInvitation(cancelRow, 'CANCEL')));
    expect(cancel.getFirstPropertyValue('method')).toBe('CANCEL');
    const cancelEvent = cancel.getFirstSubcomponent('vevent')!;
    expect(cancelEvent.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(cancelEvent.getFirstPropertyValue('uid')).toBe(event.uid);
    expect(Number(cancelEvent.getFirstPropertyValue('sequence'))).toBeGreaterThan(event.sequence);
    expect((await invitationsSent(meetingInvitation(cancelRow, 'CANCEL'))).sort()).toEqual([DEMO.exhibitor, DEMO.visitor].sort());
    const slots = dataOf<SlotsData>((await api('GET', `/api/stands/${slot.stand_id}/slots`, c.visitor)).body).slots;
    expect(slots.find((s) => s.id === slot.id)?.free).toBe(true);
  });

  /**
   * Who the outbox holds a meeting e-mail for whose attached invitation is this one: the same but for its DTSTAMP,
   * the second it was written (the test writes its own later).
   */
  async function invitationsSent(ics: string): Promise<string[]> {
    const unstamped = (text: string) => text.replace(/^DTSTAMP:.*$/gm, '');
    const rows = await t.database.db.selectFrom('mail_outbox').selectAll().where('kind', '=', 'meeting').execute();
    return rows
      .filter((row) =>
        (JSON.parse(row.attachments ?? '[]') as { content: string }[]).some(
          (file) => unstamped(Buffer.from(file.content, 'base64').toString('utf8')) === unstamped(ics),
        ),
      )
      .map((row) => row.to_address);
  }

  it('at its start, both sides get the exhibitor’s video link and the exhibitor shows as unavailable', async () => {
    const c = await cookiesReady();
    const exhibitorId = await userIdByEmail(t, DEMO.exhibitor);
    await t.database.db
      .updateTable('users')
      .set({ visio_link: 'https://visio.example.org/helios', availability: 1 })
      .where('id', '=', exhibitorId)
      .execute();
    // Starts in 6 s: booked and accepted before it, even on a busy machine.
    const slot = await newSlot(6000, 10 * MIN);
    const figuresBefore = await meetingFigures(slot.stand_id, c.exhibitor);
    const meeting = dataOf<MeetingData>(
      (await api('POST', '/api/meetings', c.visitor2, { slot_id: slot.id, message: 'Hello' })).body,
    ).meeting;
    expect((await api('PUT', `/api/meetings/${meeting.id}`, c.exhibitor, { status: 'accepted' })).statusCode).toBe(200);
    // Each side's notice and the exhibitor's availability are written one after the other: wait for all three.
    const availability = async () =>
      (await t.database.db.selectFrom('users').select('availability').where('id', '=', exhibitorId).executeTakeFirstOrThrow()).availability;
    await waitFor(
      async () =>
        (await noticesOf(DEMO.visitor2)).some((n) => n.message_en.includes('https://visio.example.org/helios')) &&
        (await noticesOf(DEMO.exhibitor)).at(-1)?.title === 'Votre rendez-vous commence' &&
        (await availability()) === 0
          ? true
          : undefined,
      60_000,
      'both notices and the exhibitor unavailable',
    );
    const agenda = dataOf<AgendaData>((await api('GET', '/api/me/agenda', c.exhibitor)).body);
    expect(agenda.items.some((i) => i.kind === 'meeting' && i.meeting.video_link === 'https://visio.example.org/helios')).toBe(true);
    // The stand's figures count it booked, and held once begun.
    expect(await meetingFigures(slot.stand_id, c.exhibitor)).toEqual({
      booked: figuresBefore.booked + 1,
      held: figuresBefore.held + 1,
      cancelled: figuresBefore.cancelled,
    });
  }, 90_000);

  it('the calls are in the OpenAPI document', async () => {
    const doc = JSON.parse((await api('GET', '/api/openapi.json')).body) as { paths: Record<string, unknown> };
    for (const path of [
      '/api/programme',
      '/api/slots',
      '/api/stands/{id}/slots',
      '/api/meetings',
      '/api/meetings/{id}',
      '/api/me/agenda.ics',
    ])
      expect(Object.keys(doc.paths)).toContain(path);
  });
});
