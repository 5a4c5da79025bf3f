/**
 * Admin: the event's content, in Chromium. The administrator edits a stand's English name at
 * /admin/stands; a visitor (another browser context, in English) sees the new name in the room after a reload.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { roomFrame, useSalon, widgetsSettled } from './harness';
import { adminOnAdmin, toPlan, visitorInSalon } from './steps';

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
