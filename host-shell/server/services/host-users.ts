import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import { normalizeName } from '@salon/shared/contracts/form-rules';
import { nowIso, type Database, type ProfileCode, type UserRow, type UserUpdate } from '../db/schema';
import { findUserById, insertUser, updateUser } from './users';

/** The headers of a signed host call (`POST /api/host/*`). */
export const HOST_HEADERS = { timestamp: 'x-salon-timestamp', nonce: 'x-salon-nonce', signature: 'x-salon-signature' } as const;

/**
 * What a host signs: HMAC-SHA256 with the shared secret, hex, of
 * `timestamp \n nonce \n METHOD \n path (with its query) \n raw body`.
 */
export function hostSignature(secret: string, timestamp: string, nonce: string, method: string, path: string, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}\n${nonce}\n${method.toUpperCase()}\n${path}\n${body}`).digest('hex');
}

/** Constant-time comparison of two hex signatures (a wrong length is simply unequal). */
export function signaturesMatch(expected: string, given: string): boolean {
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(given, 'utf8');
  // timingSafeEqual needs equal lengths; comparing `a` with itself keeps the time the same when they differ.
  return a.length === b.length ? timingSafeEqual(a, b) : !timingSafeEqual(a, a);
}

/**
 * Records a nonce until its timestamp could no longer be accepted; false when it was seen already (a replay).
 * Old nonces are removed on the way. The table is shared by every process of the salon.
 */
export async function claimNonce(db: Kysely<Database>, nonce: string, expiresAt: Date): Promise<boolean> {
  await db.deleteFrom('host_nonces').where('expires_at', '<', nowIso()).execute();
  const result = await db
    .insertInto('host_nonces')
    .values({ nonce, expires_at: expiresAt.toISOString() })
    .onConflict((oc) => oc.column('nonce').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** The host's user as a handoff carries it. */
export interface HostProfile {
  id: string;
  profile: ProfileCode;
  email?: string | null;
  firstname?: string | null;
  lastname?: string | null;
  pseudo?: string | null;
  city?: string | null;
  postal_code?: string | null;
  mobile?: string | null;
  /** Panorama slugs of the stands an exhibitor owns (ignored for other profiles). */
  stands?: string[];
}

export interface HostUserResult {
  user: UserRow;
  created: boolean;
  /** Stand references of the handoff that match no stand of the salon. */
  unknownStands: string[];
  /** The stands this user was added to or removed from: their exhibitor lists changed. */
  relinkedStands: number[];
}

/**
 * Finds or creates the salon user of (host, host user id) and keeps it in step with the host's profile: names,
 * contact details, profile, and for an exhibitor exactly the stands named (any other ownership is removed). The
 * host's e-mail is kept as the contact address: `users.email` is the salon's own login, and a host user has no
 * salon password (the same address may belong to a salon account, which stays a different user).
 */
export async function upsertHostUser(
  db: Kysely<Database>,
  host: string,
  profile: HostProfile,
  locale: string | null,
): Promise<HostUserResult> {
  return db.transaction().execute(async (trx) => {
    // Stored as the profile page stores them: names normalised (NFC, single spaces, trimmed), blank is null.
    const name = (value: string | null | undefined) => (value ? normalizeName(value) || null : null);
    const text = (value: string | null | undefined) => value?.trim() || null;
    const fields: UserUpdate = {
      profile: profile.profile,
      firstname: name(profile.firstname),
      lastname: name(profile.lastname),
      pseudo: name(profile.pseudo),
      contact_email: text(profile.email),
      city: name(profile.city),
      postal_code: text(profile.postal_code),
      mobile: text(profile.mobile),
      ...(locale ? { locale } : {}),
    };
    const link = await trx
      .selectFrom('host_users')
      .select('user_id')
      .where('host', '=', host)
      .where('host_user_id', '=', profile.id)
      .executeTakeFirst();
    let userId: number;
    let created = false;
    if (link) {
      userId = link.user_id;
      await updateUser(trx, userId, fields);
    } else {
      userId = await insertUser(trx, { ...fields, profile: profile.profile, anonymous: 0 });
      await trx.insertInto('host_users').values({ host, host_user_id: profile.id, user_id: userId, created_at: nowIso() }).execute();
      created = true;
    }

    const wanted = profile.profile === 'exhibitor' ? [...new Set(profile.stands ?? [])] : [];
    const stands = wanted.length
      ? await trx.selectFrom('stands').select(['id', 'panorama_slug']).where('panorama_slug', 'in', wanted).execute()
      : [];
    const unknownStands = wanted.filter((slug) => !stands.some((s) => s.panorama_slug === slug));
    const ids = stands.map((s) => s.id);
    const before = created
      ? []
      : (await trx.selectFrom('stand_exhibitors').select('stand_id').where('user_id', '=', userId).execute()).map((r) => r.stand_id);
    let removal = trx.deleteFrom('stand_exhibitors').where('user_id', '=', userId);
    if (ids.length) removal = removal.where('stand_id', 'not in', ids);
    await removal.execute();
    if (ids.length) {
      await trx
        .insertInto('stand_exhibitors')
        .values(ids.map((standId) => ({ stand_id: standId, user_id: userId })))
        .onConflict((oc) => oc.columns(['stand_id', 'user_id']).doNothing())
        .execute();
    }

    const user = await findUserById(trx, userId);
    if (!user) throw new Error('host user vanished after upsert');
    const relinkedStands = [...ids.filter((id) => !before.includes(id)), ...before.filter((id) => !ids.includes(id))];
    return { user, created, unknownStands, relinkedStands };
  });
}
