/**
 * Group commit for the SQLite thread (`sqlite-worker.ts`). With `synchronous = FULL`, every commit waits for the disk
 * (a few milliseconds), and one commit per write caps the whole server at a few hundred writes a second, whatever
 * the CPU: past that, writes queue and every answer waits behind them. Here, the writes that reach the thread while
 * it is busy share one commit: the thread opens one SQLite transaction, runs each write in a savepoint of its own
 * (so a write that fails undoes only itself), and commits when it has nothing more queued.
 *
 * What callers see does not change: a write is answered only once its commit is on disk, and a select sent after
 * a write is answered after it too (answers outside a transaction are held until the commit), so no one reads what
 * may still be lost. A caller's own transaction (`begin` … `commit`) is a savepoint of the group: its statements are
 * answered at once, its `commit` is answered with the group's. If the group's commit fails, every write of the group
 * is answered with that error. A statement sent outside it (`outside`) that reaches the thread while it is open waits
 * here until it ends, then runs in the group: the event loop sends it at once instead of holding it back for every
 * transaction queued before it (each of which takes turns of the event loop), and a rollback never undoes it.
 *
 * Statements other than reads and writes of rows (pragmas, schema changes: some are no-ops inside a transaction) first
 * commit the group, then run on their own, as before.
 */
import type BetterSqlite3 from 'better-sqlite3';
import type { Answer, Atomic, Outcome, Statement } from './sqlite-protocol';

/** A group is committed at the latest this long after its first write, between two transactions. */
export const GROUP_OPEN_MAX_MS = 20;

const BEGIN = /^\s*begin\b/i;
const COMMIT = /^\s*(commit|end)\b/i;
/** A whole transaction's rollback (not `rollback to <savepoint>`). */
const ROLLBACK = /^\s*rollback\s*(transaction\s*)?;?\s*$/i;
/** What may run inside the group: reads and writes of rows. */
const ROWS = /^\s*(select|insert|update|delete|replace|with|values)\b/i;

const failure = (error: unknown): Outcome => {
  const e = error as { message?: unknown; code?: unknown };
  return { error: { message: String(e.message ?? error), code: typeof e.code === 'string' ? e.code : undefined } };
};
const failed = (outcome: Outcome): outcome is Extract<Outcome, { error: unknown }> => 'error' in outcome;
const NOTHING_CHANGED: Outcome = { changes: 0, lastInsertRowid: 0 };

/** Runs one prepared statement: rows for a reader, else what it changed; its error as an outcome. */
export function execute(prepare: (text: string) => BetterSqlite3.Statement, { sql, parameters }: Statement): Outcome {
  try {
    const statement = prepare(sql);
    const values = parameters.map(bindable);
    if (statement.reader) return { rows: statement.all(values) };
    const { changes, lastInsertRowid } = statement.run(values);
    return { changes, lastInsertRowid };
  } catch (error) {
    return failure(error);
  }
}

/** Structured cloning turns a Buffer into a Uint8Array, which better-sqlite3 does not bind. */
const bindable = (value: unknown): unknown =>
  value instanceof Uint8Array && !Buffer.isBuffer(value) ? Buffer.from(value.buffer, value.byteOffset, value.byteLength) : value;

export interface GroupOptions {
  sqlite: BetterSqlite3.Database;
  prepare: (text: string) => BetterSqlite3.Statement;
  /** The read-only connection's (a select marked `read`); the main connection's when there is none. */
  prepareRead: (text: string) => BetterSqlite3.Statement;
  /** Hands out answers that were held until a commit. */
  post: (answers: Answer[]) => void;
  /** Told when a commit starts (true) and ends (false): the event loop does not wait for the thread meanwhile. */
  committing?: (busy: boolean) => void;
  now?: () => number;
}

export class CommitGroup {
  /** The group's SQLite transaction is open. */
  private open = false;
  private openedAt = 0;
  /** Statements sent outside the caller's transaction that is open, to run once it ends (see the file's comment). */
  private waiting: [seq: number, statement: Statement | Atomic][] = [];
  /** Answers held until the group's commit, in order. */
  private held: Answer[] = [];
  /** A caller's transaction: none, open (a savepoint of the group), or lost with the group (until its end comes). */
  private transaction: 'none' | 'open' | 'lost' = 'none';
  private lostReason: Outcome = failure(new Error('the transaction was rolled back'));
  /** Commits made (each one wait for the disk). */
  commits = 0;

  private readonly now: () => number;

  constructor(private readonly options: GroupOptions) {
    this.now = options.now ?? Date.now;
  }

  /** Runs one statement: its answer now, or null when it is held (until the group's commit, or a transaction's end). */
  run(seq: number, item: Statement | Atomic): Outcome | null {
    if ('atomic' in item) return this.atomic(seq, item);
    const statement = item;
    const { sql } = statement;
    if (statement.read) return execute(this.options.prepareRead, statement);
    if (this.transaction !== 'none') {
      if (statement.outside) {
        this.waiting.push([seq, statement]);
        return null;
      }
      const outcome = this.inTransaction(seq, sql, statement);
      // Ended by this statement (its commit, its rollback): what waited for it runs now.
      if (!this.callerTransaction()) this.runWaiting();
      return outcome;
    }
    if (BEGIN.test(sql)) {
      if (this.open && this.now() - this.openedAt > GROUP_OPEN_MAX_MS) this.commit();
      this.begin();
      const outcome = this.exec('savepoint salon_transaction');
      if (!failed(outcome)) this.transaction = 'open';
      return outcome;
    }
    if (COMMIT.test(sql) || ROLLBACK.test(sql)) return failure(new Error('cannot end a transaction: none is active'));
    if (!ROWS.test(sql)) {
      this.commit();
      return execute(this.options.prepare, statement);
    }
    let readonly: boolean;
    try {
      readonly = this.options.prepare(sql).readonly;
    } catch (error) {
      return failure(error);
    }
    if (this.open && this.now() - this.openedAt > GROUP_OPEN_MAX_MS) this.commit();
    // A read with a group open waits for its commit (it may see the group's writes); with none, it needs no commit.
    if (readonly) return this.open ? this.hold(seq, execute(this.options.prepare, statement)) : execute(this.options.prepare, statement);
    this.begin();
    return this.hold(seq, this.inSavepoint(statement));
  }

  /**
   * A caller's transaction sent whole: begun (a savepoint of the group, as any caller's), its statements run, then
   * released into the group, whose commit answers it with every statement's outcome; at the first statement that
   * fails, rolled back and answered with that error at once.
   */
  private atomic(seq: number, item: Atomic): Outcome | null {
    if (this.transaction !== 'none') {
      // A caller's transaction is open (the event loop sends none meanwhile): this one runs after it ends.
      this.waiting.push([seq, item]);
      return null;
    }
    const refused = item.atomic.find(({ sql }) => !ROWS.test(sql));
    if (refused) return failure(new Error(`not a statement of rows, refused in a transaction sent whole: ${refused.sql.slice(0, 40)}`));
    const begun = this.run(seq, { sql: 'begin', parameters: [] });
    if (begun && failed(begun)) return begun;
    const outcomes: Outcome[] = [];
    for (const statement of item.atomic) {
      const outcome = this.inTransaction(seq, statement.sql, statement) as Outcome;
      if (failed(outcome)) {
        // Set by the statement (TypeScript keeps the narrowing of the check above).
        if ((this.transaction as CommitGroup['transaction']) === 'lost') this.transaction = 'none';
        else this.inTransaction(seq, 'rollback', { sql: 'rollback', parameters: [] });
        this.runWaiting();
        return outcome;
      }
      outcomes.push(outcome);
    }
    const released = this.exec('release salon_transaction');
    this.transaction = 'none';
    this.runWaiting();
    return failed(released) ? released : this.hold(seq, { outcomes });
  }

  /** Called when nothing more is queued: commits the group unless a caller's transaction is still open. */
  settle(): void {
    if (this.transaction === 'none') this.commit();
  }

  /** Before closing: a caller's transaction still open is rolled back, the rest of the group committed. */
  finish(): void {
    if (this.transaction === 'open') {
      this.exec('rollback to salon_transaction');
      this.exec('release salon_transaction');
    }
    this.transaction = 'none';
    this.runWaiting();
    this.commit();
  }

  /** Whether a caller's transaction is open (or lost, until its caller ends it). */
  private callerTransaction(): boolean {
    return this.transaction !== 'none';
  }

  /** The statements that waited for a caller's transaction to end, in the order received (their answers posted). */
  private runWaiting(): void {
    const waiting = this.waiting;
    this.waiting = [];
    for (const [seq, statement] of waiting) {
      const outcome = this.run(seq, statement);
      if (outcome) this.options.post([[seq, outcome]]);
    }
  }

  /** Commits the group now (between transactions only) and hands out its answers. */
  commit(): void {
    if (!this.open) return;
    const answers = this.held;
    this.held = [];
    this.open = false;
    this.options.committing?.(true);
    const committed = this.exec('commit');
    this.options.committing?.(false);
    if (failed(committed)) {
      if (this.options.sqlite.inTransaction) this.exec('rollback');
      this.options.post(answers.map(([seq]) => [seq, committed]));
      return;
    }
    this.commits += 1;
    this.options.post(answers);
  }

  private begin(): void {
    if (this.open) return;
    this.exec('begin');
    this.open = true;
    this.openedAt = this.now();
  }

  private hold(seq: number, outcome: Outcome): null {
    this.held.push([seq, outcome]);
    return null;
  }

  /** A write of the group: undone alone if it fails; if SQLite rolled back the whole group, the group fails. */
  private inSavepoint(statement: Statement): Outcome {
    this.exec('savepoint salon_statement');
    const outcome = execute(this.options.prepare, statement);
    if (!failed(outcome)) this.exec('release salon_statement');
    else if (this.options.sqlite.inTransaction) {
      this.exec('rollback to salon_statement');
      this.exec('release salon_statement');
    } else this.lose(outcome);
    return outcome;
  }

  private inTransaction(seq: number, sql: string, statement: Statement): Outcome | null {
    if (this.transaction === 'lost') {
      if (ROLLBACK.test(sql)) {
        this.transaction = 'none';
        return NOTHING_CHANGED;
      }
      if (COMMIT.test(sql)) this.transaction = 'none';
      return this.lostReason;
    }
    if (BEGIN.test(sql)) return failure(new Error('cannot start a transaction within a transaction'));
    if (ROLLBACK.test(sql)) {
      this.transaction = 'none';
      const undone = this.exec('rollback to salon_transaction');
      if (failed(undone)) return undone;
      return this.exec('release salon_transaction');
    }
    if (COMMIT.test(sql)) {
      const released = this.exec('release salon_transaction');
      this.transaction = 'none';
      return failed(released) ? released : this.hold(seq, released);
    }
    const outcome = execute(this.options.prepare, statement);
    if (failed(outcome) && !this.options.sqlite.inTransaction) {
      this.lose(outcome);
      this.transaction = 'lost';
    }
    return outcome;
  }

  /** SQLite rolled the whole group back (a disk error, say): everything it held fails with that error. */
  private lose(reason: Outcome): void {
    this.open = false;
    this.lostReason = reason;
    const answers = this.held;
    this.held = [];
    this.options.post(answers.map(([seq]) => [seq, reason]));
  }

  private exec(text: string): Outcome {
    return execute(this.options.prepare, { sql: text, parameters: [] });
  }
}
