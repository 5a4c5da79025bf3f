/**
 * The Symfony host end to end: the salon server with a host secret, the Symfony site of hosts/symfony
 * (PHP's built-in server) behind nginx (`scripts/symfony.sh`, the command of `npm run symfony`), one origin for
 * Chromium. A visitor and an exhibitor log in on the Symfony site; /salon, rendered by Twig, mounts the widgets
 * with page data that came through the signed handoff; the visitor enters one of the exhibitor's stands and the
 * exhibitor sees them live; they chat both ways; logging out on Symfony ends the salon session.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  DEMO_PASSWORD,
  closePromotion,
  collectErrors,
  launchChromium,
  roomFrame,
  startSalon,
  widgetsSettled,
  type Salon,
  WAIT_MS,
} from './harness';
import { HOST_SECRET, logInOnSymfony, startSymfony, type SymfonyHost } from './symfony-host';
import { chatPanel as chat, frameStands, openChat, panoramaReady, send, startChatWith, toPlan, visitorsOn } from './steps';

let salon: Salon | undefined;
let host: SymfonyHost | undefined;
let browser: Browser | undefined;
before(async () => {
  salon = await startSalon({ SALON_HOST_SECRET: HOST_SECRET, TRUST_PROXY: '1' });
  host = await startSymfony(salon.baseUrl);
  browser = await launchChromium();
});
after(async () => {
  await browser?.close();
  await host?.stop();
  await salon?.stop();
});

/** Logs in on the Symfony site's own form and lands on its /salon. */
async function enterThroughSymfony(context: BrowserContext, email: string): Promise<{ page: Page; errors: string[] }> {
  const page = await context.newPage();
  const errors = collectErrors(page);
  await logInOnSymfony(page, host?.baseUrl ?? '', email);
  return { page, errors };
}

interface PageDataLike {
  user: { fullname: string; profile: string; anonymous: boolean; email: string | null; contact_email: string | null };
  owned_stands_ids: string[];
  room_url: string;
}

const pageDataOf = async (page: Page): Promise<PageDataLike> =>
  JSON.parse((await page.locator('#salon-page-data').textContent()) ?? '{}') as PageDataLike;

const EAGER = ['top-bar', 'room', 'toaster'];

test('through the Symfony origin: login on Symfony, the widgets on its Twig /salon, a stand visit seen live by the exhibitor, a chat both ways, logout ends the salon session', async (t) => {
  assert.ok(salon && host && browser);
  const base = host.baseUrl;

  // The handoff route is server-to-server only: nginx does not expose it.
  assert.equal((await fetch(`${base}/api/host/sessions`, { method: 'POST' })).status, 404);

  // The exhibitor (Claire, two Helios stands on the Symfony site).
  const exhibitorContext = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 800 } });
  const exhibitor = await enterThroughSymfony(exhibitorContext, 'exposant@salon.test');
  const exhibitorSlots = await widgetsSettled(exhibitor.page);
  for (const widget of [...EAGER, 'activity-stream'])
    assert.equal(exhibitorSlots[widget], 'mounted', `${widget}: ${JSON.stringify(exhibitorSlots)}`);
  const exhibitorData = await pageDataOf(exhibitor.page);
  assert.equal(exhibitorData.user.profile, 'exhibitor');
  assert.equal(exhibitorData.owned_stands_ids.length, 2, 'the exhibitor does not own the two stands the Symfony site named');

  // The visitor (Léa).
  const visitorContext = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 800 } });
  const visitor = await enterThroughSymfony(visitorContext, 'visiteur@salon.test');
  const slots = await widgetsSettled(visitor.page);
  for (const widget of EAGER) assert.equal(slots[widget], 'mounted', `${widget}: ${JSON.stringify(slots)}`);
  for (const [widget, state] of Object.entries(slots))
    if (!EAGER.includes(widget)) assert.ok(['idle', 'mounted'].includes(state), `${widget}: ${state}`);
  assert.equal(slots['activity-stream'], undefined, 'a visitor has no live activity slot');
  // The page data came from the handoff: Léa, signed in (not an anonymous visitor), addresses on the Symfony origin.
  const data = await pageDataOf(visitor.page);
  assert.equal(data.user.fullname, 'Léa Moreau');
  assert.equal(data.user.anonymous, false);
  assert.equal(data.user.contact_email, 'visiteur@salon.test');
  assert.ok(data.room_url.startsWith(`${base}/room/`), data.room_url);
  // The top bar shows a signed-in visitor: a Profile link (an anonymous visitor has none), on this origin.
  const nav = visitor.page.getByRole('navigation', { name: 'Main menu' });
  assert.equal(await nav.getByRole('link', { name: 'Profile' }).getAttribute('href'), `${base}/profil`);
  // The salon knows her by the cookie the Symfony site set (through nginx).
  const me = await visitor.page.request.get(`${base}/api/users/me`, { headers: { 'X-Requested-With': 'XMLHttpRequest' } });
  assert.equal(me.status(), 200);
  assert.match(await me.text(), /Moreau/);
  const cookie = (await visitorContext.cookies(base)).find((c) => c.name === 'salon_session');
  assert.ok(cookie, 'no salon_session cookie on the Symfony origin');
  assert.equal(cookie.httpOnly, true);
  assert.equal(cookie.sameSite, 'Lax');
  assert.equal(cookie.path, '/');
  // The salon's own pages the widgets lead to work on this origin too: the profile, the legal pages, the organiser
  // contact form's post; the salon's login address leads to this site's.
  const profile = await visitor.page.request.get(`${base}/profil`);
  assert.equal(profile.status(), 200);
  assert.match(await profile.text(), /name="publish_lastname"/);
  assert.equal((await visitor.page.request.get(`${base}/mentions-legales`)).status(), 200);
  const contact = await visitor.page.request.post(`${base}/contact`, {
    headers: { 'X-Requested-With': 'XMLHttpRequest', Origin: base },
    data: { subject: 'question', message: 'Through the Symfony host' },
  });
  assert.equal(((await contact.json()) as { statusCode: number }).statusCode, 200);
  const login = await fetch(`${base}/connexion`, { redirect: 'manual' });
  assert.equal(login.status, 303);
  assert.equal(new URL(login.headers.get('location') ?? '', base).pathname, '/login');

  // The visitor enters one of the exhibitor's stands from the floor plan's list; the exhibitor sees her within 3 s.
  const frame = await roomFrame(visitor.page);
  const stand = (await frameStands(frame)).find((s) => s.id === exhibitorData.owned_stands_ids[0]);
  assert.ok(stand, 'the exhibitor’s stand is not in the room');
  await toPlan(frame);
  const enteredAt = Date.now();
  await frame.getByRole('button', { name: stand.niceNameEn, exact: true }).click();
  for (;;) {
    if ((await visitorsOn(exhibitor.page, stand.id)).includes('Léa Moreau')) break;
    assert.ok(Date.now() - enteredAt < 20_000, 'the exhibitor did not see the visitor');
    await exhibitor.page.waitForTimeout(100);
  }
  t.diagnostic(`the exhibitor saw the visitor ${Date.now() - enteredAt} ms after she entered`);
  await panoramaReady(frame, stand.panorama);
  await closePromotion(visitor.page, stand);

  // A chat both ways (Start a chat lists people active lately: both say so, as the room would).
  for (const page of [visitor.page, exhibitor.page]) {
    const active = await page.request.put(`${base}/api/users/me/active`, {
      headers: { 'X-Requested-With': 'XMLHttpRequest', Origin: base },
    });
    assert.equal(active.status(), 200);
  }
  await openChat(visitor.page);
  const vChat = chat(visitor.page);
  await startChatWith(vChat, 'Claire Fontaine');
  await send(vChat, 'Hello from the <b>Symfony</b> site');

  await openChat(exhibitor.page);
  const eChat = chat(exhibitor.page);
  await eChat
    .getByRole('button', { name: /Léa Moreau|lea_m/ })
    .first()
    .click();
  await eChat.getByText('Hello from the <b>Symfony</b> site', { exact: true }).waitFor({ timeout: WAIT_MS });
  assert.equal(await eChat.locator('b', { hasText: 'Symfony' }).count(), 0, 'the message was rendered as HTML');
  const eBox = eChat.getByRole('textbox', { name: 'Message' });
  await eBox.fill('Welcome to our stand');
  await eBox.press('Enter');
  await vChat.getByText('Welcome to our stand', { exact: true }).waitFor({ timeout: WAIT_MS });

  // Logging out on the Symfony site (the top bar's "Leave the room" leads to its /deconnexion) ends the salon session.
  const token = cookie.value;
  const salonMe = () =>
    fetch(`${salon?.baseUrl}/api/users/me`, { headers: { 'X-Requested-With': 'XMLHttpRequest', cookie: `salon_session=${token}` } });
  assert.equal((await salonMe()).status, 200);
  await vChat.getByRole('button', { name: 'Close' }).first().click();
  await nav.getByRole('button', { name: 'More' }).click();
  const leave = visitor.page.getByRole('menuitem', { name: 'Leave the room' });
  assert.equal(await leave.getAttribute('href'), `${base}/deconnexion`);
  await leave.click();
  await visitor.page.waitForURL(`${base}/`);
  await visitor.page.getByRole('link', { name: 'Log in' }).waitFor();
  assert.equal((await salonMe()).status, 401, 'the salon session outlived the Symfony logout');
  assert.equal(
    (await visitorContext.cookies(base)).find((c) => c.name === 'salon_session'),
    undefined,
  );
  // /salon now asks to log in again.
  await visitor.page.goto(`${base}/salon`);
  assert.equal(new URL(visitor.page.url()).pathname, '/login');

  assert.deepEqual(visitor.errors, []);
  assert.deepEqual(exhibitor.errors, []);
  await visitorContext.close();
  await exhibitorContext.close();
});

test('outside the opening hours, the Symfony /salon tells a visitor when the salon opens, in their language and the salon’s time zone', async () => {
  assert.ok(salon && host && browser);
  const headers = { Origin: salon.baseUrl };
  const adminContext = await browser.newContext();
  const setAccess = async (opensAt: string) => {
    const saved = await adminContext.request.post(`${salon?.baseUrl ?? ''}/admin/acces`, {
      form: { time_zone: 'Europe/Paris', opens_at: opensAt, closes_at: '', mode: 'anyone' },
      headers,
      maxRedirects: 0,
    });
    assert.equal(saved.status(), 303);
  };
  const login = await adminContext.request.post(`${salon.baseUrl}/connexion`, {
    form: { email: 'admin@salon.test', password: DEMO_PASSWORD },
    headers,
    maxRedirects: 0,
  });
  assert.equal(login.status(), 303);
  await setAccess('2099-06-01T09:00');
  try {
    const visitorContext = await browser.newContext({ locale: 'fr-FR' });
    const { page } = await enterThroughSymfony(visitorContext, 'visiteur2@salon.test');
    // The salon's own sentence (`GET /api/check_legitimity`'s `message`), marked as French in the host's English page.
    await page.locator('p[role="status"][lang="fr"]').getByText('Le salon ouvre le 1 juin 2099 à 09:00.', { exact: true }).waitFor();
    assert.equal(await page.locator('#salon-page-data').count(), 0);
    await visitorContext.close();
  } finally {
    await setAccess('');
    await adminContext.close();
  }
});
