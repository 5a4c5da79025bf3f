import { msg } from '@lingui/core/macro';
import type { Kysely, Selectable } from 'kysely';
import type { LocaleCode } from '@salon/shared/contracts/page-data';
import type { Talk, TalkBody } from '@salon/shared/contracts/programme';
import { nowIso, type Database, type TalksTable } from '../db/schema';
import { say } from '../i18n';
import { badRequest, notFound } from '../lib/errors';
import { decodeId, encodeId } from '../lib/ids';
import { recordChange } from './audit';
import { inTransaction, loadStream, type StreamSettings } from './settings';

/**
 * The programme (issue 38): talks managed by organisers and administrators, on the conference room's live stream or
 * on a stand. A talk on the stream switches the live stream by itself (`effectiveStream`): from its start to its end
 * the stream shows the talk's addresses, unless an administrator switched the stream by hand during the talk; at its
 * end the stream is what was set before, since the talk never overwrites the stored settings.
 */

export type TalkRow = Selectable<TalksTable>;

const speakersOf = (text: string): string[] => {
  try {
    const list: unknown = JSON.parse(text);
    return Array.isArray(list) ? list.filter((s): s is string => typeof s === 'string') : [];
  } catch {
    return [];
  }
};

export function toTalk(row: TalkRow & { stand_name: string | null; stand_slug: string | null }, now: string, inAgenda: boolean): Talk {
  return {
    id: encodeId(row.id),
    title_fr: row.title_fr,
    title_en: row.title_en,
    description_fr: row.description_fr,
    description_en: row.description_en,
    speakers: speakersOf(row.speakers),
    start: row.starts_at,
    end: row.ends_at,
    place: row.place,
    stand_id: row.stand_id === null ? null : encodeId(row.stand_id),
    stand_name: row.stand_name,
    stand_slug: row.stand_slug,
    video_url: row.video_url,
    chat_url: row.chat_url,
    live: row.starts_at <= now && now < row.ends_at,
    in_agenda: inAgenda,
  };
}

function talksQuery(db: Kysely<Database>) {
  return db
    .selectFrom('talks')
    .leftJoin('stands', 'stands.id', 'talks.stand_id')
    .selectAll('talks')
    .select(['stands.name as stand_name', 'stands.panorama_slug as stand_slug']);
}

/** Every talk in time order, each saying whether it is in `viewerId`'s agenda. */
export async function listTalks(db: Kysely<Database>, viewerId: number, now = nowIso()): Promise<Talk[]> {
  const [rows, agenda] = await Promise.all([
    talksQuery(db).orderBy('talks.starts_at').orderBy('talks.id').execute(),
    db.selectFrom('agenda_talks').select('talk_id').where('user_id', '=', viewerId).execute(),
  ]);
  const mine = new Set(agenda.map((a) => a.talk_id));
  return rows.map((row) => toTalk(row, now, mine.has(row.id)));
}

export async function findTalk(db: Kysely<Database>, id: number, viewerId: number, now = nowIso()): Promise<Talk | null> {
  const row = await talksQuery(db).where('talks.id', '=', id).executeTakeFirst();
  if (!row) return null;
  const inAgenda = await db
    .selectFrom('agenda_talks')
    .select('talk_id')
    .where('user_id', '=', viewerId)
    .where('talk_id', '=', id)
    .executeTakeFirst();
  return toTalk(row, now, inAgenda !== undefined);
}

/** ISO 8601 UTC of an instant the schema accepted, to the second (as calendars keep it), or null when it is not a real date. */
export function utcOf(instant: string): string | null {
  const ms = Date.parse(instant);
  return Number.isNaN(ms) ? null : new Date(Math.floor(ms / 1000) * 1000).toISOString();
}

/** A talk's columns from a body, checked: end after start, a stand for a talk on a stand, a video for one on the stream. */
async function talkValues(db: Kysely<Database>, body: TalkBody, locale: LocaleCode) {
  const start = utcOf(body.start);
  const end = utcOf(body.end);
  if (!start) throw badRequest(say(locale, msg`"start" is not a date`), { start: say(locale, msg`is not a date`) });
  if (!end || end <= start)
    throw badRequest(say(locale, msg`"end" must come after "start"`), { end: say(locale, msg`must come after the start`) });
  let standId: number | null = null;
  if (body.place === 'stand') {
    standId = body.stand_id ? decodeId(body.stand_id) : null;
    const stand = standId === null ? undefined : await db.selectFrom('stands').select('id').where('id', '=', standId).executeTakeFirst();
    if (!stand) throw badRequest(say(locale, msg`A talk on a stand needs a stand`), { stand_id: say(locale, msg`is not a stand`) });
  } else if (!body.video_url) {
    throw badRequest(say(locale, msg`A talk on the live stream needs a video address`), { video_url: say(locale, msg`is required`) });
  }
  return {
    title_fr: body.title_fr.trim(),
    title_en: body.title_en.trim(),
    description_fr: body.description_fr.trim(),
    description_en: body.description_en.trim(),
    speakers: JSON.stringify(body.speakers.map((s: string) => s.trim()).filter(Boolean)),
    starts_at: start,
    ends_at: end,
    place: body.place,
    stand_id: standId,
    video_url: body.place === 'stream' ? (body.video_url ?? null) : null,
    chat_url: body.place === 'stream' ? (body.chat_url ?? null) : null,
  };
}

/** A new talk, with its audit entry. */
export async function createTalk(db: Kysely<Database>, actorId: number, body: TalkBody, locale: LocaleCode): Promise<number> {
  const values = await talkValues(db, body, locale);
  return inTransaction(db, async (trx) => {
    const { id } = await trx
      .insertInto('talks')
      .values({ ...values, created_at: nowIso() })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordChange(trx, { actorId, action: 'talk.create', target: `talk ${encodeId(id)}`, before: null, after: values });
    return id;
  });
}

/** A talk replaced by the body, with its audit entry; 404 for an unknown talk. */
export async function updateTalk(db: Kysely<Database>, actorId: number, id: number, body: TalkBody, locale: LocaleCode): Promise<void> {
  const values = await talkValues(db, body, locale);
  await inTransaction(db, async (trx) => {
    const before = await trx.selectFrom('talks').selectAll().where('id', '=', id).executeTakeFirst();
    if (!before) throw notFound(say(locale, msg`Unknown talk`));
    await trx.updateTable('talks').set(values).where('id', '=', id).execute();
    // A talk moved later reminds again.
    if (before.starts_at !== values.starts_at)
      await trx.updateTable('agenda_talks').set({ reminded_at: null }).where('talk_id', '=', id).execute();
    const { id: _id, created_at: _created, ...was } = before;
    await recordChange(trx, { actorId, action: 'talk.update', target: `talk ${encodeId(id)}`, before: was, after: values });
  });
}

export async function removeTalk(db: Kysely<Database>, actorId: number, id: number, locale: LocaleCode): Promise<void> {
  await inTransaction(db, async (trx) => {
    const before = await trx.selectFrom('talks').selectAll().where('id', '=', id).executeTakeFirst();
    if (!before) throw notFound(say(locale, msg`Unknown talk`));
    await trx.deleteFrom('agenda_talks').where('talk_id', '=', id).execute();
    await trx.deleteFrom('talks').where('id', '=', id).execute();
    await recordChange(trx, {
      actorId,
      action: 'talk.remove',
      target: `talk ${encodeId(id)}`,
      before: { title_fr: before.title_fr, starts_at: before.starts_at },
      after: null,
    });
  });
}

/** Adds a talk to the person's agenda (again: nothing changes); false for an unknown talk. */
export async function addToAgenda(db: Kysely<Database>, userId: number, talkId: number): Promise<boolean> {
  const talk = await db.selectFrom('talks').select('id').where('id', '=', talkId).executeTakeFirst();
  if (!talk) return false;
  await db
    .insertInto('agenda_talks')
    .values({ user_id: userId, talk_id: talkId, created_at: nowIso(), reminded_at: null })
    .onConflict((oc) => oc.columns(['user_id', 'talk_id']).doNothing())
    .execute();
  return true;
}

export async function removeFromAgenda(db: Kysely<Database>, userId: number, talkId: number): Promise<void> {
  await db.deleteFrom('agenda_talks').where('user_id', '=', userId).where('talk_id', '=', talkId).execute();
}

/** The person's agenda talks, in time order. */
export async function agendaTalks(db: Kysely<Database>, userId: number, now = nowIso()): Promise<Talk[]> {
  const rows = await talksQuery(db)
    .innerJoin('agenda_talks', 'agenda_talks.talk_id', 'talks.id')
    .where('agenda_talks.user_id', '=', userId)
    .orderBy('talks.starts_at')
    .orderBy('talks.id')
    .execute();
  return rows.map((row) => toTalk(row, now, true));
}

/** The parameter that holds when an administrator last switched the stream by hand (ISO 8601 UTC). */
export const STREAM_SWITCHED_AT = 'stream_switched_at';

/** The talk on the stream running at `now` (the latest to start, when two overlap), or undefined. */
export async function liveStreamTalk(db: Kysely<Database>, now = nowIso()): Promise<TalkRow | undefined> {
  return db
    .selectFrom('talks')
    .selectAll()
    .where('place', '=', 'stream')
    .where('starts_at', '<=', now)
    .where('ends_at', '>', now)
    .orderBy('starts_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

async function switchedAt(db: Kysely<Database>): Promise<string | null> {
  const row = await db.selectFrom('parameters').select('value').where('key', '=', STREAM_SWITCHED_AT).executeTakeFirst();
  if (!row) return null;
  try {
    const value: unknown = JSON.parse(row.value);
    return typeof value === 'string' ? value : null;
  } catch {
    return null;
  }
}

/**
 * The live stream as rooms show it: a talk on the stream while it runs (its video and chat addresses), unless an
 * administrator switched the stream by hand since the talk started (theirs wins until the talk ends); otherwise the
 * stored settings.
 */
export async function effectiveStream(db: Kysely<Database>, now = nowIso()): Promise<StreamSettings> {
  const [stored, talk, switched] = await Promise.all([loadStream(db), liveStreamTalk(db, now), switchedAt(db)]);
  if (!talk || !talk.video_url || (switched !== null && switched >= talk.starts_at)) return stored;
  return { active: true, video_url: talk.video_url, chat_url: talk.chat_url };
}

/** The next instant after `now` when a talk on the stream starts or ends (the stream may change then), or null. */
export async function nextStreamBoundary(db: Kysely<Database>, now = nowIso()): Promise<string | null> {
  const [start, end] = await Promise.all([
    db
      .selectFrom('talks')
      .select('starts_at as at')
      .where('place', '=', 'stream')
      .where('starts_at', '>', now)
      .orderBy('starts_at')
      .executeTakeFirst(),
    db
      .selectFrom('talks')
      .select('ends_at as at')
      .where('place', '=', 'stream')
      .where('ends_at', '>', now)
      .orderBy('ends_at')
      .executeTakeFirst(),
  ]);
  const times = [start?.at, end?.at].filter((t): t is string => typeof t === 'string').sort();
  return times[0] ?? null;
}
