/**
 * Screen capture (spec §2.4, §9) in real Chromium: the browser's own capture of the tab (Chromium's fake capture
 * device, 1280×720, stands in for the screen), drawn at most 1000 px wide, cropped in the full-screen workspace and
 * downloaded as PNG.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { collectErrors, useSalon, widgetsSettled, WAIT_MS } from './harness';

const env = useSalon({}, ['--auto-accept-this-tab-capture', '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream']);

/** Width and height from a PNG's IHDR chunk. */
function pngSize(file: string): { width: number; height: number } {
  const bytes = fs.readFileSync(file);
  assert.equal(bytes.subarray(1, 4).toString('latin1'), 'PNG', 'the download is a PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

async function openWorkspace(page: Page) {
  await page.locator('[data-salon-widget="top-bar"]').getByRole('button', { name: 'More' }).click();
  await page.getByRole('menuitem', { name: 'Screen capture' }).click();
  const start = page.getByRole('dialog', { name: 'Screen capture' });
  await start.getByRole('button', { name: 'Capture the screen' }).click();
  const workspace = page.getByRole('dialog', { name: 'Crop your capture' });
  await workspace.getByRole('group', { name: 'Cropping area' }).waitFor({ timeout: WAIT_MS });
  return workspace;
}

async function download(page: Page, workspace: ReturnType<Page['getByRole']>) {
  const [file] = await Promise.all([page.waitForEvent('download'), workspace.getByRole('button', { name: 'Download' }).click()]);
  assert.match(file.suggestedFilename(), /^capture-.*\.png$/);
  return pngSize((await file.path()) ?? '');
}

test('a capture of the tab, at most 1000 px wide, cropped and downloaded as PNG', async () => {
  const context = await env.browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 800 }, acceptDownloads: true });
  const page = await context.newPage();
  const errors = collectErrors(page);
  await page.goto(`${env.salon.baseUrl}/salon`);
  await widgetsSettled(page);

  // The selection starts on 80 % of the capture: the crop is that part, at the capture's resolution (≤ 1000 px).
  let workspace = await openWorkspace(page);
  const cropped = await download(page, workspace);
  assert.ok(cropped.width > 600 && cropped.width < 1000, `cropped width ${cropped.width}`);
  assert.ok(cropped.height > 300 && cropped.height < 563, `cropped height ${cropped.height}`);
  await workspace.getByRole('button', { name: 'Cancel' }).click();
  await workspace.waitFor({ state: 'detached' });

  // Without a selection (Delete), the whole capture: the 1280×720 screen drawn 1000 px wide.
  workspace = await openWorkspace(page);
  await page.locator('cropper-selection').focus();
  await page.keyboard.press('Delete');
  assert.deepEqual(await download(page, workspace), { width: 1000, height: 563 });

  assert.deepEqual(errors, []);
  await context.close();
});
