import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { UsersActivesData, UsersCountData } from '@salon/shared/contracts/backoffice';
import { encodeId } from '../../host-shell/server/lib/ids';
import { createTestApp, type TestApp } from './helpers';
import { DEMO, EACH_PROFILE, anonymousCookie, signIn, userIdByEmail, type EachProfile } from './accounts';
import { callApi, request } from './http';

let t: TestApp;
let cookies: Record<EachProfile, string>;

const get = (url: string, cookie?: string) => callApi(t.app, 'GET', url, undefined, cookie);

beforeAll(async () => {
  t = await createTestApp();
  cookies = await signIn(t.app, EACH_PROFILE);
}, 30_000);
afterAll(async () => {
  await t.close();
});

describe.each(['/api/users/count', '/api/users/actives'])('%s: promoters and administrators only', (url) => {
  it('401 without a session', async () => {
    const response = await get(url);
    expect(response.statusCode).toBe(401);
    expect(response.json().data).toMatchObject({ error: true });
  });
  it.each(['anonymous', 'visitor', 'exhibitor'] as const)('403 for %s (with or without a query)', async (who) => {
    for (const path of [url, `${url}?page=abc`]) {
      const response = await get(path, cookies[who]);
      expect(response.statusCode).toBe(403);
      expect(response.json().data).toMatchObject({ error: true, message: expect.stringMatching(/organi/i) });
    }
  });
  it.each(['promoter', 'admin'] as const)('200 for %s', async (who) => {
    expect((await get(url, cookies[who])).statusCode).toBe(200);
  });
  it('is documented in /api/openapi.json', async () => {
    const doc = (await request(t.app, { method: 'GET', url: '/api/openapi.json' })).json() as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toContain(url);
  });
});

describe('GET /api/users/count', () => {
  it('counts registered users by profile and anonymous visitors, as the database has them', async () => {
    const { data } = (await get('/api/users/count', cookies.promoter)).json() as { data: UsersCountData };
    const rows = await t.database.db.selectFrom('users').select(['profile', 'anonymous']).execute();
    const registered = rows.filter((r) => r.anonymous === 0);
    expect(data.by_profile).toEqual({
      administrator: registered.filter((r) => r.profile === 'administrator').length,
      promoter: registered.filter((r) => r.profile === 'promoter').length,
      exhibitor: registered.filter((r) => r.profile === 'exhibitor').length,
      visitor: registered.filter((r) => r.profile === 'visitor').length,
    });
    expect(data.registered).toBe(registered.length);
    expect(data.anonymous).toBe(rows.length - registered.length);
    expect(data.anonymous).toBeGreaterThanOrEqual(1);
    await anonymousCookie(t.app);
    expect(((await get('/api/users/count', cookies.admin)).json() as { data: UsersCountData }).data.anonymous).toBe(data.anonymous + 1);
  });
});

describe('GET /api/users/actives', () => {
  it('lists the people active within last_activity_period, most recent first, names as published; hidden profiles flagged', async () => {
    const visitorId = await userIdByEmail(t, DEMO.visitor);
    const exhibitorId = await userIdByEmail(t, DEMO.exhibitor);
    // The visitor publishes the first name only; the exhibitor hides the profile.
    await t.database.db
      .updateTable('users')
      .set({ fields_param: JSON.stringify({ firstname: '0', lastname: '1' }), pseudo: null })
      .where('id', '=', visitorId)
      .execute();
    await t.database.db.updateTable('users').set({ hidden: 1 }).where('id', '=', exhibitorId).execute();
    const now = Date.now();
    t.app.activity.touch(exhibitorId, now - 2000);
    t.app.activity.touch(visitorId, now - 1000);
    // Active an hour ago: past the window (900 s).
    const visitor2 = await userIdByEmail(t, DEMO.visitor2);
    t.app.activity.touch(visitor2, now - 3_600_000);

    const response = await get('/api/users/actives', cookies.promoter);
    expect(response.statusCode).toBe(200);
    const { data } = response.json() as { data: UsersActivesData };
    expect(data.period).toBe((await t.app.parameters.get()).last_activity_period);
    expect(data.count).toBe(data.users.length);
    const ids = data.users.map((u) => u.id_user);
    expect(ids).toEqual(expect.arrayContaining([encodeId(visitorId), encodeId(exhibitorId)]));
    expect(ids).not.toContain(encodeId(visitor2));
    expect(ids.indexOf(encodeId(visitorId))).toBeLessThan(ids.indexOf(encodeId(exhibitorId)));
    const visitorRow = await t.database.db
      .selectFrom('users')
      .select(['firstname', 'lastname', 'city'])
      .where('id', '=', visitorId)
      .executeTakeFirstOrThrow();
    const visitor = data.users.find((u) => u.id_user === encodeId(visitorId));
    // And the city, which tells apart two people of one name (organisers see it on the visitors' list too).
    expect(visitor).toMatchObject({ profile: 'visitor', fullname: visitorRow.firstname, hidden: false, city: visitorRow.city });
    expect(visitorRow.city).toBeTruthy();
    expect(visitor?.fullname).not.toContain(visitorRow.lastname ?? '∅');
    expect(data.users.find((u) => u.id_user === encodeId(exhibitorId))).toMatchObject({
      profile: 'exhibitor',
      hidden: true,
      company: { name: expect.any(String) },
    });
    // Nothing beyond the RoomUser fields and the city (no e-mail, no contact details).
    for (const user of data.users)
      expect(Object.keys(user).sort()).toEqual([
        'city',
        'company',
        'fullname',
        'hidden',
        'id_user',
        'last_activity_at',
        'obfuscated_id',
        'profile',
        'pseudo',
      ]);
  });

  it('at most 200, while the count is everyone; anonymous visitors flagged', async () => {
    const rows = await t.database.db
      .insertInto('users')
      .values(
        Array.from({ length: 210 }, (_, i) => ({
          profile: 'visitor' as const,
          anonymous: 1 as const,
          pseudo: `guest ${i}`,
          created_at: new Date().toISOString(),
        })),
      )
      .returning('id')
      .execute();
    const now = Date.now();
    for (const { id } of rows) t.app.activity.touch(id, now);
    const { data } = (await get('/api/users/actives', cookies.admin)).json() as { data: UsersActivesData };
    expect(data.users).toHaveLength(200);
    expect(data.count).toBeGreaterThanOrEqual(210);
    // Anonymous visitors, all of them here: flagged, which the organisers' list counts on one line.
    expect(data.users.every((user) => user.anonymous === true)).toBe(true);
  });
});
