/**
 * Uploads of §5, the room's panoramas. The administrator, on /admin/panoramas, first sends an image
 * that is not 2:1 and reads the server's message, then uploads a 2:1 JPEG for the Helios Solar stand; a visitor's
 * room (another browser context) shows that image for the stand: the frame loads it as the server scaled it
 * (`/media/panoramas/<key>-4096.webp`) and the 360° viewer paints it. Removing it brings the drawn panorama back.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { BrowserContext, Frame, Page, Response } from 'playwright-core';
import sharp from 'sharp';
import { closePromotion, collectErrors, logInDirectly, roomFrame, useSalon, widgetsSettled } from './harness';

const env = useSalon();
const STAND = { panorama: 'stand-helios-solaire', name: 'Helios Solar' };

/** A plain red equirectangular image: nothing the room draws is that red. */
const red = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 220, g: 20, b: 20 } } })
    .jpeg()
    .toBuffer();

/** The share of the viewer's pixels that are that red. */
async function redShare(frame: Frame): Promise<number> {
  const png = await frame.locator('.rf-viewer').screenshot();
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let reds = 0;
  for (let i = 0; i < data.length; i += info.channels) {
    const [r, g, b] = [data[i] ?? 0, data[i + 1] ?? 0, data[i + 2] ?? 0];
    if (r > 150 && g < 90 && b < 90) reds += 1;
  }
  return reds / (info.width * info.height);
}

interface Loaded {
  url: string;
  status: number;
  type: string;
}

/** The visitor's room on the stand; resolves with the frame, the stand's image address and the panorama images it loaded. */
async function visitStand(
  context: BrowserContext,
  page: Page,
  baseUrl: string,
): Promise<{ frame: Frame; image: string; loaded: Loaded[] }> {
  const loaded: Loaded[] = [];
  const listener = (response: Response) => {
    if (response.url().includes('/media/panoramas/'))
      loaded.push({ url: new URL(response.url()).pathname, status: response.status(), type: response.headers()['content-type'] ?? '' });
  };
  context.on('response', listener);
  await page.goto(`${baseUrl}/salon`);
  await widgetsSettled(page);
  const frame = await roomFrame(page);
  await frame.waitForSelector('#room-frame[data-panorama="home"][data-state="ready"]', { timeout: 60_000 });
  await frame.getByRole('button', { name: 'Floor plan' }).click();
  await frame.waitForSelector('#room-frame[data-panorama="plan"][data-state="ready"]', { timeout: 60_000 });
  await frame.getByRole('button', { name: STAND.name, exact: true }).click();
  await closePromotion(page, STAND);
  await frame.waitForSelector(`#room-frame[data-panorama="${STAND.panorama}"][data-state="ready"]`, { timeout: 60_000 });
  const images = await frame.evaluate(
    () =>
      (JSON.parse(document.getElementById('room-frame-data')?.textContent ?? '{}') as { images: Record<string, { large: string }> }).images,
  );
  const image = images[STAND.panorama]?.large ?? '';
  // The viewer fades the new panorama in from its 2048 px image (same picture), then, the visitor staying, fetches
  // the 4096 px one.
  const deadline = Date.now() + 30_000;
  while (!loaded.some((l) => l.url === image) && Date.now() < deadline) await page.waitForTimeout(100);
  context.off('response', listener);
  return { frame, image, loaded };
}

test('the administrator uploads a panorama for a stand and the visitor’s room shows it; removing it brings the drawing back', async () => {
  const { salon, browser } = env;

  const adminContext = await browser.newContext({ locale: 'en-US' });
  const admin = await adminContext.newPage();
  const adminErrors = collectErrors(admin);
  assert.equal(await logInDirectly(admin, salon.baseUrl, 'admin@salon.test', { open: false }), 303);
  await admin.goto(`${salon.baseUrl}/admin`);
  await admin.getByRole('link', { name: 'Room panoramas' }).click();
  await admin.waitForURL(/\/admin\/panoramas$/);
  const section = admin.locator(`#panorama-${STAND.panorama}`);
  assert.match((await section.textContent()) ?? '', /Drawn by the room/);

  // Not 2:1: the server's message, on that panorama.
  await section
    .getByLabel('New equirectangular image')
    .setInputFiles({ name: 'helios.jpg', mimeType: 'image/jpeg', buffer: await red(2048, 1536) });
  await section.getByRole('button', { name: 'Upload the image' }).click();
  await admin.locator(`#panorama-${STAND.panorama}`).getByRole('alert').waitFor();
  assert.equal(
    await admin.locator(`#panorama-${STAND.panorama}`).getByRole('alert').textContent(),
    'A panorama is an equirectangular image twice as wide as it is high (2:1); this one is 2048 × 1536',
  );

  // 2:1: saved, with its thumbnail.
  const again = admin.locator(`#panorama-${STAND.panorama}`);
  await again
    .getByLabel('New equirectangular image')
    .setInputFiles({ name: 'helios.jpg', mimeType: 'image/jpeg', buffer: await red(2048, 1024) });
  await Promise.all([admin.waitForURL(/saved=uploaded/), again.getByRole('button', { name: 'Upload the image' }).click()]);
  const saved = admin.locator(`#panorama-${STAND.panorama}`);
  assert.equal(await saved.getByRole('status').textContent(), 'Image saved: the room now shows it.');
  const thumbnail = saved.getByRole('img', { name: 'Current image of Helios Solar' });
  await thumbnail.waitFor();
  // The page loads a 480×240 thumbnail, not the full image (up to 20 MB), and links to the full one.
  await thumbnail.evaluate((img: HTMLImageElement) => img.decode());
  assert.deepEqual(
    await thumbnail.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]),
    [480, 240],
    'the thumbnail is the small one',
  );
  const thumbnailSrc = (await thumbnail.getAttribute('src')) ?? '';
  assert.match(thumbnailSrc, /^\/api\/medias\/[A-Za-z0-9_-]{24}\/thumbnail$/);
  const src = thumbnailSrc.replace(/\/thumbnail$/, '');
  assert.equal(await saved.getByRole('link', { name: 'Current image of Helios Solar' }).getAttribute('href'), src);

  // The visitor's room shows it on the stand.
  const visitorContext = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 800 } });
  const visitor = await visitorContext.newPage();
  const visitorErrors = collectErrors(visitor);
  assert.equal(await logInDirectly(visitor, salon.baseUrl, 'visiteur@salon.test'), 303);
  const shown = await visitStand(visitorContext, visitor, salon.baseUrl);
  assert.match(shown.image, /^\/media\/panoramas\/[0-9a-f]{24}-4096\.webp$/);
  assert.deepEqual(
    shown.loaded.filter((l) => l.url === shown.image),
    [{ url: shown.image, status: 200, type: 'image/webp' }],
  );
  const share = await redShare(shown.frame);
  assert.ok(share > 0.5, `the viewer shows ${Math.round(share * 100)} % of the uploaded red`);

  // Removed: the room draws the stand again.
  // Asked first in the page's own dialog, which names the panorama.
  await admin.getByRole('button', { name: 'Remove the image (back to the drawing)' }).click();
  const confirm = admin.getByRole('alertdialog', { name: /^Remove the image of “.+”\?$/ });
  await Promise.all([admin.waitForURL(/saved=removed/), confirm.getByRole('button', { name: 'Remove the image', exact: true }).click()]);
  assert.match((await admin.locator(`#panorama-${STAND.panorama}`).textContent()) ?? '', /Drawn by the room/);
  const drawn = await visitStand(visitorContext, visitor, salon.baseUrl);
  assert.notEqual(drawn.image, shown.image);
  assert.deepEqual(
    drawn.loaded.filter((l) => l.url === drawn.image),
    [{ url: drawn.image, status: 200, type: 'image/webp' }],
  );
  const drawnShare = await redShare(drawn.frame);
  assert.ok(drawnShare < 0.1, `the drawn panorama is ${Math.round(drawnShare * 100)} % red`);

  assert.deepEqual(
    adminErrors.filter((e) => !/status of 422/.test(e)),
    [],
  );
  assert.deepEqual(visitorErrors, []);
  await visitorContext.close();
  await adminContext.close();
});
