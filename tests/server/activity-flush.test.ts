import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ActivityTracker } from '../../host-shell/server/services/activity';
import { createTestApp, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 30_000);
afterAll(async () => {
  await t.close();
});

describe('writing last activity in batches', () => {
  it('writes every user of a batch larger than a statement holds, and only what changed the next time', async () => {
    const users = await t.database.db.selectFrom('users').select('id').orderBy('id').limit(5).execute();
    expect(users).toHaveLength(5);
    const tracker = new ActivityTracker(t.database.db, { onPresence: () => undefined, chunkSize: 2 });
    const at = Date.parse('2026-11-27T10:00:00.000Z');
    users.forEach(({ id }, i) => tracker.touch(id, at + i * 1000));
    expect(await tracker.flush()).toBe(5);
    const rows = await t.database.db
      .selectFrom('users')
      .select(['id', 'last_activity_at'])
      .where(
        'id',
        'in',
        users.map((u) => u.id),
      )
      .orderBy('id')
      .execute();
    expect(rows.map((r) => r.last_activity_at)).toEqual(users.map((_, i) => new Date(at + i * 1000).toISOString()));
    tracker.touch(users[0]?.id as number, at + 60_000);
    expect(await tracker.flush()).toBe(1);
    expect(await tracker.flush()).toBe(0);
  });
});
