/**
 * The SQLite thread seen from the event loop (`sqlite-worker.ts` is the other side): statements go out numbered in
 * the order sent, answers come back with their number, in whatever order the thread gives them (a write's answer
 * waits for its group's commit, a transaction's statement's does not: see sqlite-group.ts).
 */
import path from 'node:path';
import { setImmediate } from 'node:timers';
import { MessageChannel, Worker, receiveMessageOnPort, type MessagePort } from 'node:worker_threads';
import {
  SHARED,
  type Answer,
  type Atomic,
  type Opening,
  type Outcome,
  type Reply,
  type Request,
  type SqliteWorkerData,
  type Statement,
} from './sqlite-protocol';

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

/**
 * The thread seen from the event loop: statements in, outcomes out. If the thread dies (a native crash, an
 * out-of-memory), the statements it had not answered fail with that error, and a new thread takes over the file for
 * the next ones: SQLite's journal has kept every commit, and nothing else lives in the thread.
 */
export class SqliteThread {
  private worker!: Worker;
  private port!: MessagePort;
  private shared!: Int32Array;
  private ready!: Promise<void>;
  /**
   * Statements of this turn of the event loop, sent together at its end (setImmediate: after this turn's I/O
   * callbacks). One message per statement cost the event loop more than the statements cost the thread.
   */
  private outgoing: (Statement | Atomic)[] = [];
  /** Statements numbered so far for this thread (sent or about to be): the next one's number. */
  private numbered = 0;
  /** Sent, not answered yet, by number. */
  private readonly waiting = new Map<number, Waiting>();
  private stopped: Error | null = null;
  private closing = false;
  private exited!: Promise<void>;
  /** Threads started after one died. */
  restarts = 0;
  /** Commits made by the threads that died. */
  private earlierCommits = 0;

  constructor(
    private readonly filename: string,
    /** Told when a thread died and another took over. */
    private readonly onRestart: (error: Error) => void = () => undefined,
  ) {
    this.start();
  }

  private start(): void {
    const channel = new MessageChannel();
    const port = channel.port1;
    const shared = new Int32Array(new SharedArrayBuffer(4 * Object.keys(SHARED).length));
    const worker = startWorker({ filename: this.filename, port: channel.port2, shared });
    Object.assign(this, { port, shared, worker, numbered: 0, outgoing: [] });
    // An idle thread does not keep the process alive; one with statements to answer does (see run).
    worker.unref();
    port.on('message', (reply: Reply) => {
      for (const answer of reply.answers) this.answer(answer);
    });
    port.unref();
    let opened: () => void = () => undefined;
    let refused: (error: Error) => void = () => undefined;
    this.ready = new Promise((resolve, reject) => {
      opened = resolve;
      refused = reject;
    });
    // A caller that never queries must not see an unhandled rejection: the first query gets the error instead.
    this.ready.catch(() => undefined);
    let failure: Error | null = null;
    let wasReady = false;
    worker.on('message', (reply: Opening) => {
      if ('ready' in reply) {
        wasReady = true;
        opened();
      } else refused((failure = new Error(reply.failed)));
    });
    worker.on('error', (error) => (failure = error));
    this.exited = new Promise((resolve) => {
      worker.on('exit', (code) => {
        const error = failure ?? new Error(`the SQLite thread stopped (exit code ${code})`);
        refused(error);
        this.fail(error);
        port.close();
        // Not when closing, nor when the file could not be opened: a new thread would fail the same way.
        if (!this.closing && wasReady) {
          this.earlierCommits += Atomics.load(shared, SHARED.commits);
          this.restarts += 1;
          this.onRestart(error);
          this.start();
        } else this.stopped = error;
        resolve();
      });
    });
  }

  /** Ends the thread as a crash would (the crash drill of tests/server/sqlite-group.test.ts). */
  async crash(): Promise<void> {
    const { exited } = this;
    await this.worker.terminate();
    await exited;
  }

  /** Resolves once the file is open with its settings (rejects if it cannot be opened). */
  opened(): Promise<void> {
    return this.ready;
  }

  /** Commits the thread has made (a group of writes is one). */
  get commits(): number {
    return this.earlierCommits + Atomics.load(this.shared, SHARED.commits);
  }

  run(statement: Statement | Atomic): Promise<Outcome> {
    if (this.stopped) return Promise.reject(this.stopped);
    return new Promise((resolve, reject) => {
      if (this.outgoing.length === 0) setImmediate(() => this.flush());
      this.outgoing.push(statement);
      this.expect(this.numbered, { resolve, reject });
      this.numbered += 1;
    });
  }

  private expect(seq: number, waiting: Waiting): void {
    // Statements waiting for answers keep the process alive.
    if (this.waiting.size === 0) this.worker.ref();
    this.waiting.set(seq, waiting);
  }

  private flush(): void {
    const statements = this.outgoing;
    this.outgoing = [];
    if (statements.length > 0) this.port.postMessage({ statements } satisfies Request);
  }

  /** No commit under way in the thread: a statement sent now waits only for the statements sent before it. */
  notCommitting(): boolean {
    return Atomics.load(this.shared, SHARED.committing) === 0;
  }

  /**
   * Runs one statement while the event loop waits (a transaction's: the thread holds no commit then, only the
   * statement and whatever was sent before it). Answers to other statements that come meanwhile are handed out.
   */
  runNow(statement: Statement): Outcome {
    if (this.stopped) throw this.stopped;
    this.flush();
    const seq = this.numbered;
    this.numbered += 1;
    let outcome: Outcome | undefined;
    this.waiting.set(seq, { resolve: (o) => (outcome = o), reject: () => undefined });
    Atomics.store(this.shared, SHARED.signal, 0);
    this.port.postMessage({ statements: [statement], wait: true } satisfies Request);
    const until = Date.now() + WAIT_LIMIT_MS;
    for (;;) {
      for (let received = receiveMessageOnPort(this.port); received; received = receiveMessageOnPort(this.port)) {
        for (const answer of (received.message as Reply).answers) this.answer(answer);
      }
      if (outcome) return outcome;
      if (Date.now() > until) {
        const error = new Error(`the SQLite thread did not answer within ${WAIT_LIMIT_MS} ms`);
        // Stuck: a new thread takes over (terminating this one fails what it had, this statement included).
        void this.worker.terminate();
        throw error;
      }
      Atomics.wait(this.shared, SHARED.signal, 0, 100);
    }
  }

  private answer([seq, outcome]: Answer): void {
    const waiting = this.waiting.get(seq);
    if (!waiting) return;
    this.waiting.delete(seq);
    if (this.waiting.size === 0) this.worker.unref();
    waiting.resolve(outcome);
  }

  /** The thread's unanswered statements fail with its error. */
  private fail(error: Error): void {
    this.outgoing = [];
    const left = [...this.waiting.values()];
    this.waiting.clear();
    for (const w of left) w.reject(error);
  }

  /** Closes the file once every statement sent has been run (and the last group committed), and ends the thread. */
  async close(): Promise<void> {
    this.closing = true;
    if (!this.stopped) {
      this.flush();
      this.worker.ref();
      this.port.postMessage({ close: true } satisfies Request);
    }
    await this.exited;
    this.stopped ??= new Error('the SQLite database is closed');
  }
}
