import { describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { classifyError, isUnavailable } from '../../host-shell/server/plugins/errors';
import { HttpError } from '../../host-shell/server/lib/errors';

/** An error from node-postgres itself: a pool asked for a connection to a port nothing listens on. */
async function refusedConnection(): Promise<unknown> {
  const pool = new pg.Pool({ connectionString: 'postgres://nobody@127.0.0.1:1/none', connectionTimeoutMillis: 2000 });
  try {
    await pool.query('select 1');
    throw new Error('connected to port 1');
  } catch (err) {
    return err;
  } finally {
    await pool.end();
  }
}

describe('classifyError', () => {
  it('answers 503 (try again) when the database cannot be reached, with a message that says so', async () => {
    const error = await refusedConnection();
    expect(isUnavailable(error)).toBe(true);
    expect(classifyError(error)).toEqual({ status: 503, message: expect.stringMatching(/try again/) });
  });

  it('answers 503 for PostgreSQL shutting down or a lost connection, by their SQLSTATE', () => {
    for (const code of ['57P01', '57P02', '57P03', '08006', '08003'])
      expect(classifyError(Object.assign(new Error('x'), { code })).status).toBe(503);
  });

  it('keeps client mistakes and answers anything else as a 500 with a generic message', () => {
    expect(classifyError(new HttpError(404, 'Unknown stand'))).toMatchObject({ status: 404, message: 'Unknown stand' });
    // A constraint violation is a bug, not an outage.
    expect(classifyError(Object.assign(new Error('duplicate key'), { code: '23505' }))).toEqual({
      status: 500,
      message: 'Internal server error',
    });
    expect(classifyError(new TypeError('x is undefined'))).toEqual({ status: 500, message: 'Internal server error' });
  });
});
