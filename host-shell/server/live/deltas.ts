/** The lists an open stream already has, sent as what changed: `chat_users_delta`, `owned_stands_users_delta`. */
import type { ChatList, PersonList } from './state';

/** Positions of a list as one stream sees it: its own user left out, at most `limit`. */
function viewOf(list: ChatList, self: number, limit: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < list.ids.length && out.length < limit; i += 1) if (list.ids[i] !== self) out.push(i);
  return out;
}

/**
 * `chat_users_delta`, from the list a stream has (`before`, as it saw it: its own user left out, at most `limit`) to
 * the new one: `users`, whole, the people new in it or changed other than in their last activity; `at`, by new last
 * activity (ms, to the minute, or "null"), the obfuscated ids of the others whose minute changed; `ids`, the new order,
 * only when it changed. Null when the stream's list did not change. Applying it needs the previous list only for
 * the people it does not carry, so applying it twice, or to a newer list, gives the same result.
 */
export function chatDelta(before: ChatList, after: ChatList, self: number, limit: number): string | null {
  const was = viewOf(before, self, limit);
  const now = viewOf(after, self, limit);
  const sent = new Set(was);
  let sameOrder = was.length === now.length;
  /** Ids by new last activity: at the turn of a minute, a list's people mostly share one. */
  const at = new Map<number | null, string[]>();
  const users: string[] = [];
  now.forEach((i, k) => {
    const id = after.ids[i] as number;
    if (sameOrder && before.ids[was[k] as number] !== id) sameOrder = false;
    const j = before.index.get(id);
    // Seen before only if it was within what the stream was sent.
    const had = j !== undefined && sent.has(j);
    if (!had || before.shapes[j] !== after.shapes[i]) users.push(after.items[i] ?? '');
    else if (before.at[j] !== after.at[i]) {
      const value = after.at[i] ?? null;
      const group = at.get(value) ?? [];
      group.push(`"${after.keys[i] ?? ''}"`);
      at.set(value, group);
    }
  });
  if (sameOrder && at.size === 0 && users.length === 0) return null;
  const ids = sameOrder ? '' : `"ids":[${now.map((i) => `"${after.keys[i] ?? ''}"`).join(',')}],`;
  const times = [...at].map(([value, keys]) => `"${value}":[${keys.join(',')}]`).join(',');
  return `{${ids}"at":{${times}},"users":[${users.join(',')}]}`;
}

/**
 * One stand's `owned_stands_users_delta`, from `before` to `after`: `users`, whole, the people who arrived (added at
 * the end, in order) or changed (replaced where they are); `gone`, the obfuscated ids of those who left; `ids`, the
 * new order, only when it is not the old one without the gone plus the arrivals; `count`, the new length (a client
 * whose list comes out another length missed something and pulls the whole state again). Null when nothing changed.
 * Applying it twice gives the same list.
 */
export function visitorsDelta(before: PersonList, after: PersonList): string | null {
  const gone: string[] = [];
  const expected: number[] = [];
  before.ids.forEach((id, i) => {
    if (after.index.has(id)) expected.push(id);
    else gone.push(`"${before.keys[i] ?? ''}"`);
  });
  const users: string[] = [];
  after.ids.forEach((id, i) => {
    const j = before.index.get(id);
    if (j === undefined) expected.push(id);
    if (j === undefined || before.items[j] !== after.items[i]) users.push(after.items[i] ?? '');
  });
  const sameOrder = expected.length === after.ids.length && expected.every((id, k) => id === after.ids[k]);
  if (sameOrder && gone.length === 0 && users.length === 0) return null;
  const ids = sameOrder ? '' : `"ids":[${after.keys.map((key) => `"${key}"`).join(',')}],`;
  return `{${ids}"users":[${users.join(',')}],"gone":[${gone.join(',')}],"count":${after.ids.length}}`;
}
