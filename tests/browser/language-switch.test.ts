/**
 * The server-rendered pages' language switcher, in real Chromium: a visitor with an English
 * browser switches the home page to French with the keyboard alone, then enters the room and finds it in French —
 * the top bar, the room frame — and the choice stays on the next pages. Without JavaScript the switcher works the
 * same. Screenshots of the header at 1366×768 and 375×812 in both languages go to /tmp/language-switch-*.png.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { collectErrors, useSalon, widgetsSettled } from './harness';

const env = useSalon();

/** Presses Tab until the button named `name` has the focus; fails after `max` presses. */
async function tabTo(page: Page, name: string, max = 20): Promise<number> {
  for (let presses = 1; presses <= max; presses += 1) {
    await page.keyboard.press('Tab');
    const now = await page.evaluate(() => ({
      tag: document.activeElement?.tagName ?? '',
      text: document.activeElement?.textContent?.trim() ?? '',
    }));
    if (now.tag === 'BUTTON' && now.text === name) return presses;
  }
  throw new Error(`"${name}" not reached with ${max} Tab presses`);
}

const htmlLang = (page: Page) => page.evaluate(() => document.documentElement.lang);

test('an English browser switches the home page to French with the keyboard, and the room is in French', async () => {
  const context = await env.browser.newContext({ locale: 'en-US', viewport: { width: 1366, height: 768 } });
  const page = await context.newPage();
  const errors = collectErrors(page);
  await page.goto(`${env.salon.baseUrl}/`);
  assert.equal(await htmlLang(page), 'en');
  const switcher = page.getByRole('group', { name: 'Language' });
  assert.equal(await switcher.getByRole('button', { name: 'English' }).getAttribute('aria-current'), 'true');
  await page.screenshot({ path: '/tmp/language-switch-1366-en.png' });

  await tabTo(page, 'Français');
  await Promise.all([page.waitForURL(`${env.salon.baseUrl}/`), page.keyboard.press('Enter')]);
  await page.waitForFunction(() => document.documentElement.lang === 'fr');
  const french = page.getByRole('group', { name: 'Langue' });
  assert.equal(await french.getByRole('button', { name: 'Français' }).getAttribute('aria-current'), 'true');
  assert.equal(await french.getByRole('button', { name: 'English' }).getAttribute('aria-current'), null);
  await page.screenshot({ path: '/tmp/language-switch-1366-fr.png' });

  // Into the room: the page data, the top bar and the room frame are in French.
  await page.getByRole('link', { name: 'Entrer dans le salon' }).click();
  await page.waitForURL(/\/salon$/);
  await widgetsSettled(page);
  assert.equal(await htmlLang(page), 'fr');
  const data = JSON.parse((await page.locator('#salon-page-data').textContent()) ?? '{}') as { locale: { locale: string } };
  assert.equal(data.locale.locale, 'fr_FR');
  await page.getByRole('button', { name: 'Mon parcours' }).waitFor();
  const iframe = page.locator('iframe[src*="/room/"]');
  assert.match((await iframe.getAttribute('src')) ?? '', /[?&]lang=fr\b/);
  const frame = await (await iframe.elementHandle())?.contentFrame();
  assert.ok(frame);
  await frame.getByRole('button', { name: 'Stands et espaces' }).waitFor({ timeout: 30_000 });
  await page.screenshot({ path: '/tmp/language-switch-room-fr.png' });

  // The choice stays: the FAQ, in the same English browser, is in French.
  await page.goto(`${env.salon.baseUrl}/faq`);
  assert.equal(await htmlLang(page), 'fr');
  assert.deepEqual(errors, []);
  await context.close();
});

test('without JavaScript, on a phone, the switcher works too and comes back to the same page', async () => {
  const context = await env.browser.newContext({ locale: 'fr-FR', viewport: { width: 375, height: 812 }, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${env.salon.baseUrl}/faq`);
  assert.equal(await htmlLang(page), 'fr');
  await page.screenshot({ path: '/tmp/language-switch-375-fr.png' });
  const english = page.getByRole('group', { name: 'Langue' }).getByRole('button', { name: 'English' });
  // Inside the viewport and not cut off: the header wraps on a phone.
  const box = await english.boundingBox();
  assert.ok(box && box.x >= 0 && box.x + box.width <= 375, `the English button is at ${JSON.stringify(box)}`);
  const bar = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  assert.ok(bar.scroll <= bar.client, `the page is ${bar.scroll} px wide in a ${bar.client} px window`);
  await Promise.all([page.waitForURL(`${env.salon.baseUrl}/faq`), english.click()]);
  assert.equal(await htmlLang(page), 'en');
  assert.equal(
    await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'English' }).getAttribute('aria-current'),
    'true',
  );
  await page.screenshot({ path: '/tmp/language-switch-375-en.png' });
  await context.close();
});
