import { describe, expect, it } from '@jest/globals';
import { useTestApp } from './helpers';
import { OVERSIZED_ID_STATUSES, oversizedIdAnswers } from './oversized-ids';

const t = useTestApp();

describe('an obfuscated id above the 32-bit id columns', () => {
  it('is an unknown id for every call that takes one (tests/server/postgres.test.ts runs the same on PostgreSQL)', async () => {
    expect(await oversizedIdAnswers(t)).toEqual(Object.entries(OVERSIZED_ID_STATUSES));
  });
});
