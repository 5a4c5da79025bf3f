/**
 * End to end (spec §2.4, §2.6, §2.12, §4.1, §4.9–§4.10, §5): a visitor adds three stands to the journey from
 * the room frame, visits one and sees the top bar's badge count down, answers the opinion survey, plays the contest
 * quiz and enters the contest (a second try shows the already-recorded message), asks a stand to call back, and the
 * exhibitor of that stand downloads the stand's leads as CSV: the request is there with its consents.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { test } from 'node:test';
import type { Frame, Page } from 'playwright-core';
import { parse } from 'csv-parse/sync';
import { promotionOf } from '../../host-shell/room-frame/offers';
import { CONSENTS } from '@salon/shared/contracts/consents';
import { closePromotion, collectErrors, fillContest, logInDirectly, roomFrame, useSalon, widgetsSettled, WAIT_MS } from './harness';

const env = useSalon();

interface FrameStand {
  id: string;
  panorama: string;
  niceNameEn: string;
}

async function ready(frame: Frame, panorama: string): Promise<void> {
  await frame.waitForSelector(`#room-frame[data-panorama="${panorama}"][data-state="ready"]`, { timeout: 60_000 });
}

async function enterStand(page: Page, frame: Frame, stand: FrameStand): Promise<void> {
  await frame.getByRole('button', { name: 'Floor plan', exact: true }).click();
  await ready(frame, 'plan');
  await frame.getByRole('button', { name: stand.niceNameEn, exact: true }).click();
  await ready(frame, stand.panorama);
}

/** The top bar's journey button is named "Journey (N stands to visit)" (nothing after Journey when there are none). */
async function badgeCount(page: Page): Promise<number> {
  const text = await page
    .locator('[data-salon-widget="top-bar"]')
    .getByRole('button', { name: /^Journey\b/ })
    .textContent();
  const match = /\((\d+) stands? to visit\)/.exec(text ?? '');
  return match ? Number(match[1]) : 0;
}

async function untilBadge(page: Page, count: number): Promise<void> {
  for (let tries = 0; tries < 50 && (await badgeCount(page)) !== count; tries += 1) await page.waitForTimeout(100);
  assert.equal(await badgeCount(page), count);
}

async function playQuiz(frame: Frame): Promise<void> {
  const form = frame.getByRole('form', { name: 'Contest' });
  for (let i = 0; i < 5; i += 1) {
    await form.getByText(`Question ${i + 1} of 5`, { exact: true }).waitFor();
    await form.getByRole('radio').first().check();
    await form.getByRole('button', { name: i === 4 ? 'See my score' : 'Next question' }).click();
  }
  await frame
    .getByRole('region', { name: 'Contest' })
    .getByText(/^Your score: \d out of 5$/)
    .waitFor();
}

test('journey, opinion, contest and a call-back request; the exhibitor downloads the lead with its consents', async (t) => {
  const { salon, browser } = env;

  // The visitor, in English.
  const visitorContext = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 800 }, acceptDownloads: true });
  const visitor = await visitorContext.newPage();
  const errors = collectErrors(visitor);
  assert.equal(await logInDirectly(visitor, salon.baseUrl, 'visiteur@salon.test'), 303);
  await widgetsSettled(visitor);
  const frame = await roomFrame(visitor);
  const frameStands = (JSON.parse((await frame.locator('#room-frame-data').textContent()) ?? '{}') as { stands: FrameStand[] }).stands;

  // The exhibitor's stand (exposant@salon.test has Helios Solar) and two others.
  const helios = frameStands.find((s) => s.niceNameEn === 'Helios Solar');
  assert.ok(helios, 'Helios Solar is not in the room');
  // One with a promotional offer (it pops up over the room on entering) and one without.
  const promoted = frameStands.find((s) => s !== helios && promotionOf(s));
  const plain = frameStands.find((s) => s !== helios && !promotionOf(s));
  assert.ok(promoted && plain);
  const three = [helios, promoted, plain];
  assert.equal(await badgeCount(visitor), 0);

  // 1. Three stands into the journey, from each stand's "Add to my journey".
  for (const [i, stand] of three.entries()) {
    await enterStand(visitor, frame, stand);
    await closePromotion(visitor, stand);
    await frame.getByRole('button', { name: 'Add to my journey', exact: true }).click();
    await visitor
      .locator('[data-salon-widget="toaster"]')
      .getByText('The selection has been added to your personal journey.')
      .last()
      .waitFor({ timeout: WAIT_MS });
    await untilBadge(visitor, i + 1);
  }

  // 2. Visiting one of them: it is the stand in progress, the badge counts down.
  await enterStand(visitor, frame, helios);
  await untilBadge(visitor, 2);
  await visitor
    .locator('[data-salon-widget="top-bar"]')
    .getByRole('button', { name: /^Journey\b/ })
    .click();
  const journey = visitor.getByRole('complementary', { name: 'My personal journey' });
  await journey.getByRole('region', { name: 'Stand in progress' }).getByText('Helios Solar').waitFor({ timeout: WAIT_MS });
  // The journey was saved: the server gives it back with the page data.
  const saved = await visitor.evaluate(async () => (await fetch('/salon')).text());
  assert.match(saved, new RegExp(`vistingStand\\\\?":\\\\?"${helios.id}`));

  // 3. The opinion survey, from the top bar's Feedback.
  await visitor.locator('[data-salon-widget="top-bar"]').getByRole('button', { name: 'Feedback' }).click();
  const opinion = visitor.getByRole('dialog', { name: 'Your opinion' });
  await opinion.waitFor({ timeout: WAIT_MS });
  const send = opinion.getByRole('button', { name: 'Send my opinion' });
  assert.equal(await send.isDisabled(), true, 'no score chosen yet: submit disabled');
  await opinion.getByRole('slider', { name: 'Your score, from 0 to 10' }).fill('9');
  await opinion.getByRole('textbox', { name: /Your comment/ }).fill('Great stands, easy to find my way.');
  await send.click();
  await opinion.getByText('Thanks for your opinion').waitFor({ timeout: WAIT_MS });
  const cookies = await visitorContext.cookies(salon.baseUrl);
  assert.ok(
    cookies.some((c) => c.name === 'nps'),
    'the nps cookie is set',
  );
  await opinion.getByRole('button', { name: 'Close' }).first().click();

  // 4. The call-back request on Helios Solar (the frame's "Ask to be contacted").
  await frame.getByRole('button', { name: 'Ask to be contacted', exact: true }).click();
  const request = visitor.getByRole('dialog', { name: 'Ask to be contacted' });
  await request.waitFor({ timeout: WAIT_MS });
  await request.getByRole('textbox', { name: /^First name/ }).fill('Vera');
  await request.getByRole('textbox', { name: /^Last name/ }).fill('Visitor');
  await request.getByRole('textbox', { name: /^Email/ }).fill('vera.visitor@example.org');
  await request.getByRole('textbox', { name: /^Phone/ }).fill('+33 6 12 34 56 78');
  await request.getByRole('textbox', { name: /^Postal code/ }).fill('69003');
  await request.getByRole('textbox', { name: /^City/ }).fill('Lyon');
  await request.getByRole('checkbox', { name: CONSENTS.data_sharing.en }).check();
  await request.getByRole('button', { name: 'Send' }).click();
  await visitor
    .locator('[data-salon-widget="toaster"]')
    .getByText('The request has been sent successfully, you will be contacted very soon.')
    .waitFor({ timeout: WAIT_MS });
  await request.waitFor({ state: 'detached', timeout: WAIT_MS });

  // 5. The contest: the quiz in the entrance hall, then the form; a second try is told at once that the entry is recorded.
  await visitor.locator('[data-salon-widget="top-bar"]').getByRole('button', { name: 'Home' }).click();
  await ready(frame, 'home');
  await frame.getByRole('button', { name: 'Play the contest' }).click();
  await playQuiz(frame);
  const contest = await fillContest(visitor);
  await contest.getByText('Thank you, your participation has been recorded. Good luck!').waitFor({ timeout: WAIT_MS });
  await contest.getByRole('button', { name: 'Close' }).first().click();
  await frame.getByRole('button', { name: 'Play again' }).click();
  const again = visitor.getByRole('dialog', { name: 'Contest' });
  await again.getByText('Your participation has already been recorded.').waitFor({ timeout: WAIT_MS });
  assert.equal(await frame.getByText('Question 1 of 5', { exact: true }).count(), 0);
  assert.equal(await again.getByRole('textbox').count(), 0);
  await again.getByRole('button', { name: 'Close' }).first().click();

  assert.deepEqual(
    errors.filter((e) => !/favicon/.test(e)),
    [],
  );

  // 6. The exhibitor of Helios Solar downloads the stand's leads.
  const exhibitorContext = await browser.newContext({ locale: 'fr-FR', acceptDownloads: true });
  const exhibitor = await exhibitorContext.newPage();
  assert.equal(await logInDirectly(exhibitor, salon.baseUrl, 'exposant@salon.test', { open: false }), 303);
  await exhibitor.goto(`${salon.baseUrl}/exposant`);
  const csvLink = exhibitor.getByRole('link', { name: 'Télécharger le CSV (Helios Solaire)' });
  // The figures and the meetings mount below the contacts: the link stays where the page first showed it.
  const shown = await csvLink.boundingBox();
  await widgetsSettled(exhibitor);
  assert.deepEqual(await csvLink.boundingBox(), shown);
  const [download] = await Promise.all([exhibitor.waitForEvent('download'), csvLink.click()]);
  const file = await download.path();
  const text = fs.readFileSync(file, 'utf8').replace(/^\uFEFF/, '');
  const rows = parse(text, { columns: true }) as Record<string, string>[];
  const lead = rows.find((row) => Object.values(row).includes('vera.visitor@example.org'));
  assert.ok(lead, `the request is in the CSV:\n${text}`);
  t.diagnostic(`CSV columns: ${Object.keys(lead).join(', ')}`);
  assert.equal(lead.kind, 'contact_request');
  assert.equal(lead.city, 'Lyon');
  assert.equal(lead.postal_code, '69003');
  // The proof of consent: given, the wording the visitor saw (in English) and its version, with the time.
  assert.equal(lead.consent_data_sharing, 'yes');
  assert.equal(lead.consent_data_sharing_wording, CONSENTS.data_sharing.en);
  assert.equal(lead.consent_data_sharing_version, String(CONSENTS.data_sharing.version));
  assert.equal(lead.wording_locale, 'en_EN');
  assert.ok(!Number.isNaN(Date.parse(lead.created_at ?? '')), `created_at: ${lead.created_at}`);
  await visitorContext.close();
  await exhibitorContext.close();
});

test('an anonymous visitor who plays the contest is offered the login at once: no question, no refused call', async () => {
  const { salon, browser } = env;
  const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const errors = collectErrors(page);
  const contestCalls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/contest/') || request.url().includes('/api/concours')) contestCalls.push(request.url());
  });
  await page.goto(`${salon.baseUrl}/salon`);
  await widgetsSettled(page);
  const frame = await roomFrame(page);
  await ready(frame, 'home');
  await frame.getByRole('button', { name: 'Play the contest' }).click();
  const offer = page.getByRole('dialog', { name: 'Log in to take part in the contest' });
  await offer.waitFor({ timeout: WAIT_MS });
  assert.equal(await offer.getByRole('link', { name: 'Log in' }).getAttribute('href'), '/connexion?retour=%2Fsalon');
  assert.equal(await frame.getByText('Question 1 of 5', { exact: true }).count(), 0);
  assert.deepEqual(contestCalls, []);
  assert.deepEqual(errors, []);
  await context.close();
});
