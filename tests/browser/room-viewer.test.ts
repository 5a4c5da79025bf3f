/**
 * The room frame's 360° viewer (host-shell/room-frame/view.ts) in real Chromium, on the frame's own page at 1366×768:
 * the arrow keys turn the view while the viewer has the focus and not while the panel has it, the zoom stops at its
 * limit, a drag turns the view, and the labelled viewer and its bar's buttons are there in French too. The panorama
 * is drawn by the viewer's worker (its script allowed by the frame's CSP) and follows the view; where the worker
 * cannot draw (no OffscreenCanvas, its script not loaded), the page draws it. A panorama shows its 2048 px image, then
 * the 4096 px one; the places likely next are fetched ahead, and a move to one of them fetches nothing more.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { collectErrors, useSalon } from './harness';

const env = useSalon();

/** The centre x of a hotspot, after the viewer has drawn its next frame. */
async function spotX(page: Page, id: string): Promise<number> {
  return page.evaluate(async (markerId) => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const box = document.getElementById(markerId)?.getBoundingClientRect();
    if (!box) throw new Error(`no hotspot ${markerId}`);
    return box.x + box.width / 2;
  }, id);
}

/** The distance between two hotspots' centres: grows when the view zooms in. */
async function spread(page: Page, a: string, b: string): Promise<number> {
  return Math.abs((await spotX(page, a)) - (await spotX(page, b)));
}

test('arrow keys turn the view only while it has the focus; the zoom stops at its limit; a drag turns it', async () => {
  const page = await env.browser.newPage({ viewport: { width: 1366, height: 768 }, locale: 'en-US' });
  const errors = collectErrors(page);
  await page.goto(`${env.salon.baseUrl}/room/plan?lang=en`);
  await page.waitForSelector('#room-frame[data-panorama="plan"][data-state="ready"]', { timeout: 60_000 });
  const viewer = page.getByRole('application', { name: /^360° view/ });
  await viewer.waitFor();
  // The two stands' hotspots nearest the middle of the view (they stay in it at the closest zoom).
  const ids = await page.$$eval('.rf-marker--visible[id^="rf-hotspot-stand-"]', (els) =>
    els
      .map((el) => {
        const box = el.getBoundingClientRect();
        return { id: el.id, off: Math.abs(box.x + box.width / 2 - innerWidth / 2) };
      })
      .sort((a, b) => a.off - b.off)
      .map((spot) => spot.id),
  );
  assert.ok(ids.length >= 2, `stands in view: ${ids.join(', ')}`);
  const [first, second] = ids as [string, string];

  // The panel has the focus: the arrow keys are the panel's.
  const before = await spotX(page, first);
  await page.getByRole('button', { name: 'Floor plan', exact: true }).focus();
  await page.keyboard.press('ArrowRight');
  assert.equal(await spotX(page, first), before, 'an arrow key in the panel turned the view');

  // The viewer has the focus: turning right moves what is ahead to the left.
  await viewer.focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  const turned = await spotX(page, first);
  assert.ok(turned < before - 20, `ArrowRight: ${before} → ${turned}`);
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  assert.ok(Math.abs((await spotX(page, first)) - before) < 1, 'ArrowLeft turns back');

  // Zoom in with the bar's button, then to the limit with the keyboard: past it nothing changes.
  const wide = await spread(page, first, second);
  await page.getByRole('button', { name: 'Zoom in' }).click();
  const closer = await spread(page, first, second);
  assert.ok(closer > wide * 1.05, `zoom in: ${wide} → ${closer}`);
  // Each key pressed on the viewer (the button just clicked had the focus).
  for (let i = 0; i < 12; i += 1) await viewer.press('+');
  const limit = await spread(page, first, second);
  await viewer.press('+');
  assert.ok(limit > closer && Math.abs((await spread(page, first, second)) - limit) < 0.5, `the zoom stops: ${closer} → ${limit}`);
  for (let i = 0; i < 20; i += 1) await viewer.press('-');

  // A drag to the left turns the view to the right, and clicks no hotspot.
  const start = await spotX(page, first);
  await page.mouse.move(900, 600);
  await page.mouse.down();
  await page.mouse.move(700, 600, { steps: 6 });
  await page.mouse.up();
  assert.ok((await spotX(page, first)) < start - 100, 'the drag turned the view');
  assert.equal(await page.locator('#room-frame').getAttribute('data-panorama'), 'plan');
  assert.deepEqual(errors, []);
  await page.close();
});

test('in French, the viewer and its bar speak French', async () => {
  const page = await env.browser.newPage({ viewport: { width: 375, height: 812 }, locale: 'fr-FR' });
  await page.goto(`${env.salon.baseUrl}/room/home?lang=fr`);
  await page.waitForSelector('#room-frame[data-panorama="home"][data-state="ready"]', { timeout: 60_000 });
  await page.getByRole('application', { name: /^Vue à 360°/ }).waitFor();
  for (const name of ['Zoomer', 'Dézoomer', 'Regarder à gauche', 'Regarder à droite'])
    assert.equal(await page.getByRole('button', { name, exact: true }).count(), 1, name);
  assert.equal(await page.locator('.rf-viewer__caption').textContent(), 'Hall d’accueil');
  await page.close();
});

/** The viewer's pixels: their spread of grey levels (a flat background has none) and the picture itself. */
async function viewerPixels(page: Page): Promise<{ spread: number; raw: Buffer }> {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const png = await page.locator('.rf-viewer').screenshot();
  const { data } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
  const mean = data.reduce((n, v) => n + v, 0) / data.length;
  return { spread: Math.sqrt(data.reduce((n, v) => n + (v - mean) ** 2, 0) / data.length), raw: data };
}

test('the panorama is drawn by the viewer’s worker, whose script the frame’s CSP allows, and follows the view', async () => {
  const page = await env.browser.newPage({ viewport: { width: 1366, height: 768 }, locale: 'en-US' });
  const errors = collectErrors(page);
  const warnings: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'warning') warnings.push(m.text());
  });
  await page.addInitScript(() => {
    (window as unknown as { violations: string[] }).violations = [];
    document.addEventListener('securitypolicyviolation', (event) =>
      (window as unknown as { violations: string[] }).violations.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  const workers: string[] = [];
  page.on('worker', (worker) => workers.push(worker.url()));
  await page.goto(`${env.salon.baseUrl}/room/home?lang=en`);
  await page.waitForSelector('#room-frame[data-panorama="home"][data-state="ready"]', { timeout: 60_000 });
  assert.equal(workers.length, 1, `workers: ${workers.join(', ')}`);
  assert.match(workers[0] ?? '', /\/spa\/room-frame\/[0-9a-f]{10}\/[\w-]+\.js$/);
  assert.deepEqual(
    warnings.filter((w) => w.includes('[room-frame]')),
    [],
    'the viewer fell back to the main thread',
  );
  assert.deepEqual(await page.evaluate(() => (window as unknown as { violations: string[] }).violations), []);
  // Its CSS applies without 'unsafe-inline': a constructed stylesheet, no <style> but the page's own.
  assert.equal(await page.locator('.rf-viewer').evaluate((element) => getComputedStyle(element).position), 'absolute');
  assert.equal(await page.locator('style').count(), 1);

  const before = await viewerPixels(page);
  assert.ok(before.spread > 10, `a picture, not a flat background (spread ${before.spread.toFixed(1)})`);
  await page.getByRole('application', { name: /^360° view/ }).focus();
  for (let i = 0; i < 6; i += 1) await page.keyboard.press('ArrowRight');
  // The worker draws at its own frames (a busy one, uploading the 4096 px image, is a frame or two behind the page).
  let changed = 0;
  for (let tries = 0; tries < 20 && changed <= 0.05; tries += 1) {
    const after = await viewerPixels(page);
    changed = after.raw.reduce((n, v, i) => n + (Math.abs(v - (before.raw[i] ?? 0)) > 16 ? 1 : 0), 0) / after.raw.length;
  }
  assert.ok(changed > 0.05, `the drawing turned with the view (${(changed * 100).toFixed(1)} % of pixels changed)`);
  assert.deepEqual(errors, []);
  await page.close();
});

test('where the worker cannot draw (no OffscreenCanvas, or its script does not load), the page draws the panorama itself', async () => {
  for (const without of ['offscreen', 'worker'] as const) {
    const page = await env.browser.newPage({ viewport: { width: 1366, height: 768 }, locale: 'en-US' });
    const errors = collectErrors(page);
    const workers: string[] = [];
    page.on('worker', (worker) => workers.push(worker.url()));
    const warnings: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'warning') warnings.push(m.text());
    });
    if (without === 'offscreen')
      await page.addInitScript(() => delete (HTMLCanvasElement.prototype as Partial<HTMLCanvasElement>).transferControlToOffscreen);
    // The worker's script answers 404: the canvas is already the worker's, so the page draws on a new one.
    else
      await page.route(/\/spa\/room-frame\/[0-9a-f]{10}\/(?!room-frame\.js)[\w-]+\.js$/, (route) =>
        route.fulfill({ status: 404, body: '' }),
      );
    await page.goto(`${env.salon.baseUrl}/room/home?lang=en`);
    await page.waitForSelector('#room-frame[data-panorama="home"][data-state="ready"]', { timeout: 60_000 });
    assert.equal(await page.locator('.rf-viewer__canvas').count(), 1, without);
    if (without === 'offscreen') assert.deepEqual(workers, [], 'no worker without OffscreenCanvas');
    else
      assert.ok(
        warnings.some((w) => w.includes('the viewer draws on the main thread')),
        `the fallback ran: ${warnings.join(' / ')}`,
      );
    const before = await viewerPixels(page);
    assert.ok(before.spread > 10, `${without}: a picture, not a flat background (spread ${before.spread.toFixed(1)})`);
    await page.getByRole('button', { name: 'Floor plan', exact: true }).click();
    await page.waitForSelector('#room-frame[data-panorama="plan"][data-state="ready"]', { timeout: 60_000 });
    const after = await viewerPixels(page);
    const changed = after.raw.reduce((n, v, i) => n + (Math.abs(v - (before.raw[i] ?? 0)) > 16 ? 1 : 0), 0) / after.raw.length;
    assert.ok(changed > 0.05, `${without}: the next panorama is drawn (${(changed * 100).toFixed(1)} % of pixels changed)`);
    assert.deepEqual(
      errors.filter((e) => !(without === 'worker' && /404/.test(e))),
      [],
      without,
    );
    await page.close();
  }
});

test('a panorama shows its 2048 px image, then the 4096 px one; the likely next places are fetched ahead, and a move to one fetches nothing more', async () => {
  const page = await env.browser.newPage({ viewport: { width: 1366, height: 768 }, locale: 'en-US' });
  const errors = collectErrors(page);
  const fetched: string[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/media/panoramas/')) fetched.push(new URL(response.url()).pathname);
  });
  await page.goto(`${env.salon.baseUrl}/room/home?lang=en`);
  await page.waitForSelector('#room-frame[data-panorama="home"][data-state="ready"]', { timeout: 60_000 });
  const images = await page.evaluate(
    () =>
      (
        JSON.parse(document.getElementById('room-frame-data')?.textContent ?? '{}') as {
          images: Record<string, { large: string; small: string }>;
        }
      ).images,
  );
  const [home, plan, conference] = [images.home, images.plan, images.conference];
  assert.ok(home && plan && conference, 'the places have images');
  const until = async (what: string, done: () => boolean) => {
    const deadline = Date.now() + 60_000;
    while (!done() && Date.now() < deadline) await page.waitForTimeout(100);
    assert.ok(done(), `${what}: ${fetched.join(', ')}`);
  };
  // From the entrance, the plan and the conference room are likely next: their 2048 px images, fetched ahead.
  await until('the entrance in 4096 px, the doors ahead', () =>
    [home.large, plan.small, conference.small].every((url) => fetched.includes(url)),
  );
  assert.ok(fetched.indexOf(home.small) < fetched.indexOf(home.large), 'the 2048 px image comes first');
  assert.ok(!fetched.includes(plan.large) && !fetched.includes(conference.large), 'nothing in 4096 px ahead');

  await page.getByRole('button', { name: 'Floor plan', exact: true }).click();
  await page.waitForSelector('#room-frame[data-panorama="plan"][data-state="ready"]', { timeout: 60_000 });
  assert.equal(fetched.filter((url) => url === plan.small).length, 1, 'the plan was shown from the image decoded ahead');
  await until('the plan in 4096 px once the visitor stays', () => fetched.includes(plan.large));
  assert.deepEqual(errors, []);
  await page.close();
});
