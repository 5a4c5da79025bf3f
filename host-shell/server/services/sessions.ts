import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { nowIso, type Database, type UserRow } from '../db/schema';

export const SESSION_COOKIE = 'salon_session';
export const SESSION_TTL_SECONDS = 30 * 24 * 3600;

const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

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

export async function findSessionUser(db: Kysely<Database>, token: string): Promise<UserRow | null> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const user = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .where('sessions.id', '=', hashToken(token))
    .where('sessions.expires_at', '>', nowIso())
    .executeTakeFirst();
  return user ?? null;
}

export async function deleteSession(db: Kysely<Database>, token: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', hashToken(token)).execute();
}

export async function deleteExpiredSessions(db: Kysely<Database>): Promise<void> {
  await db.deleteFrom('sessions').where('expires_at', '<=', nowIso()).execute();
}
