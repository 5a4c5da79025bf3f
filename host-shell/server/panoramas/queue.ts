/**
 * The files of the room's panorama images, made one key at a time: a drawn panorama in the worker thread
 * (`renderer.ts`), an uploaded one read from its file; each scaled to both widths by sharp, encoded in WebP and
 * written atomically. Keys asked for by a visitor (`urgent`) go before those made ahead of time. What each key shows
 * and when it is needed is `images.ts`'s business.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Sharp } from 'sharp';
import type { RoomFrameData } from '../../room-frame/data';
import { PANORAMA_WIDTH } from '../../room-frame/render/panorama';
import { PanoramaRenderer } from './renderer';

export const PANORAMA_WIDTHS = [PANORAMA_WIDTH, PANORAMA_WIDTH / 2] as const;
/** WebP at this quality: about half the bytes of a JPEG of the same look (a drawn 4096 panorama: 130–260 kB). */
const WEBP_QUALITY = 80;

/** How to make a key's image: draw a place of the frame's data, or scale an uploaded file. */
export type Recipe = { kind: 'draw'; data: RoomFrameData; slug: string } | { kind: 'upload'; source: string };

export const fileName = (key: string, width: number): string => `${key}-${width}.webp`;

export class PanoramaQueue {
  /** How to make the image of each key seen and not made yet. */
  readonly recipes = new Map<string, Recipe>();
  /** Keys whose two files exist. */
  readonly made = new Set<string>();
  private readonly making = new Map<string, Promise<void>>();
  private readonly urgent: string[] = [];
  private readonly background: string[] = [];
  private readonly waiters = new Map<string, { resolve: () => void; reject: (error: Error) => void }>();
  private pumping = false;
  private closed = false;
  private readonly renderer = new PanoramaRenderer();

  constructor(private readonly options: { dir: string; log: FastifyBaseLogger }) {}

  isMaking(key: string): boolean {
    return this.making.has(key);
  }

  /** Resolves when every key queued now is made (or failed). */
  async settled(): Promise<void> {
    await Promise.all([...this.making.values()]);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.urgent.length = 0;
    this.background.length = 0;
    await this.renderer.close();
  }

  /** Makes `key`'s two files (once, whoever asks); `urgent` ones go before those made ahead of time. */
  make(key: string, urgent: boolean): Promise<void> {
    let running = this.making.get(key);
    if (running) {
      if (urgent && this.background.includes(key)) {
        this.background.splice(this.background.indexOf(key), 1);
        this.urgent.push(key);
      }
      return running;
    }
    running = new Promise<void>((resolve, reject) => {
      this.waiters.set(key, { resolve, reject });
    });
    this.making.set(key, running);
    (urgent ? this.urgent : this.background).push(key);
    void this.pump();
    return running;
  }

  private async pump(): Promise<void> {
    if (this.pumping) return;
    this.pumping = true;
    try {
      for (
        let key = this.urgent.shift() ?? this.background.shift();
        key !== undefined && !this.closed;
        key = this.urgent.shift() ?? this.background.shift()
      ) {
        const waiter = this.waiters.get(key);
        this.waiters.delete(key);
        try {
          await this.build(key);
          this.made.add(key);
          this.recipes.delete(key);
          waiter?.resolve();
        } catch (error) {
          this.options.log.error({ err: error, key }, 'panoramas: an image could not be made');
          waiter?.reject(error instanceof Error ? error : new Error(String(error)));
        } finally {
          this.making.delete(key);
        }
      }
    } finally {
      this.pumping = false;
    }
  }

  private async build(key: string): Promise<void> {
    const recipe = this.recipes.get(key);
    if (!recipe) throw new Error(`no recipe for panorama ${key}`);
    const started = performance.now();
    // A new pipeline per width on the same input, rather than `clone()`, which copies its options with
    // structuredClone: a drawn panorama's 32 MB of pixels, copied for each width (three fifths of the main thread's CPU).
    // Loaded when first needed: a process whose images are all drawn already does not load sharp.
    const { default: sharp } = await import('sharp');
    let image: () => Sharp;
    if (recipe.kind === 'upload') image = () => sharp(recipe.source);
    else {
      const drawn = await this.renderer.draw(recipe.data, recipe.slug, PANORAMA_WIDTH);
      const pixels = Buffer.from(drawn.pixels);
      image = () => sharp(pixels, { raw: { width: drawn.width, height: drawn.height, channels: 4 } });
    }
    await fs.mkdir(this.options.dir, { recursive: true });
    // The large one first: a file of the small width is what says the pair is complete.
    for (const width of PANORAMA_WIDTHS) {
      const content = await image().resize({ width, withoutEnlargement: true }).webp({ quality: WEBP_QUALITY }).toBuffer();
      await writeAtomically(path.join(this.options.dir, fileName(key, width)), content);
    }
    this.options.log.info(
      {
        key,
        ...(recipe.kind === 'draw' ? { slug: recipe.slug, lang: recipe.data.lang } : { upload: path.basename(recipe.source) }),
        ms: Math.round(performance.now() - started),
      },
      'panorama image made',
    );
  }
}

/** Written under a temporary name, then renamed: a reader gets the whole file or none. */
async function writeAtomically(target: string, content: Buffer): Promise<void> {
  const part = `${target}.${randomBytes(6).toString('hex')}.part`;
  await fs.writeFile(part, content);
  await fs.rename(part, target);
}
