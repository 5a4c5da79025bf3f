import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
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
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
}

export interface OpenOptions {
  /**
   * An idle PostgreSQL connection failed (the server restarted, the network dropped): the pool drops it and opens a new
   * one for the next query. Without a listener, pg's pool would crash the process on that event.
   */
  onIdleError?: (error: Error) => void;
}

const warnIdleError = (error: Error): void => process.emitWarning(`an idle PostgreSQL connection failed: ${error.message}`);

function openPostgres(connectionString: string, schema: string | undefined, onIdleError: (error: Error) => void): Kysely<Database> {
  if (schema !== undefined && !/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`Invalid PostgreSQL schema name "${schema}"`);
  const pool = new Pool({ connectionString, max: 10, options: schema ? `-c search_path=${schema}` : undefined });
  pool.on('error', onIdleError);
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
