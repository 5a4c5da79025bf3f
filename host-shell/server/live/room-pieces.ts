/**
 * The room-wide scopes (`active`, `chat`) are the same for every process: the leading one computes them and publishes
 * the finished values on the hub (`{type: 'room'}`), and the others forward them to their streams without
 * recomputing them (live/README.md).
 */
import type { SearchClass } from '../services/chat-users';
import type { Scope } from './changes';
import type { ChatList, Piece } from './state';

export const ROOM_SCOPES = ['active', 'chat'] as const;
export type RoomScope = (typeof ROOM_SCOPES)[number];
export const isRoomScope = (scope: string): scope is RoomScope => scope === 'active' || scope === 'chat';

/** A room-wide piece as plain JSON (a chat list's index is rebuilt from its ids). */
export type SharedPiece =
  { scope: 'active'; json: string } | { scope: 'chat'; json: string; lists: Record<string, Omit<ChatList, 'index'>> };

export function toShared(scope: RoomScope, piece: Piece): SharedPiece | null {
  if (scope === 'active' && piece.kind === 'active') return { scope, json: piece.json };
  if (scope === 'chat' && piece.kind === 'chat') {
    const lists: Record<string, Omit<ChatList, 'index'>> = {};
    for (const [searchClass, { index: _index, ...list }] of Object.entries(piece.lists)) lists[searchClass] = list;
    return { scope, json: piece.json, lists };
  }
  return null;
}

export function fromShared(shared: SharedPiece): Piece {
  if (shared.scope === 'active') return { kind: 'active', json: shared.json };
  const lists = {} as Record<SearchClass, ChatList>;
  for (const [searchClass, list] of Object.entries(shared.lists))
    lists[searchClass as SearchClass] = { ...list, index: new Map(list.ids.map((id, i) => [id, i])) };
  return { kind: 'chat', json: shared.json, lists };
}

/** The leader's room-wide values that differ from those it last published (`published`, by scope, updated). */
export function changedRoomPieces(fresh: Map<Scope, Piece>, published: Map<Scope, string>): SharedPiece[] {
  const pieces: SharedPiece[] = [];
  for (const scope of ROOM_SCOPES) {
    const piece = fresh.get(scope);
    const shared = piece && published.get(scope) !== piece.json ? toShared(scope, piece) : null;
    if (!shared) continue;
    published.set(scope, shared.json);
    pieces.push(shared);
  }
  return pieces;
}
