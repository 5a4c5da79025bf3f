import path from 'node:path';
import { cspOrigin } from './lib/csp';

/** Two levels up: from host-shell/server (the sources) as from dist/server (the compiled server, scripts/build/server.ts). */
export const REPO_ROOT = path.resolve(__dirname, '..', '..');

export type DatabaseConfig =
  | { dialect: 'sqlite'; filename: string }
  /** `poolMax`: connections per process (PG_POOL_MAX, 10); `directConnectionString`: DATABASE_DIRECT_URL (startup.ts). */
  | { dialect: 'postgres'; connectionString: string; schema?: string; poolMax?: number; directConnectionString?: string };

/** A budget: at most `max` requests per fixed window of `windowMs`, counted per key (an address, a user, …). */
export interface RateLimit {
  max: number;
  windowMs: number;
}

/**
 * The rate limits (`plugins/rate-limit.ts`). Per-address budgets are generous (a company's office, a hotel or a
 * university shares one address among many visitors); per-account and per-user budgets are the tight ones.
 */
export interface RateLimits {
  /** `POST /connexion`, failed attempts per address and e-mail (normalised); a successful login does not count. */
  loginPerAccount: RateLimit;
  /** `POST /connexion`, per address, whatever the account: over it, logins are slowed down (never refused) and the address logged. */
  loginPerAddress: RateLimit;
  /** `POST /inscription` and a sign-in link's password, per address: over it, slowed down (never refused) and logged. */
  registerPerAddress: RateLimit;
  /** `POST /connexion/oubli` (a password reset asked for), per address; per account: `services/password-reset.ts`. */
  resetPerAddress: RateLimit;
  /** `POST /contact`, per session user (anonymous visitors are users too). */
  contactPerUser: RateLimit;
  /** `POST /contact`, per address (the only budget of a post without a session). */
  contactPerAddress: RateLimit;
  /** The visitor's forms (`routes/api/forms.ts`: contact request, offer form, contest, game score, opinion, share), each route counted on its own, per session user. */
  formsPerUser: RateLimit;
  /** The same routes, per address. */
  formsPerAddress: RateLimit;
  /** Chat file uploads, per user. */
  chatUploadsPerUser: RateLimit;
  /** Chat file uploads, per address. */
  chatUploadsPerAddress: RateLimit;
  /** Chat messages over the socket (`new_chat_message`), per user. */
  chatMessagesPerUser: RateLimit;
}

const MINUTE = 60_000;

/**
 * Defaults for a salon of thousands of visitors. The chat budget allows the bursts of the outbox (everything written
 * while offline is sent again at once on reconnection) while stopping a script.
 */
export const DEFAULT_RATE_LIMITS: Readonly<RateLimits> = {
  loginPerAccount: { max: 10, windowMs: 15 * MINUTE },
  // A crowd behind one address (an office at the opening, a school, a hotel): hundreds within minutes pass at once.
  loginPerAddress: { max: 1200, windowMs: 15 * MINUTE },
  registerPerAddress: { max: 600, windowMs: 15 * MINUTE },
  resetPerAddress: { max: 30, windowMs: 15 * MINUTE },
  contactPerUser: { max: 10, windowMs: 10 * MINUTE },
  contactPerAddress: { max: 100, windowMs: 10 * MINUTE },
  formsPerUser: { max: 30, windowMs: 10 * MINUTE },
  formsPerAddress: { max: 600, windowMs: 10 * MINUTE },
  chatUploadsPerUser: { max: 40, windowMs: 10 * MINUTE },
  chatUploadsPerAddress: { max: 400, windowMs: 10 * MINUTE },
  chatMessagesPerUser: { max: 120, windowMs: MINUTE },
};

export interface AppConfig {
  host: string;
  port: number;
  database: DatabaseConfig;
  /** Built widgets and loader (`/spa/*`). */
  spaDir: string;
  /**
   * Where browsers load the widgets' files from: `/spa` (this server, the default) or the `/spa` folder on a static
   * origin (a CDN serving the same files: `https://cdn.example/salon/spa`). The pages' loader script and their
   * Content-Security-Policy follow it.
   */
  spaUrl: string;
  /**
   * The built Storybook served at `/storybook/` (the designers' workbench), or null: only in the demo start
   * (SALON_DEMO=1, never with NODE_ENV=production); env STORYBOOK_DIR, default `<repo>/storybook-static`.
   */
  storybookDir: string | null;
  /** Adds `Secure` to cookies. Also on automatically for requests that arrive over https. */
  cookieSecure: boolean;
  /** Trust X-Forwarded-* headers (behind a reverse proxy). */
  trustProxy: boolean;
  /**
   * The salon's public origin (env PUBLIC_URL, e.g. `https://salon.example.org`): every link the salon writes (sign-in
   * links, redirects, the page data's routes) starts with it. Null: the origin each request arrived with.
   */
  publicUrl: string | null;
  /** UPLOADS_UNSCANNED=1: the operator accepts uploads served without an antivirus scan (production refuses no CLAMAV_SOCKET otherwise). */
  uploadsUnscanned: boolean;
  logLevel: string;
  /** Cost of scrypt (N). Lowered in tests only, where hashing speed matters more than strength. */
  scryptCost: number;
  /** How long a session token → user id lookup is trusted without asking the database (an ended session is forgotten at once, by every process). */
  sessionCacheTtlMs: number;
  /** How long the parameters table is cached for the live activity, the sweeper and the activity tracker. */
  parametersTtlMs: number;
  /** Last activity is kept in memory and written to the database this often (and on close), a statement per chunk of users. */
  activityFlushMs: number;
  /** The sweeper: ends visits of inactive users, notices users who became inactive. */
  sweepIntervalMs: number;
  /** Live activity: at most one recompute and one event per stream in this window. */
  liveCoalesceMs: number;
  /** Live activity: the same window for a flush that carries a visit's start or end. */
  liveVisitorsMs: number;
  /** Live activity: active_users and chat_users (room-wide, sent to every stream) are recomputed at most this often. */
  liveGlobalMinMs: number;
  /** Live activity: active_users alone (a count sent to every stream, shown on no screen) at most this often. */
  liveCountMs: number;
  /** Live activity: a `: ping` comment on every stream this often. */
  livePingMs: number;
  /** Live activity: how many recent change batches are kept for Last-Event-ID resumes. */
  liveRingSize: number;
  /** Live activity: a stream whose unsent output exceeds this is dropped (the client reconnects and resumes). */
  liveMaxBufferedBytes: number;
  /** Where uploaded chat files are stored (env UPLOAD_DIR, default <repo>/data/uploads). */
  uploadDir: string;
  /**
   * Where the room's panorama images are kept (env PANORAMA_DIR, default <repo>/data/panoramas). Files are named by
   * the hash of what they show: servers of one salon, and test servers, may share the folder.
   */
  panoramaDir: string;
  /** Draw every missing panorama at start and after each change of the content (env PANORAMA_PRERENDER=0: only when first asked for). */
  panoramaPrerender: boolean;
  /** Redis for socket.io's adapter and the live hub, so several processes serve one salon (env REDIS_URL); null: in process. */
  redisUrl: string | null;
  /** A clamd unix socket (env CLAMAV_SOCKET): every media upload is scanned through it; null: no scan. */
  clamavSocket: string | null;
  /** How long a media upload waits for its scan before answering 202 (the scan goes on; the media is served once clean). */
  scanWaitMs: number;
  /** Above this event loop delay (p99 over a window, ms), the process logs that it is saturated and GET /api/health says so (env SALON_SATURATION_MS, 100). */
  saturationThresholdMs: number;
  /** The event loop is measured over windows this long. */
  saturationWindowMs: number;
  /** Rate limits (env RATE_LIMITS: JSON overriding some of them, e.g. `{"loginPerAddress": {"max": 1000}}`). */
  rateLimits: RateLimits;
  /** `/__bench/*` (memory, stream counts) for scripts/bench; loopback callers only. Env SALON_BENCH_ENDPOINTS=1. */
  benchEndpoints: boolean;
  /** Origins besides this server's that serve exhibitors' pictures and videos (env MEDIA_ORIGINS, comma list): the pages' CSP allows them. */
  mediaOrigins: string[];
  /** Other origins whose pages may embed the room frame (env ROOM_HOST_ORIGINS, comma list): its CSP's `frame-ancestors` and the frame's `hostOrigins`. */
  roomHostOrigins: string[];
  /**
   * The shared secret of the sites that host the widgets and decide who the user is (the Symfony host:
   * `POST /api/host/sessions`, HMAC-signed). Env SALON_HOST_SECRET; null: those routes do not exist (404).
   */
  hostSecret: string | null;
  /** How far a signed host call's timestamp may be from this server's clock (seconds), either way. */
  hostMaxSkewSeconds: number;
  /** SMTP_URL (`smtp://user:pass@host:587`, STARTTLS when offered; `smtps://` for TLS): null keeps every e-mail queued. */
  smtpUrl: string | null;
  /** MAIL_FROM: the sender of every e-mail (`Salon <salon@example.org>`). */
  mailFrom: string;
  /** The outbox is looked at this often (ms); and at most MAIL_RATE e-mails are sent per minute (e-mailings' pace). */
  mailPollMs: number;
  mailPerMinute: number;
}

export const isPostgresUrl = (value: string) => /^postgres(?:ql)?:\/\//.test(value);

function databaseFromEnv(env: NodeJS.ProcessEnv): DatabaseConfig {
  const url = env.DATABASE_URL ?? '';
  if (isPostgresUrl(url)) {
    const poolMax = intFromEnv(env.PG_POOL_MAX, 10, 'PG_POOL_MAX');
    if (poolMax < 1) throw new Error('PG_POOL_MAX must be at least 1');
    const direct = env.DATABASE_DIRECT_URL?.trim();
    return { dialect: 'postgres', connectionString: url, poolMax, ...(direct ? { directConnectionString: direct } : {}) };
  }
  return {
    dialect: 'sqlite',
    filename: env.SQLITE_PATH ?? path.join(REPO_ROOT, 'data', 'salon.sqlite'),
  };
}

function intFromEnv(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer, got "${value}"`);
  return n;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The defaults, with the budgets RATE_LIMITS (JSON) changes: `{"<name>": {"max"?: n, "windowMs"?: n}}`. */
export function rateLimitsFromEnv(value: string | undefined): RateLimits {
  const limits: RateLimits = { ...DEFAULT_RATE_LIMITS };
  if (value === undefined || value.trim() === '') return limits;
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw new Error(`RATE_LIMITS must be JSON, got "${value}"`);
  }
  if (!isRecord(parsed)) throw new Error('RATE_LIMITS must be a JSON object: {"<name>": {"max": n, "windowMs": n}}');
  for (const [name, change] of Object.entries(parsed)) {
    if (!Object.hasOwn(DEFAULT_RATE_LIMITS, name))
      throw new Error(`RATE_LIMITS: unknown limit "${name}" (known: ${Object.keys(DEFAULT_RATE_LIMITS).join(', ')})`);
    if (!isRecord(change)) throw new Error(`RATE_LIMITS.${name} must be an object: {"max": n, "windowMs": n}`);
    const rule = { ...limits[name as keyof RateLimits] };
    for (const [key, n] of Object.entries(change)) {
      if (key !== 'max' && key !== 'windowMs') throw new Error(`RATE_LIMITS.${name}: unknown key "${key}" (max, windowMs)`);
      if (typeof n !== 'number' || !Number.isInteger(n) || n < (key === 'max' ? 0 : 1000)) {
        throw new Error(`RATE_LIMITS.${name}.${key} must be an integer${key === 'max' ? ' ≥ 0' : ' ≥ 1000 (milliseconds)'}`);
      }
      rule[key] = n;
    }
    limits[name as keyof RateLimits] = rule;
  }
  return limits;
}

/** PUBLIC_URL: an http(s) origin (a trailing slash dropped), or null when unset. */
export function publicUrlFromEnv(value: string | undefined): string | null {
  const text = (value ?? '').trim().replace(/\/+$/, '');
  if (text === '') return null;
  const origin = cspOrigin(text);
  if (origin === null || origin !== text.toLowerCase())
    throw new Error(`PUBLIC_URL must be an origin such as https://salon.example.org (no path), got "${value}"`);
  return origin;
}

/** SPA_URL: `/spa` by default, else an http(s) address without query or fragment (a trailing slash dropped). */
export function spaUrlFromEnv(value: string | undefined): string {
  const text = (value ?? '').trim().replace(/\/+$/, '');
  if (text === '') return '/spa';
  if (cspOrigin(text) === null || /[?#\s"'<>]/.test(text))
    throw new Error(`SPA_URL must be an http(s) address such as https://cdn.example/spa, got "${value}"`);
  return text;
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

/** SALON_HOST_SECRET: unset or empty turns the host routes off; a short one is refused (it signs identities). */
export function hostSecretFromEnv(value: string | undefined): string | null {
  if (value === undefined || value === '') return null;
  if (value.length < 32) throw new Error('SALON_HOST_SECRET must be at least 32 characters (e.g. `openssl rand -hex 32`)');
  return value;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  return {
    host: env.HOST || '127.0.0.1',
    port: intFromEnv(env.PORT, 8080, 'PORT'),
    database: databaseFromEnv(env),
    spaDir: path.resolve(env.SPA_DIR || path.join(REPO_ROOT, 'dist', 'spa')),
    spaUrl: spaUrlFromEnv(env.SPA_URL),
    storybookDir:
      env.SALON_DEMO === '1' && env.NODE_ENV !== 'production'
        ? path.resolve(env.STORYBOOK_DIR || path.join(REPO_ROOT, 'storybook-static'))
        : null,
    cookieSecure: env.COOKIE_SECURE === '1',
    trustProxy: env.TRUST_PROXY === '1',
    publicUrl: publicUrlFromEnv(env.PUBLIC_URL),
    uploadsUnscanned: env.UPLOADS_UNSCANNED === '1',
    logLevel: env.LOG_LEVEL || 'info',
    scryptCost: 16384,
    sessionCacheTtlMs: 600_000,
    parametersTtlMs: 5_000,
    activityFlushMs: 5_000,
    sweepIntervalMs: 15_000,
    liveCoalesceMs: 300,
    liveVisitorsMs: 120,
    liveGlobalMinMs: 3_000,
    liveCountMs: 15_000,
    livePingMs: 15_000,
    liveRingSize: 1_000,
    liveMaxBufferedBytes: 1 << 20,
    uploadDir: path.resolve(env.UPLOAD_DIR || path.join(REPO_ROOT, 'data', 'uploads')),
    panoramaDir: path.resolve(env.PANORAMA_DIR || path.join(REPO_ROOT, 'data', 'panoramas')),
    panoramaPrerender: env.PANORAMA_PRERENDER !== '0',
    redisUrl: env.REDIS_URL || null,
    clamavSocket: env.CLAMAV_SOCKET || null,
    scanWaitMs: 10_000,
    saturationThresholdMs: intFromEnv(env.SALON_SATURATION_MS, 100, 'SALON_SATURATION_MS'),
    saturationWindowMs: 5_000,
    rateLimits: rateLimitsFromEnv(env.RATE_LIMITS),
    benchEndpoints: env.SALON_BENCH_ENDPOINTS === '1',
    mediaOrigins: originsFromEnv(env.MEDIA_ORIGINS),
    roomHostOrigins: originsFromEnv(env.ROOM_HOST_ORIGINS),
    hostSecret: hostSecretFromEnv(env.SALON_HOST_SECRET),
    hostMaxSkewSeconds: 120,
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM || 'Salon <salon@localhost>',
    mailPollMs: 2_000,
    mailPerMinute: intFromEnv(env.MAIL_RATE, 600, 'MAIL_RATE') || 600,
  };
}
