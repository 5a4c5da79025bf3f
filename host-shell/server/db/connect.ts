import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type SqliteDatabase } from 'kysely';
import { Pool } from 'pg';
import type { DatabaseConfig } from '../config';
import type { Database, Dialect } from './schema';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  /** PostgreSQL schema the connections use (search_path), when not the default. */
  schema?: string;
  /** Closes the pool or the file; safe to call twice. */
  close(): Promise<void>;
}

function openSqlite(filename: string): Kysely<Database> {
  if (filename !== ':memory:') fs.mkdirSync(path.dirname(filename), { recursive: true });
  const sqlite = new BetterSqlite3(filename);
  // WAL lets page reads run while a write is in progress; it does not apply to in-memory databases.
  if (filename !== ':memory:') sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: cachingStatements(sqlite) }) });
}

/** Prepared statements kept per SQL text (least recently used dropped past this many). */
const STATEMENTS_KEPT = 500;

/**
 * Kysely's SQLite driver prepares a new statement for every query; preparing costs more than running most of ours.
 * The same SQL text gets the same statement back (better-sqlite3 statements are reusable, and Kysely's single
 * connection runs one query at a time, so a statement is never used by two queries at once). Queries with lists
 * (`in (?, ?, …)`) have one text per length: the cache is bounded.
 */
export function cachingStatements(sqlite: BetterSqlite3.Database): SqliteDatabase {
  const statements = new Map<string, BetterSqlite3.Statement>();
  return {
    close: () => {
      statements.clear();
      sqlite.close();
    },
    prepare: (text: string) => {
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
    },
  };
}

export interface OpenOptions {
  /**
   * A PostgreSQL connection failed (the server restarted, the network dropped), idle or checked out between queries:
   * the pool drops it and opens a new one for the next query. Without a listener, pg would crash the process.
   */
  onIdleError?: (error: Error) => void;
}

const warnIdleError = (error: Error): void => process.emitWarning(`an idle PostgreSQL connection failed: ${error.message}`);

/** How long a query may wait for a pooled PostgreSQL connection. */
const CONNECT_TIMEOUT_MS = 5000;

function openPostgres(connectionString: string, schema: string | undefined, onIdleError: (error: Error) => void): Kysely<Database> {
  if (schema !== undefined && !/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`Invalid PostgreSQL schema name "${schema}"`);
  // A query never waits forever for a connection (PostgreSQL restarting, every connection busy): it fails after
  // CONNECT_TIMEOUT_MS, and the caller answers with an error (a chat message stays unsent and is sent again).
  const pool = new Pool({ connectionString, max: 10, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, options: schema ? `-c search_path=${schema}` : undefined });
  pool.on('error', onIdleError);
  // A connection that fails while checked out between two queries (inside a transaction, or between acquiring it and
  // querying) emits 'error' on the client itself, where pg's pool listens only while it is idle: without a listener
  // the process would crash. The next query on it fails instead (the pool then drops it).
  pool.on('connect', (client) => {
    client.on('error', onIdleError);
  });
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

export function openDatabase(config: DatabaseConfig, options: OpenOptions = {}): DatabaseHandle {
  const db = config.dialect === 'postgres' ? openPostgres(config.connectionString, config.schema, options.onIdleError ?? warnIdleError) : openSqlite(config.filename);
  let closed: Promise<void> | null = null;
  return {
    db,
    dialect: config.dialect,
    schema: config.dialect === 'postgres' ? config.schema : undefined,
    close: () => (closed ??= db.destroy()),
  };
}
