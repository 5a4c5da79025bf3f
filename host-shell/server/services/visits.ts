import type { Kysely, Transaction } from 'kysely';
import type { StandVisit } from '@salon/shared/contracts/room';
import {
  nowIso,
  type Database,
  type Dialect,
  type HistoryType,
  type StandHistoryRow,
  type StandVisitRow,
  type VisitEndReason,
} from '../db/schema';
import { atomically, takeTurns } from '../db/atomic';
import { prepared } from '../db/prepared';
import { encodeId } from '../lib/ids';

const standById = prepared((db, standId: number) => db.selectFrom('stands').select('id').where('id', '=', standId));

export async function standExists(db: Kysely<Database>, standId: number): Promise<boolean> {
  return (await db.executeQuery(standById(db, standId))).rows.length > 0;
}

export async function ownsStand(db: Kysely<Database>, userId: number, standId: number): Promise<boolean> {
  const row = await db
    .selectFrom('stand_exhibitors')
    .select('stand_id')
    .where('user_id', '=', userId)
    .where('stand_id', '=', standId)
    .executeTakeFirst();
  return row !== undefined;
}

const standOwnedBy = prepared((db, userId: number, standId: number) =>
  db
    .selectFrom('stands')
    .select((eb) => [
      eb
        .exists(eb.selectFrom('stand_exhibitors').select('stand_id').where('stand_id', '=', standId).where('user_id', '=', userId))
        .as('owned'),
    ])
    .where('id', '=', standId),
);

/**
 * A visit call's stand and whether the user is one of its exhibitors (spec §6: no visit is recorded then), in one
 * read; null when no stand has that id.
 */
export async function visitTarget(db: Kysely<Database>, userId: number, standId: number): Promise<{ owned: boolean } | null> {
  const [row] = (await db.executeQuery(standOwnedBy(db, userId, standId))).rows;
  // SQLite answers 0 or 1, PostgreSQL a boolean.
  return row ? { owned: Boolean(row.owned) } : null;
}

export function toStandVisit(row: StandVisitRow): StandVisit {
  return { id: encodeId(row.id), stand_id: encodeId(row.stand_id), started_at: row.started_at, ended_at: row.ended_at };
}

type HistoryEntry = { standId: number; userId: number; type: HistoryType; content?: Record<string, unknown>; at?: string };

const historyValues = (e: HistoryEntry) => ({
  stand_id: e.standId,
  user_id: e.userId,
  type: e.type,
  content: JSON.stringify(e.content ?? {}),
  created_at: e.at ?? nowIso(),
});

/** Writes a stand history entry; returns its id (the socket's stand_history sends it to the stand's exhibitors). */
export async function addHistory(db: Kysely<Database> | Transaction<Database>, entry: HistoryEntry): Promise<number> {
  return (await addHistories(db, [entry]))[0]!.id;
}

/** Writes stand history entries in one statement; the rows written, in the same order. */
async function addHistories(db: Kysely<Database> | Transaction<Database>, entries: HistoryEntry[]): Promise<StandHistoryRow[]> {
  if (entries.length === 0) return [];
  const rows = await db.insertInto('stand_history').values(entries.map(historyValues)).returningAll().execute();
  // Neither database promises RETURNING's order: each entry is found again by its stand and type (a user has one
  // open visit at most, so no two entries of one call share both).
  return entries.map((e) => {
    const row = rows.find((r) => r.stand_id === e.standId && r.type === e.type);
    if (!row) throw new Error('a stand history entry was not written');
    return row;
  });
}

/** A visit that was just closed, with its leaveStand entry. */
export type ClosedVisit = StandVisitRow & { history: StandHistoryRow };

/** Ends the open visits `which` picks, in one statement (only those still open: not one ended meanwhile). */
function closeOpen(
  trx: Transaction<Database>,
  which: { userId: number; standId?: number } | { visitId: number },
  endedBy: VisitEndReason,
  at: string,
): Promise<StandVisitRow[]> {
  let update = trx.updateTable('stand_visits').set({ ended_at: at, ended_by: endedBy }).where('ended_at', 'is', null);
  if ('visitId' in which) update = update.where('id', '=', which.visitId);
  else {
    update = update.where('user_id', '=', which.userId);
    if (which.standId !== undefined) update = update.where('stand_id', '=', which.standId);
  }
  return update.returningAll().execute();
}

/** A leaveStand entry's content: why the visit ended. */
const leaveContent = (endedBy: VisitEndReason) => ({ ended_by: endedBy });

const leaveEntry = (visit: StandVisitRow, endedBy: VisitEndReason, at: string): HistoryEntry => ({
  standId: visit.stand_id,
  userId: visit.user_id,
  type: 'leaveStand',
  content: leaveContent(endedBy),
  at,
});

/** Closes visits and writes their leaveStand entries: two statements whatever the number. */
async function close(
  trx: Transaction<Database>,
  which: Parameters<typeof closeOpen>[1],
  endedBy: VisitEndReason,
  at: string,
): Promise<ClosedVisit[]> {
  const closed = await closeOpen(trx, which, endedBy, at);
  const history = await addHistories(
    trx,
    closed.map((visit) => leaveEntry(visit, endedBy, at)),
  );
  return closed.map((visit, i) => ({ ...visit, history: history[i]! }));
}

export const isUniqueViolation = (err: unknown): boolean => {
  if (typeof err !== 'object' || err === null) return false;
  const code = (err as { code?: unknown }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
};

export interface StartedVisit {
  visit: StandVisitRow;
  /** Visits of the same user that this one replaced (normally none or one). */
  replaced: ClosedVisit[];
  /** The enterOnStand entry. */
  entered: StandHistoryRow;
}

/** A visit's start, its four statements (`startVisit`). The user's open visit, replaced. */
const replaceOpenVisit = prepared((db, userId: number, at: string) =>
  db
    .updateTable('stand_visits')
    .set({ ended_at: at, ended_by: 'replaced' })
    .where('user_id', '=', userId)
    .where('ended_at', 'is', null)
    .returningAll(),
);

/**
 * Its leaveStand: the visit this start ended. It is the user's newest visit (each start writes its visit after ending
 * the one before): starts of the same millisecond end visits at the same `at`, so that alone would match those of the
 * starts before this one too.
 */
const leaveReplaced = prepared((db, userId: number, at: string) =>
  db
    .insertInto('stand_history')
    .columns(['stand_id', 'user_id', 'type', 'content', 'created_at'])
    .expression((eb) =>
      eb
        .selectFrom('stand_visits as v')
        .select((e) => [
          'v.stand_id',
          'v.user_id',
          e.val<HistoryType>('leaveStand').as('type'),
          e.val(JSON.stringify(leaveContent('replaced'))).as('content'),
          e.val(at).as('created_at'),
        ])
        .where('v.user_id', '=', userId)
        .where('v.ended_by', '=', 'replaced')
        .where('v.ended_at', '=', at)
        .where('v.id', '=', (eb) =>
          eb
            .selectFrom('stand_visits as newest')
            .select((e) => e.fn.max('newest.id').as('id'))
            .where('newest.user_id', '=', userId),
        ),
    )
    .returningAll(),
);

const openVisit = prepared((db, userId: number, standId: number, at: string) =>
  db
    .insertInto('stand_visits')
    .values({ user_id: userId, stand_id: standId, started_at: at, ended_at: null, ended_by: null })
    .returningAll(),
);

const enterStand = prepared((db, userId: number, standId: number, at: string) =>
  db
    .insertInto('stand_history')
    .values(historyValues({ standId, userId, type: 'enterOnStand', at }))
    .returningAll(),
);

/** The first key of PostgreSQL's transaction-level advisory lock on one user's visits (the second is the user's id). */
const VISITS_LOCK = 7_013_002;

/**
 * Opens a visit: the user's other open visit is closed first ('replaced', with its leaveStand), then the visit
 * and its enterOnStand are written, in one transaction. The database allows one open visit per user. On PostgreSQL
 * one user's starts take turns (a transaction-level advisory lock on the user: under read committed, two starts at
 * once would each miss the other's new visit, and the later insert would break that rule); each then replaces the
 * one before it, as on SQLite, whose writes take turns already. Should a start still meet another's visit, it is
 * tried again once.
 */
export async function startVisit(db: Kysely<Database>, dialect: Dialect, userId: number, standId: number): Promise<StartedVisit> {
  const lock = takeTurns(dialect, [VISITS_LOCK, userId])?.compile(db);
  const turn = lock ? [lock] : [];
  for (let attempt = 1; ; attempt += 1) {
    try {
      const at = nowIso();
      // Four statements (after PostgreSQL's lock), none needing another's result: one transaction sent whole (atomic.ts).
      const [replacedRows, leaves, visits, entered] = (
        await atomically(db, [
          ...turn,
          replaceOpenVisit(db, userId, at),
          leaveReplaced(db, userId, at),
          openVisit(db, userId, standId, at),
          enterStand(db, userId, standId, at),
        ])
      )
        .slice(turn.length)
        .map((result) => result.rows) as [StandVisitRow[], StandHistoryRow[], StandVisitRow[], StandHistoryRow[]];
      const replaced = replacedRows.map((visit) => {
        const history = leaves.find((row) => row.stand_id === visit.stand_id);
        if (!history) throw new Error('a stand history entry was not written');
        return { ...visit, history };
      });
      return { visit: visits[0]!, replaced, entered: entered[0]! };
    } catch (err) {
      if (attempt >= 2 || !isUniqueViolation(err)) throw err;
    }
  }
}

/** Closes the user's open visit on that stand; null when there is none (already ended, or never started). */
export async function endVisit(
  db: Kysely<Database>,
  userId: number,
  standId: number,
  endedBy: VisitEndReason,
): Promise<ClosedVisit | null> {
  return db.transaction().execute(async (trx) => (await close(trx, { userId, standId }, endedBy, nowIso()))[0] ?? null);
}

export async function openVisitOf(db: Kysely<Database>, userId: number): Promise<StandVisitRow | null> {
  return (
    (await db.selectFrom('stand_visits').selectAll().where('user_id', '=', userId).where('ended_at', 'is', null).executeTakeFirst()) ?? null
  );
}

/**
 * The sweeper's part: every open visit whose user's last activity (memory or row, whichever is newer; the visit's
 * start when there is none) is older than `cutoff` ends with 'timeout', at that last activity. Returns them.
 */
export async function endStaleVisits(
  db: Kysely<Database>,
  activity: { view(userIds: number[]): Promise<{ effective(userId: number, stored: string | null): number }> },
  cutoff: number,
): Promise<ClosedVisit[]> {
  const open = await db
    .selectFrom('stand_visits')
    .innerJoin('users', 'users.id', 'stand_visits.user_id')
    .selectAll('stand_visits')
    .select('users.last_activity_at')
    .where('stand_visits.ended_at', 'is', null)
    .execute();
  const view = await activity.view(open.map((v) => v.user_id));
  const stale = open
    .map(({ last_activity_at, ...visit }) => ({
      visit,
      last: Math.max(view.effective(visit.user_id, last_activity_at), Date.parse(visit.started_at)),
    }))
    .filter((v) => v.last < cutoff);
  if (stale.length === 0) return [];
  return db.transaction().execute(async (trx) => {
    const ended: ClosedVisit[] = [];
    // Only if still open: the user may have ended it since the scan.
    for (const { visit, last } of stale) ended.push(...(await close(trx, { visitId: visit.id }, 'timeout', new Date(last).toISOString())));
    return ended;
  });
}
