/**
 * What the benchmarks put in their SQLite salon besides the demo seed (index.ts, visitors.ts): numbered accounts,
 * inserted 500 at a time, and one-to-one chat channels; and the measured server's environment.
 */
import path from 'node:path';
import type { Transaction } from 'kysely';
import { nowIso, type Database } from '../../host-shell/server/db/schema';

/** `count` accounts `<prefix> <n>` (`<prefix>-<n>@bench.test`), available; their ids in order. */
export async function insertBenchUsers(
  trx: Transaction<Database>,
  count: number,
  profile: 'visitor' | 'exhibitor',
  prefix: string,
): Promise<number[]> {
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
export async function insertDirectChannel(
  trx: Transaction<Database>,
  a: number,
  b: number,
): Promise<{ channelId: number; memberOf: (userId: number) => number }> {
  const at = nowIso();
  const channel = await trx
    .insertInto('channels')
    .values({ direct_key: a < b ? `${a}:${b}` : `${b}:${a}`, created_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  const members = await trx
    .insertInto('channel_members')
    .values([a, b].map((user_id) => ({ channel_id: channel.id, user_id, last_read_message_id: null, created_at: at })))
    .returning(['id', 'user_id'])
    .execute();
  return { channelId: channel.id, memberOf: (userId) => members.find((m) => m.user_id === userId)?.id ?? 0 };
}

/**
 * The environment of the measured server: the demo salon plus the bench's users in `sqlitePath` (it runs as `npm start`
 * runs it), the bench endpoints, no built widgets, and no panorama drawn in the background on the measured core.
 */
export function benchServerEnv(fixture: { dir: string; sqlitePath: string }): Record<string, string> {
  return {
    HOST: '127.0.0.1',
    PORT: '0',
    SQLITE_PATH: fixture.sqlitePath,
    SPA_DIR: path.join(fixture.dir, 'spa'),
    SALON_BENCH_ENDPOINTS: '1',
    PANORAMA_PRERENDER: '0',
    DATABASE_URL: '',
    SALON_DEMO: '1',
  };
}
