import type { SharedPiece } from './room-pieces';

/**
 * What the rest of the server tells the live activity, in terms of the data that changed (never per stream).
 * Plain JSON, so a Redis transport can carry it between processes as it is.
 */
export type LiveChange =
  /** Open visits changed on these stands (a visit started, ended, was replaced or timed out). */
  | { type: 'visitors'; standIds: number[] }
  /** New history entries on these stands. */
  | { type: 'history'; standIds: number[] }
  /** Exhibitors' availability or profile (hidden, names) changed: by stand, or by user (their stands). */
  | { type: 'exhibitors'; standIds?: number[]; userIds?: number[] }
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
