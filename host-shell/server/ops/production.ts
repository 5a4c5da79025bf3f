/*
 * What cannot be right in production, refused before anything starts (server.ts, through startupOptions), each with
 * what to do instead. `sqliteProblem` is the one refusal that needs the file: a second process on the same SQLite file.
 */
import fs from 'node:fs';
import path from 'node:path';
import Sqlite from 'better-sqlite3';
import { isPostgresUrl } from '../config';

/**
 * A DATABASE_URL that is set but names no PostgreSQL server: refused in every mode (it would silently mean SQLite). So
 * is a DATABASE_DIRECT_URL that names none, or that comes without a DATABASE_URL of PostgreSQL.
 */
export function databaseUrlProblem(env: NodeJS.ProcessEnv): string | null {
  const url = (env.DATABASE_URL ?? '').trim();
  const direct = (env.DATABASE_DIRECT_URL ?? '').trim();
  if (direct !== '' && (!isPostgresUrl(direct) || !isPostgresUrl(url)))
    return (
      'DATABASE_DIRECT_URL is for PostgreSQL behind PgBouncer: it must be a postgres://… address of PostgreSQL itself, ' +
      'beside a DATABASE_URL of PostgreSQL (through PgBouncer). Correct it, or unset it.'
    );
  if (url === '' || isPostgresUrl(url)) return null;
  // The scheme only: the rest may hold a password.
  const scheme = /^[^:/]*:?/.exec(url)?.[0] ?? '';
  return (
    `DATABASE_URL is set but is not a PostgreSQL address (it starts with "${scheme}"; expected postgres://… or postgresql://…). ` +
    'The salon would otherwise run on a SQLite file of its own. Correct it, or unset DATABASE_URL to use SQLite (SQLITE_PATH).'
  );
}

/** The refusals of NODE_ENV=production that the environment alone decides; [] when it may start. */
export function productionProblems(env: NodeJS.ProcessEnv): string[] {
  const problems: string[] = [];
  const sqlite = !isPostgresUrl((env.DATABASE_URL ?? '').trim());
  if (sqlite && env.REDIS_URL) {
    problems.push(
      'REDIS_URL is set with SQLite: Redis is for several processes, and a SQLite file serves one process only. ' +
        'Use PostgreSQL (DATABASE_URL=postgres://…) for several processes, or unset REDIS_URL for a single one.',
    );
  }
  if (!env.CLAMAV_SOCKET && env.UPLOADS_UNSCANNED !== '1') {
    problems.push(
      'CLAMAV_SOCKET is not set: uploaded files (pictures, videos, panoramas, documents) would be served without an antivirus scan. ' +
        'Set CLAMAV_SOCKET to clamd\'s socket (e.g. /run/clamav/clamd.ctl; docs/operating.md, "ClamAV"), ' +
        'or set UPLOADS_UNSCANNED=1 to accept unscanned uploads.',
    );
  }
  const publicUrl = (env.PUBLIC_URL ?? '').trim();
  if (publicUrl.startsWith('https://')) {
    if (env.COOKIE_SECURE !== '1') {
      problems.push(
        `PUBLIC_URL is ${publicUrl} (https) but COOKIE_SECURE is not 1: the session cookie would be sent without Secure. Set COOKIE_SECURE=1.`,
      );
    }
    if (env.TRUST_PROXY !== '1') {
      problems.push(
        `PUBLIC_URL is ${publicUrl} (https) but TRUST_PROXY is not 1: this server speaks plain http, so https ends at a proxy ` +
          'whose X-Forwarded-Proto and X-Forwarded-Host it must trust (otherwise every form is refused as cross-origin). Set TRUST_PROXY=1.',
      );
    }
  }
  return problems;
}

/**
 * Production on SQLite: one process only. The process holds an exclusive lock on `<file>.lock` (a SQLite file of its
 * own, locked until the process ends, however it ends); a second process on the same file is refused. Returns the
 * problem, or null and keeps the lock.
 */
export function claimSqliteFile(filename: string): string | null {
  if (filename === ':memory:') return null;
  const lockFile = `${filename}.lock`;
  fs.mkdirSync(path.dirname(lockFile), { recursive: true });
  const lock = new Sqlite(lockFile, { timeout: 0 });
  try {
    lock.pragma('journal_mode = DELETE');
    lock.pragma('locking_mode = EXCLUSIVE');
    lock.exec('CREATE TABLE IF NOT EXISTS holder (pid INTEGER)');
    lock.exec('BEGIN EXCLUSIVE');
    lock.prepare('DELETE FROM holder').run();
    lock.prepare('INSERT INTO holder (pid) VALUES (?)').run(process.pid);
    lock.exec('COMMIT');
  } catch {
    lock.close();
    return (
      `another Salon process already serves the SQLite file ${filename}: SQLite serves one process only. ` +
      'For several processes, use PostgreSQL (DATABASE_URL) and Redis (REDIS_URL).'
    );
  }
  // locking_mode=EXCLUSIVE keeps the lock after the commit, for as long as this connection is open (the process).
  held.push(lock);
  return null;
}
const held: Sqlite.Database[] = [];
