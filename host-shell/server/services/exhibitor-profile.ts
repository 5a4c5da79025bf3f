import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Kysely } from 'kysely';
import {
  CARD_PUBLISHABLE_FIELDS,
  ExhibitorProfile,
  MEDIA_URL_PATTERN,
  type CardPublication,
  type ExhibitorProfileBody,
  type ExhibitorProfileData,
} from '@salon/shared/contracts/profile';
import type { RoomUser } from '@salon/shared/contracts/room';
import { PUBLISHABLE_FIELDS } from '@salon/shared/contracts/users';
import type { FieldsParam } from '@salon/shared/contracts/page-data';
import type { Database, UserRow, UserUpdate } from '../db/schema';
import { encodeId } from '../lib/ids';
import { ROOM_USER_COLUMNS, type RoomUserRow } from './room-users';
import { findMedia } from './medias';
import { companiesOf } from './room-users';
import { findUserById, isPublished, parseFieldsParam, updateUser } from './users';

/**
 * The exhibitor's own card (`/exposant/profil`, GET/PUT /api/exhibitors/me/profile) and the published part of
 * every exhibitor's card that the live activity carries, so that open cards follow a change without a reload.
 */

const MEDIA_URL = new RegExp(MEDIA_URL_PATTERN);

/** The generated avatar every user has (routes/media.ts), shown when there is no picture. */
export const avatarPath = (userId: number): string => `/media/avatars/${encodeId(userId)}.svg`;

/**
 * Whether a picture or video address may be stored on the user's card: the address (`/api/medias/<str>`) of a media
 * this user uploaded, of the field's kind, not waiting for the antivirus; or the value already stored (an older
 * address kept as it is).
 */
export async function mediaUrlAllowed(
  db: Kysely<Database>,
  value: string,
  current: string | null,
  user: Pick<UserRow, 'id'>,
  kind: 'picture' | 'video',
): Promise<boolean> {
  if (value === current) return true;
  if (!MEDIA_URL.test(value)) return false;
  const media = await findMedia(db, value.slice('/api/medias/'.length));
  // The user's own upload, of the field's kind, served (not waiting for the antivirus).
  return media !== null && media.kind === kind && media.uploader_id === user.id && media.scan_status !== 'pending';
}

/** Each card field published ('0'), or not; an empty fields_param publishes everything (spec §5). */
export function cardPublication(fieldsParam: FieldsParam): CardPublication {
  const all = Object.keys(fieldsParam).length === 0;
  return Object.fromEntries(CARD_PUBLISHABLE_FIELDS.map((field) => [field, all || fieldsParam[field] === '0'])) as CardPublication;
}

/**
 * The new fields_param: the card's flags as ticked, the other publishable fields as they were (all published when
 * it was empty, which meant "everything": writing one flag must not hide the others).
 */
export function mergedFieldsParam(stored: FieldsParam, published: CardPublication): FieldsParam {
  const base: FieldsParam =
    Object.keys(stored).length === 0 ? Object.fromEntries(PUBLISHABLE_FIELDS.map((field) => [field, '0'])) : { ...stored };
  for (const field of CARD_PUBLISHABLE_FIELDS) base[field] = published[field] ? '0' : '1';
  return base;
}

export async function exhibitorProfileData(db: Kysely<Database>, user: UserRow): Promise<ExhibitorProfileData> {
  const companies = await companiesOf(db, [user.id]);
  const company = companies.get(user.id) ?? null;
  const fieldsParam = parseFieldsParam(user.fields_param);
  return {
    profile: {
      function: user.function,
      function_en: user.function_en,
      presentation: user.presentation,
      presentation_en: user.presentation_en,
      picture_path: user.picture_path,
      video_path: user.video_path,
      contact_email: user.contact_email,
      mobile: user.mobile,
      linkedin: user.linkedin,
      visio_link: user.visio_link,
      published: cardPublication(fieldsParam),
    },
    identity: {
      id_user: encodeId(user.id),
      firstname: user.firstname,
      lastname: user.lastname,
      pseudo: user.pseudo,
      company: company === null ? null : { name: company },
      avatar_url: avatarPath(user.id),
      hidden: user.hidden === 1,
      fields_param: fieldsParam,
    },
  };
}

/** A field the save refuses, and why (English and French: the route words it for the caller). */
export interface ProfileIssue {
  field: 'picture_path' | 'video_path';
  label: MessageDescriptor;
}

/** What the schema cannot check: the media addresses. */
export async function exhibitorProfileIssues(db: Kysely<Database>, user: UserRow, body: ExhibitorProfileBody): Promise<ProfileIssue[]> {
  const issues: ProfileIssue[] = [];
  for (const field of ['picture_path', 'video_path'] as const) {
    const value = body[field];
    if (value === null || value === '') continue;
    if (!(await mediaUrlAllowed(db, value, user[field], user, field === 'picture_path' ? 'picture' : 'video'))) {
      issues.push({ field, label: msg`must be the address of a file you uploaded (/api/medias/…)` });
    }
  }
  return issues;
}

const textOrNull = (value: string | null): string | null => {
  if (value === null) return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
};

/** Writes a checked save in one update and returns the fresh row. */
export async function saveExhibitorProfile(db: Kysely<Database>, user: UserRow, body: ExhibitorProfileBody): Promise<UserRow> {
  const oneLine = (value: string | null) => {
    const text = textOrNull(value);
    return text === null ? null : text.normalize('NFC').replace(/\s+/g, ' ');
  };
  const changes: UserUpdate = {
    function: oneLine(body.function),
    function_en: oneLine(body.function_en),
    presentation: textOrNull(body.presentation)?.normalize('NFC') ?? null,
    presentation_en: textOrNull(body.presentation_en)?.normalize('NFC') ?? null,
    picture_path: textOrNull(body.picture_path),
    video_path: textOrNull(body.video_path),
    contact_email: textOrNull(body.contact_email),
    mobile: textOrNull(body.mobile),
    linkedin: textOrNull(body.linkedin),
    visio_link: textOrNull(body.visio_link),
    fields_param: JSON.stringify(mergedFieldsParam(parseFieldsParam(user.fields_param), body.published)),
  };
  await updateUser(db, user.id, changes);
  const fresh = await findUserById(db, user.id);
  if (!fresh) throw new Error('user vanished during update');
  return fresh;
}

/** The user columns the published card needs, beside those of a RoomUser: the profile as stored, but its flags. */
type CardColumn = Exclude<keyof ExhibitorProfile, 'published'>;
export const CARD_COLUMNS = Object.keys(ExhibitorProfile.properties).filter((key) => key !== 'published') as CardColumn[];
export type CardRow = RoomUserRow & Pick<UserRow, (typeof CARD_COLUMNS)[number]>;

/**
 * The card's published fields as every visitor sees them (`toAnimator` for someone who is not a co-exhibitor):
 * contact values and the video link only when published, the picture or the generated avatar. Paths stay relative
 * (the live activity is the same for every origin).
 */
export function publishedCard(row: CardRow): Partial<RoomUser> {
  const fieldsParam = parseFieldsParam(row.fields_param);
  const shown = (field: string, value: string | null): string | null => (isPublished(fieldsParam, field, value) ? value : null);
  const visio = shown('visio_link', row.visio_link);
  return {
    function: row.function,
    function_en: row.function_en,
    presentation: row.presentation,
    presentation_en: row.presentation_en,
    contact_email: shown('contact_email', row.contact_email),
    mobile: shown('mobile', row.mobile),
    linkedin: shown('linkedin', row.linkedin),
    picturePath: row.picture_path ?? avatarPath(row.id),
    videoPath: row.video_path,
    fields_param: fieldsParam,
    visio_link: visio === null ? null : { link: visio },
  };
}

/** A stand's exhibitors (hidden ones included; callers filter) with their card columns, and the stand's company. */
export async function standExhibitorCards(db: Kysely<Database>, standId: number): Promise<{ rows: CardRow[]; company: string | null }> {
  const [rows, company] = await Promise.all([
    db
      .selectFrom('users')
      .innerJoin('stand_exhibitors', 'stand_exhibitors.user_id', 'users.id')
      .select([...ROOM_USER_COLUMNS, ...CARD_COLUMNS].map((c) => `users.${c}` as const))
      .where('stand_exhibitors.stand_id', '=', standId)
      .orderBy('users.id')
      .execute(),
    db
      .selectFrom('stands')
      .innerJoin('companies', 'companies.id', 'stands.company_id')
      .select('companies.name')
      .where('stands.id', '=', standId)
      .executeTakeFirst(),
  ]);
  return { rows, company: company?.name ?? null };
}
