import type { Kysely } from 'kysely';
import { UserMeUpdateBody } from '@salon/shared/contracts/users';
import { isCalendarDate, latestToday, normalizeName, type IssueCode } from '@salon/shared/contracts/form-rules';
import type { Database, UserRow, UserUpdate } from '../db/schema';
import { findUserById, parseFieldsParam, updateUser } from './users';

/** What `PUT /api/users/me` changes beside the text fields. */
const NOT_TEXT = ['fields_param', 'hidden'] as const;
type ProfileTextField = Exclude<keyof UserMeUpdateBody, (typeof NOT_TEXT)[number]>;
/** The profile's text fields: those of the contract's body (`UserMeUpdateBody`), in its order. */
export const PROFILE_TEXT_FIELDS = Object.keys(UserMeUpdateBody.properties).filter(
  (key) => !(NOT_TEXT as readonly string[]).includes(key),
) as ProfileTextField[];
/** Free-text fields stored normalised (`normalizeName`). */
const NAME_FIELDS = new Set<string>(['pseudo', 'firstname', 'lastname', 'city']);

/**
 * What the schema cannot say of a validated update: a birthdate must exist in the calendar and not be after today,
 * as in the visitor's forms (`shared/forms`). Field → issue code; empty when the update is fine.
 */
export function profileIssues(body: UserMeUpdateBody): Partial<Record<'birthdate', IssueCode>> {
  const { birthdate } = body;
  if (typeof birthdate !== 'string') return {};
  if (!isCalendarDate(birthdate)) return { birthdate: 'noSuchDate' };
  if (birthdate > latestToday()) return { birthdate: 'futureDate' };
  return {};
}

/** Applies a validated update (PUT /api/users/me, POST /profil) and returns the fresh row. */
export async function applyProfileUpdate(db: Kysely<Database>, user: UserRow, body: UserMeUpdateBody): Promise<UserRow> {
  const changes: UserUpdate = {};
  for (const field of PROFILE_TEXT_FIELDS) {
    const value = body[field];
    if (value === undefined) continue;
    changes[field] = typeof value === 'string' && NAME_FIELDS.has(field) ? normalizeName(value) || null : value;
  }
  if (body.fields_param) changes.fields_param = JSON.stringify({ ...parseFieldsParam(user.fields_param), ...body.fields_param });
  if (body.hidden !== undefined) changes.hidden = body.hidden ? 1 : 0;
  await updateUser(db, user.id, changes);
  const fresh = await findUserById(db, user.id);
  if (!fresh) throw new Error('user vanished during update');
  return fresh;
}
