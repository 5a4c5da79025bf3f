import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { MediaRow } from '../db/schema';
import { PANORAMA, mediaDir } from './medias';

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
      // Loaded when first needed: a salon that never shows a thumbnail does not load sharp.
      const { default: sharp } = await import('sharp');
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
