/**
 * Sign-in links. The administrator imports a users CSV, downloads the sign-in links of the
 * imported accounts from the import's report, and one person opens their link in another browser context (French),
 * chooses a password there and lands in the room logged in; opening the link again says it was used. The page fits
 * a phone's width.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { test } from 'node:test';
import { parse } from 'csv-parse/sync';
import { collectErrors, logIn, useSalon, widgetsSettled } from './harness';

const env = useSalon();

const USERS = [
  'email,firstname,lastname,profile',
  'chloe.link@example.org,Chloé,Martin,visitor',
  'yann.link@example.org,Yann,Le Goff,exhibitor',
].join('\n');

test('links downloaded from the import report let a person choose a password and enter logged in, once', async () => {
  const { salon, browser } = env;
  const adminContext = await browser.newContext({ locale: 'en-US', viewport: { width: 1366, height: 768 }, acceptDownloads: true });
  const admin = await adminContext.newPage();
  const adminErrors = collectErrors(admin);
  assert.equal(await logIn(admin, salon.baseUrl, 'admin@salon.test'), 303);
  await admin.goto(`${salon.baseUrl}/admin/imports`);
  assert.deepEqual(await widgetsSettled(admin), { 'admin-imports': 'mounted' });
  const users = admin.getByRole('region', { name: 'Users' });
  await users.getByLabel('CSV file of users').setInputFiles({ name: 'guests.csv', mimeType: 'text/csv', buffer: Buffer.from(USERS) });
  await users.getByRole('button', { name: 'Import', exact: true }).click();
  await users.getByRole('heading', { name: 'Report of guests.csv' }).waitFor({ timeout: 15_000 });

  const links = users.getByRole('region', { name: 'Sign-in links' });
  const [download] = await Promise.all([
    admin.waitForEvent('download'),
    links.getByRole('button', { name: 'Download the sign-in links (CSV)' }).click(),
  ]);
  assert.match(download.suggestedFilename(), /^signin-links-\d{4}-\d{2}-\d{2}\.csv$/);
  const file = await download.path();
  const rows = parse(fs.readFileSync(file, 'utf8').replace(/^\ufeff/, ''), { columns: true }) as {
    email: string;
    firstname: string;
    lastname: string;
    link: string;
  }[];
  assert.deepEqual(
    rows.map((r) => [r.email, r.firstname, r.lastname]),
    [
      ['chloe.link@example.org', 'Chloé', 'Martin'],
      ['yann.link@example.org', 'Yann', 'Le Goff'],
    ],
  );
  const chloe = rows[0]!.link;
  assert.ok(chloe.startsWith(`${salon.baseUrl}/connexion/lien/`), chloe);

  // Chloé, in another browser, in French: the link shows the form; she chooses her password and enters the room.
  const guestContext = await browser.newContext({ locale: 'fr-FR', viewport: { width: 375, height: 812 } });
  const guest = await guestContext.newPage();
  const guestErrors = collectErrors(guest);
  await guest.goto(chloe);
  await guest.getByRole('heading', { name: 'Choisir votre mot de passe' }).waitFor();
  assert.equal(await guest.locator('#link-email').innerText(), 'chloe.link@example.org');
  const fits = await guest.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
  assert.ok(fits, 'the link page does not scroll sideways on a phone');
  await guest.getByLabel(/^Mot de passe/).fill('mon mot de passe');
  await Promise.all([guest.waitForURL(`${salon.baseUrl}/salon`), guest.getByRole('button', { name: 'Enregistrer et entrer' }).click()]);
  const me = await guest.evaluate(async () =>
    (await fetch('/api/users/me', { headers: { 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' } })).json(),
  );
  assert.equal((me as { data: { user: { email: string } } }).data.user.email, 'chloe.link@example.org');

  // The second use is refused, with what to do.
  const otherContext = await browser.newContext({ locale: 'en-US', viewport: { width: 1366, height: 768 } });
  const other = await otherContext.newPage();
  const response = await other.goto(chloe);
  assert.equal(response?.status(), 410);
  await other.getByText('This sign-in link has already been used: it works only once.').waitFor();
  await other.getByRole('link', { name: 'Contact the organizer' }).waitFor();
  // Her password works at the login form.
  assert.equal(await logIn(other, salon.baseUrl, 'chloe.link@example.org', 'mon mot de passe'), 303);

  assert.deepEqual(adminErrors, []);
  assert.deepEqual(guestErrors, []);
  await Promise.all([adminContext.close(), guestContext.close(), otherContext.close()]);
});
