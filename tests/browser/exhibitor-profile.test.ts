/**
 * The exhibitor card end to end: the exhibitor edits their card on /exposant/profil; a visitor (another browser
 * context) has the contact point of that exhibitor's stand open. The exhibitor unticks the phone: the preview stops
 * offering it at once, and after Save the visitor's card stops offering it within a few seconds — without a reload
 * of the visitor's page. The exhibitor's page is in French (the demo account's language), the visitor's in English: the English
 * function the exhibitor types is what the visitor's card shows. Then the picture in Chromium: cropped with Cropper.js
 * under the page's Content-Security-Policy and sent as a 512 px square JPEG (the uploads endpoint, another part of
 * the back office, is answered by the test as its contract says).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { closePromotion, logInDirectly, roomFrame, useSalon, widgetsSettled, WAIT_MS } from './harness';
import { enterStand, exhibitorInArea, frameStands, loadsOf, loggedIn, ownedStandIds, until, visitorInSalon } from './steps';

const env = useSalon();

/** The entries of a card's three-dots menu (opened, read, closed again), in English or French. */
async function menuOf(page: Page, card: Locator, name: string): Promise<string[]> {
  await card.getByRole('button', { name: new RegExp(`^(More ways to contact|Autres moyens de contacter) ${name}$`) }).click();
  const items = await card.getByRole('menuitem').allTextContents();
  await page.keyboard.press('Escape');
  return items;
}

test('an exhibitor unpublishes their phone on /exposant/profil; the visitor’s open card stops offering it, without a reload', async (t) => {
  const { salon, browser } = env;

  // The exhibitor (the demo account's language is French): from their area to the editor.
  const { context: exhibitorContext, page: exhibitor, errors: exhibitorErrors } = await exhibitorInArea(salon.baseUrl, browser);
  await exhibitor.getByRole('link', { name: 'Modifier ma fiche exposant' }).click();
  await exhibitor.waitForURL(/\/exposant\/profil$/);
  const slots = await widgetsSettled(exhibitor);
  assert.deepEqual(slots, { 'exhibitor-profile': 'mounted' });
  const form = exhibitor.getByRole('form', { name: 'Ma fiche' });
  await form.waitFor({ timeout: WAIT_MS });
  const preview = exhibitor.getByRole('region', { name: 'Ce que voient les visiteurs' });
  const ownCard = preview.getByRole('article');
  assert.equal(await form.getByRole('textbox', { name: 'Téléphone mobile' }).inputValue(), '+33 4 76 00 11 22');
  assert.deepEqual(await menuOf(exhibitor, ownCard, 'Claire Fontaine'), ['Email', 'Téléphone', 'LinkedIn']);
  const owned = await ownedStandIds(exhibitor);
  assert.equal(owned.length, 2);

  // The visitor enters the exhibitor's first stand and opens its contact point: Claire offers her phone.
  const { context: visitorContext, page: visitor, errors: visitorErrors } = await visitorInSalon(salon.baseUrl, browser);
  const frame = await roomFrame(visitor);
  const stand = (await frameStands(frame)).find((s) => s.id === owned[0]);
  assert.ok(stand, 'the exhibitor’s stand is not in the room');
  await enterStand(frame, stand);
  await closePromotion(visitor, stand);
  await frame.getByRole('button', { name: 'Exhibitors', exact: true }).click();
  const contactPoint = visitor.getByRole('complementary', { name: 'Exhibitors' });
  const claire = contactPoint.getByRole('article', { name: 'Claire Fontaine' });
  await claire.waitFor({ timeout: WAIT_MS });
  assert.deepEqual(await menuOf(visitor, claire, 'Claire Fontaine'), ['Email', 'Phone', 'LinkedIn']);
  const loads = loadsOf(visitor);

  // The exhibitor unticks the phone: the preview follows at once; then the functions, and Save.
  await form.getByRole('checkbox', { name: 'Afficher le téléphone mobile sur ma fiche' }).uncheck();
  assert.deepEqual(await menuOf(exhibitor, ownCard, 'Claire Fontaine'), ['Email', 'LinkedIn']);
  await form.getByRole('textbox', { name: 'Fonction (français)' }).fill('Directrice des ventes');
  await ownCard.getByText('Directrice des ventes').waitFor();
  await form.getByRole('textbox', { name: 'Fonction (anglais)' }).fill('Head of sales');
  const [response] = await Promise.all([
    exhibitor.waitForResponse((r) => r.request().method() === 'PUT' && r.url().endsWith('/api/exhibitors/me/profile')),
    form.getByRole('button', { name: 'Enregistrer ma fiche' }).click(),
  ]);
  assert.equal(response.status(), 200);
  const savedAt = Date.now();
  await form.getByText('Votre fiche a été enregistrée. Les visiteurs la voient dès maintenant.').waitFor();

  // The visitor's open card: no phone any more, the new function, within a few seconds and without a reload.
  await claire.getByText('Head of sales').waitFor({ timeout: WAIT_MS });
  const menu = await until(
    'the phone gone from the visitor’s card',
    5000,
    async () => {
      const items = await menuOf(visitor, claire, 'Claire Fontaine');
      return items.includes('Phone') ? null : items;
    },
    visitor,
  );
  const seenAfter = Date.now() - savedAt;
  t.diagnostic(`the visitor's card followed ${seenAfter} ms after the save`);
  assert.ok(seenAfter < 5000, `seen after ${seenAfter} ms`);
  assert.deepEqual(menu, ['Email', 'LinkedIn']);
  assert.deepEqual(loads, [], 'the visitor’s page was reloaded');

  // The editor, opened again, shows what was saved.
  await exhibitor.reload();
  await widgetsSettled(exhibitor);
  await exhibitor.getByRole('form', { name: 'Ma fiche' }).waitFor({ timeout: WAIT_MS });
  assert.equal(await exhibitor.getByRole('checkbox', { name: 'Afficher le téléphone mobile sur ma fiche' }).isChecked(), false);
  assert.equal(await exhibitor.getByRole('textbox', { name: 'Fonction (anglais)' }).inputValue(), 'Head of sales');

  assert.deepEqual(exhibitorErrors, []);
  assert.deepEqual(visitorErrors, []);
  await visitorContext.close();
  await exhibitorContext.close();
});

test('the picture: chosen, cropped with Cropper.js under the page’s policy, sent as a 512 px square JPEG in a multipart body', async () => {
  const { salon, browser } = env;
  const { context, page, errors } = await loggedIn(browser, salon.baseUrl, 'exposant2@salon.test', {
    locale: 'en-US',
    viewport: { width: 1366, height: 900 },
  });
  await page.request.put(`${salon.baseUrl}/api/locale`, {
    data: { lang: 'en_EN' },
    headers: { 'x-requested-with': 'XMLHttpRequest', origin: salon.baseUrl },
  });
  // The real uploads endpoint (POST /api/medias?kind=picture): what the page sends is kept to look at.
  const uploads: { kind: string | null; file: File }[] = [];
  await page.route(
    (address) => address.pathname === '/api/medias',
    async (route) => {
      const request = route.request();
      if (request.method() === 'POST') {
        const type = (await request.headerValue('content-type')) ?? '';
        const form = await new Response(new Uint8Array(request.postDataBuffer() ?? Buffer.alloc(0)), {
          headers: { 'content-type': type },
        }).formData();
        uploads.push({ kind: new URL(request.url()).searchParams.get('kind'), file: form.get('file') as File });
      }
      await route.continue();
    },
  );
  await page.goto(`${salon.baseUrl}/exposant/profil`);
  await widgetsSettled(page);
  const form = page.getByRole('form', { name: 'My card' });
  await form.waitFor({ timeout: WAIT_MS });
  const photo =
    '<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800"><rect width="1200" height="800" fill="#1f5fa8"/><circle cx="600" cy="400" r="300" fill="#f2c9a0"/></svg>';
  await page.getByLabel('Picture file').setInputFiles({ name: 'me.svg', mimeType: 'image/svg+xml', buffer: Buffer.from(photo) });
  const cropper = page.getByRole('group', { name: 'Crop your picture' });
  await cropper.locator('cropper-selection').waitFor();
  await cropper.getByRole('button', { name: 'Use this picture' }).click();
  const preview = page.getByRole('region', { name: 'What visitors see' });
  await until(
    'the cropped picture in the preview',
    WAIT_MS,
    async () =>
      /^\/api\/medias\/[A-Za-z0-9_-]{24}$/.test((await preview.getByRole('img', { name: /^Picture of / }).getAttribute('src')) ?? ''),
    page,
  );
  const src = (await preview.getByRole('img', { name: /^Picture of / }).getAttribute('src')) ?? '';
  assert.equal(uploads.length, 1);
  assert.equal(uploads[0]?.kind, 'picture');
  const file = uploads[0]?.file;
  assert.equal(file?.type, 'image/jpeg');
  const bytes = new Uint8Array(await (file as File).arrayBuffer());
  assert.deepEqual([...bytes.slice(0, 3)], [0xff, 0xd8, 0xff], 'not a JPEG');
  const { default: sharp } = await import('sharp');
  const meta = await sharp(Buffer.from(bytes)).metadata();
  assert.deepEqual([meta.width, meta.height], [512, 512]);
  // Saved, the card keeps that upload; the server re-encoded it and serves it as a JPEG.
  const [saved] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().endsWith('/api/exhibitors/me/profile')),
    form.getByRole('button', { name: 'Save my card' }).click(),
  ]);
  assert.equal(saved.status(), 200);
  assert.equal(((await saved.json()) as { data: { profile: { picture_path: string } } }).data.profile.picture_path, src);
  const served = await page.request.get(`${salon.baseUrl}${src}`);
  assert.equal(served.headers()['content-type'], 'image/jpeg');
  assert.deepEqual(errors, []);
  await context.close();
});

test('/exposant/profil refuses a visitor (403) and sends a visitor without a session to the home page', async () => {
  const { salon, browser } = env;
  const context = await browser.newContext({ locale: 'en-US' });
  const page = await context.newPage();
  const anonymous = await page.goto(`${salon.baseUrl}/exposant/profil`);
  assert.equal(new URL(page.url()).pathname, '/');
  assert.equal(anonymous?.status(), 200);
  assert.equal(await logInDirectly(page, salon.baseUrl, 'visiteur@salon.test', { open: false }), 303);
  const refused = await page.goto(`${salon.baseUrl}/exposant/profil`);
  assert.equal(refused?.status(), 403);
  assert.equal(await page.locator('[data-salon-widget="exhibitor-profile"]').count(), 0);
  await context.close();
});
