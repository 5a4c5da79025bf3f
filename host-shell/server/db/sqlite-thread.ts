/**
 * Kysely over SQLite run in a thread of its own (`sqlite-worker.ts`, reached through `sqlite-channel.ts`): the event
 * loop sends `{sql, parameters}` and awaits the rows, while the thread prepares, runs and commits (each commit waits
 * for the disk: `synchronous = FULL`; the writes that reach the thread while it is busy share one: sqlite-group.ts).
 *
 * The thread runs statements in the order they are sent. Statements outside a transaction are sent without waiting
 * for the previous ones' answers; those of one turn of the event loop travel as one message. A transaction holds the
 * connection, as Kysely's own SQLite driver does with its mutex: the next transaction waits here until its `commit`
 * or `rollback` is sent. The other statements are sent at once, marked as outside it: one that reaches the thread
 * while a transaction is open waits there until it ends, then runs (sqlite-group.ts). Held back here instead, a chat
 * message's insert waited for every visit's transaction queued before it, each taking turns of a busy event loop.
 *
 * Selects outside a transaction read the last commit on a second, read-only connection (a file in WAL mode): they
 * wait neither for a transaction nor for the commit of the writes sent before them, and never see a write that is not
 * on disk yet (a caller who awaited a write's answer sees it: it was answered once committed). `:memory:` has no
 * second connection to the same database: there selects wait, and are held until the group's commit. The next
 * transaction does not wait for the commit's answer: the thread runs it after, and answers the commit once it is on
 * disk.
 *
 * A transaction's statements (not its `begin`, not its commit) are answered while the event loop waits
 * (`Atomics.wait`: no disk wait, the commit is where SQLite syncs; the thread holds no commit while a transaction is
 * open), after whatever the thread had queued before them. Awaited one by one through the event loop, each would
 * cost a turn of a busy loop while the transaction holds the connection, and the next transactions wait (the
 * queued work costs the core the same either way). Its `begin` is awaited: answered at once, it cost the heartbeat
 * more than it saved (scripts/bench, A/B runs).
 *
 * Errors come back as better-sqlite3's `SqliteError` with the same `code` (`SQLITE_CONSTRAINT_UNIQUE`…). `:memory:`
 * is one database per thread: one thread per handle.
 */
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
import { SqliteThread } from './sqlite-channel';
import type { Outcome, Statement } from './sqlite-protocol';

/** What a statement gave, as Kysely's SQLite driver gives it; an error as better-sqlite3 would have thrown it. */
function toResult<R>(outcome: Outcome): QueryResult<R> {
  if ('rows' in outcome) return { rows: outcome.rows as R[] };
  if ('error' in outcome) throw new BetterSqlite3.SqliteError(outcome.error.message, outcome.error.code ?? 'SQLITE_ERROR');
  if ('outcomes' in outcome) throw new Error('a transaction sent whole answered where one statement was sent');
  return { numAffectedRows: BigInt(outcome.changes), insertId: BigInt(outcome.lastInsertRowid), rows: [] };
}

class ThreadConnection implements DatabaseConnection {
  /** Set from `begin` to `commit`/`rollback`: this connection holds the thread. */
  inTransaction = false;
  /** Ends this connection's hold on the thread. */
  release: () => void = () => undefined;
  /** Its `begin` and its commit are sent like any other statement: the thread may be committing a group then. */
  ending = false;
  beginning = false;
  /** Its commit or rollback has been sent: the transaction is over for this connection. */
  ended = false;

  constructor(private readonly driver: ThreadDriver) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const statement: Statement = { sql: query.sql, parameters: query.parameters };
    if (!this.inTransaction) {
      // A select outside a transaction reads the last commit on the reader connection: it waits neither for a
      // transaction's round trips nor for the group's commit (the writes it could see there are not on disk yet).
      if (this.driver.reader && query.query?.kind === 'SelectQueryNode') statement.read = true;
      // Anything else goes at once, marked: if a transaction is open in the thread when it arrives, it waits there
      // for that one to end (sqlite-group.ts), not here for every transaction queued before it.
      else statement.outside = true;
    }
    // A transaction's statements are answered before this returns: between them the transaction's code runs in
    // microtasks, without waiting for turns of a busy event loop while it holds the thread (its commit is awaited).
    // Not while the thread commits: the event loop would wait for the disk.
    if (this.inTransaction && !this.ending && !this.beginning && this.driver.thread.notCommitting())
      return toResult<R>(this.driver.thread.runNow(statement));
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

  constructor(
    private readonly filename: string,
    private readonly onRestart?: (error: Error) => void,
  ) {
    this.reader = filename !== ':memory:';
  }

  init(): Promise<void> {
    this.thread = new SqliteThread(this.filename, this.onRestart);
    return this.thread.opened();
  }

  /**
   * A transaction whose statements need none of each other's results, sent whole (`atomically`, atomic.ts): after
   * the transaction that holds the thread, if any, and then in the same turn, so it holds the thread for none.
   */
  async atomic(queries: readonly CompiledQuery[]): Promise<QueryResult<unknown>[]> {
    while (this.held) await this.held;
    const outcome = await this.thread.run({ atomic: queries.map((q) => ({ sql: q.sql, parameters: q.parameters })) });
    if ('outcomes' in outcome) return outcome.outcomes.map((o) => toResult(o));
    // The error of the statement that failed, thrown as better-sqlite3 would.
    toResult(outcome);
    throw new Error('a transaction sent whole answered as one statement');
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
    own.beginning = true;
    try {
      await own.executeQuery(CompiledQuery.raw('begin'));
    } catch (error) {
      own.release();
      throw error;
    } finally {
      own.beginning = false;
    }
  }

  private async end(connection: DatabaseConnection, statement: 'commit' | 'rollback'): Promise<void> {
    const own = connection as ThreadConnection;
    // Kysely rolls back after a failed commit: the thread has undone it already, and may be running the next one.
    if (own.ended) return;
    own.ending = true;
    const done = own.executeQuery(CompiledQuery.raw(statement));
    // Sent: whatever is sent next runs after it. The commit's answer (once on disk) is awaited apart.
    own.ended = true;
    own.release();
    await done;
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
  private driver: ThreadDriver | null = null;

  constructor(
    private readonly filename: string,
    /** Told when the thread died and a new one took over the file (its unanswered statements failed). */
    private readonly onRestart?: (error: Error) => void,
  ) {}

  createDriver(): Driver {
    this.driver = new ThreadDriver(this.filename, this.onRestart);
    return this.driver;
  }

  /** Runs a transaction sent whole on the thread (see `ThreadDriver.atomic`); null before Kysely has started it. */
  atomic(queries: readonly CompiledQuery[]): Promise<QueryResult<unknown>[]> | null {
    return this.thread ? (this.driver as ThreadDriver).atomic(queries) : null;
  }

  /** The thread, once Kysely has started it (before the first query). */
  get thread(): SqliteThread | undefined {
    return this.driver?.thread as SqliteThread | undefined;
  }

  /** Commits the thread has made so far (writes sent together share one). */
  get commits(): number {
    return this.thread?.commits ?? 0;
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
