import { msg } from '@lingui/core/macro';
import { say } from '../i18n';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileTypeFromBuffer } from 'file-type/core';
import type { Kysely } from 'kysely';
import sharp from 'sharp';
import type { Media, MediaKind, PanoramaEntry } from '@salon/shared/contracts/medias';
import type { LocaleCode } from '@salon/shared/contracts/page-data';
import { nowIso, type Database, type MediaRow, type ProfileCode, type ScanStatus } from '../db/schema';
import { HttpError } from '../lib/errors';
import { encodeId } from '../lib/ids';
import type { Antivirus } from './antivirus';

/*
 * Uploaded medias (spec §5 "Uploads", issue 13): exhibitors' pictures and videos, company documents, the room's
 * panoramas. The type comes from the content (file-type), never from the name; images are measured and re-encoded
 * by sharp (which drops their metadata: EXIF, GPS, comments). Files live under `<UPLOAD_DIR>/medias/` with generated
 * names and are served by `GET /api/medias/{str}` only.
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
    types: { mp4: 'video/mp4', webm: 'video/webm' },
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
const newStr = (): string => randomBytes(18).toString('base64url');
const newStoredName = (extension: string): string => `${randomBytes(16).toString('hex')}.${extension}`;

export const mediaUrl = (str: string): string => `/api/medias/${str}`;

export function toMedia(row: Pick<MediaRow, 'str' | 'kind' | 'mime' | 'size' | 'width' | 'height'>): Media {
  return { str: row.str, url: mediaUrl(row.str), kind: row.kind, mime: row.mime, size: row.size, width: row.width, height: row.height };
}

/** A temporary file of the upload, in the medias folder (same file system: the final name is a rename). */
export async function temporaryPath(uploadDir: string): Promise<string> {
  const dir = mediaDir(uploadDir);
  await fs.mkdir(dir, { recursive: true });
  return path.join(dir, `${randomBytes(16).toString('hex')}.part`);
}

async function head(file: string, bytes = 4100): Promise<Buffer> {
  const handle = await fs.open(file, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

export interface Checked {
  extension: string;
  mime: string;
  width: number | null;
  height: number | null;
}

/**
 * Checks an uploaded file (already on disk, at most the kind's size) and writes what is stored to `target`: images
 * re-encoded without their metadata, other files as they are. Throws the spec's message as an HttpError.
 */
export async function checkAndStore(
  kind: MediaKind,
  upload: string,
  target: (extension: string) => string,
  locale: LocaleCode,
): Promise<Checked & { file: string; size: number }> {
  const rule = KIND_RULES[kind];
  const start = await head(upload);
  if (start.length === 0) throw new HttpError(400, mediaMessages.empty(locale));
  const detected = await fileTypeFromBuffer(start);
  const mime = detected ? rule.types[detected.ext] : undefined;
  if (!detected || !mime) throw new HttpError(415, mediaMessages.accepted(locale, rule.accepted));
  const extension = detected.ext;
  const file = target(extension);

  if (!rule.image) {
    await fs.rename(upload, file);
    return { extension, mime, width: null, height: null, file, size: (await fs.stat(file)).size };
  }

  let width: number;
  let height: number;
  try {
    // Metadata only: the header is read, the pixels are not decoded yet.
    const meta = await sharp(upload, { limitInputPixels: false }).metadata();
    if (!meta.width || !meta.height) throw new Error('no size');
    // EXIF orientations 5–8 turn the picture a quarter: the stored (rotated) image has the sides swapped.
    const turned = (meta.orientation ?? 1) >= 5;
    width = turned ? meta.height : meta.width;
    height = turned ? meta.width : meta.height;
  } catch {
    throw new HttpError(422, mediaMessages.unreadable(locale));
  }
  if (kind === 'panorama') {
    if (width > PANORAMA.maxWidth || height > PANORAMA.maxHeight)
      throw new HttpError(422, mediaMessages.tooLarge(locale, PANORAMA.maxWidth, PANORAMA.maxHeight, width, height));
    if (Math.abs(width / height - PANORAMA.ratio) > PANORAMA.ratio * PANORAMA.tolerance)
      throw new HttpError(422, mediaMessages.ratio(locale, width, height));
    if (width < PANORAMA.minWidth || height < PANORAMA.minHeight)
      throw new HttpError(422, mediaMessages.tooSmall(locale, PANORAMA.minWidth, PANORAMA.minHeight, width, height));
  } else if (width > PICTURE_MAX_SIDE || height > PICTURE_MAX_SIDE) {
    throw new HttpError(422, mediaMessages.tooLarge(locale, PICTURE_MAX_SIDE, PICTURE_MAX_SIDE, width, height));
  }
  try {
    // Re-encoded in its own format: orientation applied, metadata (EXIF, GPS, XMP, comments) dropped.
    const image = sharp(upload, { limitInputPixels: PANORAMA.maxWidth * PANORAMA.maxHeight }).rotate();
    const encoded =
      extension === 'png' ? image.png() : extension === 'webp' ? image.webp({ quality: 90 }) : image.jpeg({ quality: 90, mozjpeg: true });
    await encoded.toFile(file);
  } catch {
    await fs.rm(file, { force: true });
    throw new HttpError(422, mediaMessages.unreadable(locale));
  } finally {
    await fs.rm(upload, { force: true });
  }
  return { extension, mime, width, height, file, size: (await fs.stat(file)).size };
}

export interface StoreInput {
  kind: MediaKind;
  /** The uploaded bytes, on disk (removed whatever happens). */
  upload: string;
  originalName: string;
  uploaderId: number;
  locale: LocaleCode;
}

export interface MediaContext {
  db: Kysely<Database>;
  uploadDir: string;
  antivirus: Antivirus | null;
  /** How long the upload waits for its scan before answering "in progress". */
  scanWaitMs: number;
  log: { warn(obj: object, msg: string): void };
  /** Called when a scan's outcome is stored (a file served or deleted). */
  scanned?: () => void;
}

export type Stored = { media: Media; pending: boolean };

/**
 * Checks, stores and (with an antivirus) scans an upload. Clean or unscanned: the media. Still scanning after
 * `scanWaitMs`: `pending`, and the scan goes on (clean: served; infected: deleted). Infected: deleted, 422.
 */
export async function storeMedia(ctx: MediaContext, input: StoreInput): Promise<Stored> {
  const dir = mediaDir(ctx.uploadDir);
  let checked;
  try {
    checked = await checkAndStore(input.kind, input.upload, (extension) => path.join(dir, newStoredName(extension)), input.locale);
  } finally {
    await fs.rm(input.upload, { force: true });
  }
  const storedName = path.basename(checked.file);
  const status: ScanStatus = ctx.antivirus ? 'pending' : 'unscanned';
  const row = await ctx.db
    .insertInto('medias')
    .values({
      str: newStr(),
      kind: input.kind,
      mime: checked.mime,
      extension: checked.extension,
      size: checked.size,
      width: checked.width,
      height: checked.height,
      uploader_id: input.uploaderId,
      original_name: safeName(input.originalName, checked.extension),
      stored_name: storedName,
      scan_status: status,
      created_at: nowIso(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const media = toMedia(row);
  if (!ctx.antivirus) return { media, pending: false };

  const scan = scanMedia(ctx, ctx.antivirus, row.id, checked.file);
  let timer: NodeJS.Timeout | undefined;
  const waited = await Promise.race([
    scan,
    new Promise<'waiting'>((resolve) => (timer = setTimeout(() => resolve('waiting'), ctx.scanWaitMs))),
  ]);
  clearTimeout(timer);
  if (waited === 'waiting') return { media, pending: true };
  if (waited === 'infected') throw new HttpError(422, mediaMessages.infected(input.locale));
  if (waited === 'failed') throw new HttpError(503, mediaMessages.scanFailed(input.locale));
  return { media, pending: false };
}

/** Scans a stored media: clean → served; infected or no verdict → the file and its row are deleted. */
async function scanMedia(ctx: MediaContext, antivirus: Antivirus, id: number, file: string): Promise<'clean' | 'infected' | 'failed'> {
  let outcome: 'clean' | 'infected' | 'failed';
  try {
    const verdict = await antivirus.scanFile(file);
    outcome = verdict.infected ? 'infected' : 'clean';
    if (verdict.infected) ctx.log.warn({ media: id, viruses: verdict.viruses }, 'infected upload deleted');
  } catch (err) {
    ctx.log.warn({ media: id, reason: err instanceof Error ? err.message : String(err) }, 'antivirus scan failed: upload deleted');
    outcome = 'failed';
  }
  try {
    if (outcome === 'clean') {
      await ctx.db.updateTable('medias').set({ scan_status: 'clean' }).where('id', '=', id).execute();
    } else {
      await ctx.db.deleteFrom('medias').where('id', '=', id).execute();
      await fs.rm(file, { force: true });
    }
  } catch (err) {
    ctx.log.warn({ media: id, reason: err instanceof Error ? err.message : String(err) }, 'antivirus outcome not stored');
  }
  ctx.scanned?.();
  return outcome;
}

/** The name a user gave, harmless: no folders, quotes or control characters, at most 200 characters. */
function safeName(name: string, extension: string): string {
  const base = (name.split(/[\\/]/).pop() ?? '')
    // eslint-disable-next-line no-control-regex -- control characters are what is removed
    .replace(/[\u0000-\u001F\u007F"\\]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 200);
  return base === '' || base === '.' || base === '..' ? `file.${extension}` : base;
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

/** The images the room frame shows instead of its drawings: slug → `/api/medias/<str>` (scanned or unscanned, never pending). */
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

/** Sets a panorama's image (a media of kind panorama); returns the str it had before (null: drawn). */
export async function setPanoramaImage(db: Kysely<Database>, slug: string, mediaId: number, actorId: number): Promise<string | null> {
  const before = await currentImage(db, slug);
  const now = nowIso();
  await db
    .insertInto('panorama_images')
    .values({ panorama_slug: slug, media_id: mediaId, updated_by: actorId, updated_at: now })
    .onConflict((oc) => oc.column('panorama_slug').doUpdateSet({ media_id: mediaId, updated_by: actorId, updated_at: now }))
    .execute();
  return before;
}

/** Removes a panorama's image (the room draws it again); returns the str it had (null: there was none). */
export async function removePanoramaImage(db: Kysely<Database>, slug: string): Promise<string | null> {
  const before = await currentImage(db, slug);
  if (before !== null) await db.deleteFrom('panorama_images').where('panorama_slug', '=', slug).execute();
  return before;
}

// ---------------------------------------------------------------------------------------------------------------
// Thumbnails

/** The thumbnail of an image media (pictures, panoramas): at most 480×240, JPEG. */
export const THUMBNAIL = { width: 480, height: 240, quality: 80 } as const;

export const hasThumbnail = (row: Pick<MediaRow, 'kind'>): boolean => row.kind === 'picture' || row.kind === 'panorama';

const thumbnailsInProgress = new Map<string, Promise<string>>();

/**
 * The path of a media's thumbnail, made on its first request from the stored image (fit inside 480×240, never
 * enlarged) and kept beside it as `<stored name>.thumb.jpg`; written to a temporary name, then renamed, so a
 * request never reads half a file. Two requests at once in one process make it once.
 */
export async function mediaThumbnail(uploadDir: string, row: Pick<MediaRow, 'stored_name'>): Promise<string> {
  const dir = mediaDir(uploadDir);
  const target = path.join(dir, `${row.stored_name}.thumb.jpg`);
  try {
    await fs.access(target);
    return target;
  } catch {
    // Not made yet.
  }
  const running = thumbnailsInProgress.get(target);
  if (running) return running;
  const making = (async () => {
    const part = path.join(dir, `${randomBytes(16).toString('hex')}.part`);
    try {
      await sharp(path.join(dir, row.stored_name), { limitInputPixels: PANORAMA.maxWidth * PANORAMA.maxHeight })
        .resize(THUMBNAIL.width, THUMBNAIL.height, { fit: 'inside', withoutEnlargement: true })
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: THUMBNAIL.quality, mozjpeg: true })
        .toFile(part);
      await fs.rename(part, target);
      return target;
    } catch (err) {
      await fs.rm(part, { force: true });
      throw err;
    } finally {
      thumbnailsInProgress.delete(target);
    }
  })();
  thumbnailsInProgress.set(target, making);
  return making;
}
