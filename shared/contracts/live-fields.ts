import type { RoomUser } from './room';

/**
 * The fields a `liveActivity` event may carry, in the order the server writes them; each one present replaces
 * the client's copy (spec §4.8). Kept apart from the TypeBox schemas so widgets import it without TypeBox.
 */
export const LIVE_ACTIVITY_FIELDS = [
  'active_users',
  'visited_stand_id',
  'visited_stand_availability',
  'visited_stand_animators',
  'owned_stands_users',
  'owned_stands_exhibitors',
  'histories',
  'chat_users',
] as const;

export type LiveActivityField = (typeof LIVE_ACTIVITY_FIELDS)[number];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const isIdList = (value: unknown): value is string[] => Array.isArray(value) && value.every((id) => typeof id === 'string');
const idOf = (user: unknown): string | null => (isRecord(user) && typeof user.id_user === 'string' ? user.id_user : null);

/** The people of `order` (ids) from `known`, or null when one is missing. */
function inOrder(order: readonly string[], known: ReadonlyMap<string, RoomUser>): RoomUser[] | null {
  const out: RoomUser[] = [];
  for (const id of order) {
    const user = known.get(id);
    if (!user) return null;
    out.push(user);
  }
  return out;
}

/**
 * `chat_users_delta` (the server sends it instead of the whole list while a stream stays open): whole, the people who
 * are new or changed; the ids of others by their new last activity (to the minute); the new order when it changed. Null
 * when it names someone this list does not have (the caller then pulls the whole state again). Applying it twice
 * gives the same list.
 */
export function chatUsersAfter(current: readonly RoomUser[], delta: unknown): RoomUser[] | null {
  if (!isRecord(delta) || !isRecord(delta.at) || !Array.isArray(delta.users) || (delta.ids !== undefined && !isIdList(delta.ids)))
    return null;
  const known = new Map<string, RoomUser>(current.map((user) => [user.id_user, user]));
  for (const user of delta.users as RoomUser[]) {
    const id = idOf(user);
    if (id !== null) known.set(id, user);
  }
  for (const [at, ids] of Object.entries(delta.at)) {
    if (!isIdList(ids)) return null;
    const ms = Number(at);
    const lastActivityAt = at !== 'null' && Number.isFinite(ms) ? new Date(ms).toISOString() : null;
    for (const id of ids) {
      const user = known.get(id);
      if (!user) return null;
      known.set(id, { ...user, last_activity_at: lastActivityAt });
    }
  }
  return inOrder(delta.ids ?? current.map((user) => user.id_user), known);
}

/**
 * `owned_stands_users_delta` (instead of `owned_stands_users` while a stream stays open), per stand whose visitors
 * changed: the gone are taken out, the changed replaced where they are, the arrivals added at the end, then the
 * order given when there is one. Null when a stand's list is unknown here or does not come out at the length the
 * server counted (this page missed an event: the caller pulls the whole state again). Applying it twice gives the
 * same lists.
 */
export function ownedStandsUsersAfter(current: Readonly<Record<string, RoomUser[]>>, delta: unknown): Record<string, RoomUser[]> | null {
  if (!isRecord(delta)) return null;
  const out: Record<string, RoomUser[]> = { ...current };
  for (const [standId, change] of Object.entries(delta)) {
    const list = current[standId];
    if (
      !list ||
      !isRecord(change) ||
      !isIdList(change.gone) ||
      !Array.isArray(change.users) ||
      (change.ids !== undefined && !isIdList(change.ids))
    )
      return null;
    const gone = new Set(change.gone);
    const known = new Map<string, RoomUser>(list.filter((user) => !gone.has(user.id_user)).map((user) => [user.id_user, user]));
    const order = [...known.keys()];
    for (const user of change.users as RoomUser[]) {
      const id = idOf(user);
      if (id === null) return null;
      if (!known.has(id)) order.push(id);
      known.set(id, user);
    }
    const next = inOrder(change.ids ?? order, known);
    if (!next || next.length !== change.count) return null;
    out[standId] = next;
  }
  return out;
}
