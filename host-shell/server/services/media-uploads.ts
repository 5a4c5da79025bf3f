import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileTypeFromBuffer } from 'file-type/core';
import type { Kysely } from 'kysely';
import type { Media, MediaKind } from '@salon/shared/contracts/medias';
import type { LocaleCode } from '@salon/shared/contracts/page-data';
import { nowIso, type Database, type ScanStatus } from '../db/schema';
import { HttpError } from '../lib/errors';
import type { Antivirus } from './antivirus';
import { KIND_RULES, PANORAMA, PICTURE_MAX_SIDE, mediaDir, mediaMessages, toMedia } from './medias';

/*
 * An upload's way in (spec §5 "Uploads"): the type comes from the content (file-type), never from the name; images
 * are measured and re-encoded by sharp (which drops their metadata: EXIF, GPS, comments); the file is stored under
 * `<UPLOAD_DIR>/medias/` with a generated name, then scanned when there is an antivirus.
 */

const newStr = (): string => randomBytes(18).toString('base64url');
const newStoredName = (extension: string): string => `${randomBytes(16).toString('hex')}.${extension}`;

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

  // Loaded when first needed: a salon that never receives a picture does not load sharp.
  const { default: sharp } = await import('sharp');
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
 * `scanWaitMs`: `pending` (the route answers 202; the media's file is a 409 until the scan ends), and the scan goes on
 * (clean: served; infected: deleted). Infected: deleted, 422. clamd unreachable or no verdict: deleted, 503.
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
