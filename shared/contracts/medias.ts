import { Type, type Static } from '@sinclair/typebox';
import { Nullable } from './common';
import { ObfuscatedId } from './room';

/*
 * Uploads of spec §5: `POST /api/medias?kind=…` stores a file, `GET /api/medias/{str}` serves it, and
 * administrators and promoters give a panorama of the room its own image (`/api/admin/panoramas`).
 */

export const MEDIA_KINDS = ['picture', 'video', 'document', 'panorama'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

/** The multipart field of `POST /api/medias`. */
export const MEDIA_FILE_FIELD = 'file';

/** The `str` of `/api/medias/{str}`: 24 characters of base64url (18 random bytes). */
export const MEDIA_STR_PATTERN = '^[A-Za-z0-9_-]{24}$';

export const MediaUploadQuery = Type.Object({ kind: Type.Union(MEDIA_KINDS.map((k) => Type.Literal(k))) }, { additionalProperties: false });
export type MediaUploadQuery = Static<typeof MediaUploadQuery>;

export const Media = Type.Object({
  str: Type.String({ pattern: MEDIA_STR_PATTERN }),
  /** `/api/medias/<str>`, same origin. */
  url: Type.String(),
  kind: Type.Union(MEDIA_KINDS.map((k) => Type.Literal(k))),
  /** The type detected from the content (never the file's name). */
  mime: Type.String(),
  size: Type.Integer(),
  /** Pictures and panoramas only; null otherwise. */
  width: Nullable(Type.Integer()),
  height: Nullable(Type.Integer()),
});
export type Media = Static<typeof Media>;

/**
 * 201: stored (and scanned clean when an antivirus is configured). 202: stored, the antivirus scan still runs
 * (`pending: true`, `message` says so): `GET /api/medias/{str}` answers 409 until it is clean, and an infected file
 * is deleted.
 */
export const MediaUploadData = Type.Object({
  media: Media,
  pending: Type.Optional(Type.Literal(true)),
  message: Type.Optional(Type.String()),
});
export type MediaUploadData = Static<typeof MediaUploadData>;

export const MediaStrParams = Type.Object({ str: Type.String() });

export const MediaStatusData = Type.Object({
  /** `pending`: the antivirus scan runs; `ready`: served. */
  status: Type.Union([Type.Literal('pending'), Type.Literal('ready')]),
  message: Type.Optional(Type.String()),
});
export type MediaStatusData = Static<typeof MediaStatusData>;

/** A panorama of the room (a special one or a stand's) and the image that replaces its drawn one, if any. */
export const PanoramaEntry = Type.Object({
  slug: Type.String(),
  kind: Type.Union([Type.Literal('home'), Type.Literal('plan'), Type.Literal('conference'), Type.Literal('stand')]),
  name: Type.String(),
  name_en: Type.String(),
  /** The stand of this panorama (kind `stand`). */
  stand: Nullable(Type.Object({ id: ObfuscatedId, name: Type.String(), name_en: Type.String() })),
  /** The uploaded image, null when the room draws it; `pending` while its antivirus scan runs (drawn meanwhile). */
  image: Nullable(Type.Object({ media: Media, pending: Type.Boolean() })),
});
export type PanoramaEntry = Static<typeof PanoramaEntry>;

export const PanoramasData = Type.Object({ panoramas: Type.Array(PanoramaEntry) });
export type PanoramasData = Static<typeof PanoramasData>;

export const PanoramaSlugParams = Type.Object({ slug: Type.String({ pattern: '^[a-z0-9][a-z0-9-]{0,79}$' }) });

/** PUT /api/admin/panoramas/{slug}: the `str` of a media uploaded with `kind=panorama`. */
export const PanoramaImageBody = Type.Object({ media: Type.String({ minLength: 1, maxLength: 64 }) }, { additionalProperties: false });
export type PanoramaImageBody = Static<typeof PanoramaImageBody>;

export const PanoramaData = Type.Object({ panorama: PanoramaEntry });
export type PanoramaData = Static<typeof PanoramaData>;

/**
 * The videos an exhibitor's card takes (spec §5 "Uploads": MP4, WebM), by extension: the server's check
 * (`host-shell/server/services/medias.ts`) and the card editor's file picker (`accept`) read this one list.
 */
export const VIDEO_TYPES = { mp4: 'video/mp4', webm: 'video/webm' } as const;
