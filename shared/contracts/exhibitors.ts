import { Type, type Static } from '@sinclair/typebox';
import { Nullable } from './common';
import { IdsOf, ObfuscatedId } from './room';

/** Exhibitors, stands and companies (spec §2.5, §2.8, §2.9, §3, §7). Ids are obfuscated ids. */

export const Company = Type.Object({
  id_company: ObfuscatedId,
  name: Type.String(),
  description: Nullable(Type.String()),
  description_en: Nullable(Type.String()),
  website_link: Nullable(Type.String()),
  storage_link: Nullable(Type.String()),
  mobile: Nullable(Type.String()),
  email: Nullable(Type.String()),
  facebook_link: Nullable(Type.String()),
  linkedin_link: Nullable(Type.String()),
  twitter_link: Nullable(Type.String()),
  youtube_link: Nullable(Type.String()),
});
export type Company = Static<typeof Company>;

/** GET /api/company/{id} (company id required, spec §5). */
export const CompanyParams = Type.Object({ id: ObfuscatedId });
export const CompanyData = Type.Object({ company: Company });
export type CompanyData = Static<typeof CompanyData>;

/**
 * An exhibitor as the contact point, the exhibitor card and the activity stream show them (spec §3
 * "Exhibitor / animator"). Fields a visitor may not see (unpublished per fields_param) are null.
 */
export const Animator = Type.Object({
  ...IdsOf('user'),
  firstname: Nullable(Type.String()),
  lastname: Nullable(Type.String()),
  pseudo: Nullable(Type.String()),
  identifier: Type.String(),
  profile: Type.String(),
  profileLabel: Type.String(),
  function: Nullable(Type.String()),
  function_en: Nullable(Type.String()),
  presentation: Nullable(Type.String()),
  presentation_en: Nullable(Type.String()),
  contact_email: Nullable(Type.String()),
  mobile: Nullable(Type.String()),
  linkedin: Nullable(Type.String()),
  picturePath: Nullable(Type.String()),
  videoPath: Nullable(Type.String()),
  /** Available in the spec's sense: availability set and active within exhibitor_activity_period_before_hide. */
  availability: Type.Boolean(),
  last_activity_at: Nullable(Type.String()),
  hidden: Type.Boolean(),
  fields_param: Type.Record(Type.String(), Type.Union([Type.Literal('0'), Type.Literal('1')])),
  visio_link: Nullable(Type.Object({ link: Type.String() })),
  company: Nullable(Type.Object({ name: Type.String() })),
});
export type Animator = Static<typeof Animator>;

/** GET /api/stands/{stand_id}/animators?company_id= (stand id required, spec §5). */
export const AnimatorsParams = Type.Object({ stand_id: ObfuscatedId });
export const AnimatorsQuery = Type.Object({ company_id: Type.Optional(ObfuscatedId) });
export const AnimatorsData = Type.Object({ visited_stand_animators: Type.Array(Animator) });
export type AnimatorsData = Static<typeof AnimatorsData>;

export const Stand = Type.Object({
  ...IdsOf('stand'),
  name: Type.String(),
  niceName: Type.String(),
  niceNameEn: Type.String(),
  panoramaSlug: Type.String(),
  /** Per-stand override of stands_optin_marketing; null: the global setting. */
  optin_marketing: Nullable(Type.Boolean()),
  company_id: ObfuscatedId,
});
export type Stand = Static<typeof Stand>;

/** GET /api/stands: entries keyed by obfuscated id. */
export const StandsData = Type.Object({ stands: Type.Record(Type.String(), Stand) });
export type StandsData = Static<typeof StandsData>;

/**
 * PUT /api/exhibitors/{id}/availability {available}: for those allowed to change another exhibitor (the stand's
 * other exhibitors, promoters, administrators); answers AvailabilityData. `PUT /api/exhibitors/me/availability
 * {availability}` is AvailabilityBody/AvailabilityData in ./chat.
 */
export const OtherAvailabilityParams = Type.Object({ id: ObfuscatedId });
export const OtherAvailabilityBody = Type.Object({ available: Type.Boolean() }, { additionalProperties: false });
export type OtherAvailabilityBody = Static<typeof OtherAvailabilityBody>;
