import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { prepared } from '../db/prepared';
import { nowIso, type Database, type UserRow } from '../db/schema';

export const SESSION_COOKIE = 'salon_session';
export const SESSION_TTL_SECONDS = 30 * 24 * 3600;

const isTokenShaped = (token: string): boolean => /^[A-Za-z0-9_-]{43}$/.test(token);

/** Hashes of the tokens seen lately: every request of a visitor (the activity push every 2 s) hashes the same one. */
const recentHashes = new Map<string, string>();
const RECENT_HASHES_MAX = 100_000;

/** What the database stores for a token (SHA-256), computed once per token while it is in use (a token's shape only). */
export function hashToken(token: string): string {
  const known = recentHashes.get(token);
  if (known !== undefined) return known;
  const hash = createHash('sha256').update(token).digest('hex');
  // Whatever a cookie holds is hashed, but only what may be a token is kept: a few bytes each, never a long string.
  if (!isTokenShaped(token)) return hash;
  // A Map keeps insertion order: when full, the entry set the longest ago goes.
  if (recentHashes.size >= RECENT_HASHES_MAX) recentHashes.delete(recentHashes.keys().next().value as string);
  recentHashes.set(token, hash);
  return hash;
}

/** A new session; returns the cookie token (32 random bytes). Only its hash is stored. */
export async function createSession(db: Kysely<Database>, userId: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = new Date();
  await db
    .insertInto('sessions')
    .values({
      id: hashToken(token),
      user_id: userId,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + SESSION_TTL_SECONDS * 1000).toISOString(),
    })
    .execute();
  return token;
}

export interface SessionWithUser {
  user: UserRow;
  expiresAt: string;
}

/** A session's user, by the token's hash, while the session lasts (every page and API call that needs the viewer). */
const sessionUser = prepared((db, hash: string, now: string) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .select('sessions.expires_at as session_expires_at')
    .where('sessions.id', '=', hash)
    .where('sessions.expires_at', '>', now),
);

export async function findSession(db: Kysely<Database>, token: string): Promise<SessionWithUser | null> {
  if (!isTokenShaped(token)) return null;
  const [row] = (await db.executeQuery(sessionUser(db, hashToken(token), nowIso()))).rows;
  if (!row) return null;
  const { session_expires_at: expiresAt, ...user } = row;
  return { user, expiresAt };
}

export async function findSessionUser(db: Kysely<Database>, token: string): Promise<UserRow | null> {
  return (await findSession(db, token))?.user ?? null;
}

export async function deleteSession(db: Kysely<Database>, token: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', hashToken(token)).execute();
}

export async function deleteExpiredSessions(db: Kysely<Database>): Promise<void> {
  await db.deleteFrom('sessions').where('expires_at', '<=', nowIso()).execute();
}

interface CachedSession {
  userId: number | null;
  /** When the session itself expires (ms). */
  expiresAt: number;
  /** Until when this entry is trusted (ms). */
  until: number;
}

/** Sessions every process must forget: by token hash (logout, a replaced token), or all of some users (a removed account). */
export interface EndedSessions {
  hashes?: string[];
  userIds?: number[];
}

/**
 * Session token → user id, in memory for `ttlMs`: the activity push (every visitor, every 2 s) resolves its
 * caller without touching the database. Only the id is cached, never the user row, so profile changes are
 * seen at once by everything else. A session that ends (logout, the replaced token at login, a removed account) is
 * forgotten at once, by every process when `connect` gives it the live hub: so the time to trust an entry can be
 * long, and the database sees one lookup per visitor every `ttlMs` rather than every few seconds.
 */
export class SessionCache {
  /** By the token's hash (what the database stores, and what may travel between processes). */
  private readonly entries = new Map<string, CachedSession>();
  private readonly loading = new Map<string, Promise<number | null>>();
  /** Bumped by every forget: a lookup that started before one must not cache what it found. */
  private generation = 0;
  private publish: (ended: EndedSessions) => void = () => undefined;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly ttlMs: number,
    private readonly maxEntries = 100_000,
  ) {}

  /** Forgets go through `publish` (every process's cache, this one's included, gets them back through `drop`). */
  connect(publish: (ended: EndedSessions) => void): void {
    this.publish = publish;
  }

  /** The user id of a session token, or null (unknown, expired, malformed or absent token). */
  userId(token: string | undefined): Promise<number | null> | number | null {
    if (!token || !isTokenShaped(token)) return null;
    const hash = hashToken(token);
    const now = Date.now();
    const hit = this.entries.get(hash);
    if (hit && hit.until > now) return hit.expiresAt > now ? hit.userId : null;
    let pending = this.loading.get(hash);
    if (!pending) {
      pending = this.load(token, hash).finally(() => this.loading.delete(hash));
      this.loading.set(hash, pending);
    }
    return pending;
  }

  private async load(token: string, hash: string): Promise<number | null> {
    const generation = this.generation;
    const found = await findSession(this.db, token);
    if (generation === this.generation) this.keep(hash, found ? found.user.id : null, found ? Date.parse(found.expiresAt) : 0);
    return found ? found.user.id : null;
  }

  /** Records what a full lookup (the viewer's) found. */
  remember(token: string, userId: number | null, expiresAt: number): void {
    if (isTokenShaped(token)) this.keep(hashToken(token), userId, expiresAt);
  }

  private keep(hash: string, userId: number | null, expiresAt: number): void {
    this.entries.delete(hash);
    this.entries.set(hash, { userId, expiresAt, until: Date.now() + this.ttlMs });
    // Map keeps insertion order: the first keys are the oldest entries.
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.entries.delete(oldest.value);
    }
  }

  /** A session ended (logout, a token replaced at login): every process forgets it. */
  forget(token: string): void {
    const ended = { hashes: [hashToken(token)] };
    this.drop(ended);
    this.publish(ended);
  }

  /** Every session of these users ended (their accounts were removed): every process forgets them. */
  forgetUsers(userIds: number[]): void {
    this.drop({ userIds });
    this.publish({ userIds });
  }

  /** Forgets here what some process said ended. */
  drop({ hashes = [], userIds = [] }: EndedSessions): void {
    this.generation += 1;
    for (const hash of hashes) {
      this.entries.delete(hash);
      this.loading.delete(hash);
    }
    if (userIds.length === 0) return;
    const users = new Set(userIds);
    for (const [hash, entry] of this.entries) if (entry.userId !== null && users.has(entry.userId)) this.entries.delete(hash);
    // A lookup under way may be for one of them: it will not be kept (generation), nor shared from now on.
    this.loading.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
