/**
 * Steps the browser tests take the same way in several files: a person logged in in a browser context of their own,
 * the room frame's floor plan and stands, the chat panel, the exhibitor's live view of their stands, and polling a
 * page until something holds.
 */
import assert from 'node:assert/strict';
import type { Browser, BrowserContext, BrowserContextOptions, Frame, Locator, Page } from 'playwright-core';
import { collectErrors, logInDirectly, widgetsSettled } from './harness';

/** A stand as the room frame's data lists it. */
export interface FrameStand {
  id: string;
  panorama: string;
  niceNameEn: string;
}

export interface LoggedIn {
  context: BrowserContext;
  page: Page;
  /** The page's console and page errors since it opened. */
  errors: string[];
}

/** The visitors' window in these tests. */
export const DESKTOP = { locale: 'en-US', viewport: { width: 1280, height: 800 } } satisfies BrowserContextOptions;

/**
 * A new browser context with one page, logged in as `email` (the home page's form's request, `logInDirectly`; the
 * server answers 303) on the page the login leads to; `watch` sees the page before it opens anything (to record its
 * requests, say).
 */
export async function loggedIn(
  browser: Browser,
  baseUrl: string,
  email: string,
  options: BrowserContextOptions = DESKTOP,
  watch: (page: Page) => void = () => undefined,
): Promise<LoggedIn> {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  const errors = collectErrors(page);
  watch(page);
  assert.equal(await logInDirectly(page, baseUrl, email), 303);
  return { context, page, errors };
}

/** A visitor (the demo visitor unless `email` says), logged in, on /salon with every widget settled. */
export async function visitorInSalon(
  baseUrl: string,
  browser: Browser,
  { email = 'visiteur@salon.test', watch }: { email?: string; watch?: (page: Page) => void } = {},
): Promise<LoggedIn> {
  const visitor = await loggedIn(browser, baseUrl, email, DESKTOP, watch);
  if (!visitor.page.url().includes('/salon')) await visitor.page.goto(`${baseUrl}/salon`);
  await widgetsSettled(visitor.page);
  return visitor;
}

/** The demo administrator, logged in, on /admin. */
export async function adminOnAdmin(baseUrl: string, browser: Browser): Promise<LoggedIn> {
  const admin = await loggedIn(browser, baseUrl, 'admin@salon.test', { locale: 'en-US' });
  if (new URL(admin.page.url()).pathname !== '/admin') await admin.page.goto(`${baseUrl}/admin`);
  return admin;
}

/** The demo exhibitor, logged in, on /exposant (their area): 1366 px wide, the browser in English. */
export async function exhibitorInArea(baseUrl: string, browser: Browser): Promise<LoggedIn> {
  const exhibitor = await loggedIn(browser, baseUrl, 'exposant@salon.test', { locale: 'en-US', viewport: { width: 1366, height: 900 } });
  if (new URL(exhibitor.page.url()).pathname !== '/exposant') await exhibitor.page.goto(`${baseUrl}/exposant`);
  return exhibitor;
}

/** The addresses `page` loads from now on: a page that must not reload keeps it empty. */
export function loadsOf(page: Page): string[] {
  const loads: string[] = [];
  page.on('load', () => loads.push(page.url()));
  return loads;
}

/** The stands the page's user owns, from its page data. */
export async function ownedStandIds(page: Page): Promise<string[]> {
  return (JSON.parse((await page.locator('#salon-page-data').textContent()) ?? '{}') as { owned_stands_ids: string[] }).owned_stands_ids;
}

/** Every stand of the room frame's data. */
export async function frameStands(frame: Frame): Promise<FrameStand[]> {
  return (JSON.parse((await frame.locator('#room-frame-data').textContent()) ?? '{}') as { stands: FrameStand[] }).stands;
}

/** Waits until the room frame shows `panorama`, loaded. */
export async function panoramaReady(frame: Frame, panorama: string): Promise<void> {
  await frame.waitForSelector(`#room-frame[data-panorama="${panorama}"][data-state="ready"]`, { timeout: 60_000 });
}

/** Goes to the floor plan, whose panel lists every stand. */
export async function toPlan(frame: Frame): Promise<void> {
  await frame.getByRole('button', { name: 'Floor plan', exact: true }).click();
  await panoramaReady(frame, 'plan');
}

/** Enters `stand` from the floor plan's list and waits for its panorama. */
export async function enterStand(frame: Frame, stand: FrameStand): Promise<void> {
  await toPlan(frame);
  await frame.getByRole('button', { name: stand.niceNameEn, exact: true }).click();
  await panoramaReady(frame, stand.panorama);
}

/** The owned stands' visitors as the exhibitor's page holds them (the bus's room store). */
export function visitorsOn(page: Page, standId: string): Promise<string[]> {
  return page.evaluate((id) => {
    const store = (
      globalThis as unknown as Record<symbol, { $room: { get(): { owned_stands_users?: Record<string, { fullname: string }[]> } } }>
    )[Symbol.for('salon.bus@1/room')];
    return (store?.$room.get().owned_stands_users?.[id] ?? []).map((u) => u.fullname);
  }, standId);
}

/** The chat panel: a sidebar, or a region beside the live stream. */
export function chatPanel(page: Page): Locator {
  return page
    .getByRole('complementary', { name: 'Chat' })
    .or(page.getByRole('region', { name: 'Chat' }))
    .first();
}

/** Opens the chat from the top bar and waits for My chats. */
export async function openChat(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: 'Chat' }).click();
  await chatPanel(page).getByRole('tab', { name: 'My chats' }).waitFor();
}

/** In the open chat panel: Start a chat, search `fullname` by its first name and open the conversation with them. */
export async function startChatWith(chat: Locator, fullname: string): Promise<void> {
  await chat.getByRole('tab', { name: 'Start a chat' }).click();
  await chat.getByRole('searchbox', { name: 'Search by name' }).fill(fullname.split(' ')[0] ?? '');
  await chat
    .getByRole('button', { name: new RegExp(fullname) })
    .first()
    .click();
}

/** Sends `text` from the open conversation's message box and waits until the conversation shows it; resolves with the box. */
export async function send(chat: Locator, text: string): Promise<Locator> {
  const box = chat.getByRole('textbox', { name: 'Message' });
  await box.fill(text);
  await box.press('Enter');
  await chat.getByText(text, { exact: true }).waitFor();
  return box;
}

/** Polls `check` every `everyMs` until it gives a value, failing with `what` after `timeoutMs`. */
export async function until<T>(
  what: string,
  timeoutMs: number,
  check: () => Promise<T | undefined | null | false>,
  page: Page,
  everyMs = 100,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    assert.ok(Date.now() < deadline, `${what}: not within ${timeoutMs} ms`);
    await page.waitForTimeout(everyMs);
  }
}
