import { sql, type Kysely } from 'kysely';
import {
  ANALYTICS_MAX_HOURS,
  ATTENDANCE_HOURS,
  VISITORS_LIST_PER_PAGE,
  type AnalyticsMeetings,
  type AttendanceData,
  type ListedVisitor,
  type StandAnalyticsData,
  type VisitorSort,
  type VisitorsData,
} from '@salon/shared/contracts/analytics';
import type { Database, StandRow, UserRow } from '../db/schema';
import { encodeId } from '../lib/ids';
import { spreadsheetCsv } from './leads';
import { isPublished, parseFieldsParam } from './users';

/*
 * Figures read from what the server already stores: stand_visits (visits, visitors), stand_history's chatStarted
 * entries (chats), leads, sessions and tracking_events (attendance). Timestamps are ISO 8601 UTC text on both
 * databases, so an hour is the text's first 13 characters (`2026-11-25T14`): one GROUP BY that SQLite and
 * PostgreSQL run alike. Nothing is cached: a visit made a minute ago is counted.
 */

const HOUR_MS = 3_600_000;
const num = (value: string | number | bigint | null | undefined): number => Number(value ?? 0);
/** `2026-11-25T14` → the hour's start in ms. */
const hourMs = (key: string): number => Date.parse(`${key}:00:00.000Z`);
const hourKey = (ms: number): string => new Date(ms).toISOString().slice(0, 13);
const hourText = sql<string>`substr(created_at, 1, 13)`;

interface Counted {
  hour: string;
  n: string | number | bigint;
}

async function hourly(db: Kysely<Database>, standId: number) {
  const [visits, chats, leads, unique] = await Promise.all([
    db
      .selectFrom('stand_visits')
      .select([
        sql<string>`substr(started_at, 1, 13)`.as('hour'),
        (eb) => eb.fn.countAll<string | number>().as('n'),
        (eb) => eb.fn.count<string | number>('user_id').distinct().as('u'),
      ])
      .where('stand_id', '=', standId)
      .groupBy(sql`substr(started_at, 1, 13)`)
      .execute(),
    db
      .selectFrom('stand_history')
      .select([hourText.as('hour'), (eb) => eb.fn.countAll<string | number>().as('n')])
      .where('stand_id', '=', standId)
      .where('type', '=', 'chatStarted')
      .groupBy(hourText)
      .execute(),
    db
      .selectFrom('leads')
      .select([hourText.as('hour'), (eb) => eb.fn.countAll<string | number>().as('n')])
      .where('stand_id', '=', standId)
      .groupBy(hourText)
      .execute(),
    db
      .selectFrom('stand_visits')
      .select((eb) => eb.fn.count<string | number>('user_id').distinct().as('n'))
      .where('stand_id', '=', standId)
      .executeTakeFirst(),
  ]);
  return { visits, chats: chats as Counted[], leads: leads as Counted[], unique: num(unique?.n) };
}

/** The hours from `first` (ms, or null) to the current hour, at most `max` (the latest). */
function hourRange(first: number | null, now: number, max: number): number[] {
  const last = Math.floor(now / HOUR_MS) * HOUR_MS;
  const start = Math.max(first === null ? last : Math.min(first, last), last - (max - 1) * HOUR_MS);
  const out: number[] = [];
  for (let at = start; at <= last; at += HOUR_MS) out.push(at);
  return out;
}

/**
 * The meetings booked in a stand's slots: every booking made, those held (accepted, and their time began), those
 * cancelled by either side.
 */
async function meetingCounts(db: Kysely<Database>, standId: number, now: number): Promise<AnalyticsMeetings> {
  const started = new Date(now).toISOString();
  const row = await db
    .selectFrom('meetings as m')
    .innerJoin('meeting_slots as s', 's.id', 'm.slot_id')
    .select([
      sql<string | number>`count(*)`.as('booked'),
      sql<string | number | null>`sum(case when m.status = 'accepted' and s.starts_at <= ${started} then 1 else 0 end)`.as('held'),
      sql<string | number | null>`sum(case when m.status = 'cancelled' then 1 else 0 end)`.as('cancelled'),
    ])
    .where('s.stand_id', '=', standId)
    .executeTakeFirst();
  return { booked: num(row?.booked), held: num(row?.held), cancelled: num(row?.cancelled) };
}

/** A stand's visits, unique visitors, chats started and leads per hour, from its first activity to now; its meetings. */
export async function standAnalytics(db: Kysely<Database>, stand: StandRow, now = Date.now()): Promise<StandAnalyticsData> {
  const [{ visits, chats, leads, unique }, meetings] = await Promise.all([hourly(db, stand.id), meetingCounts(db, stand.id, now)]);
  const byHour = new Map<string, { visits: number; unique_visitors: number; chats: number; leads: number }>();
  const slot = (hour: string) => {
    let value = byHour.get(hour);
    if (!value) {
      value = { visits: 0, unique_visitors: 0, chats: 0, leads: 0 };
      byHour.set(hour, value);
    }
    return value;
  };
  for (const row of visits) Object.assign(slot(row.hour), { visits: num(row.n), unique_visitors: num(row.u) });
  for (const row of chats) slot(row.hour).chats = num(row.n);
  for (const row of leads) slot(row.hour).leads = num(row.n);
  const keys = [...byHour.keys()].filter((k) => Number.isFinite(hourMs(k)));
  const first = keys.length === 0 ? null : Math.min(...keys.map(hourMs));
  const hours = hourRange(first, now, ANALYTICS_MAX_HOURS).map((at) => ({
    hour: new Date(at).toISOString(),
    ...(byHour.get(hourKey(at)) ?? { visits: 0, unique_visitors: 0, chats: 0, leads: 0 }),
  }));
  // Totals count everything stored, also what is older than the hours listed.
  const sum = (rows: readonly { n: string | number | bigint }[]) => rows.reduce((total, row) => total + num(row.n), 0);
  return {
    stand: { id: encodeId(stand.id), name: stand.name, name_en: stand.name_en },
    hours,
    totals: { visits: sum(visits), unique_visitors: unique, chats: sum(chats), leads: sum(leads), meetings },
    generated_at: new Date(now).toISOString(),
  };
}

/** People seen per hour over the last 24 hours: a session begun, a stand visit started, a tracked event, or their last activity. */
export async function attendance(db: Kysely<Database>, now = Date.now()): Promise<AttendanceData> {
  const range = hourRange(null, now, 1);
  const lastHour = range[0] ?? now;
  const firstHour = lastHour - (ATTENDANCE_HOURS - 1) * HOUR_MS;
  const since = new Date(firstHour).toISOString();
  const [sessions, visits, events, active] = await Promise.all([
    db.selectFrom('sessions').select(['user_id', 'created_at as at']).where('created_at', '>=', since).execute(),
    db.selectFrom('stand_visits').select(['user_id', 'started_at as at']).where('started_at', '>=', since).execute(),
    db
      .selectFrom('tracking_events')
      .select(['user_id', 'created_at as at'])
      .where('created_at', '>=', since)
      .where('user_id', 'is not', null)
      .execute(),
    db.selectFrom('users').select(['id as user_id', 'last_activity_at as at']).where('last_activity_at', '>=', since).execute(),
  ]);
  const people = new Map<string, Set<number>>();
  const visitCounts = new Map<string, number>();
  for (const row of [...sessions, ...visits, ...events, ...active]) {
    if (row.user_id === null || row.at === null) continue;
    const key = row.at.slice(0, 13);
    let set = people.get(key);
    if (!set) people.set(key, (set = new Set()));
    set.add(row.user_id);
  }
  for (const row of visits) visitCounts.set(row.at.slice(0, 13), (visitCounts.get(row.at.slice(0, 13)) ?? 0) + 1);
  const hours = [];
  for (let at = firstHour; at <= lastHour; at += HOUR_MS) {
    const key = hourKey(at);
    hours.push({ hour: new Date(at).toISOString(), people: people.get(key)?.size ?? 0, visits: visitCounts.get(key) ?? 0 });
  }
  return { hours, generated_at: new Date(now).toISOString() };
}

// ── CSV ─────────────────────────────────────────────────────────────────────────────────────────────────────────

export function standAnalyticsCsv(data: StandAnalyticsData, standName: string): string {
  return spreadsheetCsv(
    ['stand', 'hour', 'visits', 'unique_visitors', 'chats', 'leads'],
    data.hours.map((h) => ({ stand: standName, ...h })),
  );
}

export function attendanceCsv(data: AttendanceData): string {
  return spreadsheetCsv(['hour', 'people', 'visits'], data.hours);
}

export function visitorsCsv(visitors: readonly ListedVisitor[]): string {
  return spreadsheetCsv(['id_user', 'pseudo', 'firstname', 'lastname', 'email', 'mobile', 'postal_code', 'city', 'created_at'], visitors);
}

/** `<what>-<YYYY-MM-DD>.csv`, ASCII only. */
export function statsFilename(what: string, at = new Date()): string {
  const safe = what.replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-+|-+$/g, '') || 'salon';
  return `${safe}-${at.toISOString().slice(0, 10)}.csv`;
}

// ── The visitor list ────────────────────────────────────────────────────────────────────────────────────────────

type VisitorColumns = Pick<
  UserRow,
  'id' | 'pseudo' | 'firstname' | 'lastname' | 'email' | 'mobile' | 'postal_code' | 'city' | 'fields_param' | 'created_at'
>;

/** Only what the person published (spec §5); the pseudo is public by nature. */
export function toListedVisitor(row: VisitorColumns): ListedVisitor {
  const fields = parseFieldsParam(row.fields_param);
  const show = (field: string, value: string | null) => (isPublished(fields, field, value) ? value : null);
  return {
    id_user: encodeId(row.id),
    pseudo: row.pseudo || null,
    firstname: show('firstname', row.firstname),
    lastname: show('lastname', row.lastname),
    email: show('email', row.email),
    mobile: show('mobile', row.mobile),
    postal_code: show('postal_code', row.postal_code),
    city: show('city', row.city),
    created_at: row.created_at,
  };
}

const fold = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/** Matches on the published fields only: a search never reveals who has an unpublished value. */
function matches(visitor: ListedVisitor, words: readonly string[]): boolean {
  const text = fold(
    [visitor.pseudo, visitor.firstname, visitor.lastname, visitor.email, visitor.mobile, visitor.postal_code, visitor.city]
      .filter(Boolean)
      .join(' '),
  );
  return words.every((word) => text.includes(word));
}

const nameKey = (v: ListedVisitor): string => fold([v.lastname, v.firstname, v.pseudo].filter(Boolean).join(' '));

function compare(sort: VisitorSort): (a: ListedVisitor, b: ListedVisitor) => number {
  const desc = sort.startsWith('-');
  const field = desc ? sort.slice(1) : sort;
  const key = (v: ListedVisitor): string => (field === 'name' ? nameKey(v) : field === 'city' ? fold(v.city ?? '') : v.created_at);
  return (a, b) => {
    const [ka, kb] = [key(a), key(b)];
    // Empty values (nothing published) last, whichever the direction.
    if (ka === '' && kb !== '') return 1;
    if (kb === '' && ka !== '') return -1;
    const order = ka < kb ? -1 : ka > kb ? 1 : a.id_user < b.id_user ? -1 : a.id_user > b.id_user ? 1 : 0;
    return desc ? -order : order;
  };
}

/**
 * Registered visitors, searched and sorted on what each published (spec §5): both are done here on the published
 * values, never in SQL on the raw columns, so neither the matches nor the order tell anything about an unpublished
 * field (and accents fold alike: "zoe" finds Zoé). The visitors' few columns are read in one query.
 */
export async function searchVisitors(
  db: Kysely<Database>,
  options: { search?: string; sort?: VisitorSort; page?: number | null },
): Promise<VisitorsData & { all: ListedVisitor[] }> {
  const words = fold(options.search ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 8);
  const query = db
    .selectFrom('users')
    .select(['id', 'pseudo', 'firstname', 'lastname', 'email', 'mobile', 'postal_code', 'city', 'fields_param', 'created_at'])
    .where('profile', '=', 'visitor')
    .where('anonymous', '=', 0);
  const rows = await query.execute();
  const listed = rows.map(toListedVisitor).filter((v) => matches(v, words));
  listed.sort(compare(options.sort ?? '-created_at'));
  const total = listed.length;
  const pages = Math.max(1, Math.ceil(total / VISITORS_LIST_PER_PAGE));
  const page = Math.min(options.page ?? 1, pages);
  return {
    visitors: listed.slice((page - 1) * VISITORS_LIST_PER_PAGE, page * VISITORS_LIST_PER_PAGE),
    page,
    per_page: VISITORS_LIST_PER_PAGE,
    total,
    pages,
    all: listed,
  };
}
