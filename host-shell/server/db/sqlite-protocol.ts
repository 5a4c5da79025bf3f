/**
 * What the event loop and the SQLite thread say to each other (`sqlite-channel.ts` sends, `sqlite-worker.ts` runs,
 * `sqlite-group.ts` answers): the messages, the outcomes, and the shared counters. Types and constants only, so that
 * each side imports them without importing the other.
 */
import type { MessagePort } from 'node:worker_threads';

/** What the thread and the event loop share (an Int32Array over a SharedArrayBuffer), by index. */
export const SHARED = {
  /** Set to 1 (and notified) when the answer the event loop waits for is posted (`runNow`). */
  signal: 0,
  /** Statements run so far: when it equals the statements sent, the thread has nothing queued. */
  ran: 1,
  /** 1 while the thread waits for a commit's disk write. */
  committing: 2,
  /** Commits made. */
  commits: 3,
} as const;

export interface SqliteWorkerData {
  filename: string;
  /** Where statements come and answers go. */
  port: MessagePort;
  /** See SHARED. */
  shared: Int32Array;
}
export interface Statement {
  sql: string;
  parameters: readonly unknown[];
  /**
   * A select sent while a transaction holds the connection: it runs on a second, read-only connection to the file
   * (WAL lets it read the last commit meanwhile) instead of waiting for the transaction to end.
   */
  read?: true;
  /**
   * Sent outside any caller's transaction. When one is open in the thread meanwhile (its `begin` was sent first), this
   * statement waits in the thread until that transaction ends, then runs: it is never part of it.
   */
  outside?: true;
}

/**
 * A caller's transaction sent whole, when none of its statements needs another's result (`atomically`, atomic.ts):
 * run between a `begin` and a commit in the thread, rolled back at the first that fails. It holds the connection for
 * no turn of the event loop. Its statements read and write rows (no `begin`, `commit` or schema change).
 */
export interface Atomic {
  atomic: Statement[];
}

/**
 * What the thread receives: statements to run, numbered in the order received (with `wait`, the event loop is
 * blocked until the answer of the last one: a transaction's statement, see sqlite-thread.ts), or the order to close
 * the file and stop.
 */
export type Request = { statements: (Statement | Atomic)[]; wait?: true } | { close: true };

/**
 * One statement's outcome: the rows of a reader (select, returning), else what a write changed; or its error. An
 * atomic transaction's: each of its statements' outcomes, or the error of the first that failed.
 */
export type Outcome =
  | { rows: unknown[] }
  | { changes: number; lastInsertRowid: number | bigint }
  | { error: { message: string; code: string | undefined } }
  | { outcomes: Outcome[] };

/** What the thread answers (on `parentPort`) when it has opened the file, or why it could not. */
export type Opening = { ready: true } | { failed: string };

/** Answers, each with the number of its statement (on the statements' port). */
export interface Reply {
  answers: Answer[];
}

/** A statement's number (in the order the thread received them) and its outcome. */
export type Answer = [seq: number, outcome: Outcome];
