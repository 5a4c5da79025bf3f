/**
 * What the host page lays over the room and over itself, measured on element boxes in
 * Chromium at 1366×768 and 375×812:
 * - the exhibitor's activity widget floats over the room's bottom-left corner, taking no column, and covers neither the
 *   frame's panel, its bar nor its hotspots (the frame keeps them out of the corner): a click on each reaches the frame;
 * - toasts (three news items of the organiser and an error) never cover the top bar (a modal open too), a modal's
 *   heading and actions, the cookie banner's buttons or an open chat's textarea and Send; on a phone they take at most a
 *   quarter of the height, and the news toast's buttons are under its text;
 * - in live-stream mode, the stream's chat toggle is not under the cookie banner;
 * - the top bar's More menu and language list are above the toasts (a copy's toast too, from the company sheet), the
 *   chat's emoji picker within its sidebar, and a modal above the cookie banner (issue 35);
 * - an unavailable exhibitor's banner is beside the toasts, not under them (issue 36).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Browser, FrameLocator, Locator, Page } from 'playwright-core';
import { logInDirectly, useSalon, widgetsSettled, WAIT_MS } from './harness';
import { until } from './steps';

const env = useSalon();

const DESKTOP = { width: 1366, height: 768 };
const PHONE = { width: 375, height: 812 };

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

async function box(locator: Locator): Promise<Box> {
  const found = await locator.boundingBox();
  assert.ok(found, `no box for ${String(locator)}`);
  return found;
}

/** Two boxes share some area (touching edges do not count). */
function intersects(a: Box, b: Box): boolean {
  return a.x < b.x + b.width - 0.5 && b.x < a.x + a.width - 0.5 && a.y < b.y + b.height - 0.5 && b.y < a.y + a.height - 0.5;
}

function show(b: Box): string {
  return `${Math.round(b.x)},${Math.round(b.y)} ${Math.round(b.width)}×${Math.round(b.height)}`;
}

function assertApart(a: Box, b: Box, what: string): void {
  assert.ok(!intersects(a, b), `${what}: ${show(a)} intersects ${show(b)}`);
}

/** `b`'s top and height are whole CSS pixels (within a hundredth). */
function assertWholePixels(b: Box, what: string): void {
  const whole = (value: number) => Math.abs(value - Math.round(value)) < 0.01;
  assert.ok(whole(b.y) && whole(b.height), `${what} is not on whole pixels: top ${b.y}, height ${b.height}`);
}

/** With OVERLAP_SHOTS=<folder>, the states measured are saved there as PNG, to look at. */
async function screenshot(page: Page, name: string): Promise<void> {
  if (process.env.OVERLAP_SHOTS) await page.screenshot({ path: `${process.env.OVERLAP_SHOTS}/${name}.png` });
}

async function ready(frame: FrameLocator, panorama: string): Promise<void> {
  await frame.locator(`#room-frame[data-panorama="${panorama}"][data-state="ready"]`).waitFor({ timeout: 60_000 });
}

/** The room frame, found again whenever it reloads (a language or consent change gives it a new address). */
async function room(page: Page): Promise<FrameLocator> {
  const frame = page.frameLocator('[data-salon-widget="room"] iframe.salon-room__frame');
  await frame.getByRole('button', { name: /(Stands and areas|Stands et espaces)$/ }).waitFor({ timeout: 30_000 });
  return frame;
}

async function openSalon(
  browser: Browser,
  email: string | null,
  viewport: { width: number; height: number },
  locale = 'en-US',
): Promise<Page> {
  const context = await browser.newContext({ locale, viewport });
  const page = await context.newPage();
  if (email) {
    assert.equal(await logInDirectly(page, env.salon.baseUrl, email, { open: false }), 303);
    // The page's language, whatever the account chose before.
    const lang = locale.startsWith('fr') ? 'fr_FR' : 'en_EN';
    const answer = await page.request.put(`${env.salon.baseUrl}/api/locale`, {
      data: { lang },
      headers: { 'X-Requested-With': 'XMLHttpRequest', Origin: env.salon.baseUrl },
    });
    assert.equal(answer.status(), 200);
  }
  await page.goto(`${env.salon.baseUrl}/salon`);
  await widgetsSettled(page);
  return page;
}

/**
 * What a click at the middle of `b` (page coordinates) reaches on the host page: 'room' (the room frame), 'widget' (the
 * exhibitor's activity widget) or what else is there.
 */
async function hitAt(page: Page, b: Box): Promise<string> {
  return page.evaluate(
    ({ x, y }) => {
      const element = document.elementFromPoint(x, y);
      if (!element) return 'nothing';
      if (element.matches('iframe[title="Virtual room"]')) return 'room';
      if (element.closest('.salon-activity-dock')) return 'widget';
      return `${element.tagName.toLowerCase()}.${element.className}`;
    },
    { x: b.x + b.width / 2, y: b.y + b.height / 2 },
  );
}

/**
 * Every visible button of the room frame's panel: its box in the page apart from `cover`, a click at its middle
 * reaching the room frame, and a trial click (hit-tested by Playwright).
 */
async function panelButtonsFree(page: Page, frame: FrameLocator, cover: Box, what: string): Promise<number> {
  const buttons = frame.locator('.rf-panel button:visible, .rf-panel input:visible');
  const count = await buttons.count();
  for (let i = 0; i < count; i += 1) {
    const button = buttons.nth(i);
    await button.scrollIntoViewIfNeeded();
    const name = (await button.textContent())?.trim() ?? '';
    const at = await box(button);
    assertApart(at, cover, `${what} covers the panel's "${name}"`);
    assert.equal(await hitAt(page, at), 'room', `a click on the panel's "${name}" (${show(at)})`);
    await button.click({ trial: true, timeout: WAIT_MS });
  }
  return count;
}

/**
 * The viewer's bar (zoom, turn) and its visible hotspots: apart from `cover`, and a click on each reaching the room
 * frame (those whose middle is in the view: a hotspot may stand half past the frame's edge).
 */
async function viewFree(page: Page, frame: FrameLocator, cover: Box, what: string): Promise<number> {
  const roomBox = await box(page.getByTitle('Virtual room'));
  const controls = [...(await frame.locator('.rf-viewer__button').all()), ...(await frame.locator('.rf-marker--visible').all())];
  for (const control of controls) {
    const name = (await control.getAttribute('aria-label')) ?? (await control.textContent())?.trim() ?? '';
    const at = await box(control);
    assertApart(at, cover, `${what} covers the room's "${name}"`);
    const [x, y] = [at.x + at.width / 2, at.y + at.height / 2];
    if (x > roomBox.x && x < roomBox.x + roomBox.width && y > roomBox.y && y < roomBox.y + roomBox.height)
      assert.equal(await hitAt(page, at), 'room', `a click on the room's "${name}" (${show(at)})`);
  }
  return controls.length;
}

test('item 4 (issue 36 item 9): the exhibitor’s activity widget floats at the room’s bottom left, taking no column, and covers neither the frame’s panel, its bar nor its hotspots, expanded or collapsed (1366×768); not on a phone', async () => {
  const { browser } = env;
  const page = await openSalon(browser, 'exposant@salon.test', DESKTOP);
  await page.getByRole('button', { name: 'Refuse', exact: true }).click();
  const frame = await room(page);
  await ready(frame, 'home');
  const widget = page.getByRole('region', { name: 'My activity' });
  await widget.getByRole('switch').waitFor();
  const widgetBox = await box(widget);
  const roomBox = await box(page.getByTitle('Virtual room'));
  // No column: the room takes the window's whole width, and the widget floats over its bottom-left corner.
  assert.ok(roomBox.x < 1 && roomBox.width > DESKTOP.width - 1, `the room takes the whole width: ${show(roomBox)}`);
  assert.ok(widgetBox.x >= roomBox.x && widgetBox.x < roomBox.x + 24, `the widget is at the room's left: ${show(widgetBox)}`);
  const bottomGap = roomBox.y + roomBox.height - (widgetBox.y + widgetBox.height);
  assert.ok(bottomGap >= 0 && bottomGap < 24, `the widget is at the room's bottom: ${show(widgetBox)} in ${show(roomBox)}`);
  assert.ok(
    widgetBox.width < 0.25 * DESKTOP.width && widgetBox.height < 0.6 * roomBox.height,
    `a corner, not a column: ${show(widgetBox)}`,
  );
  assert.equal(await hitAt(page, widgetBox), 'widget');
  // Whole pixels: a top at a fractional pixel rasterises the widget's text one way or the other from run to run.
  assertWholePixels(widgetBox, 'the activity widget');
  // The frame keeps its panel above the widget (told by the room: it may take a moment).
  const panel = frame.locator('.rf-panel');
  await until('the panel ends above the widget', WAIT_MS, async () => !intersects(await box(panel), widgetBox), page);

  // The hotspots in view and the bar's buttons can be clicked (the hall's "Floor plan" is on the left).
  assert.ok((await viewFree(page, frame, widgetBox, 'the activity widget')) > 6);

  // A stand's panel, its actions at the bottom: all clickable, the panel scrolling above the widget.
  await frame.getByRole('button', { name: 'Floor plan', exact: true }).click();
  await ready(frame, 'plan');
  await frame.getByRole('button', { name: 'Nordic Robotics', exact: true }).click();
  await ready(frame, 'stand-nordic-robotics');
  await frame.locator('.rf-marker--visible').first().waitFor();
  const expanded = await box(widget);
  const standPanel = await box(panel);
  assertApart(expanded, standPanel, 'the activity widget covers the stand panel');
  await screenshot(page, 'activity-stand-1366');
  assert.ok((await panelButtonsFree(page, frame, expanded, 'the activity widget')) > 5);
  assert.ok((await viewFree(page, frame, expanded, 'the activity widget')) > 6);

  // Collapsed to its button: the panel takes the height back, and the button still covers nothing.
  await widget.getByRole('button', { name: 'Hide my activity' }).click();
  const collapsed = page.getByRole('button', { name: 'Show my activity' });
  await collapsed.waitFor();
  const button = await box(collapsed);
  assert.ok(button.x < roomBox.x + 24 && button.height < 60, `collapsed to a button at the bottom left: ${show(button)}`);
  assertWholePixels(button, 'the collapsed activity widget');
  await until('the panel grows down to the button', WAIT_MS, async () => (await box(panel)).height > standPanel.height + 100, page);
  assert.equal(await hitAt(page, button), 'widget');
  assertApart(button, await box(panel), 'the collapsed activity widget covers the stand panel');
  await panelButtonsFree(page, frame, button, 'the collapsed activity widget');
  await viewFree(page, frame, button, 'the collapsed activity widget');
  await screenshot(page, 'activity-collapsed-1366');
  await collapsed.click();
  await widget.getByRole('switch').waitFor();
  await page.context().close();

  // A phone has no activity widget (spec §2.10: desktop only); nothing lies over the frame.
  const phone = await openSalon(browser, 'exposant@salon.test', PHONE);
  await room(phone);
  assert.equal(await phone.getByRole('region', { name: 'My activity' }).count(), 0);
  assert.equal(await phone.getByRole('button', { name: 'Show my activity' }).count(), 0);
  await screenshot(phone, 'activity-phone-375');
  await phone.context().close();
});

const SCREENS = [
  { name: 'desktop, English', viewport: DESKTOP, locale: 'en-US' },
  { name: 'phone, French', viewport: PHONE, locale: 'fr-FR' },
] as const;

const XHR = () => ({ 'X-Requested-With': 'XMLHttpRequest', Origin: env.salon.baseUrl });

/** The organiser sends a news item to everyone through the API (what /organisateur's form does). */
async function postNews(organiser: Page, n: number): Promise<void> {
  const answer = await organiser.request.post(`${env.salon.baseUrl}/api/notifications`, {
    data: {
      title: `Nouvelle ${n}`,
      title_en: `News ${n}`,
      message: `Conférence ${n} en salle B à 15h.`,
      message_en: `Talk ${n} in room B at 3 pm.`,
    },
    headers: XHR(),
  });
  assert.equal(answer.status(), 200, await answer.text());
}

/**
 * An error toast as the API client shows a server's refusal (a persistent one, so the measures do not race its
 * 5 s): put on the page's toast store, the bus singleton every widget shares.
 */
async function showErrorToast(page: Page): Promise<void> {
  await page.evaluate(() => {
    type Store = { get(): { id: number }[]; set(v: unknown[]): void };
    const bus = (globalThis as unknown as Record<symbol, { $toasts: Store } | undefined>)[Symbol.for('salon.bus@1/toasts')];
    if (!bus) throw new Error('no toast store on the page');
    bus.$toasts.set([
      ...bus.$toasts.get(),
      {
        id: 90_001,
        kind: 'error',
        message: 'The server refused the request: this stand no longer takes offer requests today.',
        persistent: true,
      },
    ]);
  });
}

const toastsOf = (page: Page) => page.locator('.salon-toaster .salon-toast');

/** Every toast's box against a list of boxes that must stay free; on a phone, the stack within a quarter of the height. */
async function toastsClear(page: Page, free: { what: string; box: Box }[], screen: string): Promise<void> {
  const toasts = await toastsOf(page).all();
  assert.ok(toasts.length >= 2, `${screen}: ${toasts.length} toasts`);
  for (const toast of toasts) {
    const tb = await box(toast);
    for (const { what, box: other } of free) assertApart(tb, other, `${screen}: a toast covers ${what}`);
  }
  const viewport = page.viewportSize();
  if (viewport && viewport.width <= 750) {
    const stack = await box(page.locator('.salon-toaster'));
    assert.ok(stack.height <= viewport.height / 4 + 0.5, `${screen}: the toast stack is ${Math.round(stack.height)} px high`);
  }
}

/** A point of a box: fractions of its width and height, then pixels added (10 px in from its top right: `[1, 0, -10, 10]`). */
type BoxPoint = readonly [fx: number, fy: number, dx?: number, dy?: number];
/** A box's centre. */
const CENTRE: readonly BoxPoint[] = [[0.5, 0.5]];
/** Its centre and 10 px in from each corner. */
const CENTRE_AND_CORNERS: readonly BoxPoint[] = [
  [0.5, 0.5],
  [0, 0, 10, 10],
  [1, 0, -10, 10],
  [0, 1, 10, -10],
  [1, 1, -10, -10],
];

/**
 * What lies over the elements `locator` matches (one at least) at each of `points` of their boxes: for each point
 * where the page's topmost element is neither the element nor inside it, what a click there hits instead; [] when each
 * is what a click there hits. All of them in one evaluation, so that a toast cannot come or go midway.
 */
async function coveredAt(locator: Locator, points: readonly BoxPoint[] = CENTRE): Promise<string[]> {
  assert.ok((await locator.count()) > 0, `nothing matches ${String(locator)}`);
  return locator.evaluateAll(
    (elements, at) =>
      elements.flatMap((el) => {
        const r = el.getBoundingClientRect();
        return at
          .map(([fx, fy, dx = 0, dy = 0]) => ({ x: r.x + fx * r.width + dx, y: r.y + fy * r.height + dy }))
          .map(({ x, y }) => ({ x, y, hit: document.elementFromPoint(x, y) }))
          .filter(({ hit }) => hit === null || (hit !== el && !el.contains(hit)))
          .map(
            ({ x, y, hit }) =>
              `"${(el.textContent ?? '').trim().slice(0, 40)}" at ${Math.round(x)},${Math.round(y)}: ${hit ? `${hit.tagName.toLowerCase()}.${String(hit.className)}` : 'nothing'}`,
          );
      }),
    points,
  );
}

async function freeButtons(locator: Locator, names: RegExp): Promise<{ what: string; box: Box }[]> {
  const buttons = await locator.getByRole('button', { name: names }).all();
  assert.ok(buttons.length > 0, `no button ${String(names)}`);
  return Promise.all(buttons.map(async (b) => ({ what: `the button "${(await b.textContent())?.trim() ?? ''}"`, box: await box(b) })));
}

test('items 1 and 7: three news items and an error toast cover neither the top bar, the cookie banner, the offer form’s Send nor an open chat; the stream’s chat toggle is above the cookie banner', async () => {
  const { browser } = env;
  const organiserContext = await browser.newContext({ locale: 'en-US' });
  const organiser = await organiserContext.newPage();
  assert.equal(await logInDirectly(organiser, env.salon.baseUrl, 'organisateur@salon.test'), 303);
  // The exhibitor has been active: Start a chat lists them.
  const exhibitorContext = await browser.newContext({ locale: 'en-US' });
  const exhibitor = await exhibitorContext.newPage();
  assert.equal(await logInDirectly(exhibitor, env.salon.baseUrl, 'exposant@salon.test'), 303);
  assert.equal((await exhibitor.request.put(`${env.salon.baseUrl}/api/users/me/active`, { headers: XHR() })).status(), 200);
  const exhibitorName = (
    JSON.parse((await (await exhibitor.request.get(`${env.salon.baseUrl}/api/users/me`, { headers: XHR() })).text()) || '{}') as {
      data?: { user?: { fullname?: string } };
    }
  ).data?.user?.fullname;
  assert.ok(exhibitorName, 'the exhibitor has no name');

  let news = 0;
  for (const screen of SCREENS) {
    const page = await openSalon(browser, 'visiteur@salon.test', screen.viewport, screen.locale);
    const frame = await room(page);
    for (let i = 0; i < 3; i += 1) await postNews(organiser, (news += 1));
    // Several news items are one toast that counts them.
    // (A new page also gets the unseen ones of the earlier screens: at least these three.)
    const counted = page.locator('.salon-toaster').getByText(/^\d+ (news items|actualités)$/);
    await counted.waitFor({ timeout: WAIT_MS });
    await page.waitForFunction(() =>
      /([3-9]|\d\d+) (news items|actualités)/.test(document.querySelector('.salon-toaster')?.textContent ?? ''),
    );
    await showErrorToast(page);
    await page.locator('.salon-toaster').getByRole('alert').waitFor();
    const topBar = page.locator('[data-salon-widget="top-bar"]');
    const banner = page.getByRole('region', { name: /^(Cookie consent|Consentement aux cookies)$/ });
    const bannerButtons = await freeButtons(banner, /^(Accept|Refuse|Accepter|Refuser)$/);
    await screenshot(page, `toasts-${screen.viewport.width}`);
    // The cookie banner lies over nothing of the room either: the room ends above it.
    assertApart(
      await box(banner),
      await box(page.locator('[data-salon-widget="room"] iframe.salon-room__frame')),
      `${screen.name}: the cookie banner covers the room frame`,
    );
    await toastsClear(
      page,
      [
        { what: 'the top bar', box: await box(topBar) },
        { what: 'the room frame’s panel', box: await box(frame.locator('.rf-panel')) },
        ...bannerButtons,
      ],
      screen.name,
    );
    // On a phone the news toast's buttons go under its text, which keeps the toast's width.
    if (screen.viewport.width <= 750) {
      const newsToast = page.locator('.salon-toast--news');
      const text = await box(newsToast.locator('.salon-toast__body'));
      const seeAll = await box(newsToast.locator('.salon-toast__action'));
      assert.ok(seeAll.y >= text.y + text.height - 0.5, `${screen.name}: "See all news" ${show(seeAll)} is beside the text ${show(text)}`);
      assert.ok(text.width >= screen.viewport.width / 2, `${screen.name}: the news text is ${Math.round(text.width)} px wide`);
    }
    // Every top-bar button can still be clicked.
    for (const button of await topBar.getByRole('button').all())
      if (await button.isVisible()) await button.click({ trial: true, timeout: WAIT_MS });
    // The More menu opens above the toasts: each of its items is what a click there hits.
    await topBar.getByRole('button', { name: /^(More|Plus)$/ }).click();
    const menuItems = await topBar.getByRole('menuitem').all();
    assert.ok(menuItems.length >= 4, `${screen.name}: ${menuItems.length} items in More`);
    await screenshot(page, `toasts-menu-${screen.viewport.width}`);
    assert.deepEqual(await coveredAt(topBar.getByRole('menuitem')), [], `${screen.name}: a toast lies over More's items`);
    for (const item of menuItems) await item.click({ trial: true, timeout: WAIT_MS });
    await page.keyboard.press('Escape');
    await topBar.getByRole('menu').waitFor({ state: 'detached' });
    // So is the language list, where the bar shows it.
    const language = topBar.getByRole('button', { name: /^(Language|Langue)\s?: / });
    if (await language.isVisible()) {
      await language.click();
      const languages = topBar.locator('.salon-lang__list').getByRole('button');
      assert.ok((await languages.count()) >= 2, `${screen.name}: ${await languages.count()} languages`);
      assert.deepEqual(await coveredAt(languages), [], `${screen.name}: a toast lies over the language list`);
      await language.click();
    }

    // The offer form of a stand: "Request an offer" → Yes → the form, whose Send stays free.
    const toggle = frame.getByRole('button', { name: /(Stands and areas|Stands et espaces)$/ });
    if ((await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
    await frame.getByRole('button', { name: /^(Floor plan|Plan du salon)$/ }).click();
    await ready(frame, 'plan');
    await frame.getByRole('button', { name: /^(Nordic Robotics|Robotique Nordique)$/ }).click();
    await ready(frame, 'stand-nordic-robotics');
    if ((await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
    await frame.getByRole('button', { name: /^(Request an offer|Demander une offre)$/ }).click();
    await page
      .getByRole('dialog', { name: /^(Be contacted about this offer|Être recontacté au sujet de cette offre)$/ })
      .getByRole('button', { name: /^(Yes|Oui)$/ })
      .click();
    const offer = page.getByRole('dialog', { name: /^(Your contact details|Vos coordonnées)$/ });
    const send = offer.getByRole('button', { name: /^(Send|Envoyer)$/ });
    await send.scrollIntoViewIfNeeded();
    await screenshot(page, `toasts-offer-${screen.viewport.width}`);
    // A modal open: the toasts still stay under the top bar (it is dimmed, not covered), and above the modal's box.
    await toastsClear(
      page,
      [
        { what: 'the offer form’s Send', box: await box(send) },
        { what: 'the top bar (a modal open)', box: await box(topBar) },
        { what: 'the offer form’s heading', box: await box(offer.getByRole('heading')) },
        ...(await freeButtons(banner, /^(Accept|Refuse|Accepter|Refuser)$/)),
      ],
      screen.name,
    );
    // Nothing lies over Send (still disabled until the form is filled): the page's topmost element at its centre is it.
    assert.deepEqual(await coveredAt(send), [], `${screen.name}: something lies over the offer form's Send`);
    // The modal is the top layer: the cookie banner, not answered yet, is under its backdrop; on a phone the modal
    // reaches the bottom of the window.
    for (const button of await banner.getByRole('button').all())
      assert.notDeepEqual(await coveredAt(button), [], `${screen.name}: the cookie banner lies over the open modal`);
    if (screen.viewport.width <= 750) {
      const dialogBox = await box(page.locator('.salon-modal__box'));
      assert.ok(dialogBox.y + dialogBox.height >= screen.viewport.height - 1, `${screen.name}: the modal ends at ${show(dialogBox)}`);
    }
    // A toast leaving does not move the open modal: a click on its way would land on whatever came under it.
    const modalBox = page.locator('.salon-modal__box');
    const before = await box(modalBox);
    const errorToast = page.locator('.salon-toast--error');
    await errorToast.getByRole('button', { name: /^(Close notification|Fermer la notification)$/ }).click();
    await errorToast.waitFor({ state: 'detached' });
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    assert.deepEqual(await box(modalBox), before, `${screen.name}: the modal moved when a toast left`);
    await offer
      .getByRole('button', { name: /^(Close|Fermer)$/ })
      .first()
      .click();
    await offer.waitFor({ state: 'detached', timeout: WAIT_MS });
    await showErrorToast(page);

    // An open chat: its textarea and Send stay free.
    await page
      .getByRole('navigation', { name: /^(Main menu|Menu principal)$/ })
      .getByRole('button', { name: /^(Chat|Discussion)/ })
      .click();
    const chat = page.getByRole('complementary', { name: /^(Chat|Discussion)/ });
    await chat.getByRole('tab', { name: /^(Start a chat|Démarrer une discussion)$/ }).click();
    await chat.getByRole('searchbox').fill(exhibitorName.split(' ')[0] ?? '');
    await chat
      .getByRole('button', { name: new RegExp(exhibitorName) })
      .first()
      .click();
    const textbox = chat.getByRole('textbox', { name: 'Message' });
    await textbox.waitFor();
    const chatSend = chat.getByRole('button', { name: /^(Send|Envoyer)$/ });
    await screenshot(page, `toasts-chat-${screen.viewport.width}`);
    await toastsClear(
      page,
      [
        { what: 'the chat’s textarea', box: await box(textbox) },
        { what: 'the chat’s Send', box: await box(chatSend) },
        { what: 'the top bar', box: await box(topBar) },
      ],
      screen.name,
    );
    await textbox.click({ trial: true, timeout: WAIT_MS });
    // The emoji picker opens within the sidebar, toasts above it or not: nothing lies over its centre or corners.
    await chat.getByRole('button', { name: /^(Emoji|Émojis)$/ }).click();
    const picker = page.locator('emoji-picker');
    await picker.waitFor();
    await screenshot(page, `toasts-emoji-${screen.viewport.width}`);
    assert.deepEqual(await coveredAt(picker, CENTRE_AND_CORNERS), [], `${screen.name}: something lies over the emoji picker`);
    await page.context().close();
  }
  await exhibitorContext.close();
  await organiserContext.close();

  // Item 7: the administrator switches the live stream on; the chat toggle of a visitor who has not answered the
  // cookie banner is above it.
  const adminContext = await browser.newContext({ locale: 'en-US' });
  const admin = await adminContext.newPage();
  assert.equal(await logInDirectly(admin, env.salon.baseUrl, 'admin@salon.test', { open: false }), 303);
  await admin.goto(`${env.salon.baseUrl}/admin`);
  const stream = admin.getByRole('region', { name: 'Live stream' });
  await stream.getByLabel('Live stream on (replaces the room)').check();
  await stream.getByLabel('Video address').fill(`${env.salon.baseUrl}/faq`);
  await stream.getByLabel('Chat address (optional)').fill(`${env.salon.baseUrl}/cookies`);
  await Promise.all([admin.waitForURL(/\/admin\?saved=/), admin.getByRole('button', { name: 'Save the live stream' }).click()]);
  for (const screen of SCREENS) {
    const page = await openSalon(browser, 'visiteur@salon.test', screen.viewport, screen.locale);
    const chatToggle = page.getByRole('button', {
      name: /^(Hide the chat|Show the chat|Masquer le chat|Afficher le chat|Masquer la discussion|Afficher la discussion)$/,
    });
    await chatToggle.waitFor({ timeout: WAIT_MS });
    const banner = page.getByRole('region', { name: /^(Cookie consent|Consentement aux cookies)$/ });
    await screenshot(page, `stream-${screen.viewport.width}`);
    assertApart(await box(chatToggle), await box(banner), `${screen.name}: the cookie banner covers the stream's chat toggle`);
    await chatToggle.click({ timeout: WAIT_MS });
    await page.context().close();
  }
  await stream.getByLabel('Live stream on (replaces the room)').uncheck();
  await Promise.all([admin.waitForURL(/\/admin\?saved=/), admin.getByRole('button', { name: 'Save the live stream' }).click()]);
  await adminContext.close();
});

test('issue 36 item 3: an unavailable exhibitor’s banner and the news toasts never overlap (1366×768)', async () => {
  const { browser } = env;
  const organiserContext = await browser.newContext({ locale: 'en-US' });
  const organiser = await organiserContext.newPage();
  assert.equal(await logInDirectly(organiser, env.salon.baseUrl, 'organisateur@salon.test'), 303);
  const page = await openSalon(browser, 'exposant@salon.test', DESKTOP);
  const set = await page.request.put(`${env.salon.baseUrl}/api/exhibitors/me/availability`, {
    data: { availability: false },
    headers: XHR(),
  });
  assert.equal(set.status(), 200, await set.text());
  await page.reload();
  await widgetsSettled(page);
  const banner = page.getByRole('note').filter({ hasText: 'You are registered as unavailable.' });
  await banner.waitFor({ timeout: WAIT_MS });
  for (let i = 0; i < 3; i += 1) await postNews(organiser, 100 + i);
  await page
    .locator('.salon-toaster')
    .getByText(/^\d+ news items$/)
    .waitFor({ timeout: WAIT_MS });
  await screenshot(page, 'unavailable-banner-1366');
  for (const toast of await toastsOf(page).all()) assertApart(await box(toast), await box(banner), 'a toast covers the unavailable banner');
  for (const control of [banner.getByRole('button', { name: 'Open the activity stream' }), banner.getByRole('button', { name: /^Close/ })])
    assert.deepEqual(await coveredAt(control), [], 'something lies over the unavailable banner');
  await page.context().close();
  await organiserContext.close();
});

test('issue 35: a copy’s toast showing, the top bar’s More menu opens above it and above the company sheet it came from: each of its items is what a click there hits (desktop, English; phone, French)', async () => {
  const { browser } = env;
  for (const screen of SCREENS) {
    const french = screen.locale.startsWith('fr');
    const page = await openSalon(browser, 'visiteur@salon.test', screen.viewport, screen.locale);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.salon.baseUrl });
    // A stand's company sheet, from the room frame's panel.
    const frame = await room(page);
    const toggle = frame.getByRole('button', { name: /(Stands and areas|Stands et espaces)$/ });
    if ((await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
    await frame.getByRole('button', { name: french ? 'Plan du salon' : 'Floor plan', exact: true }).click();
    await ready(frame, 'plan');
    await frame.getByRole('button', { name: french ? 'Robotique Nordique' : 'Nordic Robotics', exact: true }).click();
    await ready(frame, 'stand-nordic-robotics');
    const sheetName = french ? 'Fiche entreprise' : 'Company sheet';
    const sheet = page.getByRole('complementary', { name: sheetName });
    // The copy's toast (shared/company: EMAIL_COPIED, spec §2.5), which leaves by itself after 5 s.
    const copied = page
      .locator('.salon-toaster .salon-toast')
      .filter({ hasText: french ? "L'email a été copié" : 'The email has been copied' });
    const topBar = page.locator('[data-salon-widget="top-bar"]');
    const more = topBar.getByRole('button', { name: french ? 'Plus' : 'More', exact: true });
    const items = topBar.getByRole('menuitem');

    /**
     * Copies the company's email from its sheet and opens More while the toast shows, the sheet still open or closed
     * first (the toast then moves back to the right, where the menu opens); checks the items while the toast is still
     * there (copied again otherwise). `meets`: the toast must lie where the items are (the check could fail).
     */
    const check = async (sheetOpen: boolean, meets: boolean, name: string) => {
      for (let attempt = 0; attempt < 3; attempt += 1) {
        if ((await items.count()) > 0) {
          await page.keyboard.press('Escape');
          await topBar.getByRole('menu').waitFor({ state: 'detached' });
        }
        if ((await sheet.count()) === 0) {
          if ((await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
          await frame.getByRole('button', { name: sheetName, exact: true }).click();
        }
        await sheet.getByRole('heading', { name: 'Nordic Robotics' }).waitFor({ timeout: WAIT_MS });
        await sheet.getByRole('button', { name: french ? "Copier l'email" : 'Copy the email', exact: true }).click();
        await copied.waitFor({ timeout: WAIT_MS });
        if (!sheetOpen) {
          await sheet.getByRole('button', { name: french ? 'Fermer' : 'Close', exact: true }).click();
          await sheet.waitFor({ state: 'detached' });
        }
        await more.click();
        await items.first().waitFor({ timeout: WAIT_MS });
        const toast = await copied.boundingBox();
        const covered = await coveredAt(items);
        if (toast === null || !(await copied.isVisible())) continue;
        await screenshot(page, `copy-toast-menu-${name}-${screen.viewport.width}`);
        if (meets) {
          const boxes = await Promise.all((await items.all()).map((item) => box(item)));
          assert.ok(
            boxes.some((b) => intersects(b, toast)),
            `${screen.name}, ${name}: the copy toast ${show(toast)} meets none of More's items`,
          );
        }
        assert.deepEqual(covered, [], `${screen.name}, ${name}: something lies over More's items`);
        return;
      }
      assert.fail(`${screen.name}, ${name}: the copy toast left before More's items could be checked, three times`);
    };
    // The sheet open: the menu opens over it (beside it on a desktop, where the toast stands left of the sheet).
    await check(true, screen.viewport.width <= 750, 'sheet open');
    // The sheet closed: the toast is back where the menu opens.
    await check(false, true, 'sheet closed');
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), 'contact@nordic-robotics.example');
    await page.context().close();
  }
});
