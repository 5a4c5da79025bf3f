import { Type, type Static } from '@sinclair/typebox';
import { PATTERNS } from './patterns';
import { Email, HttpUrl, Nullable, Phone } from './common';
import { FieldsParam } from './users';

/**
 * The exhibitor's own card (`/exposant/profil`, spec §2.9, §3 "Exhibitor / animator", §5 "Field publication"):
 * GET and PUT /api/exhibitors/me/profile, exhibitors only.
 */

/** The fields of the card whose publication the exhibitor chooses (`fields_param`, '0' published). */
export const CARD_PUBLISHABLE_FIELDS = ['firstname', 'lastname', 'contact_email', 'mobile', 'linkedin', 'visio_link'] as const;
export type CardPublishableField = (typeof CARD_PUBLISHABLE_FIELDS)[number];

export const FUNCTION_MAX_LENGTH = 100;
export const PRESENTATION_TEXT_MAX_LENGTH = 1000;

/** An uploaded media's address (`POST /api/medias` answers it as `url`): `/api/medias/<str>`. */
export const MEDIA_URL_PATTERN = '^/api/medias/[A-Za-z0-9_-]{1,128}(?:\\.[A-Za-z0-9]{1,8})?$';

/** Free text that may span lines (the presentation): no invisible controls (`PATTERNS.multiLine`). */
const MultiLine = (maxLength: number) => Type.String({ maxLength, pattern: PATTERNS.multiLine });

export const CardPublication = Type.Object(
  Object.fromEntries(CARD_PUBLISHABLE_FIELDS.map((field) => [field, Type.Boolean()])) as Record<
    CardPublishableField,
    ReturnType<typeof Type.Boolean>
  >,
  { additionalProperties: false },
);
export type CardPublication = Static<typeof CardPublication>;

/**
 * PUT /api/exhibitors/me/profile: the whole editable card (null or '' clears a value). `picture_path` and
 * `video_path`: a media address `/api/medias/<str>` (an upload's `url`), the value already stored, or null.
 * `published`: each field of the card ticked (published, '0') or not ('1'); the other fields of `fields_param`
 * keep their flags.
 */
export const ExhibitorProfileBody = Type.Object(
  {
    function: Nullable(Type.String({ maxLength: FUNCTION_MAX_LENGTH, pattern: PATTERNS.singleLine })),
    function_en: Nullable(Type.String({ maxLength: FUNCTION_MAX_LENGTH, pattern: PATTERNS.singleLine })),
    presentation: Nullable(MultiLine(PRESENTATION_TEXT_MAX_LENGTH)),
    presentation_en: Nullable(MultiLine(PRESENTATION_TEXT_MAX_LENGTH)),
    picture_path: Nullable(Type.String({ maxLength: 500 })),
    video_path: Nullable(Type.String({ maxLength: 500 })),
    contact_email: Nullable(Type.Union([Email, Type.Literal('')])),
    mobile: Nullable(Type.Union([Phone, Type.Literal('')])),
    linkedin: Nullable(Type.Union([HttpUrl, Type.Literal('')])),
    visio_link: Nullable(Type.Union([HttpUrl, Type.Literal('')])),
    published: CardPublication,
  },
  { additionalProperties: false },
);
export type ExhibitorProfileBody = Static<typeof ExhibitorProfileBody>;

/** The profile as stored (every value, published or not). */
export const ExhibitorProfile = Type.Object({
  function: Nullable(Type.String()),
  function_en: Nullable(Type.String()),
  presentation: Nullable(Type.String()),
  presentation_en: Nullable(Type.String()),
  picture_path: Nullable(Type.String()),
  video_path: Nullable(Type.String()),
  contact_email: Nullable(Type.String()),
  mobile: Nullable(Type.String()),
  linkedin: Nullable(Type.String()),
  visio_link: Nullable(Type.String()),
  published: CardPublication,
});
export type ExhibitorProfile = Static<typeof ExhibitorProfile>;

/** What the card shows but the editor does not change (the names are edited on /profil). */
export const ExhibitorIdentity = Type.Object({
  id_user: Type.String(),
  firstname: Nullable(Type.String()),
  lastname: Nullable(Type.String()),
  pseudo: Nullable(Type.String()),
  company: Nullable(Type.Object({ name: Type.String() })),
  /** The generated avatar visitors see when there is no picture. */
  avatar_url: Type.String(),
  /** The whole profile is hidden from visitors (published on /profil). */
  hidden: Type.Boolean(),
  /** The other fields' flags of `fields_param` (kept as they are by a save). */
  fields_param: FieldsParam,
});
export type ExhibitorIdentity = Static<typeof ExhibitorIdentity>;

/** GET and PUT /api/exhibitors/me/profile. */
export const ExhibitorProfileData = Type.Object({ profile: ExhibitorProfile, identity: ExhibitorIdentity });
export type ExhibitorProfileData = Static<typeof ExhibitorProfileData>;

/**
 * The published fields of an exhibitor's card, as the live activity carries them with each exhibitor of a stand
 * (`visited_stand_animators`, the activity stream's other exhibitors): unpublished values are null.
 */
export const PublishedCardFields = {
  function: Type.Optional(Nullable(Type.String())),
  function_en: Type.Optional(Nullable(Type.String())),
  presentation: Type.Optional(Nullable(Type.String())),
  presentation_en: Type.Optional(Nullable(Type.String())),
  contact_email: Type.Optional(Nullable(Type.String())),
  mobile: Type.Optional(Nullable(Type.String())),
  linkedin: Type.Optional(Nullable(Type.String())),
  picturePath: Type.Optional(Nullable(Type.String())),
  videoPath: Type.Optional(Nullable(Type.String())),
  fields_param: Type.Optional(FieldsParam),
  visio_link: Type.Optional(Nullable(Type.Object({ link: Type.String() }))),
};
