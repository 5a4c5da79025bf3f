/**
 * CSV imports (spec §5 "Uploads"). The administrator, from /admin, opens the imports, sends a users
 * CSV with two lines without email, sees them in the preview, confirms skipping them, and gets the report naming
 * those lines; then a video-links CSV naming people by email and by name. The accounts and links are in the database
 * afterwards, and the change log on /admin lists both imports.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import Database from 'better-sqlite3';
import { collectErrors, logInDirectly, useSalon, widgetsSettled, WAIT_MS } from './harness';

const env = useSalon();

const USERS = [
  'email;firstname;lastname;city;profile',
  'nina.roy@example.org;Nina;Roy;Lyon;visitor',
  ';Sans;Adresse;Paris;',
  'omar.diallo@example.org;Omar;Diallo;Nantes;exhibitor',
  ';Autre;Ligne;Lille;',
  'visiteur2@salon.test;Thomas;Petit-Durand;Nantes;',
].join('\n');

const LINKS = ['name,link', 'omar.diallo@example.org,https://meet.example/omar', 'Nina Roy,https://meet.example/nina'].join('\n');

test('the administrator imports users (confirming the two lines without email) and video links; the data is there', async () => {
  const { salon, browser } = env;
  const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1366, height: 900 } });
  const admin = await context.newPage();
  const errors = collectErrors(admin);
  assert.equal(await logInDirectly(admin, salon.baseUrl, 'admin@salon.test', { open: false }), 303);
  await admin.goto(`${salon.baseUrl}/admin`);
  await admin.getByRole('link', { name: 'CSV imports (users, video links)' }).click();
  await admin.waitForURL(/\/admin\/imports$/);
  assert.deepEqual(await widgetsSettled(admin), { 'admin-imports': 'mounted' });

  // Users: the preview lists the two lines without email, and nothing is written yet.
  const users = admin.getByRole('region', { name: 'Users' });
  await users.getByLabel('CSV file of users').setInputFiles({ name: 'attendees.csv', mimeType: 'text/csv', buffer: Buffer.from(USERS) });
  await users.getByRole('heading', { name: 'Preview of attendees.csv' }).waitFor();
  await users.getByText('Lines without email, skipped: 3, 5').waitFor();
  const db = new Database(path.join(salon.dataDir, 'salon.sqlite'), { readonly: true });
  try {
    const userByEmail = (email: string) =>
      db.prepare('select firstname, lastname, city, profile, password_hash, visio_link from users where email = ?').get(email) as
        Record<string, unknown> | undefined;
    assert.equal(userByEmail('nina.roy@example.org'), undefined, 'the preview writes nothing');
    await users.getByRole('button', { name: 'Skip 2 lines and import' }).click();

    // The report names the skipped lines.
    await users.getByRole('heading', { name: 'Report of attendees.csv' }).waitFor({ timeout: WAIT_MS });
    await users.getByText('The import is finished.').waitFor();
    const skipped = users.getByRole('table', { name: 'Skipped lines' });
    assert.deepEqual(await skipped.getByRole('row').allInnerTexts(), ['Line\tReason', '3\tno email', '5\tno email']);
    assert.equal(await users.getByText('created').locator('xpath=preceding-sibling::strong').innerText(), '2');
    assert.equal(await users.getByText('updated').locator('xpath=preceding-sibling::strong').innerText(), '1');

    // Video links: one by email, one by the full name of a person just imported.
    const links = admin.getByRole('region', { name: 'Video links' });
    await links
      .getByLabel('CSV file of video links')
      .setInputFiles({ name: 'visio.csv', mimeType: 'text/csv', buffer: Buffer.from(LINKS) });
    await links.getByRole('heading', { name: 'Preview of visio.csv' }).waitFor();
    await links.getByRole('button', { name: 'Import', exact: true }).click();
    await links.getByRole('heading', { name: 'Report of visio.csv' }).waitFor({ timeout: WAIT_MS });
    assert.equal(await links.getByText('updated').locator('xpath=preceding-sibling::strong').innerText(), '2');

    // The data is there.
    assert.deepEqual(userByEmail('nina.roy@example.org'), {
      firstname: 'Nina',
      lastname: 'Roy',
      city: 'Lyon',
      profile: 'visitor',
      password_hash: null,
      visio_link: 'https://meet.example/nina',
    });
    assert.deepEqual(userByEmail('omar.diallo@example.org'), {
      firstname: 'Omar',
      lastname: 'Diallo',
      city: 'Nantes',
      profile: 'exhibitor',
      password_hash: null,
      visio_link: 'https://meet.example/omar',
    });
    assert.equal(userByEmail('visiteur2@salon.test')?.lastname, 'Petit-Durand');
    const sans = db.prepare("select count(*) as n from users where firstname in ('Sans', 'Autre')").get() as { n: number };
    assert.equal(sans.n, 0, 'the lines without email were skipped');
  } finally {
    db.close();
  }

  // The change log on /admin has both imports.
  await admin.goto(`${salon.baseUrl}/admin#audit`);
  const log = admin.locator('#audit');
  await log.getByText('Users import (CSV)').waitFor();
  await log.getByText('Video links import (CSV)').waitFor();
  assert.match(await log.innerText(), /attendees\.csv/);
  assert.deepEqual(errors, []);
  await context.close();
});
