/**
 * The pages' Content-Security-Policy in Chromium: a visitor and an exhibitor use every widget — the
 * top bar's menus, each sidebar, the chat with its emoji picker and an image, the modals, the screen capture, the
 * room frame — then the live stream replaces the room; the promoter's and administrator's areas are opened too. Every
 * `securitypolicyviolation` in any frame, and every console message about the policy, is recorded: there must be
 * none. Two violations made on purpose at the end show the recording (and the server's report endpoint) works.
 *
 * A second server on another port plays the stream's video and chat pages and the host of an exhibitor's picture
 * and video (MEDIA_ORIGINS).
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { after, before, test } from 'node:test';
import Database from 'better-sqlite3';
import type { BrowserContext, Page } from 'playwright-core';
import { promotionOf } from '../../host-shell/room-frame/offers';
import { CONSENTS } from '@salon/shared/contracts/consents';
import { closePromotion, fillContest, logIn, roomFrame, useSalon, widgetsSettled, WAIT_MS } from './harness';
import { chatPanel as chat, enterStand, frameStands, ownedStandIds, panoramaReady, send, startChatWith } from './steps';

/** One violation as the page saw it. */
interface Violation {
  frame: string;
  directive: string;
  blocked: string;
  source: string;
  sample: string;
}

interface Watch {
  violations: Violation[];
  /** Console messages of any frame that speak of the policy. */
  console: string[];
}

// The stream's pages, a picture and a video, on another origin than the salon.
const others = http.createServer((request, response) => {
  const pathname = (request.url ?? '/').split('?')[0];
  if (pathname === '/video' || pathname === '/chat') {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(`<!doctype html><title>${pathname}</title><p>${pathname === '/video' ? 'Live video' : 'Live chat'} here</p>`);
  } else if (pathname === '/picture.svg') {
    response.writeHead(200, { 'content-type': 'image/svg+xml' });
    response.end('<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><rect width="40" height="40" fill="#2b59c3"/></svg>');
  } else if (pathname === '/clip.webm') {
    response.writeHead(200, { 'content-type': 'video/webm' });
    response.end(Buffer.alloc(64));
  } else {
    response.writeHead(404);
    response.end();
  }
});
const serverEnv: Record<string, string> = {};
let othersPort = 0;
before(async () => {
  await new Promise<void>((resolve) => others.listen(0, '127.0.0.1', resolve));
  othersPort = (others.address() as AddressInfo).port;
  serverEnv.MEDIA_ORIGINS = `http://127.0.0.1:${othersPort}`;
});
after(() => new Promise<void>((resolve) => others.close(() => resolve())));

// Registered after the hook above, so the salon starts with MEDIA_ORIGINS set. The screen capture needs the fake device.
const env = useSalon(serverEnv, ['--auto-accept-this-tab-capture', '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream']);

/** Records violations in every frame of the context's pages, across navigations. */
async function watch(context: BrowserContext): Promise<Watch> {
  const seen: Watch = { violations: [], console: [] };
  await context.exposeBinding('__salonCspViolation', ({ frame }, v: Omit<Violation, 'frame'>) => {
    seen.violations.push({ frame: frame.url(), ...v });
    // Shown as it happens, so a step that fails because of a refused resource says which.
    console.log(`CSP violation in ${frame.url()}: ${JSON.stringify(v)}`);
  });
  await context.addInitScript(() => {
    const list: unknown[] = [];
    (globalThis as unknown as { __cspViolations: unknown[] }).__cspViolations = list;
    addEventListener(
      'securitypolicyviolation',
      (e) => {
        const v = { directive: e.effectiveDirective, blocked: e.blockedURI, source: `${e.sourceFile}:${e.lineNumber}`, sample: e.sample };
        list.push(v);
        void (globalThis as unknown as { __salonCspViolation?: (v: unknown) => Promise<void> }).__salonCspViolation?.(v);
      },
      true,
    );
  });
  context.on('page', (page) => listen(page, seen));
  return seen;
}

function listen(page: Page, seen: Watch): void {
  page.on('console', (message) => {
    if (/content[- ]security[- ]policy/i.test(message.text())) seen.console.push(`${message.type()}: ${message.text()}`);
  });
}

const XHR = (baseUrl: string) => ({ 'X-Requested-With': 'XMLHttpRequest', Origin: baseUrl });

/** Logs in, speaks English, opens /salon and waits for its widgets. */
async function enterSalon(page: Page, email: string): Promise<void> {
  const { baseUrl } = env.salon;
  assert.equal(await logIn(page, baseUrl, email), 303);
  assert.equal((await page.request.put(`${baseUrl}/api/locale`, { data: { lang: 'en_EN' }, headers: XHR(baseUrl) })).status(), 200);
  await page.goto(`${baseUrl}/salon`);
  await widgetsSettled(page);
  assert.equal((await page.request.put(`${baseUrl}/api/users/me/active`, { headers: XHR(baseUrl) })).status(), 200);
  // The toaster's cookie banner: accept the analytics (the room's consent), which also frees the bottom of the page.
  const banner = page.getByRole('region', { name: 'Cookie consent' });
  await banner.getByRole('button', { name: 'Accept' }).click();
  await banner.waitFor({ state: 'detached' });
}

function withDatabase<T>(use: (db: Database.Database) => T): T {
  const db = new Database(path.join(env.salon.dataDir, 'salon.sqlite'), { fileMustExist: true });
  db.pragma('busy_timeout = 5000');
  try {
    return use(db);
  } finally {
    db.close();
  }
}

function setParameter(key: string, value: unknown): void {
  withDatabase((db) =>
    db
      .prepare('insert into parameters (key, value) values (?, ?) on conflict (key) do update set value = excluded.value')
      .run(key, JSON.stringify(value)),
  );
}

const topBar = (page: Page) => page.locator('[data-salon-widget="top-bar"]');
const toaster = (page: Page) => page.locator('[data-salon-widget="toaster"]');

async function fromMore(page: Page, item: string): Promise<void> {
  await topBar(page).getByRole('button', { name: 'More' }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

async function closeDialog(page: Page, name: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name });
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await dialog.waitFor({ state: 'detached' });
}

/** A 2×2 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);

function clean(seen: Watch): void {
  assert.deepEqual(seen.violations, [], `CSP violations:\n${JSON.stringify(seen.violations, null, 2)}`);
  assert.deepEqual(seen.console, []);
}

test('a visitor and an exhibitor use every widget under the pages’ policy without a single violation', async (t) => {
  const { salon, browser } = env;
  const base = salon.baseUrl;
  const media = `http://127.0.0.1:${othersPort}`;
  // Claire Fontaine (exposant@salon.test)'s picture and video come from another origin, named in MEDIA_ORIGINS.
  withDatabase((db) =>
    db
      .prepare('update users set picture_path = ?, video_path = ? where email = ?')
      .run(`${media}/picture.svg`, `${media}/clip.webm`, 'exposant@salon.test'),
  );

  const exhibitorContext = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 800 } });
  const exhibitorSeen = await watch(exhibitorContext);
  const exhibitor = await exhibitorContext.newPage();
  // The exhibitor's area first (leads, CSV links), then the salon.
  assert.equal(await logIn(exhibitor, base, 'exposant@salon.test'), 303);
  await exhibitor.goto(`${base}/exposant`);
  await exhibitor.goto(`${base}/exposant/profil`);
  await enterSalon(exhibitor, 'exposant@salon.test');
  const owned = await ownedStandIds(exhibitor);

  const visitorContext = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 800 }, acceptDownloads: true });
  const visitorSeen = await watch(visitorContext);
  const visitor = await visitorContext.newPage();
  await enterSalon(visitor, 'visiteur@salon.test');
  await visitor.goto(`${base}/profil`);
  await visitor.getByRole('heading', { level: 1 }).waitFor();
  await visitor.goto(`${base}/salon`);
  await widgetsSettled(visitor);
  const visitorName = (JSON.parse((await visitor.locator('#salon-page-data').textContent()) ?? '{}') as { user: { fullname: string } }).user
    .fullname;

  // The top bar: its menus.
  await topBar(visitor).getByRole('button', { name: 'More' }).click();
  await visitor.getByRole('menuitem', { name: 'Contact the organizer' }).waitFor();
  await visitor.keyboard.press('Escape');
  await topBar(visitor)
    .getByRole('button', { name: /^Language: / })
    .click();
  await topBar(visitor).getByRole('button', { name: 'Français' }).waitFor();
  await visitor.keyboard.press('Escape');

  // The top bar's modals: today's news, sharing, contacting the organizer, the opinion survey.
  await fromMore(visitor, 'Today’s news');
  await visitor.getByRole('dialog', { name: 'Today’s news' }).getByText(/news/i).first().waitFor();
  await closeDialog(visitor, 'Today’s news');
  await fromMore(visitor, 'Share on social media');
  await visitor
    .getByRole('dialog', { name: 'Share on social media' })
    .getByRole('button', { name: /^Share on / })
    .first()
    .waitFor();
  await closeDialog(visitor, 'Share on social media');
  await fromMore(visitor, 'Contact the organizer');
  const organizer = visitor.getByRole('dialog', { name: 'Contact the organizer' });
  await organizer.getByRole('textbox', { name: /^Your message/ }).fill('Where is the conference room?');
  await organizer.getByRole('button', { name: 'Send' }).click();
  await organizer.getByText('Your message has been sent to the organizer.').waitFor({ timeout: WAIT_MS });
  await closeDialog(visitor, 'Contact the organizer');
  await topBar(visitor).getByRole('button', { name: 'Feedback' }).click();
  const opinion = visitor.getByRole('dialog', { name: 'Your opinion' });
  await opinion.getByRole('slider', { name: 'Your score, from 0 to 10' }).fill('8');
  await opinion.getByRole('button', { name: 'Send my opinion' }).click();
  await opinion.getByText('Thanks for your opinion').waitFor({ timeout: WAIT_MS });
  await closeDialog(visitor, 'Your opinion');

  // The screen capture: the capture is a data: image, cropped, downloaded through a blob: address.
  await fromMore(visitor, 'Screen capture');
  await visitor.getByRole('dialog', { name: 'Screen capture' }).getByRole('button', { name: 'Capture the screen' }).click();
  const workspace = visitor.getByRole('dialog', { name: 'Crop your capture' });
  await workspace.getByRole('group', { name: 'Cropping area' }).waitFor({ timeout: WAIT_MS });
  const [capture] = await Promise.all([visitor.waitForEvent('download'), workspace.getByRole('button', { name: 'Download' }).click()]);
  assert.match(capture.suggestedFilename(), /^capture-.*\.png$/);
  await workspace.getByRole('button', { name: 'Cancel' }).click();
  await workspace.waitFor({ state: 'detached' });

  // The room frame: a stand with an offer (its popup, then the offer form), the exhibitor's stand (journey, contact
  // point, company sheet, call-back request), the contest.
  const frame = await roomFrame(visitor);
  const stands = await frameStands(frame);
  const helios = stands.find((s) => s.id === owned[0]);
  const promoted = stands.find((s) => !owned.includes(s.id) && promotionOf(s));
  assert.ok(helios && promoted, 'the stands are not in the room');

  await enterStand(frame, promoted);
  const popup = visitor.getByRole('dialog', { name: 'A special offer' });
  await popup.waitFor({ timeout: WAIT_MS });
  await popup.getByRole('button', { name: "I'm interested" }).click();
  const confirm = visitor.getByRole('dialog', { name: 'Be contacted about this offer' });
  await confirm.getByRole('button', { name: 'Yes' }).click();
  const offer = visitor.getByRole('dialog', { name: 'Your contact details' });
  await offer.getByRole('textbox', { name: /^First name/ }).fill('Vera');
  await offer.getByRole('textbox', { name: /^Last name/ }).fill('Visitor');
  await offer.getByLabel(/^Date of birth/).fill('1990-04-12');
  await offer.getByRole('textbox', { name: /^Phone/ }).fill('+33 6 12 34 56 78');
  await offer.getByRole('checkbox', { name: CONSENTS.opt_in.en }).check();
  await offer.getByRole('button', { name: 'Send' }).click();
  await offer.waitFor({ state: 'detached', timeout: WAIT_MS });

  await enterStand(frame, helios);
  await closePromotion(visitor, helios);
  await frame.getByRole('button', { name: 'Add to my journey', exact: true }).click();
  await toaster(visitor).getByText('The selection has been added to your personal journey.').last().waitFor({ timeout: WAIT_MS });
  await topBar(visitor)
    .getByRole('button', { name: /^Journey\b/ })
    .click();
  const journey = visitor.getByRole('complementary', { name: 'My personal journey' });
  await journey.getByText(helios.niceNameEn).first().waitFor({ timeout: WAIT_MS });
  // The widgets' stylesheets apply (constructed stylesheets): the sidebar is fixed at the right; the page has no
  // <style> but its own.
  assert.equal(await journey.evaluate((el) => getComputedStyle(el).position), 'fixed');
  const sheets = await visitor.evaluate(() => ({
    adopted: document.adoptedStyleSheets.length,
    elements: document.querySelectorAll('style').length,
  }));
  assert.ok(sheets.adopted >= 5 && sheets.elements === 1, JSON.stringify(sheets));
  await topBar(visitor)
    .getByRole('button', { name: /^Journey\b/ })
    .click();

  await frame.getByRole('button', { name: 'Exhibitors', exact: true }).click();
  const contactPoint = visitor.getByRole('complementary', { name: 'Exhibitors' });
  await contactPoint.getByRole('heading', { name: 'Claire Fontaine' }).first().waitFor({ timeout: WAIT_MS });
  // Claire's card: the picture from MEDIA_ORIGINS is shown (it loaded), and her video (metadata) was asked for.
  const picture = contactPoint.locator(`img[src="${media}/picture.svg"]`).first();
  await picture.waitFor({ timeout: WAIT_MS });
  await visitor.waitForFunction(
    (img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0,
    await picture.elementHandle(),
    { timeout: WAIT_MS },
  );
  await frame.getByRole('button', { name: 'Company sheet', exact: true }).click();
  const sheet = visitor.getByRole('complementary', { name: 'Company sheet' });
  await sheet.getByRole('heading', { name: 'Helios Énergie' }).waitFor({ timeout: WAIT_MS });

  await frame.getByRole('button', { name: 'Ask to be contacted', exact: true }).click();
  const callBack = visitor.getByRole('dialog', { name: 'Ask to be contacted' });
  await callBack.getByRole('textbox', { name: /^First name/ }).fill('Vera');
  await callBack.getByRole('textbox', { name: /^Last name/ }).fill('Visitor');
  await callBack.getByRole('textbox', { name: /^Email/ }).fill('vera.visitor@example.org');
  await callBack.getByRole('textbox', { name: /^Phone/ }).fill('+33 6 12 34 56 78');
  await callBack.getByRole('textbox', { name: /^Postal code/ }).fill('69003');
  await callBack.getByRole('textbox', { name: /^City/ }).fill('Lyon');
  await callBack.getByRole('checkbox', { name: CONSENTS.data_sharing.en }).check();
  await callBack.getByRole('button', { name: 'Send' }).click();
  await callBack.waitFor({ state: 'detached', timeout: WAIT_MS });

  // The exhibitor sees the visitor on the stand in the activity stream.
  await topBar(exhibitor).getByRole('button', { name: 'Activity' }).click();
  const stream = exhibitor.getByRole('complementary', { name: 'Activity stream' });
  await stream
    .getByRole('button', { name: /^Chat with / })
    .first()
    .waitFor({ timeout: WAIT_MS });
  const availability = exhibitor.getByRole('switch').first();
  await availability.click();
  await availability.click();

  // The contest: the quiz in the entrance hall, then the form.
  await topBar(visitor).getByRole('button', { name: 'Home' }).click();
  await panoramaReady(frame, 'home');
  await frame.getByRole('button', { name: 'Play the contest' }).click();
  const quiz = frame.getByRole('form', { name: 'Contest' });
  for (let i = 0; i < 5; i += 1) {
    await quiz.getByText(`Question ${i + 1} of 5`, { exact: true }).waitFor();
    await quiz.getByRole('radio').first().check();
    await quiz.getByRole('button', { name: i === 4 ? 'See my score' : 'Next question' }).click();
  }
  const contest = await fillContest(visitor);
  await contest.getByText('Thank you, your participation has been recorded. Good luck!').waitFor({ timeout: WAIT_MS });
  await closeDialog(visitor, 'Contest');

  // The chat: the visitor writes to the exhibitor, with an emoji from the picker and an image; the exhibitor answers.
  await topBar(visitor).getByRole('button', { name: 'Chat' }).click();
  const vChat = chat(visitor);
  await startChatWith(vChat, 'Claire Fontaine');
  const box = await send(vChat, 'Hello from the stand');
  await vChat.getByRole('button', { name: 'Emoji' }).click();
  const picker = visitor.locator('emoji-picker');
  await visitor
    .getByRole('menuitem', { name: /grinning face/i })
    .first()
    .click({ timeout: WAIT_MS });
  // The picker's stylesheet applies (a constructed stylesheet of its shadow root), and so do its dynamic styles
  // (written through CSSOM): the category bar has one column per category.
  const layout = await picker.evaluate((el) => {
    const root = el.shadowRoot;
    const nav = root?.querySelector('.nav');
    return {
      menu: getComputedStyle(root?.querySelector('.emoji-menu') ?? el).display,
      columns: nav ? getComputedStyle(nav).gridTemplateColumns.split(' ').length : 0,
      categories: root?.querySelectorAll('.nav-button').length ?? -1,
    };
  });
  assert.equal(layout.menu, 'grid', 'the emoji picker’s stylesheet does not apply');
  assert.ok(layout.categories > 1 && layout.columns === layout.categories, `the category bar is not laid out: ${JSON.stringify(layout)}`);
  await visitor.waitForFunction((area) => (area as HTMLTextAreaElement | null)?.value.trim() !== '', await box.elementHandle());
  const chosen = (await box.inputValue()).trim();
  assert.match(chosen, /\p{Extended_Pictographic}/u);
  await box.press('Enter');
  await vChat.getByRole('list', { name: 'Messages' }).getByText(chosen, { exact: true }).waitFor({ timeout: WAIT_MS });
  // Sending closed the picker.
  await vChat.getByRole('button', { name: 'Attach' }).click();
  const [chooser] = await Promise.all([visitor.waitForEvent('filechooser'), vChat.getByRole('button', { name: 'Share a file' }).click()]);
  await chooser.setFiles({ name: 'stand.png', mimeType: 'image/png', buffer: PNG });
  await vChat.getByRole('button', { name: 'Send' }).click();
  const image = vChat.locator('img.salon-chat__image').first();
  await image.waitFor({ timeout: WAIT_MS });
  await visitor.waitForFunction(
    (img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0,
    await image.elementHandle(),
    { timeout: WAIT_MS },
  );

  await topBar(exhibitor).getByRole('button', { name: 'Chat' }).click();
  const eChat = chat(exhibitor);
  await eChat
    .getByRole('button', { name: new RegExp(visitorName) })
    .first()
    .click();
  await eChat.getByText('Hello from the stand', { exact: true }).waitFor({ timeout: WAIT_MS });
  const eBox = eChat.getByRole('textbox', { name: 'Message' });
  await eBox.fill('Welcome!');
  await eBox.press('Enter');
  await vChat.getByText('Welcome!', { exact: true }).waitFor({ timeout: WAIT_MS });

  // The promoter's and the administrator's areas.
  const staffContext = await browser.newContext({ locale: 'en-US' });
  const staffSeen = await watch(staffContext);
  const staff = await staffContext.newPage();
  assert.equal(await logIn(staff, base, 'organisateur@salon.test'), 303);
  await staff.goto(`${base}/organisateur`);
  await staff.goto(`${base}/organisateur/visiteurs`);
  await staffContext.clearCookies();
  assert.equal(await logIn(staff, base, 'admin@salon.test'), 303);
  await staff.goto(`${base}/admin`);
  await staff.goto(`${base}/no-such-page`);

  await visitor.screenshot({ path: 'test-results/csp-visitor.png' });
  await exhibitor.screenshot({ path: 'test-results/csp-exhibitor.png' });
  t.diagnostic(
    `violations: visitor ${visitorSeen.violations.length}, exhibitor ${exhibitorSeen.violations.length}, staff ${staffSeen.violations.length}`,
  );
  clean(visitorSeen);
  clean(exhibitorSeen);
  clean(staffSeen);

  // The recording works: an inline style and an inline script added now are refused, seen, and reported to the server.
  await visitor.evaluate(() => {
    const style = document.createElement('style');
    style.textContent = '.csp-probe{color:red}';
    document.head.append(style);
    const script = document.createElement('script');
    script.textContent = 'window.cspProbe = 1';
    document.body.append(script);
  });
  await visitor.waitForFunction(() => (globalThis as unknown as { __cspViolations: unknown[] }).__cspViolations.length >= 2);
  assert.equal(await visitor.evaluate(() => (globalThis as unknown as { cspProbe?: number }).cspProbe), undefined, 'the inline script ran');
  const directives = visitorSeen.violations.map((v) => v.directive).sort();
  assert.deepEqual(directives, ['script-src-elem', 'style-src-elem']);
  // Over http the policy has report-uri only, which Chromium posts at once.
  const reported = (): string[] =>
    salon
      .logs()
      .split('\n')
      .flatMap((line) => {
        try {
          const entry = JSON.parse(line) as { msg?: string; csp?: { directive?: string; document?: string } };
          return entry.msg === 'Content-Security-Policy violation' ? [`${entry.csp?.directive} on ${entry.csp?.document}`] : [];
        } catch {
          return [];
        }
      });
  const deadline = Date.now() + 15_000;
  while (reported().length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
  assert.deepEqual(reported().sort(), [`script-src-elem on ${base}/salon`, `style-src-elem on ${base}/salon`], salon.logs());

  await staffContext.close();
  await visitorContext.close();
  await exhibitorContext.close();
});

test('the live stream replaces the room: its video and chat frames load under the policy', async () => {
  const { salon, browser } = env;
  const video = `http://127.0.0.1:${othersPort}/video`;
  const chatUrl = `http://localhost:${othersPort}/chat`;
  setParameter('stream_video_url', video);
  setParameter('stream_chat_url', chatUrl);
  setParameter('stream_active', '1');
  try {
    // The policy reads the parameters through a cache of a few seconds.
    const deadline = Date.now() + 15_000;
    for (;;) {
      const policy = (await fetch(`${salon.baseUrl}/`)).headers.get('content-security-policy') ?? '';
      if (policy.includes(`http://localhost:${othersPort}`)) break;
      assert.ok(Date.now() < deadline, `the policy does not name the stream: ${policy}`);
      await new Promise((r) => setTimeout(r, 250));
    }

    const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 800 } });
    const seen = await watch(context);
    const page = await context.newPage();
    await enterSalon(page, 'visiteur2@salon.test');
    const videoFrame = page.frameLocator('iframe[title="Live stream"]');
    await videoFrame.getByText('Live video here').waitFor({ timeout: WAIT_MS });
    const chatFrame = page.frameLocator('iframe[title="Live stream chat"]');
    await chatFrame.getByText('Live chat here').waitFor({ timeout: WAIT_MS });
    await page.getByRole('button', { name: 'Hide the chat' }).click();
    await page.getByRole('button', { name: 'Show the chat' }).click();
    // The top bar and the chat sidebar still work over the stream.
    await topBar(page).getByRole('button', { name: 'Chat' }).click();
    await chat(page).getByRole('tab', { name: 'My chats' }).waitFor();
    clean(seen);

    // Another origin is still refused: the policy names the stream's origins, not any.
    await page.evaluate((src) => {
      const frame = document.createElement('iframe');
      frame.src = src;
      document.body.append(frame);
    }, `http://127.0.0.2:${othersPort}/video`);
    await page.waitForFunction(() => (globalThis as unknown as { __cspViolations: unknown[] }).__cspViolations.length >= 1);
    assert.deepEqual(
      seen.violations.map((v) => [v.directive, v.blocked]),
      [['frame-src', `http://127.0.0.2:${othersPort}`]],
    );
    await context.close();
  } finally {
    setParameter('stream_active', '0');
    setParameter('stream_video_url', null);
    setParameter('stream_chat_url', null);
  }
});
