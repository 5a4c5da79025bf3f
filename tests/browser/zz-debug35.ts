import { startSalon, launchChromium, roomFrame, collectErrors, logIn } from './harness';
void (async () => {
const salon = await startSalon();
const browser = await launchChromium();
try {
  const page = await (await browser.newContext({ viewport: { width: 1366, height: 768 } })).newPage();
  const errors = collectErrors(page);
  await logIn(page, salon.baseUrl, 'visiteur@salon.test');
  await page.goto(`${salon.baseUrl}/salon/stand-helios-solaire`);
  const frame = await roomFrame(page);
  await frame.locator('#room-frame[data-panorama="stand-helios-solaire"][data-state="ready"]').waitFor({ timeout: 90_000 });
  const control = frame.locator('.rf-panel').getByRole('button', { name: 'Company sheet', exact: true });
  await control.focus();
  await control.press('Enter');
  await page.locator('[data-sidebar="company-sheet"]').waitFor();
  console.log('page active', await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 100)));
  await page.keyboard.press('Escape');
  await page.locator('[data-sidebar="company-sheet"]').waitFor({ state: 'detached' });
  await page.waitForTimeout(500);
  console.log('page active', await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 100)));
  console.log('frame active', await frame.evaluate(() => document.activeElement?.outerHTML.slice(0, 200)));
  console.log(errors);
} finally {
  await browser.close();
  await salon.stop();
}
})();
