import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { nowIso, type Database, type UserRow } from '../db/schema';

export const SESSION_COOKIE = 'salon_session';
export const SESSION_TTL_SECONDS = 30 * 24 * 3600;

const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');
const isTokenShaped = (token: string): boolean => /^[A-Za-z0-9_-]{43}$/.test(token);

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

export async function findSession(db: Kysely<Database>, token: string): Promise<SessionWithUser | null> {
  if (!isTokenShaped(token)) return null;
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .select('sessions.expires_at as session_expires_at')
    .where('sessions.id', '=', hashToken(token))
    .where('sessions.expires_at', '>', nowIso())
    .executeTakeFirst();
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

/**
 * Session token → user id, in memory for `ttlMs`: the activity push (every visitor, every 2 s) resolves its
 * caller without touching the database. Only the id is cached, never the user row, so profile changes are
 * seen at once by everything else. Logout (and the replaced token at login) is forgotten immediately.
 */
export class SessionCache {
  private readonly entries = new Map<string, CachedSession>();
  private readonly loading = new Map<string, Promise<number | null>>();
  /** Bumped by forget(): a lookup that started before a logout must not cache what it found. */
  private generation = 0;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly ttlMs: number,
    private readonly maxEntries = 100_000,
  ) {}

  /** The user id of a session token, or null (unknown, expired, malformed or absent token). */
  userId(token: string | undefined): Promise<number | null> | number | null {
    if (!token || !isTokenShaped(token)) return null;
    const now = Date.now();
    const hit = this.entries.get(token);
    if (hit && hit.until > now) return hit.expiresAt > now ? hit.userId : null;
    let pending = this.loading.get(token);
    if (!pending) {
      pending = this.load(token).finally(() => this.loading.delete(token));
      this.loading.set(token, pending);
    }
    return pending;
  }

  private async load(token: string): Promise<number | null> {
    const generation = this.generation;
    const found = await findSession(this.db, token);
    if (generation === this.generation) this.remember(token, found ? found.user.id : null, found ? Date.parse(found.expiresAt) : 0);
    return found ? found.user.id : null;
  }

  /** Records what a full lookup (the viewer's) found. */
  remember(token: string, userId: number | null, expiresAt: number): void {
    if (!isTokenShaped(token)) return;
    this.entries.delete(token);
    this.entries.set(token, { userId, expiresAt, until: Date.now() + this.ttlMs });
    // Map keeps insertion order: the first keys are the oldest entries.
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.entries.delete(oldest.value);
    }
  }

  forget(token: string): void {
    this.generation += 1;
    this.entries.delete(token);
    this.loading.delete(token);
  }

  get size(): number {
    return this.entries.size;
  }
}
