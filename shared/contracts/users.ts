import { Type, type Static } from '@sinclair/typebox';
import type { PageUser } from './page-data';
import { Email, HttpUrl, IsoDate, Nullable, Phone, PostalCode, SingleLine } from './common';

export const ProfileCode = Type.Union([
  Type.Literal('administrator'),
  Type.Literal('promoter'),
  Type.Literal('exhibitor'),
  Type.Literal('visitor'),
]);

/** Fields a user may publish or hide; `fields_param[field] === '0'` means published (spec §5 "Field publication"). */
export const PUBLISHABLE_FIELDS = [
  'firstname',
  'lastname',
  'email',
  'contact_email',
  'mobile',
  'postal_code',
  'city',
  'birthdate',
  'linkedin',
  'visio_link',
] as const;
export type PublishableField = (typeof PUBLISHABLE_FIELDS)[number];

export const PublicationFlag = Type.Union([Type.Literal('0'), Type.Literal('1')]);
export const FieldsParam = Type.Record(Type.String(), PublicationFlag);

/** The user as the widgets see it (GET /api/users/me, and `user` in the page data). */
export const PageUserSchema = Type.Object({
  /** The obfuscated id (spec §3), as everywhere else; the same as `obfuscated_id`. */
  id_user: Type.String(),
  obfuscated_id: Type.String(),
  profile: ProfileCode,
  anonymous: Type.Boolean(),
  hidden: Type.Boolean(),
  availability: Type.Boolean(),
  pseudo: Nullable(Type.String()),
  fullname: Type.String(),
  firstname: Nullable(Type.String()),
  lastname: Nullable(Type.String()),
  email: Nullable(Type.String()),
  contact_email: Nullable(Type.String()),
  mobile: Nullable(Type.String()),
  postal_code: Nullable(Type.String()),
  city: Nullable(Type.String()),
  birthdate: Nullable(Type.String()),
  linkedin: Nullable(Type.String()),
  visio_link: Nullable(Type.Object({ link: Type.String() })),
  fields_param: FieldsParam,
  journey: Nullable(Type.String()),
  profileRoute: Nullable(Type.String()),
  homeRoute: Type.String(),
  profileLabel: Type.String(),
  identifier: Type.String(),
  last_activity_at: Nullable(Type.String()),
  last_visit: Nullable(Type.Object({ stand_id: Type.String() })),
  company: Nullable(Type.Object({ name: Type.String() })),
  stands: Type.Array(Type.String()),
});

// The page-data contract is a hand-written interface; this fails to compile if the schema drifts from it.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const pageUserMatches: Same<Static<typeof PageUserSchema>, PageUser> = true;
void pageUserMatches;

/** GET /api/users/me */
export const UserMeData = Type.Object({ user: PageUserSchema });
export type UserMeData = Static<typeof UserMeData>;

/**
 * PUT /api/users/me, and the fields of the POST /profil form (empty form fields become null, which clears them).
 * Names, pseudo and city are stored normalised (NFC, single spaces, trimmed; blank clears them).
 * An anonymous user may only send `pseudo`.
 */
export const UserMeUpdateBody = Type.Object(
  {
    pseudo: Type.Optional(Nullable(SingleLine(50))),
    firstname: Type.Optional(Nullable(SingleLine(100))),
    lastname: Type.Optional(Nullable(SingleLine(100))),
    contact_email: Type.Optional(Nullable(Email)),
    mobile: Type.Optional(Nullable(Phone)),
    postal_code: Type.Optional(Nullable(PostalCode)),
    city: Type.Optional(Nullable(SingleLine(100))),
    birthdate: Type.Optional(Nullable(IsoDate)),
    linkedin: Type.Optional(Nullable(HttpUrl)),
    fields_param: Type.Optional(
      Type.Partial(Type.Record(Type.Union(PUBLISHABLE_FIELDS.map((f) => Type.Literal(f))), PublicationFlag), {
        additionalProperties: false,
      }),
    ),
    /** Exhibitors only: publish (false) or hide (true) the whole profile. */
    hidden: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type UserMeUpdateBody = Static<typeof UserMeUpdateBody>;
