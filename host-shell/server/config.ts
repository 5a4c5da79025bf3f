import path from 'node:path';
import { cspOrigin } from './lib/csp';

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
  /** How long a session token → user id lookup is trusted without asking the database (logout forgets it at once). */
  sessionCacheTtlMs: number;
  /** How long the parameters table is cached for the live activity, the sweeper and the activity tracker. */
  parametersTtlMs: number;
  /** Last activity is kept in memory and written to the database in one transaction this often (and on close). */
  activityFlushMs: number;
  /** The sweeper: ends visits of inactive users, notices users who became inactive. */
  sweepIntervalMs: number;
  /** Live activity: at most one recompute and one event per stream in this window. */
  liveCoalesceMs: number;
  /** Live activity: active_users and chat_users (room-wide, sent to every stream) are recomputed at most this often. */
  liveGlobalMinMs: number;
  /** Live activity: a `: ping` comment on every stream this often. */
  livePingMs: number;
  /** Live activity: how many recent change batches are kept for Last-Event-ID resumes. */
  liveRingSize: number;
  /** Live activity: a stream whose unsent output exceeds this is dropped (the client reconnects and resumes). */
  liveMaxBufferedBytes: number;
  /** Where uploaded chat files are stored (env UPLOAD_DIR, default <repo>/data/uploads). */
  uploadDir: string;
  /** Redis for socket.io's adapter and the live hub, so several processes serve one salon (env REDIS_URL); null: in process. */
  redisUrl: string | null;
  /** `/__bench/*` (memory, stream counts) for scripts/bench; loopback callers only. Env SALON_BENCH_ENDPOINTS=1. */
  benchEndpoints: boolean;
  /** Origins besides this server's that serve exhibitors' pictures and videos (env MEDIA_ORIGINS, comma list): the pages' CSP allows them. */
  mediaOrigins: string[];
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

/** `https://cdn.example, http://b.test:8000` → origins; anything that is not an http(s) origin is dropped. */
export function originsFromEnv(value: string | undefined): string[] {
  const origins: string[] = [];
  for (const part of (value ?? '').split(',')) {
    const origin = cspOrigin(part);
    if (origin && !origins.includes(origin)) origins.push(origin);
  }
  return origins;
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
    sessionCacheTtlMs: 10_000,
    parametersTtlMs: 5_000,
    activityFlushMs: 5_000,
    sweepIntervalMs: 15_000,
    liveCoalesceMs: 300,
    liveGlobalMinMs: 3_000,
    livePingMs: 15_000,
    liveRingSize: 1_000,
    liveMaxBufferedBytes: 1 << 20,
    uploadDir: path.resolve(env.UPLOAD_DIR || path.join(REPO_ROOT, 'data', 'uploads')),
    redisUrl: env.REDIS_URL || null,
    benchEndpoints: env.SALON_BENCH_ENDPOINTS === '1',
    mediaOrigins: originsFromEnv(env.MEDIA_ORIGINS),
  };
}
