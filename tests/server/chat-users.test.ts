import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import type { ChatUsersData } from '@salon/shared/contracts/chat';
import type { SearchPermission } from '@salon/shared/contracts/page-data';
import { encodeId } from '../../host-shell/server/lib/ids';
import { searchRulesFor } from '../../host-shell/server/services/chat-users';
import { setParameter } from '../../host-shell/server/services/settings';
import { createTestApp, standBySlug, type TestApp } from './helpers';
import { anonymousCookie, logInAll } from './accounts';
import { XHR, request } from './http';

let t: TestApp;
const cookies = { visitor: '', visitor2: '', exhibitor: '', exhibitor2: '', promoter: '', admin: '' };
const ids = { visitor: 0, visitor2: 0, exhibitor: 0, exhibitor2: 0, promoter: 0, admin: 0, hidden: 0, hugo: 0, gone: 0 };
let solar: { id: number; key: string };
let nordic: { id: number; key: string };

const MINUTE = 60_000;

beforeAll(async () => {
  t = await createTestApp();
  await logInAll(t, cookies, ids);
  const byName = async (firstname: string) =>
    (await t.database.db.selectFrom('users').select('id').where('firstname', '=', firstname).executeTakeFirstOrThrow()).id;
  ids.hidden = await byName('Maja'); // hidden exhibitor of Nordic Robotics
  ids.hugo = await byName('Hugo'); // Helios Solaire exhibitor
  ids.gone = await byName('Nadia'); // AquaPure exhibitor, active 2 hours ago
  solar = await standBySlug(t, 'stand-helios-solaire');
  nordic = await standBySlug(t, 'stand-nordic-robotics');
  const now = Date.now();
  // Connected (within last_activity_period, 15 min): visitor, visitor2, exhibitor, hidden, admin. Active 30 min ago: exhibitor2, promoter, hugo.
  for (const key of ['visitor', 'visitor2', 'exhibitor', 'hidden', 'admin'] as const) t.app.activity.touch(ids[key], now - MINUTE);
  for (const key of ['exhibitor2', 'promoter', 'hugo'] as const) t.app.activity.touch(ids[key], now - 30 * MINUTE);
  t.app.activity.touch(ids.gone, now - 120 * MINUTE);
  // visitor2 is on the Helios Solaire stand.
  await request(t.app, {
    method: 'POST',
    url: `/api/stands/${solar.key}/visit`,
    headers: { ...XHR, cookie: cookies.visitor2 },
    payload: { start: true },
  });
}, 30_000);
afterAll(async () => {
  await t.close();
});

async function permissions(visitor: SearchPermission[], exhibitor: SearchPermission[] = []): Promise<void> {
  await setParameter(t.database.db, 'visitor_search_permissions', visitor);
  await setParameter(t.database.db, 'exhibitor_search_permissions', exhibitor);
  t.app.parameters.invalidate();
}

async function search(
  cookie: string,
  query = '',
): Promise<{ status: number; data: ChatUsersData; ids: { on_stand: number[]; elsewhere: number[] } }> {
  const response = await request(t.app, { method: 'GET', url: `/api/chat/users${query}`, headers: { cookie } });
  const data = response.json().data as ChatUsersData;
  const numeric = (list: ChatUsersData['on_stand'] = []) =>
    list.map((u) => Object.entries(ids).find(([, id]) => encodeId(id) === u.id_user)?.[1] ?? -1).sort((a, b) => a - b);
  return { status: response.statusCode, data, ids: { on_stand: numeric(data.on_stand), elsewhere: numeric(data.elsewhere) } };
}
const sorted = (...values: number[]) => [...values].sort((a, b) => a - b);

describe('GET /api/chat/users', () => {
  beforeEach(async () => {
    await permissions(['exhibitor', 'connected', 'stand_exhibitor'], ['visitor', 'exhibitor', 'connected', 'stand_vistor']);
  });

  it('lists people active in the last 60 minutes that the visitor may find: exhibitors, and connected people', async () => {
    const { status, data, ids: found } = await search(cookies.visitor);
    expect(status).toBe(200);
    expect(data.search_enabled).toBe(true);
    expect(data.on_stand).toEqual([]);
    // Not the user, not the hidden exhibitor, not someone gone for 2 hours; the promoter (30 min) is not connected.
    expect(found.elsewhere).toEqual(sorted(ids.visitor2, ids.exhibitor, ids.exhibitor2, ids.admin, ids.hugo));
    expect(data.elsewhere.find((u) => u.id_user === encodeId(ids.exhibitor))).toMatchObject({
      profile: 'exhibitor',
      fullname: 'Claire Fontaine',
      company: { name: 'Helios Énergie' },
      availability: true,
    });
    expect(data.elsewhere.find((u) => u.id_user === encodeId(ids.exhibitor2))?.availability).toBe(false);
  });

  it('splits the people on the given stand (open visit or its exhibitors) from the others', async () => {
    const { ids: found } = await search(cookies.visitor, `?stand_id=${solar.key}`);
    expect(found.on_stand).toEqual(sorted(ids.visitor2, ids.exhibitor, ids.hugo));
    expect(found.elsewhere).toEqual(sorted(ids.exhibitor2, ids.admin));
  });

  it('filters by profile, connection and name (case and accents ignored)', async () => {
    expect((await search(cookies.visitor, '?profiles=exhibitor')).ids.elsewhere).toEqual(sorted(ids.exhibitor, ids.exhibitor2, ids.hugo));
    expect((await search(cookies.visitor, '?profiles=exhibitor&connected=1')).ids.elsewhere).toEqual([ids.exhibitor]);
    expect((await search(cookies.visitor, '?connected=0')).ids.elsewhere).toEqual(sorted(ids.exhibitor2, ids.hugo));
    expect((await search(cookies.visitor, '?search=FONTAINE')).ids.elsewhere).toEqual([ids.exhibitor]);
    expect((await search(cookies.admin, '?search=lea')).ids.elsewhere).toEqual([ids.visitor]);
    expect((await search(cookies.admin, '?profiles=promoter')).ids.elsewhere).toEqual([ids.promoter]);
  });

  it('limits exhibitors by their own list; stand_* apply on a stand they are on or own', async () => {
    await permissions([], ['stand_vistor']);
    expect((await search(cookies.exhibitor)).data).toEqual({ search_enabled: true, on_stand: [], elsewhere: [] });
    expect((await search(cookies.exhibitor, `?stand_id=${solar.key}`)).ids).toEqual({ on_stand: [ids.visitor2], elsewhere: [] });
    // Not their stand, and they are not on it: the stand permissions do not apply there.
    expect((await search(cookies.exhibitor, `?stand_id=${nordic.key}`)).ids).toEqual({ on_stand: [], elsewhere: [] });
  });

  it('gives administrators and promoters everyone', async () => {
    const { ids: found } = await search(cookies.promoter, `?stand_id=${solar.key}`);
    expect(found.on_stand).toEqual(sorted(ids.visitor2, ids.exhibitor, ids.hugo));
    expect(found.elsewhere).toEqual(sorted(ids.visitor, ids.exhibitor2, ids.admin));
  });

  it('is disabled by an empty list, and for anonymous visitors', async () => {
    await permissions([], ['visitor']);
    expect((await search(cookies.visitor)).data).toEqual({ search_enabled: false, on_stand: [], elsewhere: [] });
    expect((await search(cookies.exhibitor)).data.search_enabled).toBe(true);
    await permissions(['exhibitor'], ['visitor']);
    expect((await search(await anonymousCookie(t.app))).data).toEqual({ search_enabled: false, on_stand: [], elsewhere: [] });
  });

  it.each([
    ['an unknown stand', `?stand_id=${encodeId(987654)}`],
    ['a malformed stand', '?stand_id=a-b'],
    ['a bad connected value', '?connected=yes'],
    ['a search too long', `?search=${'x'.repeat(101)}`],
  ])('answers 400 for %s', async (_case, query) => {
    expect((await search(cookies.visitor, query)).status).toBe(400);
  });

  it('needs a session', async () => {
    expect((await request(t.app, { method: 'GET', url: '/api/chat/users' })).statusCode).toBe(401);
  });
});

describe('search rules', () => {
  const params = (visitor: SearchPermission[], exhibitor: SearchPermission[] = []) => ({
    visitor_search_permissions: visitor,
    exhibitor_search_permissions: exhibitor,
  });
  it('reads the permission lists', () => {
    const rules = searchRulesFor({ profile: 'visitor', anonymous: 0 }, params(['promoter', 'stand_vistor', 'stand_connected']));
    expect([...rules.anywhere].sort()).toEqual(['administrator', 'promoter']);
    expect([...rules.onStand]).toEqual(['visitor']);
    expect([rules.connectedAnywhere, rules.connectedOnStand, rules.enabled]).toEqual([false, true, true]);
    expect(searchRulesFor({ profile: 'exhibitor', anonymous: 0 }, params(['visitor'], [])).enabled).toBe(false);
    expect(searchRulesFor({ profile: 'promoter', anonymous: 0 }, params([], [])).enabled).toBe(true);
  });
});
