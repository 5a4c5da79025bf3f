/**
 * What the benchmarks put in their SQLite salon besides the demo seed (index.ts, visitors.ts): numbered accounts,
 * inserted 500 at a time, and one-to-one chat channels.
 */
import type { Transaction } from 'kysely';
import { nowIso, type Database } from '../../host-shell/server/db/schema';

/** `count` accounts `<prefix> <n>` (`<prefix>-<n>@bench.test`), available; their ids in order. */
export async function insertBenchUsers(trx: Transaction<Database>, count: number, profile: 'visitor' | 'exhibitor', prefix: string): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < count; i += 500) {
    const rows = Array.from({ length: Math.min(500, count - i) }, (_, k) => ({
      profile,
      anonymous: 0 as const,
      firstname: prefix,
      lastname: String(i + k + 1),
      email: `${prefix.toLowerCase()}-${i + k + 1}@bench.test`,
      availability: 1 as const,
      created_at: nowIso(),
    }));
    ids.push(...(await trx.insertInto('users').values(rows).returning('id').execute()).map((r) => r.id));
  }
  return ids;
}

/** The one-to-one channel of `a` and `b`: its id and each member's id. */
export async function insertDirectChannel(trx: Transaction<Database>, a: number, b: number): Promise<{ channelId: number; memberOf: (userId: number) => number }> {
  const at = nowIso();
  const channel = await trx.insertInto('channels').values({ direct_key: a < b ? `${a}:${b}` : `${b}:${a}`, created_at: at }).returning('id').executeTakeFirstOrThrow();
  const members = await trx
    .insertInto('channel_members')
    .values([a, b].map((user_id) => ({ channel_id: channel.id, user_id, last_read_message_id: null, created_at: at })))
    .returning(['id', 'user_id'])
    .execute();
  return { channelId: channel.id, memberOf: (userId) => members.find((m) => m.user_id === userId)?.id ?? 0 };
}
