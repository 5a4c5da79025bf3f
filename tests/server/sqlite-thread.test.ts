import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, sql, type Generated } from 'kysely';
import { ThreadedSqliteDialect } from '../../host-shell/server/db/sqlite-thread';

// SQLite run in its thread (host-shell/server/db/sqlite-thread.ts): what the services rely on.
interface Notes {
  notes: { id: Generated<number>; text: string };
}

// The thread's dialect itself (what openDatabase opens for SQLite), on a table of the test's own.
async function notesDatabase(filename = ':memory:'): Promise<{ handle: { close(): Promise<void> }; db: Kysely<Notes> }> {
  const db = new Kysely<Notes>({ dialect: new ThreadedSqliteDialect(filename) });
  const handle = { close: () => db.destroy() };
  await sql`create table if not exists notes (id integer primary key autoincrement, text text not null unique)`.execute(db);
  return { handle, db };
}

const texts = async (db: Kysely<Notes>) => (await db.selectFrom('notes').select('text').orderBy('id').execute()).map((r) => r.text);

/**
 * Opens a transaction that writes a row, holds the connection 50 ms, then fails: resolves once it is open, with the
 * promise of its error message.
 */
async function transactionRolledBackLater(db: Kysely<Notes>): Promise<{ rolledBack: Promise<string> }> {
  let inside: () => void = () => undefined;
  const begun = new Promise<void>((resolve) => {
    inside = resolve;
  });
  const rolledBack = db
    .transaction()
    .execute(async (trx) => {
      await trx.insertInto('notes').values({ text: 'not kept' }).execute();
      inside();
      await new Promise((resolve) => setTimeout(resolve, 50));
      throw new Error('changed my mind');
    })
    .catch((e: unknown) => (e as Error).message);
  await begun;
  // In an object: a promise returned as is would be waited for.
  return { rolledBack };
}

describe('SQLite in its own thread', () => {
  it('answers rows, inserted ids and returning rows, and a unique violation with the code the services check', async () => {
    const { handle, db } = await notesDatabase();
    try {
      const inserted = await db.insertInto('notes').values({ text: 'first' }).executeTakeFirstOrThrow();
      expect(inserted.insertId).toBe(1n);
      expect(await db.insertInto('notes').values({ text: 'second' }).returningAll().executeTakeFirstOrThrow()).toEqual({
        id: 2,
        text: 'second',
      });
      const refused = await db
        .insertInto('notes')
        .values({ text: 'first' })
        .execute()
        .catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(BetterSqlite3.SqliteError);
      expect(refused).toMatchObject({ code: 'SQLITE_CONSTRAINT_UNIQUE', message: 'UNIQUE constraint failed: notes.text' });
      const updated = await db.updateTable('notes').set({ text: 'premier' }).where('id', '=', 1).executeTakeFirstOrThrow();
      expect(updated.numUpdatedRows).toBe(1n);
      expect(await texts(db)).toEqual(['premier', 'second']);
    } finally {
      await handle.close();
    }
  });

  it('lets nothing else in while a transaction holds the connection', async () => {
    const { handle, db } = await notesDatabase();
    try {
      const { rolledBack } = await transactionRolledBackLater(db);
      // Sent while the transaction is open: it must not see (nor join) the transaction's uncommitted row.
      const during = texts(db);
      const other = db.transaction().execute(async (trx) => {
        await trx.insertInto('notes').values({ text: 'kept' }).execute();
        return texts(trx);
      });
      expect(await Promise.all([rolledBack, during, other])).toEqual(['changed my mind', [], ['kept']]);
      expect(await texts(db)).toEqual(['kept']);
    } finally {
      await handle.close();
    }
  });

  it('sends a write outside a transaction at once: it runs when the open one ends, before the transactions queued after it', async () => {
    const { handle, db } = await notesDatabase();
    try {
      const { rolledBack } = await transactionRolledBackLater(db);
      // Queued behind the open transaction, then a write outside any: the write does not wait for the queued one.
      const queued = db.transaction().execute(async (trx) => {
        await trx.insertInto('notes').values({ text: 'queued' }).execute();
        return texts(trx);
      });
      const outside = db.insertInto('notes').values({ text: 'outside' }).execute();
      expect(await Promise.all([rolledBack, queued, outside.then(() => 'written')])).toEqual([
        'changed my mind',
        ['outside', 'queued'],
        'written',
      ]);
      expect(await texts(db)).toEqual(['outside', 'queued']);
    } finally {
      await handle.close();
    }
  });

  it('in a file, answers a select sent during a transaction with the last commit, without waiting for the transaction', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'salon-sqlite-thread-'));
    const { handle, db } = await notesDatabase(path.join(dir, 'salon.sqlite'));
    try {
      await db.insertInto('notes').values({ text: 'committed' }).execute();
      let finish: () => void = () => undefined;
      const held = new Promise<void>((resolve) => {
        finish = resolve;
      });
      let inside: () => void = () => undefined;
      const begun = new Promise<void>((resolve) => {
        inside = resolve;
      });
      const transaction = db.transaction().execute(async (trx) => {
        await trx.insertInto('notes').values({ text: 'in the transaction' }).execute();
        inside();
        await held;
      });
      await begun;
      // The transaction is still open (it waits for `finish`): the select must not wait for it, nor see its row.
      expect(await texts(db)).toEqual(['committed']);
      finish();
      await transaction;
      expect(await texts(db)).toEqual(['committed', 'in the transaction']);
    } finally {
      await handle.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("answers a transaction's statements without a turn of the event loop, even behind other statements", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'salon-sqlite-thread-'));
    const { handle, db } = await notesDatabase(path.join(dir, 'salon.sqlite'));
    try {
      await db.insertInto('notes').values({ text: 'committed' }).execute();
      const turns = await db.transaction().execute(async (trx) => {
        let turns = 0;
        let counting = true;
        const count = (): void => {
          if (!counting) return;
          turns += 1;
          setImmediate(count);
        };
        setImmediate(count);
        // Sent in the same turn, before the transaction's statements: the thread answers them first.
        const reads = Array.from({ length: 20 }, () => texts(db));
        await trx.insertInto('notes').values({ text: 'first' }).execute();
        await trx.insertInto('notes').values({ text: 'second' }).execute();
        const seen = await texts(trx);
        counting = false;
        expect(seen).toEqual(['committed', 'first', 'second']);
        expect(await Promise.all(reads)).toEqual(Array.from({ length: 20 }, () => ['committed']));
        return turns;
      });
      // Each statement awaited through the event loop would take a turn of it, while every other transaction waits.
      expect(turns).toBe(0);
    } finally {
      await handle.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('keeps what was committed in the file, and refuses queries once closed', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'salon-sqlite-thread-'));
    try {
      const file = path.join(dir, 'salon.sqlite');
      const first = await notesDatabase(file);
      await Promise.all(['a', 'b', 'c'].map((text) => first.db.insertInto('notes').values({ text }).execute()));
      await first.handle.close();
      await expect(texts(first.db)).rejects.toThrow();
      const raw = new BetterSqlite3(file, { readonly: true });
      try {
        expect(raw.pragma('journal_mode', { simple: true })).toBe('wal');
        expect(raw.prepare('select text from notes order by id').pluck().all()).toEqual(['a', 'b', 'c']);
      } finally {
        raw.close();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
