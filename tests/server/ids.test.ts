import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestApp, type TestApp } from './helpers';
import { OVERSIZED_ID_STATUSES, oversizedIdAnswers } from './oversized-ids';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 30_000);
afterAll(async () => {
  await t.close();
});

describe('an obfuscated id above the 32-bit id columns', () => {
  it('is an unknown id for every call that takes one (tests/server/postgres.test.ts runs the same on PostgreSQL)', async () => {
    expect(await oversizedIdAnswers(t)).toEqual(Object.entries(OVERSIZED_ID_STATUSES));
  });
});
