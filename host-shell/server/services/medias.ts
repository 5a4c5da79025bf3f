import { msg } from '@lingui/core/macro';
import { say } from '../i18n';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { VIDEO_TYPES, type Media, type MediaKind, type PanoramaEntry } from '@salon/shared/contracts/medias';
import type { LocaleCode } from '@salon/shared/contracts/page-data';
import { nowIso, type Database, type MediaRow, type ProfileCode } from '../db/schema';
import { encodeId } from '../lib/ids';
import { recordChange } from './audit';

/*
 * Uploaded medias (spec §5 "Uploads"): exhibitors' pictures and videos, company documents, the room's
 * panoramas. Here: what each kind accepts, the messages, the addresses, the lookup, and which media each panorama
 * shows. Receiving, checking and scanning an upload: `media-uploads.ts`; thumbnails: `media-thumbnails.ts`.
 */

const MB = 1024 * 1024;

export interface KindRule {
  /** file-type's extension → the type we store. */
  types: Readonly<Record<string, string>>;
  /** The spec's `%acceptedFiles%`. */
  accepted: string;
  maxBytes: number;
  image: boolean;
  /** Who may upload it. Exhibitors upload their own pictures and videos (the profile editor). */
  profiles: readonly ProfileCode[];
}

const IMAGES = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' } as const;

export const KIND_RULES: Readonly<Record<MediaKind, KindRule>> = {
  picture: {
    types: IMAGES,
    accepted: 'JPEG, PNG, WebP',
    maxBytes: 5 * MB,
    image: true,
    profiles: ['exhibitor', 'promoter', 'administrator'],
  },
  video: {
    types: VIDEO_TYPES,
    accepted: 'MP4, WebM',
    maxBytes: 50 * MB,
    image: false,
    profiles: ['exhibitor', 'promoter', 'administrator'],
  },
  document: {
    types: { pdf: 'application/pdf' },
    accepted: 'PDF',
    maxBytes: 10 * MB,
    image: false,
    profiles: ['promoter', 'administrator'],
  },
  panorama: { types: IMAGES, accepted: 'JPEG, PNG, WebP', maxBytes: 20 * MB, image: true, profiles: ['promoter', 'administrator'] },
};

/** Pictures: at most this many pixels on a side. */
export const PICTURE_MAX_SIDE = 6000;
/** Panoramas: equirectangular, 2:1 within 1 %, from 2048×1024 to 8192×4096. */
export const PANORAMA = { minWidth: 2048, minHeight: 1024, maxWidth: 8192, maxHeight: 4096, ratio: 2, tolerance: 0.01 } as const;
/** The largest file any kind takes (the multipart parser's own limit). */
export const MEDIA_MAX_BYTES = Math.max(...Object.values(KIND_RULES).map((r) => r.maxBytes));

/** The messages of spec §5, with their placeholders filled, in the viewer's language. */
export const mediaMessages = {
  accepted: (locale: LocaleCode, accepted: string) => say(locale, msg`Only ${accepted} files are accepted`),
  tooHeavy: (locale: LocaleCode, bytes: number) => say(locale, msg`The file is too heavy, maximum ${bytes / MB} MB`),
  tooLarge: (locale: LocaleCode, maxW: number, maxH: number, w: number, h: number) =>
    say(locale, msg`The image is too large: at most ${maxW} × ${maxH} pixels (this one is ${w} × ${h})`),
  tooSmall: (locale: LocaleCode, minW: number, minH: number, w: number, h: number) =>
    say(locale, msg`The image is too small for a panorama: at least ${minW} × ${minH} pixels (this one is ${w} × ${h})`),
  ratio: (locale: LocaleCode, w: number, h: number) =>
    say(locale, msg`A panorama is an equirectangular image twice as wide as it is high (2:1); this one is ${w} × ${h}`),
  unreadable: (locale: LocaleCode) => say(locale, msg`The image could not be read`),
  empty: (locale: LocaleCode) => say(locale, msg`The file is empty`),
  scanning: (locale: LocaleCode) => say(locale, msg`The antivirus scan of the file is in progress, please try again in a moment`),
  infected: (locale: LocaleCode) => say(locale, msg`The file was refused: the antivirus found a threat in it`),
  scanFailed: (locale: LocaleCode) => say(locale, msg`The antivirus is unavailable, the file was not stored. Please try again later`),
  profile: (locale: LocaleCode) => say(locale, msg`Your profile may not upload this kind of file`),
  unknown: (locale: LocaleCode) => say(locale, msg`Unknown media`),
};

export const mediaDir = (uploadDir: string): string => path.join(uploadDir, 'medias');
export const MEDIA_STR = /^[A-Za-z0-9_-]{24}$/;

export const mediaUrl = (str: string): string => `/api/medias/${str}`;

export function toMedia(row: Pick<MediaRow, 'str' | 'kind' | 'mime' | 'size' | 'width' | 'height'>): Media {
  return { str: row.str, url: mediaUrl(row.str), kind: row.kind, mime: row.mime, size: row.size, width: row.width, height: row.height };
}

export async function findMedia(db: Kysely<Database>, str: string): Promise<MediaRow | null> {
  if (!MEDIA_STR.test(str)) return null;
  return (await db.selectFrom('medias').selectAll().where('str', '=', str).executeTakeFirst()) ?? null;
}

export const isServed = (row: Pick<MediaRow, 'scan_status'>): boolean => row.scan_status !== 'pending';
/** Every panorama of the room (specials first, then stands in order) with its uploaded image. */
export async function listPanoramas(db: Kysely<Database>, slug?: string): Promise<PanoramaEntry[]> {
  let query = db
    .selectFrom('panoramas')
    .leftJoin('stands', 'stands.panorama_slug', 'panoramas.slug')
    .leftJoin('panorama_images', 'panorama_images.panorama_slug', 'panoramas.slug')
    .leftJoin('medias', 'medias.id', 'panorama_images.media_id')
    .select([
      'panoramas.id as id',
      'panoramas.slug as slug',
      'panoramas.kind as kind',
      'panoramas.name as name',
      'panoramas.name_en as name_en',
      'stands.id as stand_id',
      'stands.name as stand_name',
      'stands.name_en as stand_name_en',
      'medias.str as str',
      'medias.kind as media_kind',
      'medias.mime as mime',
      'medias.size as size',
      'medias.width as width',
      'medias.height as height',
      'medias.scan_status as scan_status',
    ]);
  if (slug !== undefined) query = query.where('panoramas.slug', '=', slug);
  const rows = await query.orderBy('panoramas.id').execute();
  const order = (kind: string) => (kind === 'stand' ? 1 : 0);
  return rows
    .sort((a, b) => order(a.kind) - order(b.kind) || a.id - b.id)
    .map((r) => ({
      slug: r.slug,
      kind: r.kind,
      name: r.name,
      name_en: r.name_en,
      stand: r.stand_id === null ? null : { id: encodeId(r.stand_id), name: r.stand_name ?? '', name_en: r.stand_name_en ?? '' },
      image:
        r.str === null || r.media_kind === null || r.mime === null || r.size === null || r.scan_status === null
          ? null
          : {
              media: toMedia({ str: r.str, kind: r.media_kind, mime: r.mime, size: r.size, width: r.width, height: r.height }),
              pending: r.scan_status === 'pending',
            },
    }));
}

/** The uploaded panoramas: slug → its media's file (under `mediaDir`), scanned clean or unscanned, not pending. */
export async function panoramaUploads(db: Kysely<Database>): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom('panorama_images')
    .innerJoin('medias', 'medias.id', 'panorama_images.media_id')
    .select(['panorama_images.panorama_slug as slug', 'medias.stored_name as storedName'])
    .where('medias.scan_status', '!=', 'pending')
    .execute();
  return new Map(rows.map((r) => [r.slug, r.storedName]));
}

/** The image of one panorama, as the audit log keeps it. */
async function currentImage(db: Kysely<Database>, slug: string): Promise<string | null> {
  const row = await db
    .selectFrom('panorama_images')
    .innerJoin('medias', 'medias.id', 'panorama_images.media_id')
    .select('medias.str as str')
    .where('panorama_images.panorama_slug', '=', slug)
    .executeTakeFirst();
  return row?.str ?? null;
}

export const panoramaExists = async (db: Kysely<Database>, slug: string): Promise<boolean> =>
  (await db.selectFrom('panoramas').select('slug').where('slug', '=', slug).executeTakeFirst()) !== undefined;

/**
 * Sets a panorama's image (a media of kind panorama) and, when it changed, its audit entry, in one transaction;
 * returns the str it had before (null: drawn).
 */
export async function setPanoramaImage(
  db: Kysely<Database>,
  slug: string,
  media: Pick<MediaRow, 'id' | 'str'>,
  actorId: number,
): Promise<string | null> {
  return db.transaction().execute(async (trx) => {
    const before = await currentImage(trx, slug);
    const now = nowIso();
    await trx
      .insertInto('panorama_images')
      .values({ panorama_slug: slug, media_id: media.id, updated_by: actorId, updated_at: now })
      .onConflict((oc) => oc.column('panorama_slug').doUpdateSet({ media_id: media.id, updated_by: actorId, updated_at: now }))
      .execute();
    if (before !== media.str)
      await recordChange(trx, { actorId, action: 'panorama.update', target: slug, before: { image: before }, after: { image: media.str } });
    return before;
  });
}

/**
 * Removes a panorama's image (the room draws it again) and, when there was one, writes its audit entry, in one
 * transaction; returns the str it had (null: there was none).
 */
export async function removePanoramaImage(db: Kysely<Database>, slug: string, actorId: number): Promise<string | null> {
  return db.transaction().execute(async (trx) => {
    const before = await currentImage(trx, slug);
    if (before === null) return null;
    await trx.deleteFrom('panorama_images').where('panorama_slug', '=', slug).execute();
    await recordChange(trx, { actorId, action: 'panorama.remove', target: slug, before: { image: before }, after: { image: null } });
    return before;
  });
}
