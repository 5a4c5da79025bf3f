/**
 * What the visitor's engagement forms store (spec §5, §7): the game's scores, the opinion (one per user), the shares,
 * and the tracking events the room sends.
 */
import type { Kysely } from 'kysely';
import { nowIso, type Database, type SharesTable } from '../db/schema';

/** The user's last game score as stored, or null. */
export async function lastContestScore(db: Kysely<Database>, userId: number): Promise<number | null> {
  const last = await db.selectFrom('contest_scores').select('score').where('user_id', '=', userId).orderBy('id', 'desc').executeTakeFirst();
  return last ? Number(last.score) : null;
}

export async function recordContestScore(db: Kysely<Database>, userId: number, score: number): Promise<void> {
  await db.insertInto('contest_scores').values({ user_id: userId, score, created_at: nowIso() }).execute();
}

/** The user's opinion: a second one replaces the first. */
export async function saveOpinion(
  db: Kysely<Database>,
  userId: number,
  opinion: { score: number; comment: string; locale: string },
): Promise<void> {
  const at = nowIso();
  await db
    .insertInto('opinions')
    .values({ user_id: userId, ...opinion, created_at: at, updated_at: at })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...opinion, updated_at: at }))
    .execute();
}

export async function recordShare(
  db: Kysely<Database>,
  userId: number,
  platform: SharesTable['platform'],
  title: string | null,
): Promise<void> {
  await db.insertInto('shares').values({ user_id: userId, platform, title, created_at: nowIso() }).execute();
}

export async function recordTrackingEvent(
  db: Kysely<Database>,
  event: { userId: number | null; name: string; value: string | null; standId: number | null },
): Promise<void> {
  await db
    .insertInto('tracking_events')
    .values({ user_id: event.userId, name: event.name, value: event.value, stand_id: event.standId, created_at: nowIso() })
    .execute();
}
