import path from 'node:path';

export const REPO_ROOT = path.resolve(__dirname, '..', '..');

export type DatabaseConfig =
  | { dialect: 'sqlite'; filename: string }
  | { dialect: 'postgres'; connectionString: string; schema?: string };

export interface AppConfig {
  host: string;
  port: number;
  database: DatabaseConfig;
  /** Built widgets and loader (`/spa/*`). */
  spaDir: string;
  /** Adds `Secure` to cookies. Also on automatically for requests that arrive over https. */
  cookieSecure: boolean;
  /** Trust X-Forwarded-* headers (behind a reverse proxy). */
  trustProxy: boolean;
  logLevel: string;
  /** Cost of scrypt (N). Lowered in tests only, where hashing speed matters more than strength. */
  scryptCost: number;
}

const isPostgresUrl = (value: string) => /^postgres(?:ql)?:\/\//.test(value);

function databaseFromEnv(env: NodeJS.ProcessEnv): DatabaseConfig {
  const url = env.DATABASE_URL ?? '';
  if (isPostgresUrl(url)) return { dialect: 'postgres', connectionString: url };
  return { dialect: 'sqlite', filename: env.SQLITE_PATH ?? path.join(REPO_ROOT, 'data', 'salon.sqlite') };
}

function intFromEnv(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer, got "${value}"`);
  return n;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  return {
    host: env.HOST || '127.0.0.1',
    port: intFromEnv(env.PORT, 8080, 'PORT'),
    database: databaseFromEnv(env),
    spaDir: path.resolve(env.SPA_DIR || path.join(REPO_ROOT, 'dist', 'spa')),
    cookieSecure: env.COOKIE_SECURE === '1',
    trustProxy: env.TRUST_PROXY === '1',
    logLevel: env.LOG_LEVEL || 'info',
    scryptCost: 16384,
  };
}
