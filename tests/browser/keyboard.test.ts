/**
 * The sidebars with the keyboard alone (issue: what a new visitor trips over, item 3): from the top bar, a visitor
 * reaches each sidebar's button with Tab, opens it with Enter, finds the focus inside it (the next Tab is one of
 * its controls, not the room frame's), closes it with Escape, and is back on the button that opened it. The same
 * for what the room frame's panel opens (the company sheet, the exhibitors, the contact request): the focus goes back
 * to the frame's button.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { promotionOf } from '../../host-shell/room-frame/offers';
import { collectErrors, logInDirectly, roomFrame, useSalon, widgetsSettled, WAIT_MS } from './harness';
import { frameStands } from './steps';

const env = useSalon();

/** What has the focus: its accessible name (aria-label, else text) and the sidebar it is in, if any. */
function focused(page: Page): Promise<{ name: string; sidebar: string | null; tag: string }> {
  return page.evaluate(() => {
    const active = document.activeElement as HTMLElement | null;
    const name = (active?.getAttribute('aria-label') ?? active?.textContent ?? '').trim();
    return { name, sidebar: active?.closest<HTMLElement>('[data-sidebar]')?.dataset.sidebar ?? null, tag: active?.tagName ?? '' };
  });
}

/** Presses Tab from where the focus is (the top of a new page) until the top bar's button `name` has it; fails after `max` presses. */
async function tabTo(page: Page, name: string, max = 30): Promise<number> {
  for (let presses = 1; presses <= max; presses += 1) {
    await page.keyboard.press('Tab');
    const now = await focused(page);
    if (now.name === name && now.tag === 'BUTTON') return presses;
  }
  throw new Error(`"${name}" not reached with ${max} Tab presses`);
}

async function openCloseWithKeyboard(page: Page, button: string, sidebar: string): Promise<void> {
  const presses = await tabTo(page, button);
  assert.ok(presses <= 20, `${button}: ${presses} Tab presses from where the focus was`);
  await page.keyboard.press('Enter');
  await page.locator(`[data-sidebar="${sidebar}"]`).waitFor();
  await page.waitForFunction((name) => document.activeElement?.closest(`[data-sidebar="${name}"]`) !== null, sidebar);
  await page.keyboard.press('Tab');
  const inside = await focused(page);
  assert.equal(inside.sidebar, sidebar, `${button}: the Tab after opening reached ${inside.tag} "${inside.name}" outside the sidebar`);
  await page.keyboard.press('Escape');
  await page.locator(`[data-sidebar="${sidebar}"]`).waitFor({ state: 'detached' });
  assert.deepEqual(await focused(page), { name: button, sidebar: null, tag: 'BUTTON' });
}

test('a visitor opens, enters and closes the chat and the journey from the top bar with the keyboard alone', async () => {
  const context = await env.browser.newContext({ locale: 'en-US', viewport: { width: 1366, height: 768 } });
  const page = await context.newPage();
  const errors = collectErrors(page);
  assert.equal(await logInDirectly(page, env.salon.baseUrl, 'visiteur@salon.test'), 303);
  await widgetsSettled(page);
  // From the top of the page; then on from the Journey button, which the Chat button follows in the bar.
  await openCloseWithKeyboard(page, 'Journey', 'journey');
  await openCloseWithKeyboard(page, 'Chat', 'chat');
  assert.deepEqual(errors, []);
  await context.close();
});

test('an exhibitor does the same with the activity stream, in French', async () => {
  const context = await env.browser.newContext({ locale: 'fr-FR', viewport: { width: 1366, height: 768 } });
  const page = await context.newPage();
  const errors = collectErrors(page);
  assert.equal(await logInDirectly(page, env.salon.baseUrl, 'exposant@salon.test', { open: false }), 303);
  await page.goto(`${env.salon.baseUrl}/salon`);
  await widgetsSettled(page);
  await openCloseWithKeyboard(page, 'Activité', 'activity-stream');
  assert.deepEqual(errors, []);
  await context.close();
});

test('what a button of the room’s panel opens gives the focus back to that button on Escape; leaving the stand closes its contact point', async () => {
  const context = await env.browser.newContext({ locale: 'en-US', viewport: { width: 1366, height: 768 } });
  const page = await context.newPage();
  const errors = collectErrors(page);
  assert.equal(await logInDirectly(page, env.salon.baseUrl, 'visiteur@salon.test', { open: false }), 303);
  await page.goto(`${env.salon.baseUrl}/salon`);
  await widgetsSettled(page);
  const frame = await roomFrame(page);
  await frame.getByRole('button', { name: 'Floor plan', exact: true }).press('Enter');
  await frame.locator('#room-frame[data-panorama="plan"][data-state="ready"]').waitFor({ timeout: 60_000 });
  const stand = (await frameStands(frame)).find((s) => !promotionOf(s));
  assert.ok(stand, 'no stand without a promotional offer');
  await frame.getByRole('button', { name: stand.niceNameEn, exact: true }).press('Enter');
  await frame.locator(`#room-frame[data-panorama="${stand.panorama}"][data-state="ready"]`).waitFor({ timeout: 60_000 });

  const opened = [
    { button: 'Company sheet', what: page.locator('[data-sidebar="company-sheet"]') },
    { button: 'Exhibitors', what: page.locator('[data-sidebar="contact-point"]') },
    { button: 'Ask to be contacted', what: page.getByRole('dialog') },
    { button: 'Request an offer', what: page.getByRole('dialog') },
  ];
  for (const { button, what } of opened) {
    const control = frame.locator('.rf-panel').getByRole('button', { name: button, exact: true });
    await control.focus();
    await control.press('Enter');
    await what.waitFor();
    await page.waitForFunction(() => document.activeElement?.tagName !== 'IFRAME');
    await page.keyboard.press('Escape');
    await what.waitFor({ state: 'detached' });
    await frame.waitForFunction((name) => document.activeElement?.textContent?.trim() === name, button, { timeout: WAIT_MS });
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('title')), 'Virtual room', `${button}: the page's focus`);
  }
  // Leaving the stand closes its contact point: it lists that stand's exhibitors only.
  await frame.locator('.rf-panel').getByRole('button', { name: 'Exhibitors', exact: true }).press('Enter');
  await page.locator('[data-sidebar="contact-point"]').waitFor();
  await frame.getByRole('button', { name: 'Floor plan', exact: true }).press('Enter');
  await page.locator('[data-sidebar="contact-point"]').waitFor({ state: 'detached', timeout: WAIT_MS });
  assert.deepEqual(errors, []);
  await context.close();
});
