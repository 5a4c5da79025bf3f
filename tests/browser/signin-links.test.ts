/**
 * Sign-in links. The administrator imports a users CSV, downloads the sign-in links of the
 * imported accounts from the import's report, and one person opens their link in another browser context (French),
 * chooses a password there and lands in the room logged in; opening the link again says it was used. The page fits
 * a phone's width. Then the demo's e-mail: a visitor resets a forgotten password from the e-mail its local mail server
 * caught; "invited only" turns a self-registered visitor away and lets the imported one in; before the opening hours a
 * visitor sees when the salon opens, and an exhibitor enters. Last, an organiser's e-mailing from /organisateur reaches
 * each visitor once, its progress moving on the page by itself; one visitor unsubscribes from the link of their e-mail,
 * and the next e-mailing skips them.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { test } from 'node:test';
import { parse } from 'csv-parse/sync';
import type { Locator, Page } from 'playwright-core';
import { collectErrors, logIn, useSalon, widgetsSettled, WAIT_MS } from './harness';

// 60 e-mails a minute: two at once, then one a second, so that an e-mailing's progress is seen moving on /organisateur.
const env = useSalon({ MAIL_RATE: '60' });

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
  await users.getByRole('heading', { name: 'Report of guests.csv' }).waitFor({ timeout: WAIT_MS });

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

/** Reloads `page` until `locator` shows (the demo's mail server catches an e-mail a moment after the request). */
async function reloadUntil(page: Page, locator: Locator, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while ((await locator.count()) === 0) {
    if (Date.now() > deadline) throw new Error('not shown in time');
    await new Promise((resolve) => setTimeout(resolve, 500));
    await page.reload();
  }
}

test('a forgotten password is reset from the e-mail the demo caught; "invited only" and the opening hours turn visitors away', async () => {
  const { salon, browser } = env;
  const adminContext = await browser.newContext({ locale: 'en-US', viewport: { width: 1366, height: 768 } });
  const admin = await adminContext.newPage();
  const adminErrors = collectErrors(admin);
  assert.equal(await logIn(admin, salon.baseUrl, 'admin@salon.test'), 303);

  // Thomas forgot his password: the login page's link, his address, the one answer given to any address.
  const visitorContext = await browser.newContext({ locale: 'en-US', viewport: { width: 375, height: 812 } });
  const visitor = await visitorContext.newPage();
  const visitorErrors = collectErrors(visitor);
  await visitor.goto(`${salon.baseUrl}/`);
  await visitor.getByRole('link', { name: 'Forgot your password?' }).click();
  await visitor.getByLabel(/^Email address/).fill('visiteur2@salon.test');
  await visitor.getByRole('button', { name: 'Send me a link' }).click();
  await visitor.getByText('If an account uses this address, an e-mail is on its way').waitFor();

  // The e-mail, as the demo's mail server caught it (the administrators' page of the demo).
  await admin.goto(`${salon.baseUrl}/admin/courriels`);
  const caught = admin
    .locator('article.caught-mail')
    .filter({ hasText: 'visiteur2@salon.test' })
    .filter({ hasText: 'Choose a new password' });
  await reloadUntil(admin, caught);
  const link = await caught
    .getByRole('link', { name: /\/connexion\/lien\// })
    .first()
    .getAttribute('href');
  assert.ok(link?.startsWith(`${salon.baseUrl}/connexion/lien/`), String(link));
  await visitor.goto(link!);
  await visitor.getByRole('heading', { name: 'Choose a new password' }).waitFor();
  await visitor.getByLabel(/^Password/).fill('thomas new secret');
  await Promise.all([visitor.waitForURL(`${salon.baseUrl}/salon`), visitor.getByRole('button', { name: 'Save and enter' }).click()]);
  await visitor.context().clearCookies();
  assert.equal(await logIn(visitor, salon.baseUrl, 'visiteur2@salon.test', 'thomas new secret'), 303);

  // "Invited only": a visitor who registered themselves is told so; Chloé, imported above, enters.
  await admin.goto(`${salon.baseUrl}/admin/acces`);
  await admin.getByRole('radio', { name: /Invited only/ }).check();
  await Promise.all([admin.waitForURL(/saved=1/), admin.getByRole('button', { name: 'Save' }).click()]);
  const selfContext = await browser.newContext({ locale: 'en-US' });
  const self = await selfContext.newPage();
  await self.goto(`${salon.baseUrl}/`);
  const register = self.getByRole('region', { name: 'Create a visitor account' });
  await register.getByLabel(/^Email address/).fill('myself@example.org');
  await register.getByLabel(/^Password/).fill('my own password');
  await register.getByLabel(/^First name/).fill('Max');
  await register.getByLabel(/^Last name/).fill('Self');
  await register.getByRole('button', { name: 'Create my account' }).click();
  await self.getByText('The salon is open to invited guests only.').waitFor();
  const guestContext = await browser.newContext({ locale: 'en-US' });
  const guest = await guestContext.newPage();
  await logIn(guest, salon.baseUrl, 'chloe.link@example.org', 'mon mot de passe');
  const room = await guest.goto(`${salon.baseUrl}/salon`);
  assert.equal(room?.status(), 200);

  // Outside the opening hours: a visitor sees when the salon opens, in their language; an exhibitor enters.
  await admin.goto(`${salon.baseUrl}/admin/acces`);
  await admin.getByLabel(/^The salon’s time zone/).fill('Europe/Paris');
  await admin.getByLabel(/^Opens at/).fill('2099-06-01T09:00');
  await admin.getByRole('radio', { name: /^Anyone/ }).check();
  await Promise.all([admin.waitForURL(/saved=1/), admin.getByRole('button', { name: 'Save' }).click()]);
  await visitor.goto(`${salon.baseUrl}/salon`);
  await visitor.getByText('The salon opens on 1 June 2099 at 09:00.').waitFor();
  const frenchContext = await browser.newContext({ locale: 'fr-FR' });
  const french = await frenchContext.newPage();
  await french.goto(`${salon.baseUrl}/salon`);
  await french.getByText('Le salon ouvre le 1 juin 2099 à 09:00.').waitFor();
  const exhibitorContext = await browser.newContext({ locale: 'en-US' });
  const exhibitor = await exhibitorContext.newPage();
  assert.equal(await logIn(exhibitor, salon.baseUrl, 'exposant@salon.test'), 303);
  assert.equal((await exhibitor.goto(`${salon.baseUrl}/salon`))?.status(), 200);
  assert.equal(await exhibitor.locator('#room-closed').count(), 0);

  // Back to the defaults for whatever runs next on this salon.
  await admin.goto(`${salon.baseUrl}/admin/acces`);
  await admin.getByLabel(/^Opens at/).fill('');
  await Promise.all([admin.waitForURL(/saved=1/), admin.getByRole('button', { name: 'Save' }).click()]);
  assert.deepEqual(adminErrors, []);
  // The closed room is a 403 page, which the console reports.
  assert.deepEqual(
    visitorErrors.filter((e) => !e.includes('status of 403')),
    [],
  );
  await Promise.all([adminContext, visitorContext, selfContext, guestContext, frenchContext, exhibitorContext].map((c) => c.close()));
});

test('an organiser’s e-mailing reaches each visitor once; a visitor who unsubscribed from the e-mail gets no further e-mailing', async () => {
  const { salon, browser } = env;
  const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1366, height: 768 } });
  const organiser = await context.newPage();
  const errors = collectErrors(organiser);
  assert.equal(await logIn(organiser, salon.baseUrl, 'organisateur@salon.test'), 303);
  const adminContext = await browser.newContext({ locale: 'en-US' });
  const admin = await adminContext.newPage();
  assert.equal(await logIn(admin, salon.baseUrl, 'admin@salon.test'), 303);
  const run = Date.now().toString(36);

  /**
   * Sends an e-mailing to all visitors from /organisateur's form and waits until its progress shows nothing waiting,
   * without a reload; `underWay`: more visitors than the two sent at once, so that the page first shows some waiting.
   */
  const sendToVisitors = async (subject: string, underWay = false): Promise<Locator> => {
    await organiser.goto(`${salon.baseUrl}/organisateur#emailing`);
    const form = organiser.getByRole('region', { name: 'E-mailing' });
    await form.getByLabel(/^Subject \(French\)/).fill(`${subject} (fr)`);
    await form.getByLabel(/^Subject \(English\)/).fill(subject);
    await form.getByLabel(/^Message \(French\)/).fill('Bonjour, le salon commence.');
    await form.getByLabel(/^Message \(English\)/).fill('Hello, the fair is starting.');
    await form.getByLabel('To', { exact: true }).selectOption({ label: 'All visitors' });
    await Promise.all([organiser.waitForURL(/[?&]emailing=/), form.getByRole('button', { name: 'Send the e-mailing' }).click()]);
    // Its line of "Latest e-mailings": Subject, To, Sent, Waiting, Failed, Skipped (unsubscribed).
    const row = organiser.getByRole('row').filter({ has: organiser.getByRole('cell', { name: subject, exact: true }) });
    if (underWay) assert.notEqual(await row.locator('td:nth-child(4)').textContent(), '0', 'the e-mailing is under way');
    await organiser.evaluate(() => document.documentElement.setAttribute('data-not-reloaded', ''));
    await row.filter({ has: organiser.locator('td:nth-child(4)', { hasText: /^0$/ }) }).waitFor({ timeout: 60_000 });
    assert.equal(await organiser.locator('html[data-not-reloaded]').count(), 1, 'the progress changed without a reload');
    return row;
  };
  /** The recipients of the e-mails the demo's mail server caught with this subject, once Thomas's has come. */
  const caughtTo = async (subject: string): Promise<string[]> => {
    await admin.goto(`${salon.baseUrl}/admin/courriels`);
    await reloadUntil(admin, admin.locator('article.caught-mail', { hasText: 'visiteur2@salon.test' }).filter({ hasText: subject }));
    return admin
      .locator('article.caught-mail', { has: admin.getByRole('heading', { name: subject, exact: true }) })
      .locator('.caught-to')
      .allTextContents();
  };

  const first = `News ${run}`;
  // Léa, Thomas and Chloé (imported above) at least.
  const firstRow = await sendToVisitors(first, true);
  assert.equal(await firstRow.locator('td:nth-child(5)').textContent(), '0');
  const reached = await caughtTo(first);
  // Each visitor once: Léa and Thomas among them, no address twice.
  assert.equal(reached.filter((to) => to === 'visiteur@salon.test').length, 1, JSON.stringify(reached));
  assert.equal(reached.filter((to) => to === 'visiteur2@salon.test').length, 1, JSON.stringify(reached));
  assert.equal(new Set(reached).size, reached.length, JSON.stringify(reached));

  // Léa unsubscribes from the link of her e-mail (a page that asks first, so that a mail scanner unsubscribes nobody).
  const link = await admin
    .locator('article.caught-mail', { hasText: 'visiteur@salon.test' })
    .filter({ hasText: first })
    .getByRole('link', { name: /\/desabonnement\// })
    .first()
    .getAttribute('href');
  assert.ok(link?.startsWith(`${salon.baseUrl}/desabonnement/`), String(link));
  const visitorContext = await browser.newContext({ locale: 'en-US', viewport: { width: 375, height: 812 } });
  const visitor = await visitorContext.newPage();
  await visitor.goto(link!);
  await visitor.getByRole('button', { name: 'Unsubscribe' }).click();
  await visitor.getByText('Done: you will receive no more e-mailings from the fair’s organizers.').waitFor();

  // The next e-mailing skips her, and says so in its progress; Thomas still gets it.
  const second = `Programme ${run}`;
  const secondRow = await sendToVisitors(second);
  assert.equal(await secondRow.locator('td:nth-child(6)').textContent(), '1');
  const reachedAgain = await caughtTo(second);
  assert.ok(reachedAgain.includes('visiteur2@salon.test'), JSON.stringify(reachedAgain));
  assert.ok(!reachedAgain.includes('visiteur@salon.test'), JSON.stringify(reachedAgain));
  assert.deepEqual(errors, []);
  await context.close();
  await adminContext.close();
  await visitorContext.close();
});
