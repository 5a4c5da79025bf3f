/**
 * The room's panorama images made on the server (host-shell/server/panoramas/): the frame's addresses, the files
 * (WebP, 4096 and 2048 wide, cached a year), keys that change with what a panorama shows and only then, uploaded
 * panoramas scaled, and a key unknown to the server refused. Drawing runs in the real worker thread.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { FastifyBaseLogger } from 'fastify';
import sharp from 'sharp';
import { FRAME_DATA_ELEMENT_ID, parseFrameData, type RoomFrameData } from '../../host-shell/room-frame/data';
import { nowIso } from '../../host-shell/server/db/schema';
import { PanoramaImages } from '../../host-shell/server/panoramas/images';
import { loadRoomContent } from '../../host-shell/server/services/room-frame';
import { createTestApp, type TestApp } from './helpers';
import { request } from './http';

jest.setTimeout(360_000);

let t: TestApp;
let dir: string;

async function frameData(lang: 'en' | 'fr' = 'en'): Promise<RoomFrameData> {
  const response = await request(t.app, { method: 'GET', url: `/room/?lang=${lang}` });
  expect(response.statusCode).toBe(200);
  const match = new RegExp(`<script type="application/json" id="${FRAME_DATA_ELEMENT_ID}">([^]*?)</script>`).exec(response.body);
  const data = parseFrameData(match?.[1]);
  if (!data) throw new Error('no frame data');
  return data;
}

const keyOf = (url: string | undefined): string => /\/media\/panoramas\/([0-9a-f]{24})-4096\.webp$/.exec(url ?? '')?.[1] ?? '';

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'salon-panoramas-'));
  t = await createTestApp({ config: { panoramaDir: dir, panoramaPrerender: false } });
}, 30_000);
afterAll(async () => {
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('the frame’s panorama images', () => {
  it('gives every place of the room an image at two widths, per language', async () => {
    const [en, fr] = [await frameData('en'), await frameData('fr')];
    const places = ['home', 'plan', 'conference', ...en.stands.map((s) => s.panorama)];
    expect(Object.keys(en.images).sort()).toEqual([...places].sort());
    for (const slug of places) {
      const key = keyOf(en.images[slug]?.large);
      expect(key).toMatch(/^[0-9a-f]{24}$/);
      expect(en.images[slug]?.small).toBe(`/media/panoramas/${key}-2048.webp`);
      // Their signs are written in the page's language.
      expect(keyOf(fr.images[slug]?.large)).not.toBe(key);
    }
    // The same content gives the same addresses.
    expect((await frameData('en')).images).toEqual(en.images);
  });

  it('serves the drawing as WebP, 4096×2048 and 2048×1024, cached a year', async () => {
    const { images } = await frameData('en');
    const large = await request(t.app, { method: 'GET', url: images.conference?.large ?? '' });
    expect(large.statusCode).toBe(200);
    expect(large.headers['content-type']).toBe('image/webp');
    expect(large.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(await sharp(large.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 4096, height: 2048 });
    // Drawn, not blank: a hall with a stage has many colours.
    const { channels } = await sharp(large.rawPayload).stats();
    expect(Math.max(...channels.slice(0, 3).map((c) => c.stdev))).toBeGreaterThan(20);

    const small = await request(t.app, { method: 'GET', url: images.conference?.small ?? '' });
    expect(await sharp(small.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 2048, height: 1024 });
    expect(small.rawPayload.length).toBeLessThan(large.rawPayload.length);

    const again = await request(t.app, {
      method: 'GET',
      url: images.conference?.large ?? '',
      headers: { 'if-none-match': String(large.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    // Drawn once, kept as files.
    expect(fs.readdirSync(dir).filter((f) => f.endsWith('.webp'))).toHaveLength(2);
  });

  it('gives new addresses to the panoramas that show a renamed stand, and to those only', async () => {
    const before = (await frameData('en')).images;
    const stand = await t.database.db.selectFrom('stands').select(['id', 'panorama_slug']).orderBy('id').executeTakeFirstOrThrow();
    await t.database.db.updateTable('stands').set({ name_en: 'A stand with a new name' }).where('id', '=', stand.id).execute();
    // Kept until the content changes: what a change through the API calls.
    expect((await frameData('en')).images).toEqual(before);
    t.app.panoramas.refresh();
    const after = (await frameData('en')).images;
    const changed = Object.keys(before).filter((slug) => before[slug]?.large !== after[slug]?.large);
    // The stand itself, the plan (its ring and floor map), and the two stands whose panoramas show it as a neighbour.
    expect(changed).toContain(stand.panorama_slug);
    expect(changed).toContain('plan');
    expect(changed).not.toContain('home');
    expect(changed).not.toContain('conference');
    expect(changed.length).toBeLessThanOrEqual(4);
  });

  it('scales an uploaded panorama instead of drawing one', async () => {
    const { images: before } = await frameData('en');
    const str = 'uploadedpanoramaforatest';
    const stored = `${str}.jpg`;
    const mediaDir = path.join(t.app.config.uploadDir, 'medias');
    fs.mkdirSync(mediaDir, { recursive: true });
    await sharp({ create: { width: 6000, height: 3000, channels: 3, background: { r: 200, g: 30, b: 40 } } })
      .jpeg()
      .toFile(path.join(mediaDir, stored));
    const owner = await t.database.db.selectFrom('users').select('id').where('email', '=', 'admin@salon.test').executeTakeFirstOrThrow();
    const media = await t.database.db
      .insertInto('medias')
      .values({
        str,
        kind: 'panorama',
        mime: 'image/jpeg',
        extension: 'jpg',
        size: 1000,
        width: 6000,
        height: 3000,
        uploader_id: owner.id,
        original_name: 'hall.jpg',
        stored_name: stored,
        scan_status: 'clean',
        created_at: nowIso(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.database.db
      .insertInto('panorama_images')
      .values({ panorama_slug: 'home', media_id: media.id, updated_by: owner.id, updated_at: nowIso() })
      .execute();
    t.app.panoramas.refresh();

    const { images } = await frameData('en');
    expect(images.home?.large).not.toBe(before.home?.large);
    expect(images.plan).toEqual(before.plan);
    const large = await request(t.app, { method: 'GET', url: images.home?.large ?? '' });
    expect(await sharp(large.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 4096, height: 2048 });
    const { channels } = await sharp(large.rawPayload).stats();
    expect(channels[0]?.mean).toBeGreaterThan(150);
    expect(channels[1]?.mean).toBeLessThan(80);
    // The same upload has the same address in both languages.
    expect((await frameData('fr')).images.home).toEqual(images.home);
  });

  it('answers 404 for a key it does not know and for any other name', async () => {
    for (const url of [
      '/media/panoramas/0123456789abcdef01234567-4096.webp',
      '/media/panoramas/0123456789abcdef01234567-1024.webp',
      '/media/panoramas/..%2F..%2Fsalon.sqlite',
      '/media/panoramas/nothing.jpg',
    ]) {
      const response = await request(t.app, { method: 'GET', url });
      expect(response.statusCode).toBe(404);
    }
  });
});

describe('the frame’s data', () => {
  const small = '/media/panoramas/0123456789abcdef01234567-2048.webp';
  const images = (large: unknown, slug = 'home') => parseFrameData(JSON.stringify({ images: { [slug]: { large, small } } }))?.images ?? {};

  it('keeps panorama images of this server only', () => {
    expect(images('/media/panoramas/0123456789abcdef01234567-4096.webp')).toEqual({
      home: { large: '/media/panoramas/0123456789abcdef01234567-4096.webp', small },
    });
    expect(images('https://evil.example/media/panoramas/0123456789abcdef01234567-4096.webp')).toEqual({});
    expect(images('/media/panoramas/../../admin')).toEqual({});
    expect(images(undefined)).toEqual({});
    expect(Object.getPrototypeOf(images('/media/panoramas/0123456789abcdef01234567-4096.webp', '__proto__'))).toBe(Object.prototype);
  });
});

/** The demo's room content without its stands: three places, no upload. */
async function withoutStands() {
  const real = await loadRoomContent(t.database.db);
  return { ...real, stands: [], panoramas: real.panoramas.filter((p) => p.kind !== 'stand'), uploads: new Map<string, string>() };
}

/** A logger that keeps one field of the entries it is given at the info level. */
const recording = (field: 'key' | 'file', into: string[]) =>
  ({
    info: (entry: Partial<Record<typeof field, string>>) => entry[field] && into.push(entry[field]),
    error: () => undefined,
  }) as unknown as FastifyBaseLogger;

describe('drawing ahead of the visitors', () => {
  it('makes every missing image of both languages in the background, and nothing when nothing changed', async () => {
    const ahead = fs.mkdtempSync(path.join(os.tmpdir(), 'salon-panoramas-ahead-'));
    // A salon without stands: three places, six images to draw.
    const content = await withoutStands();
    const made: string[] = [];
    const log = recording('key', made);
    const images = new PanoramaImages({ dir: ahead, mediaDir: ahead, load: async () => content, log, prerender: true });
    try {
      images.refresh();
      // Six drawings of seconds of CPU each, one at a time: minutes on a loaded machine.
      const deadline = Date.now() + 300_000;
      // Each image is logged once both its files are written.
      while (new Set(made).size < 6 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
      expect(fs.readdirSync(ahead).filter((f) => f.endsWith('.webp'))).toHaveLength(12);
      expect(new Set(made).size).toBe(6);

      // Everything is there: what a refresh does (ready() runs the same pass at once) makes nothing.
      await images.ready();
      expect(made).toHaveLength(6);
    } finally {
      await images.close();
      fs.rmSync(ahead, { recursive: true, force: true });
    }
  });
});

describe('the room’s content, read once per change', () => {
  it('computes the frame’s data once per change of the content, and answers unknown keys without reading it', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'salon-panoramas-reads-'));
    let reads = 0;
    const load = async () => {
      reads += 1;
      return loadRoomContent(t.database.db);
    };
    const log = { info: () => undefined, error: () => undefined } as unknown as FastifyBaseLogger;
    const images = new PanoramaImages({ dir, mediaDir: dir, load, log, prerender: false });
    try {
      const en = await images.frame('en');
      expect(await images.frame('en')).toBe(en);
      const fr = await images.frame('fr');
      expect(fr.data.lang).toBe('fr');
      expect(en.places.has('plan') && en.places.has('stand-helios-solaire')).toBe(true);
      expect(reads).toBe(1);
      // A flood of made-up keys: each a 404, none a read of the database.
      for (let i = 0; i < 200; i += 1) expect(await images.file(`${i.toString(16).padStart(24, '0')}-4096.webp`)).toBeNull();
      expect(reads).toBe(1);

      images.refresh();
      const again = await images.frame('en');
      expect(again).not.toBe(en);
      expect(again.data.images).toEqual(en.data.images);
      expect(reads).toBe(2);
    } finally {
      await images.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('answers made-up keys 404 through the route, the frame’s data unchanged', async () => {
    const before = (await frameData('en')).images;
    for (const url of ['/media/panoramas/abcdefabcdefabcdefabcdef-4096.webp', '/media/panoramas/abcdefabcdefabcdefabcdef-2048.webp']) {
      expect((await request(t.app, { method: 'GET', url })).statusCode).toBe(404);
    }
    expect((await frameData('en')).images).toEqual(before);
  });
});

describe('removing the images no panorama uses', () => {
  it('removes after the grace period the files whose key the content does not give, and keeps the current ones and the others', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'salon-panoramas-sweep-'));
    const content = await withoutStands();
    const removed: string[] = [];
    const log = recording('file', removed);
    const retainMs = 1500;
    const images = new PanoramaImages({ dir, mediaDir: dir, load: async () => content, log, prerender: true, retainMs });
    try {
      // The current images exist (nothing to draw), an old key's do too, and a file being written.
      const current = [...Object.values((await images.frame('en')).data.images), ...Object.values((await images.frame('fr')).data.images)]
        .flatMap((s) => [s.large, s.small])
        .map((url) => path.basename(url));
      expect(current).toHaveLength(12);
      const old = ['0123456789abcdef01234567-4096.webp', '0123456789abcdef01234567-2048.webp'];
      const other = ['abcdefabcdefabcdefabcdef-4096.webp.1a2b3c.part', 'notes.txt'];
      for (const name of [...current, ...old, ...other]) fs.writeFileSync(path.join(dir, name), 'x');
      const files = () => fs.readdirSync(dir).sort();

      // The pass a refresh runs (ready() runs it at once): the unused files are noted.
      await images.ready();
      // Unused, but a page opened before the change may still ask for it: kept for now, and served.
      expect(files()).toEqual([...current, ...old, ...other].sort());
      expect(await images.file(old[0] as string)).toBe(path.join(dir, old[0] as string));

      const deadline = Date.now() + 10_000;
      while (fs.existsSync(path.join(dir, old[0] as string)) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      expect(files()).toEqual([...current, ...other].sort());
      expect(removed.sort()).toEqual([...old].sort());
      expect(await images.file(old[0] as string)).toBeNull();
    } finally {
      await images.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
