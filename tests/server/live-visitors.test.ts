import { afterAll, afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';
import type { LiveActivityState, RoomUser } from '@salon/shared/contracts/room';
import { encodeId } from '../../host-shell/server/lib/ids';
import { liveReads } from '../../host-shell/server/live/reads';
import { ROWS_REFRESH_MS, StandVisitors } from '../../host-shell/server/live/stand-visitors';
import { standHistory } from '../../host-shell/server/live/stand-history';
import type { LiveChange } from '../../host-shell/server/live/changes';
import type { HistoryRowWithUser } from '../../host-shell/server/services/room-users';
import { LIVE_ACTIVITY_GRAIN_MS } from '../../host-shell/server/services/activity';
import { createTestApp, standBySlug, waitFor, type TestApp } from './helpers';
import { listen } from './sockets';
import { closeListening, closeStreams, openSse, type SseClient, type SseEvent } from './sse';
import { DEMO, signIn, userIdByEmail } from './accounts';
import { XHR, request, visitStand } from './http';

/** Counts the statements run that read a table. */
class Reads implements KyselyPlugin {
  count = 0;
  private readonly reading = new Set<unknown>();
  constructor(private readonly table: string) {}
  transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
    if (node.kind === 'SelectQueryNode' && JSON.stringify(node).includes(`"name":"${this.table}"`)) this.reading.add(queryId);
    return node;
  }
  async transformResult({ result, queryId }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    if (this.reading.delete(queryId)) this.count += 1;
    return result;
  }
}

/** The changes the app publishes while `act` runs. */
async function telling(act: () => Promise<void>): Promise<LiveChange[]> {
  const spy = jest.spyOn(t.app.live, 'publish');
  try {
    await act();
    return spy.mock.calls.map(([change]) => change);
  } finally {
    spy.mockRestore();
  }
}

/** Counts the rows of `users` that selects read (the columns of a person, as the stand's list needs them). */
class UserRowsRead implements KyselyPlugin {
  rows = 0;
  private readonly fromUsers = new Set<unknown>();
  transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
    if (node.kind === 'SelectQueryNode' && JSON.stringify(node.from).includes('"name":"users"')) this.fromUsers.add(queryId);
    return node;
  }
  async transformResult({ result, queryId }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    if (this.fromUsers.delete(queryId)) this.rows += result.rows.length;
    return result;
  }
}

let t: TestApp;
let solar: { id: number; key: string };
let visitorId: number;
let visitor2Id: number;
let cookies: Record<'visitor' | 'visitor2' | 'exhibitor', string>;
const opened: SseClient[] = [];

const visit = (cookie: string, stand: string, payload: Record<string, boolean>) => visitStand(t.app, cookie, stand, payload);
const people = (items: string[]) => items.map((item) => JSON.parse(item) as RoomUser);

beforeAll(async () => {
  t = await createTestApp({ config: { livePingMs: 100 } });
  solar = await standBySlug(t, 'stand-helios-solaire');
  [visitorId, visitor2Id] = await Promise.all([userIdByEmail(t, DEMO.visitor), userIdByEmail(t, DEMO.visitor2)]);
  cookies = await signIn(t.app, ['visitor', 'visitor2', 'exhibitor']);
}, 30_000);
afterEach(async () => {
  await closeStreams(t, opened);
  await visit(cookies.visitor, solar.key, { end: true });
  await visit(cookies.visitor2, solar.key, { end: true });
  await t.database.db.updateTable('users').set({ pseudo: null }).where('id', 'in', [visitorId, visitor2Id]).execute();
});
afterAll(async () => {
  await closeListening(t);
});

describe("a stand's visitors kept between recomputations", () => {
  it('gives the list a full read gives, from the visits the changes tell, without reading them or the arrivals again', async () => {
    const visits = new Reads('stand_visits');
    const rows = new UserRowsRead();
    const kept = new StandVisitors(liveReads(t.database.db.withPlugin(visits).withPlugin(rows)), t.app.activity);
    await visit(cookies.visitor, solar.key, { start: true });
    await kept.list(solar.id);
    expect([visits.count, rows.rows]).toEqual([1, 1]);
    const told = await telling(async () => {
      await visit(cookies.visitor2, solar.key, { start: true });
      await visit(cookies.visitor, solar.key, { end: true });
      await visit(cookies.visitor, solar.key, { start: true });
    });
    for (const change of told) if (change.type === 'visitors') kept.heard(solar.id, change.delta ?? null);
    const list = await kept.list(solar.id);
    expect([visits.count, rows.rows]).toEqual([1, 1]);
    const fresh = await new StandVisitors(liveReads(t.database.db), t.app.activity).list(solar.id);
    expect(list.ids).toEqual([visitor2Id, visitorId]);
    expect(list).toEqual(fresh);
    expect(people(list.items).map((p) => p.id_user)).toEqual([encodeId(visitor2Id), encodeId(visitorId)]);
  });

  it('applies visits told in any order, and those told while the visits are read', async () => {
    // Later than the visit below: listed after it.
    const at = new Date(Date.now() + 60_000).toISOString();
    const opened = { id: 900_001, standId: solar.id, userId: visitor2Id, startedAt: at };
    let kept: StandVisitors | null = null;
    // While the visits are read, a visit is told opened: the read's result gets it.
    const tellWhileReading: KyselyPlugin = {
      transformQuery: ({ node }) => {
        if (node.kind === 'SelectQueryNode' && JSON.stringify(node.from).includes('"name":"stand_visits"'))
          kept?.heard(solar.id, { opened: [opened], closed: [], users: [] });
        return node;
      },
      transformResult: async ({ result }) => result,
    };
    kept = new StandVisitors(liveReads(t.database.db.withPlugin(tellWhileReading)), t.app.activity);
    await visit(cookies.visitor, solar.key, { start: true });
    expect((await kept.list(solar.id)).ids).toEqual([visitorId, visitor2Id]);
    // Closed, then told opened again by a slower process: it stays closed.
    kept.heard(solar.id, { opened: [], closed: [{ id: opened.id, standId: solar.id }], users: [] });
    kept.heard(solar.id, { opened: [opened], closed: [], users: [] });
    // Another stand's visits change nothing here.
    kept.heard(solar.id, { opened: [{ ...opened, id: 900_002, standId: solar.id + 1 }], closed: [], users: [] });
    expect((await kept.list(solar.id)).ids).toEqual([visitorId]);
  });

  it('reads the visits again after a change that does not tell them, and the row of an arrival only', async () => {
    const counter = new UserRowsRead();
    const kept = new StandVisitors(liveReads(t.database.db.withPlugin(counter)), t.app.activity);
    await visit(cookies.visitor, solar.key, { start: true });
    await kept.list(solar.id);
    expect(counter.rows).toBe(1);
    await visit(cookies.visitor2, solar.key, { start: true });
    kept.heard(solar.id, null);
    const list = await kept.list(solar.id);
    expect(list.ids).toEqual([visitorId, visitor2Id]);
    expect(counter.rows).toBe(2);
    await kept.list(solar.id);
    expect(counter.rows).toBe(2);
  });

  it("keeps a stand's last history entries from the entries the changes tell, without reading them again", async () => {
    const counter = new Reads('stand_history');
    const reads = liveReads(t.database.db.withPlugin(counter));
    const kept = standHistory(reads);
    await visit(cookies.visitor, solar.key, { start: true });
    await kept.get(solar.id);
    const told = await telling(async () => {
      await visit(cookies.visitor2, solar.key, { start: true });
      await visit(cookies.visitor, solar.key, { end: true });
    });
    for (const change of told) if (change.type === 'history') kept.heard(solar.id, change.entries ?? null);
    const rows = await kept.get(solar.id);
    expect(counter.count).toBe(1);
    // The told rows carry their authors' last activity as the process knew it; the database's lags behind.
    const stored = (list: HistoryRowWithUser[]) => list.map((row) => ({ ...row, user: { ...row.user, last_activity_at: null } }));
    expect(stored(rows)).toEqual(stored(await liveReads(t.database.db).history(solar.id)));
    expect(rows.slice(0, 2).map((row) => [row.type, row.user.id])).toEqual([
      ['leaveStand', visitorId],
      ['enterOnStand', visitor2Id],
    ]);
  });

  it('reads a person again when a change names them, and everyone after ROWS_REFRESH_MS', async () => {
    let now = Date.now();
    const kept = new StandVisitors(liveReads(t.database.db), t.app.activity, () => now);
    await visit(cookies.visitor, solar.key, { start: true });
    await visit(cookies.visitor2, solar.key, { start: true });
    expect(people((await kept.list(solar.id)).items).map((p) => p.pseudo)).toEqual([null, null]);
    await t.database.db.updateTable('users').set({ pseudo: 'Soleil' }).where('id', '=', visitorId).execute();
    await t.database.db.updateTable('users').set({ pseudo: 'Lune' }).where('id', '=', visitor2Id).execute();
    // Kept as read: nothing said they changed.
    expect(people((await kept.list(solar.id)).items).map((p) => p.pseudo)).toEqual([null, null]);
    kept.forget([visitorId]);
    expect(people((await kept.list(solar.id)).items).map((p) => p.pseudo)).toEqual(['Soleil', null]);
    now += ROWS_REFRESH_MS;
    expect(people((await kept.list(solar.id)).items).map((p) => p.pseudo)).toEqual(['Soleil', 'Lune']);
  });

  it('keeps a person a change names while a recomputation is reading the rows of others', async () => {
    let kept: StandVisitors | null = null;
    // When the arrival's row is read, a change names the visitor already on the stand.
    const forgetWhileReading: KyselyPlugin = {
      transformQuery: ({ node }) => {
        if (node.kind === 'SelectQueryNode' && JSON.stringify(node.from).includes('"name":"users"')) kept?.forget([visitorId]);
        return node;
      },
      transformResult: async ({ result }) => result,
    };
    kept = new StandVisitors(liveReads(t.database.db.withPlugin(forgetWhileReading)), t.app.activity);
    await visit(cookies.visitor, solar.key, { start: true });
    await kept.list(solar.id);
    await visit(cookies.visitor2, solar.key, { start: true });
    kept.heard(solar.id, null);
    expect((await kept.list(solar.id)).ids).toEqual([visitorId, visitor2Id]);
  });

  it('reads a person again when a change names them while their own row is being read', async () => {
    let kept: StandVisitors | null = null;
    let renamed = false;
    // The visitor's row is read, then renamed before that read hands it over: it holds the name from before.
    const renameWhileReading: KyselyPlugin = {
      transformQuery: ({ node }) => node,
      transformResult: async ({ result }) => {
        if (!renamed && result.rows.some((row) => row.id === visitorId && 'pseudo' in row)) {
          renamed = true;
          await t.database.db.updateTable('users').set({ pseudo: 'Soleil' }).where('id', '=', visitorId).execute();
          kept?.forget([visitorId]);
        }
        return result;
      },
    };
    kept = new StandVisitors(liveReads(t.database.db.withPlugin(renameWhileReading)), t.app.activity);
    await visit(cookies.visitor, solar.key, { start: true });
    expect(people((await kept.list(solar.id)).items).map((p) => p.pseudo)).toEqual([null]);
    expect(renamed).toBe(true);
    expect(people((await kept.list(solar.id)).items).map((p) => p.pseudo)).toEqual(['Soleil']);
  });

  it('serialises a person again when their minute of last activity changes', async () => {
    const kept = new StandVisitors(liveReads(t.database.db), t.app.activity);
    await visit(cookies.visitor, solar.key, { start: true });
    const before = people((await kept.list(solar.id)).items)[0]?.last_activity_at;
    const later = Date.now() + 3 * LIVE_ACTIVITY_GRAIN_MS;
    t.app.activity.touch(visitorId, later);
    const after = people((await kept.list(solar.id)).items)[0]?.last_activity_at;
    expect(after).not.toBe(before);
    expect(after).toBe(new Date(Math.floor(later / LIVE_ACTIVITY_GRAIN_MS) * LIVE_ACTIVITY_GRAIN_MS).toISOString());
  });
});

describe("an exhibitor's stream of a stand's visitors", () => {
  /** The exhibitor's stream of the solar stand, with the visitor on it; its first state seen. */
  let base: string;
  async function watching(): Promise<SseClient> {
    await visit(cookies.visitor, solar.key, { start: true });
    const client = await openSse(`${base}/api/sse/live/activity?owned_stands_ids=${solar.key}`, {
      cookie: cookies.exhibitor,
    });
    opened.push(client);
    const first = (await client.next()).data as LiveActivityState;
    expect(first.owned_stands_users?.[solar.key]?.map((u) => [u.id_user, u.pseudo])).toEqual([[encodeId(visitorId), null]]);
    return client;
  }
  const pseudoSeen = async (client: SseClient) => {
    const changed = await client.next((e: SseEvent) => (e.data as LiveActivityState).owned_stands_users_delta !== undefined, 30_000, 1);
    return (changed.data as LiveActivityState).owned_stands_users_delta?.[solar.key]?.users.map((u) => [u.id_user, u.pseudo]);
  };

  beforeAll(async () => {
    base = await listen(t);
  });

  it('carries a visitor’s new pseudo once a change names them', async () => {
    const client = await watching();
    await t.database.db.updateTable('users').set({ pseudo: 'Soleil' }).where('id', '=', visitorId).execute();
    t.app.live.publish({ type: 'exhibitors', userIds: [visitorId] });
    t.app.live.publish({ type: 'visitors', standIds: [solar.id] });
    expect(await pseudoSeen(client)).toEqual([[encodeId(visitorId), 'Soleil']]);
  });

  it('carries the pseudo a visitor gives themself in their profile, at the next change of the stand', async () => {
    const client = await watching();
    const saved = await request(t.app, {
      method: 'PUT',
      url: '/api/users/me',
      headers: { ...XHR, cookie: cookies.visitor },
      payload: { pseudo: 'Lune' },
    });
    expect(saved.statusCode).toBe(200);
    await visit(cookies.visitor2, solar.key, { start: true });
    await waitFor(
      async () => ((await pseudoSeen(client))?.some(([, pseudo]) => pseudo === 'Lune') ? true : undefined),
      60_000,
      'the new pseudo',
    );
  });
});
