import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Client } from 'pg';
import sharp from 'sharp';
import type { LightMyRequestResponse } from 'fastify';
import { mediaDir } from '../../host-shell/server/services/medias';
import { createTestApp, waitFor, type TestApp } from './helpers';
import { EICAR, antivirusApp } from './fake-clamd';
import { PDF, PNG, UPLOAD_RATE_LIMITS, multipart } from './uploads';
import { DEMO, EACH_PROFILE, login, signIn } from './accounts';
import { ORIGIN, XHR, callApi, request } from './http';

type Role = 'admin' | 'promoter' | 'exhibitor' | 'visitor' | 'anonymous' | 'none';
const ROLES: Role[] = ['admin', 'promoter', 'exhibitor', 'visitor', 'anonymous', 'none'];

let t: TestApp;
const cookies: Record<Role, string> = { admin: '', promoter: '', exhibitor: '', visitor: '', anonymous: '', none: '' };

const image = (width: number, height: number, format: 'jpeg' | 'png' | 'webp' = 'jpeg') =>
  sharp({ create: { width, height, channels: 3, background: { r: 40, g: 90, b: 160 } } })
    .toFormat(format)
    .toBuffer();
const MP4 = Buffer.concat([Buffer.from('000000186674797069736f6d0000020069736f6d69736f32', 'hex'), Buffer.alloc(2048, 7)]);
const WEBM = (() => {
  const docType = Buffer.from('webm');
  const inner = Buffer.concat([Buffer.from([0x42, 0x82, 0x80 | docType.length]), docType]);
  return Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x80 | inner.length]), inner, Buffer.alloc(512, 1)]);
})();

interface Answer {
  error?: true;
  message?: string;
  media?: { str: string; url: string; kind: string; mime: string; size: number; width: number | null; height: number | null };
  pending?: true;
}
const dataOf = (response: LightMyRequestResponse) => (JSON.parse(response.body) as { data: Answer }).data;

function upload(
  app: TestApp['app'],
  kind: string,
  content: Buffer,
  filename: string,
  cookie = cookies.admin,
  headers: Record<string, string> = {},
) {
  const body = multipart([{ name: 'file', filename, type: 'application/octet-stream', content }]);
  return request(app, {
    method: 'POST',
    url: `/api/medias?kind=${kind}`,
    payload: body.payload,
    headers: { ...XHR, ...body.headers, ...(cookie ? { cookie } : {}), ...headers },
  });
}
const get = (url: string, headers: Record<string, string> = {}) => request(t.app, { method: 'GET', url, headers });
const api = (method: 'GET' | 'PUT' | 'DELETE', url: string, payload: unknown, cookie = cookies.admin) =>
  callApi(t.app, method, url, payload, cookie);

async function uploaded(kind: string, content: Buffer, filename: string, cookie = cookies.admin) {
  const response = await upload(t.app, kind, content, filename, cookie);
  expect(response.statusCode).toBe(201);
  const media = dataOf(response).media;
  if (!media) throw new Error('no media');
  return media;
}

/** With TEST_DATABASE_URL (a postgres URL), the main app runs on PostgreSQL, in a schema of its own. */
const pgUrl = /^postgres(?:ql)?:\/\//.test(process.env.TEST_DATABASE_URL ?? '') ? (process.env.TEST_DATABASE_URL ?? '') : null;
const pgSchema = `salon_medias_${randomBytes(4).toString('hex')}`;

async function pg<T>(run: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: pgUrl ?? '' });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  if (pgUrl) await pg((client) => client.query(`CREATE SCHEMA ${pgSchema}`));
  t = await createTestApp({
    config: { rateLimits: UPLOAD_RATE_LIMITS },
    ...(pgUrl ? { database: { dialect: 'postgres' as const, connectionString: pgUrl, schema: pgSchema } } : {}),
  });
  Object.assign(cookies, await signIn(t.app, EACH_PROFILE));
}, 30_000);
afterAll(async () => {
  await t.close();
  if (pgUrl) await pg((client) => client.query(`DROP SCHEMA IF EXISTS ${pgSchema} CASCADE`));
});

describe('POST /api/medias: each kind', () => {
  it('stores a JPEG picture re-encoded without its metadata, measured, under a generated name', async () => {
    const jpeg = await sharp(await image(320, 200))
      .withExif({ IFD0: { Copyright: 'secret-location-48.85N' } })
      .toBuffer();
    expect(jpeg.includes('secret-location')).toBe(true);
    const response = await upload(t.app, 'picture', jpeg, 'portrait.jpg', cookies.exhibitor);
    expect(response.statusCode).toBe(201);
    const media = dataOf(response).media;
    expect(media).toEqual({
      str: expect.stringMatching(/^[A-Za-z0-9_-]{24}$/),
      url: `/api/medias/${media?.str}`,
      kind: 'picture',
      mime: 'image/jpeg',
      size: expect.any(Number),
      width: 320,
      height: 200,
    });
    const row = await t.database.db
      .selectFrom('medias')
      .selectAll()
      .where('str', '=', media?.str ?? '')
      .executeTakeFirstOrThrow();
    expect(row.stored_name).toMatch(/^[0-9a-f]{32}\.jpg$/);
    expect(row.original_name).toBe('portrait.jpg');
    expect(row.scan_status).toBe('unscanned');
    const served = await get(media?.url ?? '');
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.includes('secret-location')).toBe(false);
    expect(served.rawPayload.length).toBe(media?.size);
  });

  it.each([
    ['png', 'image/png'],
    ['webp', 'image/webp'],
  ] as const)('stores a %s picture with its type and size', async (format, mime) => {
    const media = await uploaded('picture', await image(64, 48, format), `logo.${format}`, cookies.promoter);
    expect(media).toMatchObject({ kind: 'picture', mime, width: 64, height: 48 });
  });

  it.each([
    ['mp4', MP4, 'video/mp4'],
    ['webm', WEBM, 'video/webm'],
  ] as const)('stores a %s video as it is (no width or height)', async (ext, content, mime) => {
    const media = await uploaded('video', content, `clip.${ext}`, cookies.exhibitor);
    expect(media).toMatchObject({ kind: 'video', mime, size: content.length, width: null, height: null });
    expect((await get(media.url)).rawPayload.equals(content)).toBe(true);
  });

  it('stores a PDF document', async () => {
    const media = await uploaded('document', PDF, 'brochure.pdf', cookies.promoter);
    expect(media).toMatchObject({ kind: 'document', mime: 'application/pdf', size: PDF.length, width: null, height: null });
  });

  it('stores a 2:1 panorama', async () => {
    const media = await uploaded('panorama', await image(2048, 1024), 'hall.jpg');
    expect(media).toMatchObject({ kind: 'panorama', mime: 'image/jpeg', width: 2048, height: 1024 });
  });
});

describe('POST /api/medias: refusals with the spec’s messages', () => {
  it('reads the type from the content: PDF bytes named .jpg are no picture, a JPEG named .pdf no document', async () => {
    const spoofed = await upload(t.app, 'picture', PDF, 'photo.jpg');
    expect(spoofed.statusCode).toBe(415);
    expect(dataOf(spoofed)).toEqual({ error: true, message: 'Only JPEG, PNG, WebP files are accepted' });
    const french = await upload(t.app, 'document', await image(40, 40), 'brochure.pdf', `${cookies.admin}; salon_locale=fr_FR`);
    expect(french.statusCode).toBe(415);
    expect(dataOf(french).message).toBe('Seuls les fichiers PDF sont acceptés');
    const video = await upload(t.app, 'video', PNG, 'clip.mp4');
    expect(dataOf(video).message).toBe('Only MP4, WebM files are accepted');
  });

  it('refuses a file over its kind’s size with the maximum in MB, in English and French', async () => {
    const big = Buffer.concat([await image(16, 16), Buffer.alloc(5 * 1024 * 1024)]);
    const english = await upload(t.app, 'picture', big, 'big.jpg');
    expect(english.statusCode).toBe(413);
    expect(dataOf(english).message).toBe('The file is too heavy, maximum 5 MB');
    const french = await upload(t.app, 'picture', big, 'big.jpg', `${cookies.admin}; salon_locale=fr_FR`);
    expect(dataOf(french).message).toBe('Le fichier est trop lourd, maximum 5 Mo');
    const document = await upload(t.app, 'document', Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]), 'big.pdf');
    expect(dataOf(document).message).toBe('The file is too heavy, maximum 10 MB');
  });

  it('refuses a panorama that is not 2:1, too large or too small in pixels', async () => {
    const ratio = await upload(t.app, 'panorama', await image(2048, 1100), 'hall.jpg');
    expect(ratio.statusCode).toBe(422);
    expect(dataOf(ratio).message).toBe('A panorama is an equirectangular image twice as wide as it is high (2:1); this one is 2048 × 1100');
    const large = await upload(t.app, 'panorama', await image(8400, 4200), 'hall.jpg', `${cookies.admin}; salon_locale=fr_FR`);
    expect(large.statusCode).toBe(422);
    expect(dataOf(large).message).toBe('L’image est trop grande : 8192 × 4096 pixels au maximum (celle-ci fait 8400 × 4200)');
    const small = await upload(t.app, 'panorama', await image(1000, 500), 'hall.jpg');
    expect(dataOf(small).message).toBe('The image is too small for a panorama: at least 2048 × 1024 pixels (this one is 1000 × 500)');
    // 2:1 within 1 %: 2048 × 1034 passes, 2048 × 1040 does not.
    expect((await upload(t.app, 'panorama', await image(2048, 1034), 'hall.jpg')).statusCode).toBe(201);
    expect((await upload(t.app, 'panorama', await image(2048, 1040), 'hall.jpg')).statusCode).toBe(422);
  });

  it('refuses a picture wider than 6000 pixels', async () => {
    const response = await upload(t.app, 'picture', await image(6100, 10, 'png'), 'strip.png');
    expect(response.statusCode).toBe(422);
    expect(dataOf(response).message).toBe('The image is too large: at most 6000 × 6000 pixels (this one is 6100 × 10)');
  });

  it('answers bad input with a 4xx and stores nothing', async () => {
    const before = await t.database.db
      .selectFrom('medias')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect((await upload(t.app, 'sound', PNG, 'a.png')).statusCode).toBe(400);
    const noKind = multipart([{ name: 'file', filename: 'a.png', content: PNG }]);
    expect(
      (
        await request(t.app, {
          method: 'POST',
          url: '/api/medias',
          payload: noKind.payload,
          headers: { ...XHR, ...noKind.headers, cookie: cookies.admin },
        })
      ).statusCode,
    ).toBe(400);
    const otherField = multipart([{ name: 'picture', filename: 'a.png', content: PNG }]);
    const wrong = await request(t.app, {
      method: 'POST',
      url: '/api/medias?kind=picture',
      payload: otherField.payload,
      headers: { ...XHR, ...otherField.headers, cookie: cookies.admin },
    });
    expect(wrong.statusCode).toBe(400);
    expect(dataOf(wrong).message).toBe('Expected a file in the field "file" (multipart/form-data)');
    const json = await request(t.app, {
      method: 'POST',
      url: '/api/medias?kind=picture',
      payload: '{}',
      headers: { ...XHR, 'content-type': 'application/json', cookie: cookies.admin },
    });
    expect(json.statusCode).toBe(415);
    const empty = await upload(t.app, 'picture', Buffer.alloc(0), 'empty.png');
    expect(empty.statusCode).toBe(400);
    expect(dataOf(empty).message).toBe('The file is empty');
    const broken = await upload(t.app, 'picture', Buffer.concat([PNG.subarray(0, 40)]), 'broken.png');
    expect(broken.statusCode).toBe(422);
    expect(dataOf(broken).message).toBe('The image could not be read');
    const truncated = Buffer.from(`--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n`);
    const cut = await request(t.app, {
      method: 'POST',
      url: '/api/medias?kind=picture',
      payload: truncated,
      headers: { ...XHR, 'content-type': 'multipart/form-data; boundary=x', cookie: cookies.admin },
    });
    expect(cut.statusCode).toBeGreaterThanOrEqual(400);
    expect(cut.statusCode).toBeLessThan(500);
    const after = await t.database.db
      .selectFrom('medias')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    // Nothing left behind in the folder either: no temporary file, only stored medias.
    const files = fs.readdirSync(mediaDir(t.app.config.uploadDir));
    expect(files.filter((f) => f.endsWith('.part'))).toEqual([]);
    expect(files.length).toBe(Number(after.n));
  });
});

describe('over a real socket', () => {
  it('refuses a file over the limit even when the limit is reached with the last chunk (413, nothing stored)', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('not listening');
    const before = (await t.database.db.selectFrom('medias').select('id').execute()).length;
    for (const extra of [1, 64 * 1024]) {
      const body = new FormData();
      body.append('file', new Blob([await image(16, 16), Buffer.alloc(5 * 1024 * 1024 + extra - 200)]), 'big.jpg');
      const response = await fetch(`http://127.0.0.1:${address.port}/api/medias?kind=picture`, {
        method: 'POST',
        body,
        headers: { ...XHR, host: 'salon.test', cookie: `${cookies.admin}; salon_locale=en_EN` },
      });
      expect(response.status).toBe(413);
      expect(((await response.json()) as { data: Answer }).data.message).toBe('The file is too heavy, maximum 5 MB');
    }
    expect((await t.database.db.selectFrom('medias').select('id').execute()).length).toBe(before);
  });
});

describe('POST /api/medias: who may upload what', () => {
  const expected: Record<string, Record<Role, number>> = {
    picture: { admin: 201, promoter: 201, exhibitor: 201, visitor: 403, anonymous: 403, none: 401 },
    video: { admin: 201, promoter: 201, exhibitor: 201, visitor: 403, anonymous: 403, none: 401 },
    document: { admin: 201, promoter: 201, exhibitor: 403, visitor: 403, anonymous: 403, none: 401 },
    panorama: { admin: 201, promoter: 201, exhibitor: 403, visitor: 403, anonymous: 403, none: 401 },
  };
  const cases = Object.entries(expected).flatMap(([kind, byRole]) => ROLES.map((role) => [kind, role, byRole[role]] as const));
  it.each(cases)('%s as %s → %i', async (kind, role, status) => {
    const content =
      kind === 'video' ? MP4 : kind === 'document' ? PDF : kind === 'panorama' ? await image(2048, 1024) : await image(32, 32);
    const response = await upload(t.app, kind, content, 'file.bin', cookies[role] ? `${cookies[role]}; salon_locale=en_EN` : '');
    expect(response.statusCode).toBe(status);
    if (status === 403) expect(dataOf(response).message).toBe('Your profile may not upload this kind of file');
    if (status === 401) expect(dataOf(response).error).toBe(true);
  });

  it('refuses a cross-origin upload', async () => {
    const response = await upload(t.app, 'picture', await image(8, 8), 'a.jpg', cookies.admin, { origin: 'https://evil.example' });
    expect(response.statusCode).toBe(403);
  });
});

describe('GET /api/medias/{str}', () => {
  it('sends the bytes with the stored type, a year’s immutable cache, nosniff and an ETag; 304 for the same ETag', async () => {
    const media = await uploaded('picture', await image(50, 50, 'png'), 'logo.png');
    const response = await get(media.url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-disposition']).toMatch(/^inline; filename="logo.png"/);
    const etag = String(response.headers.etag);
    expect(etag).toBe(`"${media.str}"`);
    const again = await get(media.url, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('answers byte ranges of a video (206, Content-Range), and 416 outside the file', async () => {
    const media = await uploaded('video', MP4, 'clip.mp4');
    const first = await get(media.url, { range: 'bytes=0-99' });
    expect(first.statusCode).toBe(206);
    expect(first.headers['content-range']).toBe(`bytes 0-99/${MP4.length}`);
    expect(first.headers['accept-ranges']).toBe('bytes');
    expect(first.rawPayload.equals(MP4.subarray(0, 100))).toBe(true);
    const tail = await get(media.url, { range: 'bytes=-10' });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(MP4.subarray(MP4.length - 10))).toBe(true);
    const open = await get(media.url, { range: `bytes=${MP4.length - 5}-` });
    expect(open.rawPayload.equals(MP4.subarray(MP4.length - 5))).toBe(true);
    const outside = await get(media.url, { range: `bytes=${MP4.length}-` });
    expect(outside.statusCode).toBe(416);
    expect(outside.headers['content-range']).toBe(`bytes */${MP4.length}`);
  });

  it('sends documents as attachments', async () => {
    const media = await uploaded('document', PDF, 'Plan d’accès.pdf');
    const response = await get(media.url);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="Plan d_acc_s.pdf"; filename*=UTF-8''Plan%20d%E2%80%99acc%C3%A8s.pdf`,
    );
  });

  it('answers 404 in JSON for an unknown or malformed str', async () => {
    for (const url of ['/api/medias/AAAAAAAAAAAAAAAAAAAAAAAA', '/api/medias/not-a-str', '/api/medias/..%2F..%2Fsalon.sqlite']) {
      const response = await get(url);
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toContain('application/json');
      expect(dataOf(response)).toEqual({ error: true, message: 'Unknown media' });
    }
  });

  it('is allowed by the pages’ Content-Security-Policy (same origin images and videos)', async () => {
    const page = await request(t.app, { method: 'GET', url: '/salon', headers: { cookie: cookies.visitor } });
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toMatch(/img-src 'self'/);
    expect(csp).toMatch(/media-src 'self'/);
    const frame = await request(t.app, { method: 'GET', url: '/room/' });
    expect(String(frame.headers['content-security-policy'])).toMatch(/img-src 'self'/);
  });
});

describe('GET /api/medias/{str}/thumbnail', () => {
  /** A panorama with detail in it (noise), so that the full image weighs what a real one does. */
  const noisyPanorama = (width: number, height: number) =>
    sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
      .jpeg({ quality: 95 })
      .toBuffer();

  it('a panorama’s thumbnail: 480×240 JPEG, made once and kept beside the media, with the media’s cache headers; public', async () => {
    const full = await noisyPanorama(2048, 1024);
    const media = await uploaded('panorama', full, 'hall.jpg');
    const response = await get(`${media.url}/thumbnail`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/jpeg');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['etag']).toBe(`"${media.str}-thumbnail"`);
    const meta = await sharp(response.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 480, 240]);
    expect(response.rawPayload.length).toBeLessThan(media.size / 20);

    const row = await t.database.db.selectFrom('medias').select('stored_name').where('str', '=', media.str).executeTakeFirstOrThrow();
    const kept = path.join(mediaDir(t.app.config.uploadDir), `${row.stored_name}.thumb.jpg`);
    expect(fs.readFileSync(kept).equals(response.rawPayload)).toBe(true);
    const made = fs.statSync(kept).mtimeMs;
    const again = await get(`${media.url}/thumbnail`);
    expect(again.rawPayload.equals(response.rawPayload)).toBe(true);
    expect(fs.statSync(kept).mtimeMs).toBe(made);
    expect((await get(`${media.url}/thumbnail`, { 'if-none-match': `"${media.str}-thumbnail"` })).statusCode).toBe(304);
  }, 30_000);

  it('a picture is fitted inside, never enlarged; videos, documents and unknown strs have none (404); a media being scanned is 409', async () => {
    const picture = await uploaded('picture', await image(300, 300, 'png'), 'face.png');
    const meta = await sharp((await get(`${picture.url}/thumbnail`)).rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 240, 240]);
    const video = await uploaded('video', MP4, 'clip.mp4');
    expect((await get(`${video.url}/thumbnail`)).statusCode).toBe(404);
    const document = await uploaded('document', PDF, 'sheet.pdf');
    expect((await get(`${document.url}/thumbnail`)).statusCode).toBe(404);
    expect((await get(`/api/medias/${'A'.repeat(24)}/thumbnail`)).statusCode).toBe(404);
    expect((await get('/api/medias/short/thumbnail')).statusCode).toBe(404);
    const scanned = await uploaded('panorama', await image(2048, 1024), 'scanning.jpg');
    await t.database.db.updateTable('medias').set({ scan_status: 'pending' }).where('str', '=', scanned.str).execute();
    const pending = await get(`${scanned.url}/thumbnail`);
    expect(pending.statusCode).toBe(409);
    expect(pending.headers['cache-control']).toBe('no-store');
  });
});

describe('the panoramas of the room', () => {
  const slug = 'stand-helios-solaire';
  /** The address of a panorama's image in the room frame's data (`host-shell/server/panoramas/`). */
  const frameImage = async (panorama: string): Promise<string | undefined> =>
    new RegExp(`"${panorama}":\\{"large":"(/media/panoramas/[0-9a-f]{24}-4096\\.webp)"`).exec((await get(`/room/${panorama}`)).body)?.[1];

  it('replaces a stand’s drawn panorama with an uploaded one in the room frame, audit-logged, and brings it back on removal', async () => {
    const drawn = await frameImage(slug);
    expect(drawn).toBeDefined();
    const media = await uploaded('panorama', await image(2048, 1024), 'helios.jpg', cookies.promoter);
    const put = await api('PUT', `/api/admin/panoramas/${slug}`, { media: media.str }, cookies.promoter);
    expect(put.statusCode).toBe(200);
    const entry = (JSON.parse(put.body) as { data: { panorama: { slug: string; kind: string; stand: unknown; image: unknown } } }).data
      .panorama;
    expect(entry).toMatchObject({
      slug,
      kind: 'stand',
      stand: { name: expect.any(String) },
      image: { media: { str: media.str, url: media.url }, pending: false },
    });

    const shown = await frameImage(slug);
    expect(shown).toBeDefined();
    expect(shown).not.toBe(drawn);

    const list = await api('GET', '/api/admin/panoramas', undefined, cookies.admin);
    const panoramas = (JSON.parse(list.body) as { data: { panoramas: { slug: string; kind: string }[] } }).data.panoramas;
    expect(panoramas.slice(0, 3).map((p) => p.kind)).toEqual(['home', 'plan', 'conference']);
    expect(panoramas.some((p) => p.slug === slug)).toBe(true);

    const removed = await api('DELETE', `/api/admin/panoramas/${slug}`, undefined, cookies.admin);
    expect(removed.statusCode).toBe(200);
    expect((JSON.parse(removed.body) as { data: { panorama: { image: unknown } } }).data.panorama.image).toBeNull();
    expect(await frameImage(slug)).toBe(drawn);

    const log = await t.database.db.selectFrom('audit_log').selectAll().where('target', '=', slug).orderBy('id').execute();
    expect(log.map((e) => [e.action, e.actor_email, JSON.parse(e.before ?? 'null'), JSON.parse(e.after ?? 'null')])).toEqual([
      ['panorama.update', DEMO.promoter, { image: null }, { image: media.str }],
      ['panorama.remove', DEMO.admin, { image: media.str }, { image: null }],
    ]);
    // Removing again changes nothing and logs nothing.
    expect((await api('DELETE', `/api/admin/panoramas/${slug}`, undefined)).statusCode).toBe(200);
    expect(await t.database.db.selectFrom('audit_log').select('id').where('target', '=', slug).execute()).toHaveLength(2);
  });

  it('works for the special panoramas too', async () => {
    const drawn = await frameImage('home');
    const media = await uploaded('panorama', await image(2048, 1024, 'webp'), 'home.webp');
    expect((await api('PUT', '/api/admin/panoramas/home', { media: media.str })).statusCode).toBe(200);
    expect(await frameImage('home')).not.toBe(drawn);
    expect((await api('DELETE', '/api/admin/panoramas/home', undefined)).statusCode).toBe(200);
    expect(await frameImage('home')).toBe(drawn);
  });

  it('refuses a media that is not a panorama (400), an unknown panorama (404) and bad bodies (400)', async () => {
    const picture = await uploaded('picture', await image(20, 20), 'p.jpg');
    const wrongKind = await api('PUT', `/api/admin/panoramas/${slug}`, { media: picture.str });
    expect(wrongKind.statusCode).toBe(400);
    expect(dataOf(wrongKind).message).toBe('This media is not a panorama: upload it with kind=panorama');
    expect((await api('PUT', `/api/admin/panoramas/${slug}`, { media: 'AAAAAAAAAAAAAAAAAAAAAAAA' })).statusCode).toBe(400);
    expect((await api('PUT', '/api/admin/panoramas/no-such-place', { media: picture.str })).statusCode).toBe(404);
    expect((await api('DELETE', '/api/admin/panoramas/no-such-place', undefined)).statusCode).toBe(404);
    expect((await api('PUT', `/api/admin/panoramas/${slug}`, { media: picture.str, more: 1 })).statusCode).toBe(400);
    expect((await api('PUT', `/api/admin/panoramas/${slug}`, {})).statusCode).toBe(400);
    expect((await api('PUT', '/api/admin/panoramas/Bad%20Slug', { media: picture.str })).statusCode).toBe(400);
  });

  const expected: Record<Role, number> = { admin: 200, promoter: 200, exhibitor: 403, visitor: 403, anonymous: 403, none: 401 };
  const calls = [
    ['GET', '/api/admin/panoramas'],
    ['PUT', `/api/admin/panoramas/${slug}`],
    ['DELETE', `/api/admin/panoramas/${slug}`],
  ] as const;
  const cases = calls.flatMap(([method, url]) => ROLES.map((role) => [method, url, role, expected[role]] as const));
  it.each(cases)('%s %s as %s → %i', async (method, url, role, status) => {
    const media = method === 'PUT' ? (await uploaded('panorama', await image(2048, 1024), 'x.jpg')).str : '';
    const response = await api(method, url, method === 'PUT' ? { media } : undefined, cookies[role]);
    expect(response.statusCode).toBe(status);
    if (status !== 200) expect(dataOf(response).error).toBe(true);
  });
});

describe('the /admin/panoramas page', () => {
  const slug = 'stand-nordic-robotics';
  const post = (payload: Buffer | string, headers: Record<string, string>, cookie = cookies.admin) =>
    request(t.app, { method: 'POST', url: '/admin/panoramas', payload, headers: { origin: ORIGIN, cookie, ...headers } });

  it('lists every panorama with its upload form, in English and French', async () => {
    const english = await request(t.app, { method: 'GET', url: '/admin/panoramas', headers: { cookie: cookies.promoter } });
    expect(english.statusCode).toBe(200);
    expect(english.body).toContain('Room panoramas');
    expect(english.body).toContain('Drawn by the room');
    expect(english.body).toContain(`id="panorama-${slug}"`);
    expect(english.body).toContain('enctype="multipart/form-data"');
    const french = await request(t.app, {
      method: 'GET',
      url: '/admin/panoramas',
      headers: { cookie: `${cookies.promoter}; salon_locale=fr_FR` },
    });
    expect(french.body).toContain('Panoramas de la salle');
    expect(french.body).toContain('Dessiné par la salle');
    const admin = await request(t.app, { method: 'GET', url: '/admin', headers: { cookie: cookies.admin } });
    expect(admin.body).toContain('href="http://salon.test/admin/panoramas"');
  });

  it('uploads a panorama through the form, shows its thumbnail, refuses a wrong ratio with the message, and removes it', async () => {
    const form = multipart([
      { name: 'slug', content: slug },
      { name: 'file', filename: 'robotics.jpg', type: 'image/jpeg', content: await image(2048, 1024) },
    ]);
    const sent = await post(form.payload, form.headers);
    expect(sent.statusCode).toBe(303);
    expect(sent.headers.location).toBe(`${ORIGIN}/admin/panoramas?saved=uploaded&slug=${slug}#panorama-${slug}`);
    const page = await request(t.app, {
      method: 'GET',
      url: String(sent.headers.location).replace(ORIGIN, ''),
      headers: { cookie: cookies.admin },
    });
    expect(page.body).toContain('Image saved: the room now shows it.');
    const row = await t.database.db
      .selectFrom('panorama_images')
      .innerJoin('medias', 'medias.id', 'panorama_images.media_id')
      .select('medias.str')
      .where('panorama_slug', '=', slug)
      .executeTakeFirstOrThrow();
    // The page shows the small thumbnail, linked to the full image.
    expect(page.body).toContain(`<a href="/api/medias/${row.str}"><img src="/api/medias/${row.str}/thumbnail"`);

    const wrong = multipart([
      { name: 'slug', content: slug },
      { name: 'file', filename: 'robotics.jpg', type: 'image/jpeg', content: await image(2000, 1500) },
    ]);
    const refused = await post(wrong.payload, wrong.headers, `${cookies.admin}; salon_locale=fr_FR`);
    expect(refused.statusCode).toBe(422);
    expect(refused.body).toContain(
      'Un panorama est une image équirectangulaire deux fois plus large que haute (2:1) ; celle-ci fait 2000 × 1500',
    );
    expect(refused.body).toContain('role="alert"');

    const removed = await post(new URLSearchParams({ action: 'remove', slug }).toString(), {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(removed.statusCode).toBe(303);
    expect(
      await t.database.db.selectFrom('panorama_images').select('media_id').where('panorama_slug', '=', slug).executeTakeFirst(),
    ).toBeUndefined();
  });

  it('refuses an unknown panorama, other profiles and another origin', async () => {
    const form = multipart([
      { name: 'slug', content: 'nowhere' },
      { name: 'file', filename: 'x.jpg', content: await image(2048, 1024) },
    ]);
    expect((await post(form.payload, form.headers)).statusCode).toBe(404);
    const good = multipart([
      { name: 'slug', content: slug },
      { name: 'file', filename: 'x.jpg', content: await image(2048, 1024) },
    ]);
    expect((await post(good.payload, good.headers, cookies.exhibitor)).statusCode).toBe(403);
    expect((await post(good.payload, good.headers, cookies.visitor)).statusCode).toBe(403);
    expect((await post(good.payload, good.headers, cookies.anonymous)).statusCode).toBe(403);
    expect((await post(good.payload, good.headers, '')).statusCode).toBe(303);
    expect((await post(good.payload, { ...good.headers, origin: 'https://evil.example' })).statusCode).toBe(403);
    expect(
      await t.database.db.selectFrom('panorama_images').select('media_id').where('panorama_slug', '=', slug).executeTakeFirst(),
    ).toBeUndefined();
  });
});

describe('the antivirus (CLAMAV_SOCKET)', () => {
  const av = antivirusApp();

  it('scans every upload and serves it once clean', async () => {
    const before = av.clamd.scans;
    const response = await upload(av.app, 'document', PDF, 'clean.pdf', av.admin);
    expect(response.statusCode).toBe(201);
    expect(av.clamd.scans).toBe(before + 1);
    const media = dataOf(response).media;
    const row = await av.database.db
      .selectFrom('medias')
      .select('scan_status')
      .where('str', '=', media?.str ?? '')
      .executeTakeFirstOrThrow();
    expect(row.scan_status).toBe('clean');
    expect((await request(av.app, { method: 'GET', url: media?.url ?? '' })).statusCode).toBe(200);
  });

  it('deletes an infected file and refuses it with a clear message', async () => {
    const infected = Buffer.concat([PDF, Buffer.from(EICAR)]);
    const response = await upload(av.app, 'document', infected, 'infected.pdf', av.admin);
    expect(response.statusCode).toBe(422);
    expect(dataOf(response).message).toBe('The file was refused: the antivirus found a threat in it');
    const rows = await av.database.db.selectFrom('medias').select('stored_name').execute();
    const files = fs.readdirSync(mediaDir(av.app.config.uploadDir));
    expect(files.sort()).toEqual(rows.map((r) => r.stored_name).sort());
    for (const file of files) expect(fs.readFileSync(path.join(mediaDir(av.app.config.uploadDir), file)).includes(EICAR)).toBe(false);
  });

  it('answers “scan in progress” while the scan runs (202, then 409 on GET), and serves the file once clean', async () => {
    av.clamd.delayMs = 1200;
    try {
      const response = await upload(av.app, 'picture', await image(40, 40), 'slow.jpg', `${av.admin}; salon_locale=fr_FR`);
      expect(response.statusCode).toBe(202);
      const data = dataOf(response);
      expect(data.pending).toBe(true);
      expect(data.message).toBe('Analyse antivirus du fichier en cours, veuillez réessayer dans un instant');
      const url = data.media?.url ?? '';
      const early = await request(av.app, { method: 'GET', url });
      expect(early.statusCode).toBe(409);
      expect(dataOf(early).message).toBe('The antivirus scan of the file is in progress, please try again in a moment');
      expect(early.headers['cache-control']).toBe('no-store');
      const status = await request(av.app, { method: 'GET', url: `${url}/status` });
      expect(JSON.parse(status.body)).toEqual({
        data: { status: 'pending', message: 'The antivirus scan of the file is in progress, please try again in a moment' },
      });
      // Once the verdict is in, the file is served.
      await waitFor(
        async () =>
          JSON.parse((await request(av.app, { method: 'GET', url: `${url}/status` })).body).data.status === 'ready' ? true : undefined,
        20_000,
        'the scan to end',
      );
      expect((await request(av.app, { method: 'GET', url })).statusCode).toBe(200);
      expect(JSON.parse((await request(av.app, { method: 'GET', url: `${url}/status` })).body)).toEqual({ data: { status: 'ready' } });
    } finally {
      av.clamd.delayMs = 0;
    }
  });

  it('refuses the upload (503) and keeps nothing when the antivirus does not answer', async () => {
    const down = await createTestApp({
      config: { rateLimits: UPLOAD_RATE_LIMITS, clamavSocket: path.join(path.dirname(av.clamd.socket), 'missing.sock') },
    });
    try {
      const cookie = await login(down.app, DEMO.admin);
      const response = await upload(down.app, 'document', PDF, 'a.pdf', cookie);
      expect(response.statusCode).toBe(503);
      expect(dataOf(response).message).toBe('The antivirus is unavailable, the file was not stored. Please try again later');
      expect(await down.database.db.selectFrom('medias').select('id').execute()).toEqual([]);
      expect(fs.readdirSync(mediaDir(down.app.config.uploadDir))).toEqual([]);
    } finally {
      await down.close();
    }
  }, 30_000);
});
