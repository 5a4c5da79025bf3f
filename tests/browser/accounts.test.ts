import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { BrowserContext } from 'playwright-core';
import { collectErrors, logIn, useSalon, widgetsSettled } from './harness';

const env = useSalon();

async function englishContext(): Promise<BrowserContext> {
  return env.browser.newContext({ locale: 'en-US' });
}

test('an exhibitor logs in, lands on the exhibitor area, and the top bar links to the account', async () => {
  const context = await englishContext();
  const page = await context.newPage();
  const status = await logIn(page, env.salon.baseUrl, 'exposant@salon.test');
  assert.equal(status, 303);
  assert.equal(new URL(page.url()).pathname, '/exposant');
  const cookies = await context.cookies();
  const session = cookies.find((c) => c.httpOnly);
  assert.ok(session, 'no HttpOnly session cookie');
  assert.ok(session.sameSite === 'Lax' || session.sameSite === 'Strict');

  await page.goto(`${env.salon.baseUrl}/salon`);
  await widgetsSettled(page);
  // The demo exhibitor chose French (the default of the exhibitor areas), whatever the browser says.
  assert.equal(await page.locator('html').getAttribute('lang'), 'fr');
  const nav = page.getByRole('navigation', { name: 'Menu principal' });
  await nav.waitFor();
  assert.equal(await nav.getByRole('link', { name: 'Mon compte' }).getAttribute('href'), `${env.salon.baseUrl}/exposant`);
  assert.equal(await nav.getByRole('link', { name: 'Profil' }).count(), 0);
  await nav.getByRole('button', { name: 'Plus' }).click();
  await page.getByRole('menuitem', { name: 'Quitter le salon' }).waitFor();
  await context.close();
});

test('a wrong password shows the form again with a message and a 401', async () => {
  const context = await englishContext();
  const page = await context.newPage();
  const status = await logIn(page, env.salon.baseUrl, 'visiteur@salon.test', 'not-the-password');
  assert.equal(status, 401);
  const form = page.getByRole('region', { name: 'Log in' });
  assert.ok(await form.getByRole('alert').isVisible());
  assert.equal(await form.getByLabel('Email address').inputValue(), 'visiteur@salon.test');
  await context.close();
});

test('a visitor sees Profile and Leave the room; leaving logs out', async () => {
  const context = await englishContext();
  const page = await context.newPage();
  assert.equal(await logIn(page, env.salon.baseUrl, 'visiteur@salon.test'), 303);
  assert.equal(new URL(page.url()).pathname, '/salon');
  await widgetsSettled(page);
  const nav = page.getByRole('navigation', { name: 'Main menu' });
  await nav.waitFor();
  assert.equal(await nav.getByRole('link', { name: 'My account' }).count(), 0);
  assert.equal(await nav.getByRole('link', { name: 'Profile' }).getAttribute('href'), `${env.salon.baseUrl}/profil`);
  await nav.getByRole('button', { name: 'More' }).click();
  await Promise.all([page.waitForURL(`${env.salon.baseUrl}/`), page.getByRole('menuitem', { name: 'Leave the room' }).click()]);
  const response = await page.goto(`${env.salon.baseUrl}/profil`);
  assert.equal(new URL(response?.url() ?? '').pathname, '/', 'the session survived logout');
  await context.close();
});

test('without a session /salon enters as an anonymous visitor, with no way to leave', async () => {
  const context = await englishContext();
  const page = await context.newPage();
  const errors = collectErrors(page);
  await page.goto(`${env.salon.baseUrl}/salon`);
  await widgetsSettled(page);
  const data = JSON.parse((await page.locator('#salon-page-data').textContent()) ?? '{}') as {
    user: { anonymous: boolean; profile: string };
  };
  assert.equal(data.user.anonymous, true);
  assert.equal(data.user.profile, 'visitor');
  const nav = page.getByRole('navigation', { name: 'Main menu' });
  await nav.waitFor();
  await nav.getByRole('button', { name: 'Home' }).waitFor();
  await nav.getByRole('button', { name: 'More' }).click();
  await page.getByRole('menuitem', { name: 'Legal notice' }).waitFor();
  assert.equal(await page.getByRole('menuitem', { name: 'Leave the room' }).count(), 0);
  assert.deepEqual(errors, []);
  await context.close();
});

test('switching the language re-renders the top bar in French without a reload, and it sticks', async () => {
  const context = await englishContext();
  const page = await context.newPage();
  assert.equal(await logIn(page, env.salon.baseUrl, 'visiteur2@salon.test'), 303);
  await widgetsSettled(page);
  let reloaded = false;
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) reloaded = true;
  });
  await page.getByRole('button', { name: /^Language: English/ }).click();
  await page.getByRole('button', { name: /^Français/ }).click();
  const nav = page.getByRole('navigation', { name: 'Menu principal' });
  await nav.waitFor();
  await nav.getByRole('button', { name: 'Accueil' }).waitFor();
  assert.equal(reloaded, false);
  await page.reload();
  await widgetsSettled(page);
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('button', { name: 'Accueil' }).waitFor();
  assert.equal(await page.locator('html').getAttribute('lang'), 'fr');
  await context.close();
});

test('a stored string cannot close the page-data element', async () => {
  const context = await englishContext();
  const page = await context.newPage();
  assert.equal(await logIn(page, env.salon.baseUrl, 'visiteur@salon.test'), 303);
  const hostile = '</script><script>window.__pwned=1</script><!--';
  await page.goto(`${env.salon.baseUrl}/profil`);
  await page.getByLabel('Nickname').fill(hostile);
  await Promise.all([page.waitForLoadState('load'), page.getByRole('button', { name: /^(save|enregistrer)$/i }).click()]);
  let dialogs = 0;
  page.on('dialog', (d) => {
    dialogs += 1;
    void d.dismiss();
  });
  await page.goto(`${env.salon.baseUrl}/salon`);
  await widgetsSettled(page);
  assert.equal(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned), undefined);
  const data = JSON.parse((await page.locator('#salon-page-data').textContent()) ?? '{}') as { user: { pseudo: string } };
  assert.equal(data.user.pseudo, hostile);
  assert.equal(dialogs, 0);
  await page.screenshot({ path: 'test-results/salon-visitor.png' });
  await context.close();
});
