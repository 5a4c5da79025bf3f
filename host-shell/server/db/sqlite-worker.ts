/**
 * The SQLite thread: one better-sqlite3 connection, run in a `worker_threads` worker so that statements, and above
 * all the commits' fsyncs (`synchronous = FULL`: an acknowledged write survives a power failure), never hold up the
 * server's event loop. It runs the statements it is sent one after the other, in the order they came, and answers
 * each in that order. Started by `sqlite-thread.ts`; compiled to dist/server/sqlite-worker.js.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import BetterSqlite3 from 'better-sqlite3';

export interface SqliteWorkerData {
  filename: string;
  /** Where statements come and outcomes go (one port: they are run and answered in the order sent). */
  port: MessagePort;
  /** Set to 1 (and notified) once the answer to a `wait` request is posted: the event loop waits for it. */
  signal: Int32Array;
}

export interface Statement {
  sql: string;
  parameters: readonly unknown[];
  /**
   * A select sent while a transaction holds the connection: it runs on a second, read-only connection to the file
   * (WAL lets it read the last commit meanwhile) instead of waiting for the transaction to end.
   */
  read?: true;
}

/**
 * What the thread receives: statements to run (with `wait`, the event loop is blocked until the answer: a
 * transaction's statements, see sqlite-thread.ts), or the order to close the file and stop.
 */
export type Request = { statements: Statement[]; wait?: true } | { close: true };

/** One statement's outcome: the rows of a reader (select, returning), else what a write changed; or its error. */
export type Outcome =
  { rows: unknown[] } | { changes: number; lastInsertRowid: number | bigint } | { error: { message: string; code: string | undefined } };

/** What the thread answers (on `parentPort`) when it has opened the file, or why it could not. */
export type Opening = { ready: true } | { failed: string };

/** The outcomes of one request, in order (on the statements' port). */
export interface Reply {
  outcomes: Outcome[];
  wait?: true;
}

/** Prepared statements kept per SQL text (least recently used dropped past this many). */
const STATEMENTS_KEPT = 500;

/**
 * Preparing costs more than running most of our statements: the same SQL text gets the same statement back
 * (better-sqlite3 statements are reusable, and this thread runs one statement at a time). Queries with lists
 * (`in (?, ?, …)`) have one text per length: the cache is bounded.
 */
export function statementCache(sqlite: BetterSqlite3.Database): (text: string) => BetterSqlite3.Statement {
  const statements = new Map<string, BetterSqlite3.Statement>();
  return (text) => {
    let statement = statements.get(text);
    if (statement) {
      // Most recently used last: Map keeps insertion order.
      statements.delete(text);
    } else {
      statement = sqlite.prepare(text);
      if (statements.size >= STATEMENTS_KEPT) {
        const oldest = statements.keys().next().value;
        if (oldest !== undefined) statements.delete(oldest);
      }
    }
    statements.set(text, statement);
    return statement;
  };
}

/** Opens the file with the server's settings (WAL, foreign keys, a busy timeout, full sync at each commit). */
export function openSqliteFile(filename: string): BetterSqlite3.Database {
  if (filename !== ':memory:') fs.mkdirSync(path.dirname(filename), { recursive: true });
  const sqlite = new BetterSqlite3(filename);
  // WAL lets page reads run while a write is in progress; it does not apply to in-memory databases.
  if (filename !== ':memory:') sqlite.pragma('journal_mode = WAL');
  // FULL (SQLite's default, written out): in WAL mode every commit syncs the log, so an acknowledged chat message
  // survives a power failure. NORMAL would be faster, and could lose the last acknowledged writes.
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return sqlite;
}

/** Structured cloning turns a Buffer into a Uint8Array, which better-sqlite3 does not bind. */
const bindable = (value: unknown): unknown =>
  value instanceof Uint8Array && !Buffer.isBuffer(value) ? Buffer.from(value.buffer, value.byteOffset, value.byteLength) : value;

function run(prepare: (text: string) => BetterSqlite3.Statement, { sql, parameters }: Statement): Outcome {
  try {
    const statement = prepare(sql);
    const values = parameters.map(bindable);
    if (statement.reader) return { rows: statement.all(values) };
    const { changes, lastInsertRowid } = statement.run(values);
    return { changes, lastInsertRowid };
  } catch (error) {
    const e = error as { message?: unknown; code?: unknown };
    return { error: { message: String(e.message ?? error), code: typeof e.code === 'string' ? e.code : undefined } };
  }
}

function serve(parent: NonNullable<typeof parentPort>, { filename, port, signal }: SqliteWorkerData): void {
  let sqlite: BetterSqlite3.Database;
  try {
    sqlite = openSqliteFile(filename);
  } catch (error) {
    parent.postMessage({ failed: error instanceof Error ? error.message : String(error) } satisfies Opening);
    return;
  }
  const prepare = statementCache(sqlite);
  // `:memory:` is one database per connection: there, selects wait for the transaction instead (sqlite-thread.ts).
  let reader: BetterSqlite3.Database | null = null;
  let prepareRead = prepare;
  if (filename !== ':memory:') {
    reader = new BetterSqlite3(filename, { readonly: true });
    reader.pragma('busy_timeout = 5000');
    prepareRead = statementCache(reader);
  }
  port.on('message', (request: Request) => {
    if ('close' in request) {
      reader?.close();
      sqlite.close();
      // Nothing left to listen to: the thread ends.
      port.close();
      parent.close();
      return;
    }
    const outcomes = request.statements.map((statement) => run(statement.read ? prepareRead : prepare, statement));
    if (!request.wait) {
      port.postMessage({ outcomes } satisfies Reply);
      return;
    }
    port.postMessage({ outcomes, wait: true } satisfies Reply);
    Atomics.store(signal, 0, 1);
    Atomics.notify(signal, 0);
  });
  parent.postMessage({ ready: true } satisfies Opening);
}

if (parentPort && (workerData as { salonSqlite?: SqliteWorkerData } | null)?.salonSqlite)
  serve(parentPort, (workerData as { salonSqlite: SqliteWorkerData }).salonSqlite);
