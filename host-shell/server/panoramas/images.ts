/**
 * The room's panorama images, made on the server once and served as files (`GET /media/panoramas/<key>-<width>.webp`,
 * cached a year: the key changes with the content).
 *
 * - A drawn panorama's key is the hash of everything its picture shows (`panoramaInputs`: the salon's name, the
 *   places' names, the stands of its layout with their names, colours and neighbours, the language, the renderer's
 *   version): renaming a stand gives the panoramas that show it new keys, and only those are drawn again.
 * - An uploaded panorama's key is the hash of its stored file's name: it is scaled once.
 *
 * Each image exists at two widths, 4096 and 2048 (phones), in WebP. Drawing runs in a worker thread (`worker.ts`),
 * one panorama at a time; encoding runs in sharp's thread pool: the event loop only waits.
 *
 * The room's content, the frame's data per language and the keys are read and computed once per change of the content
 * (`frame()`, `file()`): `refresh()`, called after every change, forgets them, then (with `prerender`) makes the missing
 * images of both languages in the background and removes the files no current panorama uses once they have been
 * unused for `retainMs` (a visitor's open frame may still ask for them). An image asked for before it exists is made
 * first, then served; a key the current content does not give is 404 without a read of the database.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { FrameLang, PanoramaSources, RoomFrameData } from '../../room-frame/data';
import { SPECIAL_PANORAMAS } from '@salon/shared/contracts/room-frame';
import { Salon } from '../../room-frame/layout';
import { panoramaInputs } from '../../room-frame/render/panorama';
import { roomFrameData, type RoomContent } from '../services/room-frame';
import { PANORAMA_WIDTHS, PanoramaQueue, fileName, type Recipe } from './queue';
import { rendererVersion } from './version';

export const PANORAMA_URL_PREFIX = '/media/panoramas/';
const FILE = /^([0-9a-f]{24})-(4096|2048)\.webp$/;
/** Part of an uploaded image's key: a change of how uploads are scaled makes new files. */
const UPLOAD_SCALING = 1;
const LANGS: readonly FrameLang[] = ['fr', 'en'];
const REFRESH_DELAY_MS = 300;
/** How long a file no current panorama uses is kept: pages opened before the change may still ask for it. */
export const RETAIN_MS = 60 * 60 * 1000;

const hash = (text: string): string => createHash('sha256').update(text).digest('hex').slice(0, 24);
const sourcesOf = (key: string): PanoramaSources => ({
  large: `${PANORAMA_URL_PREFIX}${fileName(key, PANORAMA_WIDTHS[0])}`,
  small: `${PANORAMA_URL_PREFIX}${fileName(key, PANORAMA_WIDTHS[1])}`,
});

export interface PanoramaImagesOptions {
  /** Where the images are kept (PANORAMA_DIR); files are named by their key, so several servers may share it. */
  dir: string;
  /** Where uploaded panoramas are (services/medias.ts `mediaDir`). */
  mediaDir: string;
  /** The room's content now (for `refresh` and for a key asked for after a restart). */
  load: () => Promise<RoomContent>;
  log: FastifyBaseLogger;
  /**
   * Whether `refresh()` makes the missing images ahead of time and removes the unused ones (else each is made when
   * first asked for, and none is removed: the tests' servers share a folder).
   */
  prerender: boolean;
  /** How long an image file no current panorama uses is kept before it is removed (default `RETAIN_MS`). */
  retainMs?: number;
}

/** The frame's data in one language, without the request's own parts (initial panorama, host origins). */
export interface FrameBase {
  data: RoomFrameData;
  /** Every panorama a frame may start on: the special ones, the table's, the stands'. */
  places: ReadonlySet<string>;
}

/** What the current content gives, computed once per change. */
interface Current {
  content: Promise<RoomContent>;
  frames: Map<FrameLang, Promise<FrameBase>>;
  /** The keys of both languages (their recipes remembered). */
  keys: Promise<Set<string>> | null;
}

export class PanoramaImages {
  /** The files being made, and what each key seen is made from. */
  private readonly queue: PanoramaQueue;
  private refreshTimer: NodeJS.Timeout | null = null;
  private sweepTimer: NodeJS.Timeout | null = null;
  private current: Current | null = null;
  /** Keys of files in the folder that no current panorama uses, since when. */
  private readonly unused = new Map<string, number>();
  private closed = false;

  constructor(private readonly options: PanoramaImagesOptions) {
    this.queue = new PanoramaQueue({ dir: options.dir, log: options.log });
  }

  /** The frame's data in `lang` with its images, the same object until the content changes (`refresh()`). */
  frame(lang: FrameLang): Promise<FrameBase> {
    const current = this.now();
    let frame = current.frames.get(lang);
    if (!frame) {
      frame = current.content.then((content) => {
        const data = roomFrameData(content, lang, 'home', []);
        data.images = this.sources(data, content.uploads);
        const places = new Set<string>([
          ...SPECIAL_PANORAMAS,
          ...content.panoramas.map((p) => p.slug),
          ...content.stands.map((s) => s.panorama),
        ]);
        return { data, places };
      });
      current.frames.set(lang, frame);
      this.forgetOnFailure(frame);
    }
    return frame;
  }

  /** The images of every place of `data` (the frame's `images`); remembers how to make those that do not exist yet. */
  sources(data: RoomFrameData, uploads: ReadonlyMap<string, string>): Record<string, PanoramaSources> {
    const images: Record<string, PanoramaSources> = {};
    for (const [slug, key] of this.keys(data, uploads)) images[slug] = sourcesOf(key);
    return images;
  }

  /** The path of an image file (`<key>-<width>.webp`), made now if it is known and missing; null for anything else. */
  async file(name: string): Promise<string | null> {
    const match = FILE.exec(name);
    if (!match?.[1]) return null;
    const key = match[1];
    const target = path.join(this.options.dir, name);
    if (this.queue.made.has(key) || (await exists(target))) return target;
    // After a restart, or a change of content since the page was made: the current content may know the key. Its keys
    // are computed once per change, so a flood of unknown keys does not reach the database.
    if (!this.queue.recipes.has(key) && !this.queue.isMaking(key)) await this.currentKeys();
    if (!this.queue.recipes.has(key) && !this.queue.isMaking(key)) return null;
    await this.queue.make(key, true);
    return target;
  }

  /**
   * After a change of the content: the content, the frames' data and the keys are read again when next asked for;
   * then, soon and in the background (with `prerender`), the missing images are made and the unused files removed.
   */
  refresh(): void {
    this.current = null;
    if (this.closed || !this.options.prerender || this.refreshTimer) return;
    this.refreshTimer = setTimeout(() => {
      this.refreshTimer = null;
      void this.makeMissing().catch((err: unknown) => this.options.log.error({ err }, 'panoramas: refresh failed'));
    }, REFRESH_DELAY_MS);
    this.refreshTimer.unref();
  }

  /** Resolves when every image of the current content exists (the seed's, in tests and measurements). */
  async ready(): Promise<void> {
    await this.makeMissing();
    await this.queue.settled();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.refreshTimer) clearTimeout(this.refreshTimer);
    if (this.sweepTimer) clearTimeout(this.sweepTimer);
    await this.queue.close();
  }

  /** What the current content gives, read from the database once per change. */
  private now(): Current {
    if (!this.current) {
      const current: Current = { content: this.options.load(), frames: new Map(), keys: null };
      this.current = current;
      this.forgetOnFailure(current.content);
    }
    return this.current;
  }

  /** A failed read is not kept: the next request reads again. */
  private forgetOnFailure(promise: Promise<unknown>): void {
    const current = this.current;
    promise.catch(() => {
      if (this.current === current) this.current = null;
    });
  }

  /** The keys of the current content, both languages. */
  private currentKeys(): Promise<Set<string>> {
    const current = this.now();
    if (!current.keys) {
      current.keys = current.content.then(
        (content) => new Set(LANGS.flatMap((lang) => [...this.keys(roomFrameData(content, lang, 'home', []), content.uploads).values()])),
      );
      this.forgetOnFailure(current.keys);
    }
    return current.keys;
  }

  /** Queues the images of the current content that are missing, and removes the files unused for `retainMs`. */
  private async makeMissing(): Promise<void> {
    const keys = await this.currentKeys();
    for (const key of keys) {
      if (this.queue.made.has(key) || this.queue.isMaking(key)) continue;
      if (await exists(path.join(this.options.dir, fileName(key, PANORAMA_WIDTHS[1])))) {
        this.queue.made.add(key);
        this.queue.recipes.delete(key);
      } else void this.queue.make(key, false).catch(() => undefined);
    }
    if (this.options.prerender) await this.sweep(keys);
  }

  /**
   * Files whose key the current content does not give (nor one being made) are noted as unused, and removed once they
   * have been for `retainMs`; a key used again is kept. Temporary files (`.part`) and other names are left alone.
   */
  private async sweep(keys: ReadonlySet<string>): Promise<void> {
    let names: string[];
    try {
      names = await fs.readdir(this.options.dir);
    } catch {
      return;
    }
    const now = Date.now();
    const retain = this.options.retainMs ?? RETAIN_MS;
    const seen = new Set<string>();
    const removed = new Set<string>();
    for (const name of names) {
      const key = FILE.exec(name)?.[1];
      if (!key || keys.has(key) || this.queue.isMaking(key)) continue;
      seen.add(key);
      const since = this.unused.get(key) ?? now;
      this.unused.set(key, since);
      if (now - since < retain) continue;
      await fs.rm(path.join(this.options.dir, name), { force: true });
      removed.add(key);
      this.queue.made.delete(key);
      this.options.log.info({ key, file: name }, 'unused panorama image removed');
    }
    // Forgotten: the keys used again, and those whose files are gone.
    for (const key of [...this.unused.keys()]) if (!seen.has(key) || removed.has(key)) this.unused.delete(key);
    // The next look once the oldest unused file is due.
    if (this.sweepTimer) clearTimeout(this.sweepTimer);
    this.sweepTimer = null;
    const due = Math.min(...[...this.unused.values()].map((since) => since + retain));
    if (Number.isFinite(due) && !this.closed) {
      this.sweepTimer = setTimeout(
        () => {
          this.sweepTimer = null;
          void this.currentKeys()
            .then((current) => this.sweep(current))
            .catch((err: unknown) => this.options.log.error({ err }, 'panoramas: removing unused images failed'));
        },
        Math.max(0, due - Date.now()) + 10,
      );
      this.sweepTimer.unref();
    }
  }

  /** slug → key of every place of `data`; remembers how to make the keys not made yet. */
  private keys(data: RoomFrameData, uploads: ReadonlyMap<string, string>): Map<string, string> {
    const salon = new Salon(data);
    const keys = new Map<string, string>();
    for (const slug of salon.places.keys()) {
      const upload = uploads.get(slug);
      let key: string;
      let recipe: Recipe;
      if (upload) {
        key = hash(`upload\n${UPLOAD_SCALING}\n${upload}`);
        recipe = { kind: 'upload', source: path.join(this.options.mediaDir, upload) };
      } else {
        const inputs = panoramaInputs(salon, slug);
        if (!inputs) continue;
        key = hash(`${rendererVersion()}\n${JSON.stringify(inputs)}`);
        recipe = { kind: 'draw', data, slug };
      }
      if (!this.queue.made.has(key)) this.queue.recipes.set(key, recipe);
      keys.set(slug, key);
    }
    return keys;
  }
}

async function exists(file: string): Promise<boolean> {
  try {
    await fs.access(file);
    return true;
  } catch {
    return false;
  }
}
