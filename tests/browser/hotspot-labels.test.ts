/**
 * The hotspot labels of the floor plan ("Helios Stockage" / "Robotique Nordique" overlapped), in
 * real Chromium on /salon at 1366×768 and 375×812, in French and English: the view is turned all the way round the
 * ring, and at every step no two visible hotspots' boxes (icon and label, what `.rf-spot` draws) intersect.
 * Screenshots (first view, and the two doors) go to /tmp/hotspot-labels-*.png.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Frame, Page } from 'playwright-core';
import { collectErrors, useSalon, widgetsSettled } from './harness';

const env = useSalon();

interface Box {
  id: string;
  text: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

const intersect = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The boxes of the hotspots the viewer shows now (in the frame's viewport), label included when shown. */
function visibleSpots(frame: Frame): Promise<Box[]> {
  return frame.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('.rf-marker--visible')].flatMap((marker) => {
      const spot = marker.querySelector<HTMLElement>('.rf-spot');
      if (!spot) return [];
      const r = spot.getBoundingClientRect();
      if (r.width === 0 || r.right < 0 || r.bottom < 0 || r.left > innerWidth || r.top > innerHeight) return [];
      return [{ id: marker.id, text: spot.textContent ?? '', x: r.x, y: r.y, width: r.width, height: r.height }];
    }),
  );
}

/** The hotspots once the view is still: the same boxes two frames apart (the drag's last move drawn). */
async function restingSpots(frame: Frame): Promise<Box[]> {
  let before = JSON.stringify(await visibleSpots(frame));
  for (let tries = 0; tries < 100; tries += 1) {
    await frame.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const spots = await visibleSpots(frame);
    const now = JSON.stringify(spots);
    if (now === before) return spots;
    before = now;
  }
  throw new Error('the view did not come to rest');
}

async function openPlan(page: Page, lang: 'en' | 'fr'): Promise<Frame> {
  await page.goto(`${env.salon.baseUrl}/salon`);
  await widgetsSettled(page);
  const iframe = page.locator('iframe[src*="/room/"]');
  await iframe.waitFor();
  const frame = await (await iframe.elementHandle())?.contentFrame();
  if (!frame) throw new Error('the room frame is missing');
  await frame.waitForSelector('#room-frame[data-state="ready"]', { timeout: 60_000 });
  const planName = lang === 'en' ? 'Floor plan' : 'Plan du salon';
  const plan = frame.getByRole('button', { name: planName, exact: true });
  if (!(await plan.isVisible()))
    await frame.getByRole('button', { name: lang === 'en' ? 'Stands and areas' : 'Stands et espaces' }).click();
  await plan.click();
  await frame.waitForSelector('#room-frame[data-panorama="plan"][data-state="ready"]', { timeout: 60_000 });
  await frame.waitForSelector('.rf-marker--visible .rf-spot');
  // On a phone the stands panel opens over the whole room: closed, the hotspots are there to see.
  const toggle = frame.getByRole('button', { name: lang === 'en' ? 'Stands and areas' : 'Stands et espaces' });
  if ((await toggle.getAttribute('aria-expanded')) === 'true') await toggle.click();
  return frame;
}

for (const [width, height] of [
  [1366, 768],
  [375, 812],
] as const) {
  for (const lang of ['fr', 'en'] as const) {
    test(`on the floor plan at ${width}×${height} in ${lang}, no two hotspot labels overlap, all the way round`, async () => {
      const context = await env.browser.newContext({ locale: lang === 'en' ? 'en-US' : 'fr-FR', viewport: { width, height } });
      const page = await context.newPage();
      const errors = collectErrors(page);
      const frame = await openPlan(page, lang);
      const iframeBox = await page.locator('iframe[src*="/room/"]').boundingBox();
      assert.ok(iframeBox);
      const seen = new Set<string>();
      let doorsShot = false;
      // Each drag of 35 % of the width turns the view by about 45 % of its horizontal field of view.
      const steps = width > height ? 14 : 28;
      for (let step = 0; step <= steps; step += 1) {
        if (step > 0) {
          // Low in the frame (the floor), above the cookie banner.
          const y = iframeBox.y + iframeBox.height * 0.62;
          await page.mouse.move(iframeBox.x + iframeBox.width * 0.7, y);
          await page.mouse.down();
          await page.mouse.move(iframeBox.x + iframeBox.width * 0.35, y);
          await page.mouse.up();
        }
        const spots = await restingSpots(frame);
        for (const spot of spots) seen.add(spot.id);
        for (let i = 0; i < spots.length; i += 1) {
          for (let j = i + 1; j < spots.length; j += 1) {
            const a = spots[i] as Box;
            const b = spots[j] as Box;
            if (intersect(a, b)) {
              await page.screenshot({ path: `/tmp/hotspot-labels-overlap-${width}-${lang}.png` });
              assert.fail(`"${a.text}" ${JSON.stringify(a)} and "${b.text}" ${JSON.stringify(b)} overlap (step ${step})`);
            }
          }
        }
        if (step === 0) await page.screenshot({ path: `/tmp/hotspot-labels-${width}-${lang}.png` });
        if (!doorsShot && spots.filter((spot) => spot.id.startsWith('rf-hotspot-place-')).length === 2) {
          doorsShot = true;
          await page.screenshot({ path: `/tmp/hotspot-labels-doors-${width}-${lang}.png` });
        }
      }
      // The whole ring went by: every stand and both doors.
      const expected = await frame.evaluate(
        () => (JSON.parse(document.getElementById('room-frame-data')?.textContent ?? '{}') as { stands: unknown[] }).stands.length + 2,
      );
      assert.ok(seen.size >= expected, `only ${seen.size} of ${expected} hotspots came into view`);
      assert.deepEqual(errors, []);
      await context.close();
    });
  }
}

test('at 1366×768 the open "Stands and areas" panel hides no hotspot of the Welcome hall or the floor plan as they open (issue 35)', async () => {
  const context = await env.browser.newContext({ locale: 'en-US', viewport: { width: 1366, height: 768 } });
  const page = await context.newPage();
  await page.goto(`${env.salon.baseUrl}/salon`);
  await widgetsSettled(page);
  const iframe = page.locator('iframe[src*="/room/"]');
  const frame = await (await iframe.elementHandle())?.contentFrame();
  if (!frame) throw new Error('the room frame is missing');
  for (const panorama of ['home', 'plan']) {
    if (panorama === 'plan') await frame.getByRole('button', { name: 'Floor plan', exact: true }).first().click();
    await frame.waitForSelector(`#room-frame[data-panorama="${panorama}"][data-state="ready"]`, { timeout: 60_000 });
    await frame.waitForSelector('.rf-marker--visible .rf-spot');
    assert.equal(await frame.getByRole('button', { name: 'Stands and areas' }).getAttribute('aria-expanded'), 'true');
    const panel: Omit<Box, 'id' | 'text'> | null = await frame.locator('.rf-panel').boundingBox();
    assert.ok(panel);
    const covered: Box = { id: 'panel', text: 'Stands and areas', ...panel };
    const spots = await restingSpots(frame);
    assert.ok(spots.length >= 3, `${panorama}: ${spots.length} hotspots in view`);
    const hidden: Box[] = spots.filter((spot) => intersect(spot, covered));
    if (hidden.length > 0) await page.screenshot({ path: `/tmp/hotspot-labels-panel-${panorama}.png` });
    assert.deepEqual(
      hidden.map((spot) => spot.text),
      [],
      `${panorama}: under the panel ${JSON.stringify(covered)}`,
    );
  }
  await context.close();
});
