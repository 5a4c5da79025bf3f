import { Kysely, PostgresDialect } from 'kysely';
import { Pool } from 'pg';
import type { DatabaseConfig } from '../config';
import type { Database, Dialect } from './schema';
import { onThread } from './atomic';
import { ThreadedSqliteDialect } from './sqlite-thread';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  /** PostgreSQL schema the connections use (search_path), when not the default. */
  schema?: string;
  /** PostgreSQL's pool, as `/metrics` shows it (connections open, idle, and queries waiting for one); absent on SQLite. */
  pool?: () => { total: number; idle: number; waiting: number; max: number };
  /** Closes the pool or the file; safe to call twice. */
  close(): Promise<void>;
}

/**
 * SQLite in a thread of its own (`sqlite-thread.ts`): the event loop never waits for a statement or a commit (against
 * SQLite on the event loop, measured and dropped: `docs/performance.md`, 2026-11-30).
 */
function openSqlite(filename: string, onRestart: (error: Error) => void): Kysely<Database> {
  const dialect = new ThreadedSqliteDialect(filename, onRestart);
  return onThread(new Kysely<Database>({ dialect }), dialect);
}

export interface OpenOptions {
  /**
   * A PostgreSQL connection failed (the server restarted, the network dropped), idle or checked out between queries:
   * the pool drops it and opens a new one for the next query. Without a listener, pg would crash the process.
   */
  onIdleError?: (error: Error) => void;
  /** SQLite's thread died (its unanswered statements failed with this error) and a new one took over the file. */
  onSqliteRestart?: (error: Error) => void;
}

const warnIdleError = (error: Error): void => process.emitWarning(`an idle PostgreSQL connection failed: ${error.message}`);
const warnSqliteRestart = (error: Error): void => process.emitWarning(`the SQLite thread died (${error.message}); a new one took over`);

/** How long a query may wait for a pooled PostgreSQL connection. */
const CONNECT_TIMEOUT_MS = 5000;

function openPostgres(
  connectionString: string,
  schema: string | undefined,
  poolMax: number,
  onIdleError: (error: Error) => void,
): { db: Kysely<Database>; pool: Pool } {
  if (schema !== undefined && !/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`Invalid PostgreSQL schema name "${schema}"`);
  // A query never waits forever for a connection (PostgreSQL restarting, every connection busy): it fails after
  // CONNECT_TIMEOUT_MS, and the caller answers with an error (a chat message stays unsent and is sent again).
  const pool = new Pool({
    connectionString,
    max: poolMax,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    options: schema ? `-c search_path=${schema}` : undefined,
  });
  pool.on('error', onIdleError);
  // A connection that fails while checked out between two queries (inside a transaction, or between acquiring it and
  // querying) emits 'error' on the client itself, where pg's pool listens only while it is idle: without a listener
  // the process would crash. The next query on it fails instead (the pool then drops it).
  pool.on('connect', (client) => {
    client.on('error', onIdleError);
  });
  return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), pool };
}

export function openDatabase(config: DatabaseConfig, options: OpenOptions = {}): DatabaseHandle {
  const postgres =
    config.dialect === 'postgres'
      ? openPostgres(config.connectionString, config.schema, config.poolMax ?? 10, options.onIdleError ?? warnIdleError)
      : null;
  const db = postgres?.db ?? openSqlite(config.dialect === 'sqlite' ? config.filename : '', options.onSqliteRestart ?? warnSqliteRestart);
  const pool = postgres?.pool;
  let closed: Promise<void> | null = null;
  return {
    db,
    pool: pool ? () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: pool.options.max }) : undefined,
    dialect: config.dialect,
    schema: config.dialect === 'postgres' ? config.schema : undefined,
    close: () => (closed ??= db.destroy()),
  };
}
