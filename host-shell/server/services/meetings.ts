import { msg } from '@lingui/core/macro';
import type { Kysely } from 'kysely';
import type { Meeting, MeetingUpdateBody, Slot, SlotBody } from '@salon/shared/contracts/meetings';
import type { LocaleCode } from '@salon/shared/contracts/page-data';
import { nowIso, type Database, type MeetingStatus, type UserRow } from '../db/schema';
import { say } from '../i18n';
import { HttpError, badRequest, forbidden, notFound } from '../lib/errors';
import { decodeId, encodeId } from '../lib/ids';
import { consentsOf, insertLead } from './leads';
import { utcOf } from './programme';
import { fullName } from './users';
import { isUniqueViolation, ownsStand } from './visits';

/**
 * Meetings booked with exhibitors (issue 38). An exhibitor offers slots on a stand they own; a visitor books one
 * with a short message; the exhibitor accepts or declines; either side cancels with a reason. A slot is held by at
 * most one requested or accepted meeting: the unique partial index `meetings_slot_held_idx` decides between bookings
 * made at the same instant, so the losers get a 409, never a second booking.
 */

/** A slot lasts 5 minutes to 4 hours. */
const SLOT_MIN_MS = 5 * 60_000;
const SLOT_MAX_MS = 4 * 3_600_000;

export const conflict = (message: string) => new HttpError(409, message);
export const slotJustBooked = (locale: LocaleCode) => conflict(say(locale, msg`This slot was just booked`));

const HELD: MeetingStatus[] = ['requested', 'accepted'];

function slotsQuery(db: Kysely<Database>) {
  return db
    .selectFrom('meeting_slots as s')
    .innerJoin('users as u', 'u.id', 's.exhibitor_id')
    .select(['s.id', 's.stand_id', 's.starts_at', 's.ends_at', 's.exhibitor_id', 'u.firstname', 'u.lastname'])
    .select((eb) =>
      eb.exists(eb.selectFrom('meetings as m').select('m.id').whereRef('m.slot_id', '=', 's.id').where('m.status', 'in', HELD)).as('held'),
    );
}

type SlotRow = {
  id: number;
  stand_id: number;
  starts_at: string;
  ends_at: string;
  exhibitor_id: number;
  firstname: string | null;
  lastname: string | null;
  held: unknown;
};

const toSlot = (row: SlotRow): Slot => ({
  id: encodeId(row.id),
  stand_id: encodeId(row.stand_id),
  start: row.starts_at,
  end: row.ends_at,
  exhibitor: { id: encodeId(row.exhibitor_id), fullname: fullName(row) },
  // SQLite answers 0/1, PostgreSQL a boolean.
  free: !row.held,
});

/** An exhibitor's new slot on a stand they own: in the future, 5 minutes to 4 hours, overlapping none of theirs. */
export async function createSlot(db: Kysely<Database>, user: UserRow, body: SlotBody, locale: LocaleCode): Promise<Slot> {
  const standId = decodeId(body.stand_id);
  if (standId === null) throw badRequest(say(locale, msg`Unknown stand`), { stand_id: say(locale, msg`is not a stand`) });
  if (user.anonymous === 1 || user.profile !== 'exhibitor' || !(await ownsStand(db, user.id, standId)))
    throw forbidden(say(locale, msg`Only the stand's exhibitors can offer meeting slots on it`));
  const start = utcOf(body.start);
  const end = utcOf(body.end);
  if (!start) throw badRequest(say(locale, msg`"start" is not a date`), { start: say(locale, msg`is not a date`) });
  if (!end || end <= start)
    throw badRequest(say(locale, msg`"end" must come after "start"`), { end: say(locale, msg`must come after the start`) });
  if (start <= nowIso())
    throw badRequest(say(locale, msg`A slot must start in the future`), { start: say(locale, msg`must be in the future`) });
  const length = Date.parse(end) - Date.parse(start);
  if (length < SLOT_MIN_MS || length > SLOT_MAX_MS)
    throw badRequest(say(locale, msg`A slot lasts from 5 minutes to 4 hours`), {
      end: say(locale, msg`5 minutes to 4 hours after the start`),
    });
  const overlap = await db
    .selectFrom('meeting_slots')
    .select('id')
    .where('exhibitor_id', '=', user.id)
    .where('starts_at', '<', end)
    .where('ends_at', '>', start)
    .executeTakeFirst();
  if (overlap)
    throw badRequest(say(locale, msg`This slot overlaps one of your slots`), { start: say(locale, msg`overlaps one of your slots`) });
  const { id } = await db
    .insertInto('meeting_slots')
    .values({ stand_id: standId, exhibitor_id: user.id, starts_at: start, ends_at: end, created_at: nowIso() })
    .returning('id')
    .executeTakeFirstOrThrow();
  const row = await slotsQuery(db).where('s.id', '=', id).executeTakeFirstOrThrow();
  return toSlot(row);
}

/** A stand's slots that have not ended, in time order. */
export async function standSlots(db: Kysely<Database>, standId: number, now = nowIso()): Promise<Slot[]> {
  const rows = await slotsQuery(db)
    .where('s.stand_id', '=', standId)
    .where('s.ends_at', '>', now)
    .orderBy('s.starts_at')
    .orderBy('s.id')
    .execute();
  return rows.map(toSlot);
}

/** An exhibitor removes a slot of theirs that no meeting holds; 404 otherwise (409 when one does). */
export async function removeSlot(db: Kysely<Database>, user: UserRow, slotId: number, locale: LocaleCode): Promise<void> {
  const slot = await slotsQuery(db).where('s.id', '=', slotId).where('s.exhibitor_id', '=', user.id).executeTakeFirst();
  if (!slot) throw notFound(say(locale, msg`Unknown slot`));
  if (slot.held) throw conflict(say(locale, msg`A meeting is booked in this slot: cancel it first`));
  await db.deleteFrom('meeting_slots').where('id', '=', slotId).execute();
}

function meetingsQuery(db: Kysely<Database>) {
  return db
    .selectFrom('meetings as m')
    .innerJoin('meeting_slots as s', 's.id', 'm.slot_id')
    .innerJoin('stands as st', 'st.id', 's.stand_id')
    .innerJoin('users as v', 'v.id', 'm.visitor_id')
    .innerJoin('users as e', 'e.id', 's.exhibitor_id')
    .select([
      'm.id',
      'm.slot_id',
      'm.visitor_id',
      'm.message',
      'm.status',
      'm.reason',
      'm.cancelled_by',
      'm.updated_at',
      's.stand_id',
      's.exhibitor_id',
      's.starts_at',
      's.ends_at',
      'st.name as stand_name',
      'v.firstname as v_firstname',
      'v.lastname as v_lastname',
      'v.email as v_email',
      'e.firstname as e_firstname',
      'e.lastname as e_lastname',
      'e.email as e_email',
      'e.visio_link as e_visio_link',
    ]);
}

export type MeetingRow = Awaited<ReturnType<ReturnType<typeof meetingsQuery>['executeTakeFirstOrThrow']>>;

export function toMeeting(row: MeetingRow, viewerId: number): Meeting {
  return {
    id: encodeId(row.id),
    slot_id: encodeId(row.slot_id),
    stand_id: encodeId(row.stand_id),
    stand_name: row.stand_name,
    start: row.starts_at,
    end: row.ends_at,
    status: row.status,
    message: row.message,
    reason: row.reason,
    visitor: { id: encodeId(row.visitor_id), fullname: fullName({ firstname: row.v_firstname, lastname: row.v_lastname }) },
    exhibitor: { id: encodeId(row.exhibitor_id), fullname: fullName({ firstname: row.e_firstname, lastname: row.e_lastname }) },
    role: row.exhibitor_id === viewerId ? 'exhibitor' : 'visitor',
    video_link: row.status === 'accepted' ? row.e_visio_link : null,
  };
}

export const meetingRow = (db: Kysely<Database>, id: number) => meetingsQuery(db).where('m.id', '=', id).executeTakeFirst();

/**
 * A visitor books a free slot that has not started, with a message: a requested meeting, and a lead for the stand
 * (kind `meeting`, with the consent the visitor gave). 409 "This slot was just booked" when another booking holds it.
 */
export async function bookMeeting(
  db: Kysely<Database>,
  user: UserRow,
  body: { slot_id: string; message: string; consent?: boolean | undefined },
  locale: LocaleCode,
): Promise<MeetingRow> {
  if (user.anonymous === 1) throw forbidden(say(locale, msg`Log in to book a meeting`));
  const slotId = decodeId(body.slot_id);
  const slot = slotId === null ? undefined : await db.selectFrom('meeting_slots').selectAll().where('id', '=', slotId).executeTakeFirst();
  if (!slot) throw notFound(say(locale, msg`Unknown slot`));
  if (await ownsStand(db, user.id, slot.stand_id)) throw forbidden(say(locale, msg`You cannot book a meeting on your own stand`));
  if (slot.starts_at <= nowIso())
    throw badRequest(say(locale, msg`This slot has already started`), { slot_id: say(locale, msg`has already started`) });
  const stand = await db.selectFrom('stands').select(['id', 'company_id']).where('id', '=', slot.stand_id).executeTakeFirstOrThrow();
  const consent = body.consent === true;
  const now = nowIso();
  let id: number;
  try {
    id = await db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('meetings')
        .values({
          slot_id: slot.id,
          visitor_id: user.id,
          message: body.message.trim(),
          status: 'requested',
          reason: null,
          cancelled_by: null,
          created_at: now,
          updated_at: now,
          started_notice_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      // The lead: the visitor's contact details only with their consent.
      await insertLead(
        trx,
        {
          kind: 'meeting',
          stand_id: stand.id,
          company_id: stand.company_id,
          user_id: user.id,
          firstname: user.firstname ?? '',
          lastname: user.lastname ?? '',
          email: consent ? user.email : null,
          phone: consent ? user.mobile : null,
          postal_code: null,
          city: null,
          birthdate: null,
          subject: null,
          code_apporteur: null,
          comments: body.message.trim() || null,
          contest_name: null,
          score: null,
        },
        consentsOf('meeting', { data_sharing: consent }, locale),
        locale,
      );
      return row.id;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw slotJustBooked(locale);
    throw err;
  }
  return (await meetingRow(db, id)) as MeetingRow;
}

/**
 * A step of a meeting, by the side allowed to: the exhibitor accepts or declines a requested one; either side
 * cancels a requested or accepted one, with a reason. The change applies only to the status it was read in (a
 * concurrent step wins, this one gets a 409). 404 for anyone else.
 */
export async function updateMeeting(
  db: Kysely<Database>,
  user: UserRow,
  id: number,
  body: MeetingUpdateBody,
  locale: LocaleCode,
): Promise<{ before: MeetingRow; after: MeetingRow }> {
  const before = await meetingRow(db, id);
  const side = before?.exhibitor_id === user.id ? 'exhibitor' : before?.visitor_id === user.id ? 'visitor' : null;
  if (!before || side === null) throw notFound(say(locale, msg`Unknown meeting`));
  const reason = body.reason?.trim() || null;
  if (body.status === 'cancelled') {
    if (!HELD.includes(before.status)) throw conflict(say(locale, msg`This meeting is no longer booked`));
    if (!reason) throw badRequest(say(locale, msg`Say why you cancel the meeting`), { reason: say(locale, msg`is required`) });
  } else {
    if (side !== 'exhibitor') throw forbidden(say(locale, msg`Only the exhibitor accepts or declines a meeting`));
    if (before.status !== 'requested') throw conflict(say(locale, msg`This meeting was already answered`));
  }
  const result = await db
    .updateTable('meetings')
    .set({ status: body.status, reason, cancelled_by: body.status === 'cancelled' ? user.id : null, updated_at: nowIso() })
    .where('id', '=', id)
    .where('status', '=', before.status)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw conflict(say(locale, msg`This meeting changed meanwhile: reload it`));
  return { before, after: (await meetingRow(db, id)) as MeetingRow };
}

/** The person's meetings on both sides (as visitor, or as the slot's exhibitor), in time order. */
export async function myMeetings(db: Kysely<Database>, userId: number): Promise<MeetingRow[]> {
  return meetingsQuery(db)
    .where((eb) => eb.or([eb('m.visitor_id', '=', userId), eb('s.exhibitor_id', '=', userId)]))
    .orderBy('s.starts_at')
    .orderBy('m.id')
    .execute();
}
