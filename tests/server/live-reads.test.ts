import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';
import { LIVE_HISTORY_LIMIT, liveReads } from '../../host-shell/server/live/reads';
import { historyWithUsers, withUser } from '../../host-shell/server/services/room-users';
import { createTestApp, standBySlug, type TestApp } from './helpers';
import { closeListening } from './sse';
import { DEMO, signIn, userIdByEmail } from './accounts';
import { visitStand } from './http';

/** Counts the statements run that read a table, and can make them fail. */
class Reads implements KyselyPlugin {
  count = 0;
  failing = false;
  private readonly reading = new Set<unknown>();
  constructor(private readonly table: string) {}
  transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
    if (node.kind === 'SelectQueryNode' && JSON.stringify(node).includes(`"name":"${this.table}"`)) {
      if (this.failing) throw new Error(`reading ${this.table} failed`);
      this.reading.add(queryId);
    }
    return node;
  }
  async transformResult({ result, queryId }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    // Called once a statement run (a subquery's builder is transformed too, but not run alone).
    if (this.reading.delete(queryId)) this.count += 1;
    return result;
  }
}

let t: TestApp;
type Stand = { id: number; key: string };
let stands: [Stand, Stand, Stand];
let visitorId: number;
let visitor2Id: number;
let exhibitorId: number;
let cookies: Record<'visitor' | 'visitor2', string>;

/** A stand's last entries read alone, as the history page reads them. */
const alone = async (standId: number) =>
  (
    await historyWithUsers(t.database.db)
      .where('stand_history.stand_id', '=', standId)
      .orderBy('stand_history.created_at', 'desc')
      .orderBy('stand_history.id', 'desc')
      .limit(LIVE_HISTORY_LIMIT)
      .execute()
  ).map(withUser);

beforeAll(async () => {
  t = await createTestApp();
  stands = await Promise.all([
    standBySlug(t, 'stand-helios-solaire'),
    standBySlug(t, 'stand-helios-stockage'),
    standBySlug(t, 'stand-nordic-robotics'),
  ]);
  [visitorId, visitor2Id, exhibitorId] = await Promise.all([
    userIdByEmail(t, DEMO.visitor),
    userIdByEmail(t, DEMO.visitor2),
    userIdByEmail(t, DEMO.exhibitor),
  ]);
  cookies = await signIn(t.app, ['visitor', 'visitor2']);
  const [solar, storage] = stands;
  // 25 entries on the first stand (more than the live activity shows), two of them at the same time; 3 on the second.
  const at = (s: number) => new Date(Date.UTC(2026, 10, 27, 9, 0, s)).toISOString();
  await t.database.db
    .insertInto('stand_history')
    .values([
      ...Array.from({ length: 25 }, (_, i) => ({
        stand_id: solar.id,
        user_id: i % 2 === 0 ? visitorId : exhibitorId,
        type: 'enterOnStand' as const,
        content: '{}',
        created_at: at(i === 24 ? 23 : i),
      })),
      ...Array.from({ length: 3 }, (_, i) => ({
        stand_id: storage.id,
        user_id: visitor2Id,
        type: 'leaveStand' as const,
        content: '{}',
        created_at: at(i),
      })),
    ])
    .execute();
}, 30_000);
afterAll(async () => {
  await closeListening(t);
});

describe('the reads of one live-activity flush, gathered', () => {
  it("gives each stand its last 20 history entries, newest first, as each stand's own read does, in one statement", async () => {
    const counter = new Reads('stand_history');
    const reads = liveReads(t.database.db.withPlugin(counter));
    const [solar, storage, nordic] = await Promise.all(stands.map((stand) => reads.history(stand.id)));
    expect(counter.count).toBe(1);
    expect(solar).toHaveLength(LIVE_HISTORY_LIMIT);
    expect(solar).toEqual(await alone(stands[0].id));
    expect(storage).toHaveLength(3);
    expect(storage).toEqual(await alone(stands[1].id));
    expect(nordic).toEqual([]);
    // Newest first; of two entries at the same time, the later one first.
    expect(solar?.[0]?.created_at).toBe(solar?.[1]?.created_at);
    expect(solar?.[0]?.id).toBeGreaterThan(solar?.[1]?.id ?? Infinity);
  });

  it('gives each stand its open visits, earliest first, in one statement', async () => {
    const [solar, storage] = stands;
    await visitStand(t.app, cookies.visitor2, solar.key, { start: true });
    await visitStand(t.app, cookies.visitor, solar.key, { start: true });
    const counter = new Reads('stand_visits');
    const reads = liveReads(t.database.db.withPlugin(counter));
    const users = async () =>
      (await Promise.all(stands.map((stand) => reads.openVisits(stand.id)))).map((open) => open.map((v) => v.userId));
    expect(await users()).toEqual([[visitor2Id, visitorId], [], []]);
    expect(counter.count).toBe(1);
    await visitStand(t.app, cookies.visitor2, storage.key, { start: true });
    expect(await users()).toEqual([[visitorId], [visitor2Id], []]);
    expect(counter.count).toBe(2);
  });

  it('reads the users and the companies asked together once; a removed account is left out', async () => {
    const counter = new Reads('users');
    const reads = liveReads(t.database.db.withPlugin(counter));
    const [first, second] = await Promise.all([reads.users([visitorId, 999_999]), reads.users([exhibitorId])]);
    expect(first?.map((row) => row.id)).toEqual([visitorId]);
    expect(second?.map((row) => row.id)).toEqual([exhibitorId]);
    expect(counter.count).toBe(1);
    const companies = await reads.companies([visitorId, exhibitorId]);
    expect([...companies.keys()]).toEqual([exhibitorId]);
  });

  it('fails every caller when the read fails, rather than answering an empty list', async () => {
    const failing = ['users', 'companies', 'stand_visits'].map((table) => Object.assign(new Reads(table), { failing: true }));
    const reads = liveReads(failing.reduce((db, plugin) => db.withPlugin(plugin), t.database.db));
    await expect(reads.users([visitorId])).rejects.toThrow('reading users failed');
    await expect(reads.companies([exhibitorId])).rejects.toThrow('reading companies failed');
    await expect(Promise.all([reads.openVisits(stands[0].id), reads.openVisits(stands[1].id)])).rejects.toThrow(
      'reading stand_visits failed',
    );
  });
});
