/**
 * The SQLite thread: one better-sqlite3 connection, run in a `worker_threads` worker so that statements, and above
 * all the commits' fsyncs (`synchronous = FULL`: an acknowledged write survives a power failure), never hold up the
 * server's event loop. It runs the statements it is sent one after the other, in the order they came; the writes
 * that come while it is busy share one commit (`sqlite-group.ts`), and are answered when it is on disk. Started by
 * `sqlite-thread.ts`; compiled to dist/server/sqlite-worker.js.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parentPort, receiveMessageOnPort, workerData } from 'node:worker_threads';
import BetterSqlite3 from 'better-sqlite3';
import { CommitGroup } from './sqlite-group';
import { SHARED, type Answer, type Opening, type Reply, type Request, type SqliteWorkerData } from './sqlite-protocol';

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

function serve(parent: NonNullable<typeof parentPort>, { filename, port, shared }: SqliteWorkerData): void {
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
  /** The statement the event loop is blocked on, if any: whoever posts its answer wakes it. */
  let awaited = -1;
  const post = (answers: Answer[]): void => {
    if (answers.length === 0) return;
    port.postMessage({ answers } satisfies Reply);
    if (awaited >= 0 && answers.some(([seq]) => seq === awaited)) {
      awaited = -1;
      Atomics.store(shared, SHARED.signal, 1);
      Atomics.notify(shared, SHARED.signal);
    }
  };
  const group = new CommitGroup({
    sqlite,
    prepare,
    prepareRead,
    post,
    committing: (busy) => Atomics.store(shared, SHARED.committing, busy ? 1 : 0),
  });
  let received = 0;
  let closing = false;
  const handle = (request: Request): void => {
    if ('close' in request) {
      closing = true;
      return;
    }
    const now: Answer[] = [];
    for (const statement of request.statements) {
      const seq = received;
      received += 1;
      const outcome = group.run(seq, statement);
      Atomics.store(shared, SHARED.ran, received);
      if (outcome) now.push([seq, outcome]);
    }
    if (request.wait) awaited = received - 1;
    post(now);
  };
  port.on('message', (request: Request) => {
    handle(request);
    // What came meanwhile joins the group; then, with nothing more queued, the group is committed.
    for (let next = receiveMessageOnPort(port); next && !closing; next = receiveMessageOnPort(port)) handle(next.message as Request);
    group.settle();
    Atomics.store(shared, SHARED.commits, group.commits);
    if (!closing) return;
    group.finish();
    reader?.close();
    sqlite.close();
    // Nothing left to listen to: the thread ends.
    port.close();
    parent.close();
  });
  parent.postMessage({ ready: true } satisfies Opening);
}

if (parentPort && (workerData as { salonSqlite?: SqliteWorkerData } | null)?.salonSqlite)
  serve(parentPort, (workerData as { salonSqlite: SqliteWorkerData }).salonSqlite);
