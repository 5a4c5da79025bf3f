/**
 * The room on a phone (375×812): the visitor opens the frame's "Stands et espaces" panel, which
 * then covers the room, goes to the floor plan and chooses a stand: once chosen, the panel collapses and the stand is
 * in view. Screenshots go to /tmp/room-phone-*.png.
 */
// First: the Lingui macro under tsx (the frame's texts, i18n.ts).
import '../../host-shell/server/i18n/macro-hook';
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Frame, Page } from 'playwright-core';
import { promotionOf } from '../../host-shell/room-frame/offers';
import { TEXTS } from '../../host-shell/room-frame/i18n';
import { closePromotion, useSalon, widgetsSettled, WAIT_MS } from './harness';

const env = useSalon();

interface FrameStand {
  id: string;
  panorama: string;
  name: string;
  niceNameEn: string;
}

const LANGS = [
  { lang: 'fr' as const, locale: 'fr-FR', frameTitle: 'Salon virtuel' },
  { lang: 'en' as const, locale: 'en-US', frameTitle: 'Virtual room' },
];

async function phoneRoom(locale: string, frameTitle: string, toggle: string): Promise<{ page: Page; frame: Frame }> {
  const context = await env.browser.newContext({ locale, viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await page.goto(`${env.salon.baseUrl}/salon`);
  await widgetsSettled(page);
  const iframe = page.getByTitle(frameTitle);
  await iframe.waitFor();
  const frame = await (await iframe.elementHandle())?.contentFrame();
  if (!frame) throw new Error('the room frame is missing');
  await frame.getByRole('button', { name: toggle }).waitFor({ timeout: WAIT_MS });
  return { page, frame };
}

/** The part of the frame's area that the panel covers (0–1). */
async function panelCover(frame: Frame): Promise<number> {
  return frame.evaluate(() => {
    const panel = document.querySelector('.rf-panel')?.getBoundingClientRect();
    return panel ? (panel.width * panel.height) / (window.innerWidth * window.innerHeight) : 0;
  });
}

for (const { lang, locale, frameTitle } of LANGS) {
  test(`on a phone (${lang}), choosing a stand in the expanded panel collapses it over the stand`, async () => {
    const texts = TEXTS[lang];
    const { page, frame } = await phoneRoom(locale, frameTitle, texts.panelToggle);
    const toggle = frame.getByRole('button', { name: texts.panelToggle });
    // Narrow: the panel starts collapsed; the visitor opens it.
    assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
    await toggle.tap();
    assert.equal(await toggle.getAttribute('aria-expanded'), 'true');

    // Moving to a place keeps it open: the visitor is about to choose a stand there.
    const planName = lang === 'fr' ? 'Plan du salon' : 'Floor plan';
    await frame.getByRole('button', { name: planName, exact: true }).tap();
    await frame.waitForSelector('#room-frame[data-panorama="plan"][data-state="ready"]', { timeout: 60_000 });
    assert.equal(await toggle.getAttribute('aria-expanded'), 'true');
    const open = await panelCover(frame);
    assert.ok(open > 0.5, `the expanded panel covers ${Math.round(open * 100)} % of the room`);
    await page.screenshot({ path: `/tmp/room-phone-${lang}-expanded.png` });

    const stands = (JSON.parse((await frame.locator('#room-frame-data').textContent()) ?? '{}') as { stands: FrameStand[] }).stands;
    const stand = stands.find((s) => !promotionOf(s));
    assert.ok(stand);
    const label = lang === 'fr' ? stand.name : stand.niceNameEn;
    await frame.getByRole('button', { name: label, exact: true }).tap();
    await frame.waitForSelector(`#room-frame[data-panorama="${stand.panorama}"][data-state="ready"]`, { timeout: 60_000 });
    await closePromotion(page, stand);

    // Chosen: the panel is collapsed to its toggle, the stand is in view, the focus is on the toggle.
    assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
    const closed = await panelCover(frame);
    assert.ok(closed < 0.1, `the collapsed panel still covers ${Math.round(closed * 100)} % of the stand`);
    assert.equal(await frame.evaluate(() => document.activeElement?.textContent), texts.panelToggle);
    assert.equal(
      await frame.evaluate(() => document.getElementById(document.activeElement?.getAttribute('aria-describedby') ?? '')?.textContent),
      texts.youAreAt(label),
    );
    await page.screenshot({ path: `/tmp/room-phone-${lang}-stand.png` });

    // Open again: the stand's actions are there.
    await toggle.tap();
    assert.equal(await frame.getByRole('heading', { level: 1 }).textContent(), label);
    assert.ok(await frame.getByRole('button', { name: texts.contact }).isVisible());
    await page.context().close();
  });
}
