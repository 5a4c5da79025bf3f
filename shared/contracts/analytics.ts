import { Type, type Static } from '@sinclair/typebox';
import { Nullable } from './common';
import { ObfuscatedId } from './room';

/*
 * Figures for the back office: a stand's visits per hour for its exhibitors and the organisers,
 * the salon's attendance over the last day, the visitor list (search, sort, pages, CSV) and who is here now (SSE).
 */

/** `?format=csv` gives the same figures as CSV (so does the `.csv` address). */
export const CsvFormat = Type.Optional(Type.Literal('csv'));

/** GET /api/analytics?stand_id=…[&format=csv]. */
export const AnalyticsQuery = Type.Object(
  {
    stand_id: ObfuscatedId,
    format: CsvFormat,
  },
  { additionalProperties: false },
);
export type AnalyticsQuery = Static<typeof AnalyticsQuery>;

/** One hour (UTC): what started within it. */
export const AnalyticsHour = Type.Object({
  /** ISO 8601 UTC start of the hour, e.g. `2026-11-25T14:00:00.000Z`. */
  hour: Type.String(),
  visits: Type.Integer({ minimum: 0 }),
  /** Distinct people whose visit started in this hour. */
  unique_visitors: Type.Integer({ minimum: 0 }),
  chats: Type.Integer({ minimum: 0 }),
  leads: Type.Integer({ minimum: 0 }),
});
export type AnalyticsHour = Static<typeof AnalyticsHour>;

/** The meetings booked in the stand's slots: every booking, those held (accepted, their time begun), those cancelled. */
export const AnalyticsMeetings = Type.Object({
  booked: Type.Integer({ minimum: 0 }),
  held: Type.Integer({ minimum: 0 }),
  cancelled: Type.Integer({ minimum: 0 }),
});
export type AnalyticsMeetings = Static<typeof AnalyticsMeetings>;

export const AnalyticsTotals = Type.Object({
  visits: Type.Integer({ minimum: 0 }),
  /** Distinct people over the whole event (not the sum of the hours). */
  unique_visitors: Type.Integer({ minimum: 0 }),
  chats: Type.Integer({ minimum: 0 }),
  leads: Type.Integer({ minimum: 0 }),
  meetings: AnalyticsMeetings,
});
export type AnalyticsTotals = Static<typeof AnalyticsTotals>;

/** At most this many hours are listed (the latest ones): a month. */
export const ANALYTICS_MAX_HOURS = 744;

export const StandAnalyticsData = Type.Object({
  stand: Type.Object({ id: ObfuscatedId, name: Type.String(), name_en: Type.String() }),
  /** Every hour from the first recorded activity to the current hour, oldest first (only the current hour when nothing happened yet). */
  hours: Type.Array(AnalyticsHour, { maxItems: ANALYTICS_MAX_HOURS }),
  totals: AnalyticsTotals,
  /** When the figures were computed (ISO 8601 UTC). */
  generated_at: Type.String(),
});
export type StandAnalyticsData = Static<typeof StandAnalyticsData>;

/** GET /api/analytics/attendance[?format=csv]: the last 24 hours. */
export const AttendanceQuery = Type.Object({ format: CsvFormat }, { additionalProperties: false });
export type AttendanceQuery = Static<typeof AttendanceQuery>;

export const ATTENDANCE_HOURS = 24;

export const AttendanceHour = Type.Object({
  hour: Type.String(),
  /** Distinct people seen in this hour: a session begun, a stand visit started, a tracked event, or their last activity. */
  people: Type.Integer({ minimum: 0 }),
  visits: Type.Integer({ minimum: 0 }),
});
export type AttendanceHour = Static<typeof AttendanceHour>;

export const AttendanceData = Type.Object({
  hours: Type.Array(AttendanceHour, { minItems: ATTENDANCE_HOURS, maxItems: ATTENDANCE_HOURS }),
  generated_at: Type.String(),
});
export type AttendanceData = Static<typeof AttendanceData>;

export const VISITOR_SORTS = ['name', '-name', 'created_at', '-created_at', 'city', '-city'] as const;
export type VisitorSort = (typeof VISITOR_SORTS)[number];
export const VISITORS_LIST_PER_PAGE = 25;

/** GET /api/users/visitors?search=&sort=&page= (and `/api/users/visitors.csv?search=&sort=`, every page). */
export const VisitorsQuery = Type.Object(
  {
    search: Type.Optional(Type.String({ maxLength: 100 })),
    sort: Type.Optional(Type.Union(VISITOR_SORTS.map((s) => Type.Literal(s)))),
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000 })),
    format: CsvFormat,
  },
  { additionalProperties: false },
);
export type VisitorsQuery = Static<typeof VisitorsQuery>;

/** A registered visitor as the organisers see them: each field null unless it has a value and is published (spec §5). */
export const ListedVisitor = Type.Object({
  id_user: ObfuscatedId,
  pseudo: Nullable(Type.String()),
  firstname: Nullable(Type.String()),
  lastname: Nullable(Type.String()),
  email: Nullable(Type.String()),
  mobile: Nullable(Type.String()),
  postal_code: Nullable(Type.String()),
  city: Nullable(Type.String()),
  created_at: Type.String(),
});
export type ListedVisitor = Static<typeof ListedVisitor>;

export const VisitorsData = Type.Object({
  visitors: Type.Array(ListedVisitor),
  page: Type.Integer(),
  per_page: Type.Integer(),
  total: Type.Integer(),
  pages: Type.Integer(),
});
export type VisitorsData = Static<typeof VisitorsData>;

/** The event name of GET /api/sse/users/actives; its data is `UsersActivesData` (shared/contracts/backoffice.ts). */
export const USERS_ACTIVES_EVENT = 'usersActives';
