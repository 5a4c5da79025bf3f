/**
 * Admin: the event's content, in Chromium. The administrator edits a stand's English name at
 * /admin/stands; a visitor (another browser context, in English) sees the new name in the room after a reload.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { roomFrame, useSalon, widgetsSettled } from './harness';
import { adminOnAdmin, loggedIn, toPlan, visitorInSalon } from './steps';

const env = useSalon();

test('the administrator renames a stand in English at /admin/stands; the visitor’s room shows the new name after a reload', async () => {
  const { salon, browser } = env;

  const { context: visitorContext, page: visitor, errors } = await visitorInSalon(salon.baseUrl, browser);
  let frame = await roomFrame(visitor);
  await toPlan(frame);
  await frame.getByRole('button', { name: 'Helios Solar', exact: true }).waitFor();

  // From the administration page, as a person would.
  const { context: adminContext, page: admin } = await adminOnAdmin(salon.baseUrl, browser);
  await admin.getByRole('region', { name: 'Fair content' }).getByRole('link', { name: 'Stands' }).click();
  await admin.waitForURL(/\/admin\/stands$/);
  await admin.getByRole('link', { name: 'Edit Helios Solar' }).click();
  const form = admin.getByRole('region', { name: 'Edit the stand “Helios Solar”' });
  assert.equal(await form.getByLabel('Name (English)').inputValue(), 'Helios Solar');
  assert.equal(await form.getByLabel('Name (French)').inputValue(), 'Helios Solaire');
  await form.getByLabel('Name (English)').fill('Helios Sun Power');
  await Promise.all([admin.waitForURL(/\/admin\/stands\?done=saved/), form.getByRole('button', { name: 'Save the stand' }).click()]);
  await admin.getByRole('status').filter({ hasText: 'The changes have been saved.' }).waitFor();
  assert.ok(await admin.getByRole('cell', { name: /Helios Sun Power/ }).count());

  // The change log on /admin has it.
  await admin.goto(`${salon.baseUrl}/admin`);
  const log = admin.locator('#audit');
  await log.getByText('Stand changed').first().waitFor();
  assert.match((await log.locator('tbody tr').first().textContent()) ?? '', /name_en: "Helios Solar" → name_en: "Helios Sun Power"/);

  // The visitor reloads: the room's stand list has the new English name, not the old one.
  await visitor.reload();
  await widgetsSettled(visitor);
  frame = await roomFrame(visitor);
  await toPlan(frame);
  await frame.getByRole('button', { name: 'Helios Sun Power', exact: true }).waitFor();
  assert.equal(await frame.getByRole('button', { name: 'Helios Solar', exact: true }).count(), 0);
  // Entering it: the panel's heading names it too.
  await frame.getByRole('button', { name: 'Helios Sun Power', exact: true }).click();
  await frame.waitForSelector('#room-frame[data-panorama="stand-helios-solaire"]', { timeout: 60_000 });
  await frame.getByRole('heading', { name: 'Helios Sun Power', exact: true }).waitFor();

  assert.deepEqual(errors, []);
  await visitorContext.close();
  await adminContext.close();
});

test('a deletion is asked in the page’s own dialog, which names what goes (a company, a stand, an account, a news item); Cancel keeps it, confirming deletes it', async () => {
  const { salon, browser } = env;
  const { context, page: admin } = await adminOnAdmin(salon.baseUrl, browser);
  const browserDialogs: string[] = [];
  admin.on('dialog', (dialog) => {
    browserDialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await admin.goto(`${salon.baseUrl}/admin/entreprises`);
  const form = admin.getByRole('region', { name: 'New company' });
  await form.getByRole('textbox', { name: /^Name/ }).first().fill('Société Éphémère');
  await Promise.all([admin.waitForURL(/\/admin\/entreprises\?done=/), form.getByRole('button', { name: 'Create the company' }).click()]);
  const row = admin.getByRole('row').filter({ hasText: 'Société Éphémère' });
  await row.waitFor();

  // One click opens the question, nothing more.
  await row.getByRole('button', { name: 'Remove Société Éphémère' }).click();
  const dialog = admin.getByRole('alertdialog', { name: 'Delete the company “Société Éphémère”?' });
  await dialog.waitFor();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await dialog.waitFor({ state: 'hidden' });
  assert.equal(await row.count(), 1);

  await row.getByRole('button', { name: 'Remove Société Éphémère' }).click();
  await Promise.all([admin.waitForURL(/\/admin\/entreprises\?done=/), dialog.getByRole('button', { name: 'Delete the company' }).click()]);
  await admin.getByRole('status').waitFor();
  assert.equal(await admin.getByRole('row').filter({ hasText: 'Société Éphémère' }).count(), 0);

  // A stand, an account and a news item are asked the same way, each named; Cancel keeps them.
  for (const { path, button, question } of [
    { path: '/admin/stands', button: /^Remove /, question: /^Delete the stand “.+” \(.+\)\?$/ },
    { path: '/admin/comptes', button: /^Remove /, question: /^Delete the account of .+\?$/ },
    { path: '/organisateur', button: /^Delete “.+”$/, question: /^Delete the notification “.+”\?$/ },
  ]) {
    await admin.goto(`${salon.baseUrl}${path}`);
    const remove = admin.getByRole('button', { name: button }).first();
    const before = await admin.getByRole('button', { name: button }).count();
    await remove.click();
    const asked = admin.getByRole('alertdialog', { name: question });
    await asked.waitFor();
    await asked.getByRole('button', { name: 'Cancel' }).click();
    await asked.waitFor({ state: 'hidden' });
    assert.equal(await admin.getByRole('button', { name: button }).count(), before, `${path}: kept`);
  }
  assert.deepEqual(browserDialogs, []);
  await context.close();
});

test('at 375 px, every back-office page fits the phone: wide tables scroll inside their card, the page never sideways', async () => {
  const { salon, browser } = env;
  const shots = process.env.SALON_SHOTS_DIR;
  for (const locale of ['fr-FR', 'en-US']) {
    for (const viewport of [
      { width: 375, height: 812 },
      { width: 1366, height: 768 },
    ]) {
      const { context, page } = await loggedIn(browser, salon.baseUrl, 'admin@salon.test', {
        locale,
        viewport,
        isMobile: viewport.width < 400,
      });
      for (const path of [
        '/admin',
        '/organisateur',
        '/organisateur/visiteurs',
        '/admin/entreprises',
        '/admin/stands',
        '/admin/comptes',
        '/admin/programme',
        '/admin/panoramas',
        '/admin/imports',
      ]) {
        await page.goto(`${salon.baseUrl}${path}`);
        await page.getByRole('navigation', { name: /^(Back office|Back-office)$/ }).waitFor();
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        assert.ok(width <= viewport.width, `${path} (${locale}) is ${width} px wide at ${viewport.width} px`);
        if (shots)
          await page.screenshot({
            path: `${shots}/${path.replace(/\//g, '_')}-${locale}-${viewport.width}.png`,
            fullPage: viewport.width < 400,
          });
      }
      await context.close();
    }
  }
});
