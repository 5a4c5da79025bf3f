import type { StandHistoryRow, StandVisitRow } from '../db/schema';
import { ROOM_USER_COLUMNS, type HistoryRowWithUser, type OpenVisit, type RoomUserRow } from '../services/room-users';
import type { SharedPiece } from './room-pieces';

export type { OpenVisit } from '../services/room-users';

/**
 * What a visit's start or end did to the stands it names, told whole: the visits opened and closed, and the rows of
 * the people who arrived. A process that shows these stands applies it to what it holds instead of reading their
 * visitors again (live/README.md, "Computed once"). Applying it twice, or after a read that already saw it, changes
 * nothing; a close heard before its open wins.
 */
export interface VisitsDelta {
  opened: OpenVisit[];
  closed: { id: number; standId: number }[];
  users: RoomUserRow[];
}

/**
 * What the rest of the server tells the live activity, in terms of the data that changed (never per stream).
 * Plain JSON, so a Redis transport can carry it between processes as it is.
 */
export type LiveChange =
  /**
   * Open visits changed on these stands (a visit started, ended, was replaced or timed out). With `delta`, what changed,
   * whole; without, the stands' visitors are read again.
   */
  | { type: 'visitors'; standIds: number[]; delta?: VisitsDelta }
  /** New history entries on these stands: `entries`, all of them; without, the stands' history is read again. */
  | { type: 'history'; standIds: number[]; entries?: HistoryRowWithUser[] }
  /** Exhibitors' availability or profile (hidden, names) changed: by stand, or by user (their stands). */
  | {
      type: 'exhibitors';
      standIds?: number[];
      userIds?: number[];
      /** Who exhibits on these stands may have changed (stand_exhibitors written): exhibitors' stands are read again. */
      links?: true;
    }
  /** Users became active after a gap, or went past the edge of an activity window. */
  | { type: 'presence'; userIds: number[] }
  /** A notification was sent (or a scheduled one became due): to these users, or to everyone when empty. */
  | { type: 'notifications'; userIds: number[] }
  /** An administrator changed the parameters, the feature flags or the live stream (every process drops its cached parameters). */
  | { type: 'settings' }
  /** The room-wide scopes' new values, computed once by the leading process `by` (live/room-pieces.ts). */
  | { type: 'room'; by: string; pieces: SharedPiece[] }
  /** Sessions ended (by token hash, or every session of these users): every process's session cache forgets them. No stream shows them. */
  | { type: 'sessions'; hashes?: string[]; userIds?: number[] };

/**
 * A scope is one piece of shared state, computed once per change for every stream that shows it:
 * `active` (active_users), `chat` (chat_users), `ex:<stand>` (its exhibitors and availability),
 * `vis:<stand>` (users on it now), `his:<stand>` (its last history entries), `news` (the newest public
 * notifications), `news:<user>` (the newest sent to that user only), `settings` (parameters, feature flags and live
 * stream: one value for every stream). `*` means "everything".
 */
export type Scope = 'active' | 'chat' | 'settings' | `ex:${number}` | `vis:${number}` | `his:${number}` | 'news' | `news:${number}` | '*';

export const exScope = (standId: number): Scope => `ex:${standId}`;
export const visScope = (standId: number): Scope => `vis:${standId}`;
export const hisScope = (standId: number): Scope => `his:${standId}`;
export const newsScope = (userId: number): Scope => `news:${userId}`;
export const isNewsScope = (scope: Scope): boolean => scope === 'news' || scope.startsWith('news:');

export function parseScope(
  scope: Scope,
):
  | { kind: 'active' | 'chat' | 'news' | 'settings' | '*' }
  | { kind: 'ex' | 'vis' | 'his'; standId: number }
  | { kind: 'news-user'; userId: number } {
  if (scope === 'active' || scope === 'chat' || scope === 'news' || scope === 'settings' || scope === '*') return { kind: scope };
  const [kind, id] = scope.split(':') as ['ex' | 'vis' | 'his' | 'news', string];
  if (kind === 'news') return { kind: 'news-user', userId: Number(id) };
  return { kind, standId: Number(id) };
}

/**
 * A visit's start or end by `user`, told whole: the stands' visits opened and closed and their new history entries,
 * so that the processes showing these stands apply them instead of reading them again.
 */
export function visitChanges(
  user: RoomUserRow,
  visits: { opened: StandVisitRow[]; closed: StandVisitRow[] },
  entries: StandHistoryRow[],
): LiveChange[] {
  const row = Object.fromEntries(ROOM_USER_COLUMNS.map((column) => [column, user[column]])) as RoomUserRow;
  const standIds = [...new Set([...visits.opened, ...visits.closed].map((v) => v.stand_id))];
  const delta: VisitsDelta = {
    opened: visits.opened.map((v) => ({ id: v.id, standId: v.stand_id, userId: v.user_id, startedAt: v.started_at })),
    closed: visits.closed.map((v) => ({ id: v.id, standId: v.stand_id })),
    users: visits.opened.length > 0 ? [row] : [],
  };
  const told = entries.map(({ id, stand_id, type, content, created_at }) => ({ id, stand_id, type, content, created_at, user: row }));
  return [
    { type: 'visitors', standIds, delta },
    { type: 'history', standIds, entries: told },
  ];
}
