import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, sql, type Generated } from 'kysely';
import { CommitGroup, GROUP_OPEN_MAX_MS } from '../../host-shell/server/db/sqlite-group';
import { ThreadedSqliteDialect } from '../../host-shell/server/db/sqlite-thread';
import type { Answer, Outcome } from '../../host-shell/server/db/sqlite-protocol';
import { openSqliteFile, statementCache } from '../../host-shell/server/db/sqlite-worker';

// Group commit (host-shell/server/db/sqlite-group.ts): writes share a commit, and nobody is answered before it.
let dir: string;
let file: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'salon-sqlite-group-'));
  file = path.join(dir, 'salon.sqlite');
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

function group(now = () => 0) {
  const sqlite = openSqliteFile(file);
  sqlite.exec('create table notes (id integer primary key, text text not null unique)');
  sqlite.exec('create table parents (id integer primary key)');
  sqlite.exec('create table children (id integer primary key, parent_id integer references parents(id) deferrable initially deferred)');
  const posted: Answer[] = [];
  const prepare = statementCache(sqlite);
  const committer = new CommitGroup({ sqlite, prepare, prepareRead: prepare, post: (answers) => posted.push(...answers), now });
  let seq = 0;
  const run = (text: string, ...parameters: unknown[]) => committer.run(seq++, { sql: text, parameters });
  /** A statement the event loop sent outside any caller's transaction. */
  const runOutside = (text: string, ...parameters: unknown[]) => committer.run(seq++, { sql: text, parameters, outside: true });
  /** A caller's transaction sent whole (atomic.ts): these statements with their parameters. */
  const runAtomic = (...statements: [string, ...unknown[]][]) =>
    committer.run(seq++, { atomic: statements.map(([text, ...parameters]) => ({ sql: text, parameters })) });
  /** What another connection to the file sees: what is on disk. */
  const onDisk = () => {
    const other = new BetterSqlite3(file, { readonly: true });
    try {
      return other.prepare('select text from notes order by id').pluck().all();
    } finally {
      other.close();
    }
  };
  return { sqlite, committer, posted, run, runOutside, runAtomic, onDisk };
}

const insert = 'insert into notes (text) values (?)';

describe('group commit', () => {
  it('holds the writes and the reads after them until one commit, and answers a read at once when nothing is held', () => {
    const { sqlite, committer, posted, run, onDisk } = group();
    try {
      expect(run('select count(*) as n from notes')).toEqual({ rows: [{ n: 0 }] });
      expect(run(insert, 'a')).toBeNull();
      expect(run(insert, 'b')).toBeNull();
      expect(run('select text from notes order by id')).toBeNull();
      expect(posted).toEqual([]);
      expect(onDisk()).toEqual([]);
      committer.settle();
      expect(committer.commits).toBe(1);
      expect(onDisk()).toEqual(['a', 'b']);
      expect(posted.map(([seq]) => seq)).toEqual([1, 2, 3]);
      expect(posted[0]?.[1]).toMatchObject({ changes: 1, lastInsertRowid: 1 });
      expect(posted[2]?.[1]).toEqual({ rows: [{ text: 'a' }, { text: 'b' }] });
      expect(sqlite.inTransaction).toBe(false);
    } finally {
      sqlite.close();
    }
  });

  it('undoes only the write that fails, and commits the others', () => {
    const { sqlite, committer, posted, run, onDisk } = group();
    try {
      run(insert, 'a');
      run(insert, 'a');
      run(insert, 'b');
      committer.settle();
      expect(onDisk()).toEqual(['a', 'b']);
      expect(posted[1]?.[1]).toMatchObject({ error: { code: 'SQLITE_CONSTRAINT_UNIQUE' } });
      expect(committer.commits).toBe(1);
    } finally {
      sqlite.close();
    }
  });

  it("runs a caller's transaction inside the group: its statements answered at once, its commit with the group's", () => {
    const { sqlite, committer, posted, run, onDisk } = group();
    try {
      run(insert, 'before');
      expect(run('begin')).toMatchObject({ changes: 0 });
      expect(run(insert, 'kept')).toMatchObject({ changes: 1 });
      expect(run('select text from notes order by id')).toEqual({ rows: [{ text: 'before' }, { text: 'kept' }] });
      // Inside a transaction, the group is never committed: it would commit half of it.
      committer.settle();
      expect(onDisk()).toEqual([]);
      expect(run('commit')).toBeNull();
      expect(run('begin')).toMatchObject({ changes: 0 });
      expect(run(insert, 'undone')).toMatchObject({ changes: 1 });
      expect(run('rollback')).toMatchObject({ changes: 0 });
      committer.settle();
      expect(onDisk()).toEqual(['before', 'kept']);
      expect(committer.commits).toBe(1);
      expect(posted.map(([seq]) => seq)).toEqual([0, 4]);
    } finally {
      sqlite.close();
    }
  });

  it('answers every write of the group with the error when the commit fails, and keeps none of them', () => {
    const { sqlite, committer, posted, run } = group();
    try {
      run(insert, 'a');
      // A deferred foreign key is checked at the commit: this child's parent does not exist.
      run('insert into children (parent_id) values (?)', 42);
      committer.settle();
      expect(posted).toHaveLength(2);
      for (const [, outcome] of posted) expect(outcome).toMatchObject({ error: { code: 'SQLITE_CONSTRAINT_FOREIGNKEY' } });
      expect(sqlite.inTransaction).toBe(false);
      expect(sqlite.prepare('select count(*) from notes').pluck().get()).toBe(0);
      expect(committer.commits).toBe(0);
    } finally {
      sqlite.close();
    }
  });

  it('commits the group before a statement that is not a read or write of rows', () => {
    const { sqlite, committer, posted, run, onDisk } = group();
    try {
      run(insert, 'a');
      expect(run('create table other (id integer primary key)')).toMatchObject({ changes: 0 });
      expect(posted.map(([seq]) => seq)).toEqual([0]);
      expect(onDisk()).toEqual(['a']);
      expect(sqlite.inTransaction).toBe(false);
      expect(committer.commits).toBe(1);
    } finally {
      sqlite.close();
    }
  });

  it(`commits a group open for more than ${GROUP_OPEN_MAX_MS} ms before the next write`, () => {
    let clock = 0;
    const { sqlite, committer, posted, run } = group(() => clock);
    try {
      run(insert, 'a');
      clock += GROUP_OPEN_MAX_MS + 1;
      run(insert, 'b');
      expect(posted.map(([seq]) => seq)).toEqual([0]);
      committer.settle();
      expect(committer.commits).toBe(2);
    } finally {
      sqlite.close();
    }
  });

  it("runs a write sent outside a caller's transaction once that one ends, never inside it", () => {
    const { sqlite, committer, posted, run, runOutside, onDisk } = group();
    try {
      run('begin');
      run(insert, 'undone');
      // Reached the thread while the transaction is open: it waits, unanswered, and its row is not in the transaction.
      expect(runOutside(insert, 'outside')).toBeNull();
      expect(run('select text from notes order by id')).toEqual({ rows: [{ text: 'undone' }] });
      expect(run('rollback')).toMatchObject({ changes: 0 });
      // After the rollback it ran in the group: answered with the group's commit, kept.
      expect(posted).toEqual([]);
      run('begin');
      run(insert, 'kept');
      expect(run('commit')).toBeNull();
      committer.settle();
      expect(onDisk()).toEqual(['outside', 'kept']);
      expect(posted.map(([seq]) => seq)).toEqual([2, 7]);
      expect(posted[0]?.[1]).toMatchObject({ changes: 1 });
      expect(committer.commits).toBe(1);
    } finally {
      sqlite.close();
    }
  });

  it("runs a transaction sent whole in the group, answered with every statement's outcome at the group's commit", () => {
    const { sqlite, committer, posted, run, runAtomic, onDisk } = group();
    try {
      run(insert, 'before');
      expect(
        runAtomic([insert, 'a'], ['update notes set text = ? where text = ?', 'b', 'a'], ['select text from notes order by id']),
      ).toBeNull();
      expect(onDisk()).toEqual([]);
      committer.settle();
      expect(onDisk()).toEqual(['before', 'b']);
      expect(committer.commits).toBe(1);
      expect(posted.map(([seq]) => seq)).toEqual([0, 1]);
      expect(posted[1]?.[1]).toEqual({
        outcomes: [{ changes: 1, lastInsertRowid: 2 }, { changes: 1, lastInsertRowid: 2 }, { rows: [{ text: 'before' }, { text: 'b' }] }],
      });
      expect(sqlite.inTransaction).toBe(false);
    } finally {
      sqlite.close();
    }
  });

  it('rolls a transaction sent whole back at its first failing statement, answers with that error at once, and keeps the rest of the group', () => {
    const { sqlite, committer, posted, run, runAtomic, onDisk } = group();
    try {
      run(insert, 'a');
      const outcome = runAtomic([insert, 'undone'], [insert, 'a'], [insert, 'never run']);
      expect(outcome).toMatchObject({ error: { code: 'SQLITE_CONSTRAINT_UNIQUE' } });
      run(insert, 'b');
      committer.settle();
      expect(onDisk()).toEqual(['a', 'b']);
      expect(posted.map(([seq]) => seq)).toEqual([0, 2]);
    } finally {
      sqlite.close();
    }
  });

  it("runs a transaction sent whole after a caller's open transaction, and refuses one with a statement other than rows", () => {
    const { sqlite, committer, posted, run, runAtomic, onDisk } = group();
    try {
      run('begin');
      run(insert, 'open');
      expect(runAtomic([insert, 'whole'])).toBeNull();
      expect(run('select text from notes order by id')).toEqual({ rows: [{ text: 'open' }] });
      expect(run('commit')).toBeNull();
      expect(runAtomic([insert, 'x'], ['commit'])).toMatchObject({ error: { message: expect.stringContaining('refused') } });
      committer.settle();
      expect(onDisk()).toEqual(['open', 'whole']);
      expect(posted.map(([seq]) => seq).sort()).toEqual([2, 4]);
      expect(posted.find(([seq]) => seq === 2)?.[1]).toEqual({ outcomes: [{ changes: 1, lastInsertRowid: 2 }] });
    } finally {
      sqlite.close();
    }
  });

  it('refuses an end of transaction when none is open, without committing the group', () => {
    const { sqlite, committer, run, onDisk } = group();
    try {
      run(insert, 'a');
      expect(run('commit') as Outcome).toMatchObject({ error: { message: 'cannot end a transaction: none is active' } });
      expect(onDisk()).toEqual([]);
      committer.settle();
      expect(onDisk()).toEqual(['a']);
    } finally {
      sqlite.close();
    }
  });
});

describe('group commit in the SQLite thread', () => {
  interface Notes {
    notes: { id: Generated<number>; text: string };
  }

  it('gives writes sent together one commit, and answers each only once it is on disk', async () => {
    const dialect = new ThreadedSqliteDialect(file);
    const db = new Kysely<Notes>({ dialect });
    try {
      await sql`create table notes (id integer primary key autoincrement, text text not null unique)`.execute(db);
      const texts = Array.from({ length: 200 }, (_, i) => `note ${i}`);
      const seenOnDisk: boolean[] = [];
      const other = new BetterSqlite3(file, { readonly: true });
      const exists = other.prepare('select 1 from notes where text = ?').pluck();
      try {
        await Promise.all(
          texts.map(async (text, i) => {
            // Spread over a few turns of the event loop, as requests come.
            if (i % 50 === 0) await new Promise((resolve) => setImmediate(resolve));
            await db.insertInto('notes').values({ text }).execute();
            seenOnDisk.push(exists.get(text) === 1);
          }),
        );
      } finally {
        other.close();
      }
      expect(seenOnDisk).toHaveLength(200);
      expect(seenOnDisk.every(Boolean)).toBe(true);
      const { count } = await db
        .selectFrom('notes')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow();
      expect(count).toBe(200);
      expect(dialect.commits).toBeGreaterThan(0);
      expect(dialect.commits).toBeLessThanOrEqual(20);
    } finally {
      await db.destroy();
    }
  });

  it("lets the next transaction run before the previous one's commit is answered, and keeps both", async () => {
    const dialect = new ThreadedSqliteDialect(file);
    const db = new Kysely<Notes>({ dialect });
    try {
      await sql`create table notes (id integer primary key autoincrement, text text not null unique)`.execute(db);
      const ids = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          db.transaction().execute(async (trx) => {
            const row = await trx
              .insertInto('notes')
              .values({ text: `t${i}` })
              .returning('id')
              .executeTakeFirstOrThrow();
            if (i % 3 === 0)
              await trx
                .insertInto('notes')
                .values({ text: 't0' })
                .execute()
                .catch(() => undefined);
            return row.id;
          }),
        ),
      );
      expect(new Set(ids).size).toBe(30);
      const rows = await db.selectFrom('notes').select('text').orderBy('id').execute();
      expect(rows.map((r) => r.text)).toEqual(Array.from({ length: 30 }, (_, i) => `t${i}`));
      expect(dialect.commits).toBeLessThan(30);
    } finally {
      await db.destroy();
    }
  });

  it('runs transactions sent whole between Kysely transactions, all or nothing, each after the one that holds the thread', async () => {
    const dialect = new ThreadedSqliteDialect(file);
    const db = new Kysely<Notes>({ dialect });
    try {
      await sql`create table notes (id integer primary key autoincrement, text text not null unique)`.execute(db);
      // With `failing`, its second statement breaks the unique text: its first is undone.
      const whole = (i: number, failing = false) =>
        dialect.atomic([
          db
            .insertInto('notes')
            .values({ text: `w${i}` })
            .compile(),
          db
            .insertInto('notes')
            .values({ text: failing ? 'w0' : `w${i}b` })
            .returning('id')
            .compile(),
        ]) ?? Promise.reject(new Error('the thread has not started'));
      const results = await Promise.allSettled(
        Array.from({ length: 12 }, (_, i) =>
          i % 2 === 0
            ? whole(i)
            : db.transaction().execute(async (trx) => {
                await trx
                  .insertInto('notes')
                  .values({ text: `k${i}` })
                  .execute();
                await new Promise((resolve) => setImmediate(resolve));
                await trx
                  .insertInto('notes')
                  .values({ text: `k${i}b` })
                  .execute();
              }),
        ),
      );
      const rejected = results.flatMap((r, i) => (r.status === 'rejected' ? [i] : []));
      expect(rejected).toEqual([]);
      await expect(whole(3, true)).rejects.toMatchObject({ code: 'SQLITE_CONSTRAINT_UNIQUE' });
      const texts = (await db.selectFrom('notes').select('text').execute()).map((r) => r.text).sort();
      const expected = Array.from({ length: 12 }, (_, i) => (i % 2 === 0 ? [`w${i}`, `w${i}b`] : [`k${i}`, `k${i}b`])).flat();
      expect(texts).toEqual(expected.sort());
      const first = results[0];
      expect(first?.status === 'fulfilled' && first.value?.map((r) => r.rows)).toEqual([[], [{ id: 2 }]]);
    } finally {
      await db.destroy();
    }
  });

  it('answers a select sent beside writes without waiting for their commit, from what is on disk', async () => {
    const dialect = new ThreadedSqliteDialect(file);
    const db = new Kysely<Notes>({ dialect });
    try {
      await sql`create table notes (id integer primary key autoincrement, text text not null unique)`.execute(db);
      await db.insertInto('notes').values({ text: 'kept' }).execute();
      const answered: string[] = [];
      const writes = Array.from({ length: 50 }, (_, i) =>
        db
          .insertInto('notes')
          .values({ text: `w${i}` })
          .execute()
          .then(() => answered.push(`w${i}`)),
      );
      const read = db
        .selectFrom('notes')
        .select('text')
        .execute()
        .then((rows) => {
          answered.push('read');
          return rows.map((r) => r.text);
        });
      const [seen] = await Promise.all([read, ...writes]);
      // Sent after the writes, answered before them: it did not wait for their commit, nor see them.
      expect(answered.indexOf('read')).toBe(0);
      expect(seen).toEqual(['kept']);
      expect(answered).toHaveLength(51);
    } finally {
      await db.destroy();
    }
  });

  it('when the thread dies, fails what it had not answered, and a new thread serves the next statements', async () => {
    const restarted: string[] = [];
    const dialect = new ThreadedSqliteDialect(file, (error) => restarted.push(error.message));
    const db = new Kysely<Notes>({ dialect });
    try {
      await sql`create table notes (id integer primary key autoincrement, text text not null unique)`.execute(db);
      await db.insertInto('notes').values({ text: 'before' }).execute();
      const commitsBefore = dialect.commits;
      const inFlight = db
        .insertInto('notes')
        .values({ text: 'in flight' })
        .execute()
        .then(
          () => 'answered',
          (e: unknown) => (e as Error).message,
        );
      await dialect.thread?.crash();
      expect(await inFlight).toMatch(/SQLite thread stopped|answered/);
      expect(restarted).toHaveLength(1);
      expect(dialect.thread?.restarts).toBe(1);
      await db.insertInto('notes').values({ text: 'after' }).execute();
      const rows = (await db.selectFrom('notes').select('text').orderBy('id').execute()).map((r) => r.text);
      // What was committed before the crash is there, and the write in flight if it was answered (a crash between its
      // commit and its answer leaves it in the file unanswered, as a lost connection would).
      expect(rows[0]).toBe('before');
      expect(rows.at(-1)).toBe('after');
      if ((await inFlight) === 'answered') expect(rows).toContain('in flight');
      expect(dialect.commits).toBeGreaterThan(commitsBefore);
    } finally {
      await db.destroy();
    }
  });
});
