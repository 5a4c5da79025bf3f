import type { Kysely } from 'kysely';
import type { Animator, Company, Stand } from '@salon/shared/contracts/exhibitors';
import type { FieldsParam, LocaleCode } from '@salon/shared/contracts/page-data';
import type { CompanyRow, Database, StandRow, UserRow } from '../db/schema';
import { encodeId } from '../lib/ids';
import type { ActivityTracker, ActivityView } from './activity';
import { fullName, isPublished, parseFieldsParam, profileLabel } from './users';

/** Spec §3 Company, every field. */
export function toCompany(row: CompanyRow): Company {
  return {
    id_company: encodeId(row.id),
    name: row.name,
    description: row.description,
    description_en: row.description_en,
    website_link: row.website_link,
    storage_link: row.storage_link,
    mobile: row.mobile,
    email: row.email,
    facebook_link: row.facebook_link,
    linkedin_link: row.linkedin_link,
    twitter_link: row.twitter_link,
    youtube_link: row.youtube_link,
  };
}

export async function findCompany(db: Kysely<Database>, id: number): Promise<CompanyRow | null> {
  return (await db.selectFrom('companies').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
}

export function toStand(row: StandRow): Stand {
  const id = encodeId(row.id);
  return {
    id_stand: id,
    obfuscated_id: id,
    name: row.name,
    niceName: row.name,
    niceNameEn: row.name_en,
    panoramaSlug: row.panorama_slug,
    optin_marketing: row.optin_marketing === null ? null : row.optin_marketing === 1,
    company_id: encodeId(row.company_id),
  };
}

/** GET /api/stands: every stand, keyed by obfuscated id, in id order. */
export async function allStands(db: Kysely<Database>): Promise<Record<string, Stand>> {
  const rows = await db.selectFrom('stands').selectAll().orderBy('id').execute();
  return Object.fromEntries(rows.map((row) => [encodeId(row.id), toStand(row)]));
}

export async function findStand(db: Kysely<Database>, id: number): Promise<StandRow | null> {
  return (await db.selectFrom('stands').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
}

/** Whether two users are exhibitors of one same stand. */
export async function shareAStand(db: Kysely<Database>, a: number, b: number): Promise<boolean> {
  const standsOfB = db.selectFrom('stand_exhibitors').select('stand_id').where('user_id', '=', b);
  const shared = await db
    .selectFrom('stand_exhibitors')
    .select('stand_id')
    .where('user_id', '=', a)
    .where('stand_id', 'in', standsOfB)
    .executeTakeFirst();
  return shared !== undefined;
}

export interface AnimatorContext {
  /** Who asks; null: nobody in particular (everything per the publication rule). */
  viewerId: number | null;
  locale: LocaleCode;
  /** Scheme and host of the request: media paths are made absolute with it. */
  origin: string;
  activity: ActivityTracker;
  /** exhibitor_activity_period_before_hide, seconds. */
  exhibitorSeconds: number;
  now?: number;
}

const absolute = (path: string | null, origin: string): string | null => {
  if (!path) return null;
  try {
    return new URL(path, origin).toString();
  } catch {
    return null;
  }
};

/**
 * An exhibitor as the contact point and the exhibitor card show them (spec §3 "Exhibitor / animator"). `seesAll`:
 * the exhibitor themselves or one of their co-exhibitors, who see every field; everyone else gets the published
 * ones only (spec §5 "Field publication"), the others are null.
 */
export function toAnimator(user: UserRow, company: string | null, ctx: AnimatorContext, seesAll: boolean, view: ActivityView): Animator {
  const fieldsParam: FieldsParam = parseFieldsParam(user.fields_param);
  const show = (field: string, value: string | null): string | null => {
    if (value === null || value === '') return null;
    return seesAll || isPublished(fieldsParam, field, value) ? value : null;
  };
  const firstname = show('firstname', user.firstname);
  const lastname = show('lastname', user.lastname);
  const visio = show('visio_link', user.visio_link);
  const lastActivity = view.effective(user.id, user.last_activity_at);
  const now = ctx.now ?? Date.now();
  const id = encodeId(user.id);
  return {
    id_user: id,
    obfuscated_id: id,
    firstname,
    lastname,
    pseudo: user.pseudo,
    identifier: user.pseudo || fullName({ firstname, lastname }) || `${profileLabel(user, ctx.locale)} ${id}`,
    profile: user.profile,
    profileLabel: profileLabel(user, ctx.locale),
    function: user.function,
    function_en: user.function_en,
    presentation: user.presentation,
    presentation_en: user.presentation_en,
    contact_email: show('contact_email', user.contact_email),
    mobile: show('mobile', user.mobile),
    linkedin: show('linkedin', user.linkedin),
    // Every user has a generated avatar (routes/media.ts); a stored picture wins.
    picturePath: absolute(user.picture_path ?? `/media/avatars/${id}.svg`, ctx.origin),
    videoPath: absolute(user.video_path, ctx.origin),
    availability: user.availability === 1 && lastActivity >= now - ctx.exhibitorSeconds * 1000,
    last_activity_at: view.effectiveIso(user.id, user.last_activity_at),
    hidden: user.hidden === 1,
    fields_param: fieldsParam,
    visio_link: visio === null ? null : { link: visio },
    company: company === null ? null : { name: company },
  };
}

/**
 * GET /api/stands/{id}/animators: the stand's exhibitors, hidden ones left out (except the viewer themselves), in
 * id order. The stand's own exhibitors see every field of each other.
 */
export async function standAnimators(db: Kysely<Database>, stand: StandRow, ctx: AnimatorContext): Promise<Animator[]> {
  const [users, company] = await Promise.all([
    db
      .selectFrom('users')
      .innerJoin('stand_exhibitors', 'stand_exhibitors.user_id', 'users.id')
      .selectAll('users')
      .where('stand_exhibitors.stand_id', '=', stand.id)
      .orderBy('users.id')
      .execute(),
    db.selectFrom('companies').select('name').where('id', '=', stand.company_id).executeTakeFirst(),
  ]);
  const coExhibitor = ctx.viewerId !== null && users.some((u) => u.id === ctx.viewerId);
  const shown = users.filter((u) => u.hidden === 0 || u.id === ctx.viewerId);
  const view = await ctx.activity.view(shown.map((u) => u.id));
  return shown.map((u) => toAnimator(u, company?.name ?? null, ctx, coExhibitor, view));
}
