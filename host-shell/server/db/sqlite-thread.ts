/**
 * Kysely over SQLite run in a thread of its own (`sqlite-worker.ts`): the event loop sends `{sql, parameters}` and
 * awaits the rows, while the thread prepares, runs and commits (each commit waits for the disk: `synchronous = FULL`).
 *
 * The thread has one connection and runs statements in the order they are sent. Statements outside a transaction are
 * sent without waiting for the previous ones' answers; those of one turn of the event loop travel as one message. A
 * transaction holds the connection, as Kysely's own SQLite driver does with its mutex: from its `begin` to its
 * `commit` or `rollback`, only its own statements are sent; the others, and the next transaction, wait for it to end,
 * except selects, which meanwhile read the last commit on a second, read-only connection (a file in WAL mode;
 * `:memory:` has no second connection to the same database, so there they wait too).
 *
 * A transaction's statements (not its commit) are answered while the event loop waits (`Atomics.wait`, tens of
 * microseconds: no disk wait, the commit is where SQLite syncs) when the thread has nothing else to do; otherwise
 * they are awaited like the others. Awaited one by one through the event loop, each
 * would cost a turn of a busy loop while the transaction holds the connection, and everyone else's statements wait.
 *
 * Errors come back as better-sqlite3's `SqliteError` with the same `code` (`SQLITE_CONSTRAINT_UNIQUE`…). `:memory:`
 * is one database per thread: one thread per handle.
 */
import path from 'node:path';
import { setImmediate } from 'node:timers';
import { MessageChannel, Worker, receiveMessageOnPort, type MessagePort } from 'node:worker_threads';
import BetterSqlite3 from 'better-sqlite3';
import {
  CompiledQuery,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
} from 'kysely';
import type { Opening, Outcome, Reply, Request, SqliteWorkerData, Statement } from './sqlite-worker';

/** Run from the sources (tsx, Jest): this file is in host-shell/server/db; compiled, in dist/server. */
const FROM_SOURCES = path.basename(__dirname) === 'db';

/** The thread's entry: the compiled file beside the compiled server, else the source through tsx. */
function startWorker(data: SqliteWorkerData): Worker {
  const workerData = { salonSqlite: data };
  const transferList = [data.port];
  if (!FROM_SOURCES) return new Worker(path.join(__dirname, 'sqlite-worker.js'), { workerData, transferList });
  const source = path.join(__dirname, 'sqlite-worker.ts');
  return new Worker(`require(${JSON.stringify(require.resolve('tsx/cjs/api'))}).register(); require(${JSON.stringify(source)});`, {
    eval: true,
    workerData,
    transferList,
  });
}

/** How long the event loop waits for a transaction's statement before giving up on the thread. */
const WAIT_LIMIT_MS = 30_000;

interface Waiting {
  resolve: (outcome: Outcome) => void;
  reject: (error: Error) => void;
}

/** The thread seen from the event loop: statements in, outcomes out, in order. */
class SqliteThread {
  private readonly worker: Worker;
  /** Statements out, outcomes back: one port, so they are run and answered in the order sent. */
  private readonly port: MessagePort;
  private readonly signal = new Int32Array(new SharedArrayBuffer(4));
  private readonly ready: Promise<void>;
  /**
   * Statements of this turn of the event loop, sent together at its end (setImmediate: after this turn's I/O
   * callbacks). One message per statement cost the event loop more than the statements cost the thread.
   */
  private outgoing: Statement[] = [];
  /** Sent, not answered yet, oldest first (the thread answers in order). */
  private waiting: Waiting[] = [];
  private head = 0;
  private stopped: Error | null = null;
  private exited: Promise<void>;

  constructor(filename: string) {
    const channel = new MessageChannel();
    this.port = channel.port1;
    this.worker = startWorker({ filename, port: channel.port2, signal: this.signal });
    // An idle thread does not keep the process alive; one with statements to answer does (see flush).
    this.worker.unref();
    this.port.on('message', (reply: Reply) => {
      for (const outcome of reply.outcomes) this.answer(outcome);
    });
    this.port.unref();
    let opened: () => void = () => undefined;
    let refused: (error: Error) => void = () => undefined;
    this.ready = new Promise((resolve, reject) => {
      opened = resolve;
      refused = reject;
    });
    // A caller that never queries must not see an unhandled rejection: the first query gets the error instead.
    this.ready.catch(() => undefined);
    this.worker.on('message', (reply: Opening) => {
      if ('ready' in reply) opened();
      else refused(new Error(reply.failed));
    });
    this.worker.on('error', (error) => this.stop(error));
    this.exited = new Promise((resolve) => {
      this.worker.on('exit', (code) => {
        this.stop(new Error(`the SQLite thread stopped (exit code ${code})`));
        refused(this.stopped ?? new Error('the SQLite thread stopped'));
        resolve();
      });
    });
  }

  /** Resolves once the file is open with its settings (rejects if it cannot be opened). */
  opened(): Promise<void> {
    return this.ready;
  }

  run(statement: Statement): Promise<Outcome> {
    if (this.stopped) return Promise.reject(this.stopped);
    return new Promise((resolve, reject) => {
      if (this.outgoing.length === 0) setImmediate(() => this.flush());
      this.outgoing.push(statement);
      this.waiting.push({ resolve, reject });
    });
  }

  private flush(): void {
    const statements = this.outgoing;
    this.outgoing = [];
    if (statements.length === 0) return;
    if (this.waiting.length - this.head === statements.length) this.worker.ref();
    this.port.postMessage({ statements } satisfies Request);
  }

  /** Nothing sent and unanswered: a statement sent now is the thread's only work. */
  idle(): boolean {
    return this.outgoing.length === 0 && this.head === this.waiting.length;
  }

  /**
   * Runs one statement while the event loop waits (a transaction's: the thread holds no commit then, only the
   * statement and whatever was sent before it). The answers to what was sent before come first and are handed out.
   */
  runNow(statement: Statement): Outcome {
    if (this.stopped) throw this.stopped;
    this.flush();
    Atomics.store(this.signal, 0, 0);
    this.port.postMessage({ statements: [statement], wait: true } satisfies Request);
    const until = Date.now() + WAIT_LIMIT_MS;
    for (;;) {
      const received = receiveMessageOnPort(this.port);
      if (received) {
        const reply = received.message as Reply;
        if (reply.wait) return reply.outcomes[0] as Outcome;
        for (const outcome of reply.outcomes) this.answer(outcome);
        continue;
      }
      if (Date.now() > until) {
        const error = new Error(`the SQLite thread did not answer within ${WAIT_LIMIT_MS} ms`);
        this.stop(error);
        throw error;
      }
      Atomics.wait(this.signal, 0, 0, 100);
    }
  }

  private answer(outcome: Outcome): void {
    const waiting = this.waiting[this.head];
    this.head += 1;
    if (this.head === this.waiting.length) {
      this.waiting = [];
      this.head = 0;
      this.worker.unref();
    } else if (this.head > 1024) {
      this.waiting = this.waiting.slice(this.head);
      this.head = 0;
    }
    waiting?.resolve(outcome);
  }

  private stop(error: Error): void {
    if (this.stopped) return;
    this.stopped = error;
    const left = this.waiting.slice(this.head);
    this.waiting = [];
    this.head = 0;
    for (const w of left) w.reject(error);
  }

  /** Closes the file once every statement sent has been run, and ends the thread. */
  async close(): Promise<void> {
    if (!this.stopped) {
      this.flush();
      this.worker.ref();
      this.port.postMessage({ close: true } satisfies Request);
    }
    await this.exited;
  }
}

/** What a statement gave, as Kysely's SQLite driver gives it; an error as better-sqlite3 would have thrown it. */
function toResult<R>(outcome: Outcome): QueryResult<R> {
  if ('rows' in outcome) return { rows: outcome.rows as R[] };
  if ('error' in outcome) throw new BetterSqlite3.SqliteError(outcome.error.message, outcome.error.code ?? 'SQLITE_ERROR');
  return { numAffectedRows: BigInt(outcome.changes), insertId: BigInt(outcome.lastInsertRowid), rows: [] };
}

class ThreadConnection implements DatabaseConnection {
  /** Set from `begin` to `commit`/`rollback`: this connection holds the thread. */
  inTransaction = false;
  /** Ends this connection's hold on the thread. */
  release: () => void = () => undefined;
  /** Its commit is sent like any other statement: it waits for the disk, and the event loop must not. */
  committing = false;

  constructor(private readonly driver: ThreadDriver) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const statement: Statement = { sql: query.sql, parameters: query.parameters };
    if (!this.inTransaction && this.driver.held) {
      // A select need not wait for the transaction's round trips: it reads the last commit on the reader connection.
      if (this.driver.reader && query.query?.kind === 'SelectQueryNode') statement.read = true;
      // Anything else is checked and sent in the same turn: no transaction can begin in between.
      else while (this.driver.held) await this.driver.held;
    }
    // A transaction's statements are answered before this returns: between them the transaction's code runs in
    // microtasks, without waiting for turns of a busy event loop while it holds the thread (its commit is awaited).
    // Only when the thread has nothing else to do: the event loop never waits for other work than this statement.
    if (this.inTransaction && !this.committing && this.driver.thread.idle()) return toResult<R>(this.driver.thread.runNow(statement));
    return toResult<R>(await this.driver.thread.run(statement));
  }

  async *streamQuery<R>(query: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    const { rows } = await this.executeQuery<R>(query);
    for (const row of rows) yield { rows: [row] };
  }
}

class ThreadDriver implements Driver {
  /** Started by `init`, which Kysely calls before the first query (and `destroy` only after it). */
  thread!: SqliteThread;
  /** The open transaction's end, while one holds the thread. */
  held: Promise<void> | null = null;

  /** Whether selects may run beside a transaction (a file: a second, read-only connection; not `:memory:`). */
  readonly reader: boolean;

  constructor(private readonly filename: string) {
    this.reader = filename !== ':memory:';
  }

  init(): Promise<void> {
    this.thread = new SqliteThread(this.filename);
    return this.thread.opened();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    return new ThreadConnection(this);
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    const own = connection as ThreadConnection;
    // Checked and taken in the same turn: two transactions cannot both see the thread free.
    while (this.held) await this.held;
    let release: () => void = () => undefined;
    this.held = new Promise((resolve) => {
      release = resolve;
    });
    own.inTransaction = true;
    own.release = () => {
      own.inTransaction = false;
      this.held = null;
      release();
    };
    try {
      await own.executeQuery(CompiledQuery.raw('begin'));
    } catch (error) {
      own.release();
      throw error;
    }
  }

  private async end(connection: DatabaseConnection, statement: 'commit' | 'rollback'): Promise<void> {
    const own = connection as ThreadConnection;
    own.committing = statement === 'commit';
    try {
      await own.executeQuery(CompiledQuery.raw(statement));
    } finally {
      own.release();
    }
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.end(connection, 'commit');
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return this.end(connection, 'rollback');
  }

  async savepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`savepoint "${name}"`));
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`rollback to "${name}"`));
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`release "${name}"`));
  }

  async releaseConnection(): Promise<void> {
    // Nothing to give back: a connection object is only a view of the one thread (a transaction released at its end).
  }

  destroy(): Promise<void> {
    return this.thread.close();
  }
}

/** Kysely's SQLite dialect (same SQL, same introspection), with the statements run in the SQLite thread. */
export class ThreadedSqliteDialect implements Dialect {
  constructor(private readonly filename: string) {}

  createDriver(): Driver {
    return new ThreadDriver(this.filename);
  }

  createQueryCompiler(): QueryCompiler {
    return new SqliteQueryCompiler();
  }

  createAdapter(): DialectAdapter {
    return new SqliteAdapter();
  }

  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new SqliteIntrospector(db);
  }
}
