/**
 * `npm run storybook:check`: every story of the built Storybook (`storybook-static/`, its `index.json`) opened in
 * Debian's Chromium (its headless shell: `CHROMIUM_PATH`), at 1366×768 and, for the stories whose widget has a phone
 * layout (`parameters.check.phone`), at 375×812. A story fails on a console error or a page error (its play function's failure among them), on a serious
 * or critical axe-core violation, or on a screenshot that differs from its baseline (`stories/__screenshots__/`) on
 * more than 0.1 % of its pixels (pixelmatch). A failure writes its actual, expected and diff PNGs under
 * `test-results/storybook/` and prints their paths.
 *
 *   npm run storybook:check                              # check every story
 *   npm run storybook:check -- --update                  # rewrite the baselines (new and changed ones), still failing on errors and axe
 *   npm run storybook:check -- --only top-bar            # the stories whose id contains "top-bar"
 *   npm run storybook:check -- --only news-french --repeat 20   # each chosen story 20 times in a row, no second chance
 *   STORYBOOK_CHECK_PAGES=2 npm run storybook:check      # pages checked at once (default 6)
 *   STORYBOOK_STATIC_DIR=/tmp/sb npm run storybook:check # another build than storybook-static/
 *
 * Each page goes from story to story in one loaded `iframe.html`, as the Storybook UI does: a story is chosen with
 * Storybook's own channel (`setCurrentStory`), whose events say when its loaders, render and play function are done.
 * Storybook is loaded anew for a page's first story, after a story that left a request unanswered on purpose (it
 * would time out in a later story), and for the second chance of a story that failed: checked once more on a freshly
 * loaded page, a pass there is printed (a story that does not always render the same, or one that shows what a story
 * before it left); `--repeat` turns that second chance off. Going from story to story takes about a quarter less CPU
 * than loading Storybook for each (docs/performance.md, 2026-11-30).
 *
 * Rendering is made deterministic: a fixed date (2026-03-12 10:00 in Paris), no animation, transition or caret, the
 * system's fonts (fonts-dejavu-core). A story is shot once it is quiet: its play function finished, none of its
 * requests in flight (the network's, webpack's chunks, and the fetches of the stories' API stand-ins, but for those
 * left unanswered on purpose: `.storybook/api-mock.ts`'s `neverAnswered`), its images and fonts loaded, and its DOM
 * unchanged for 350 ms (at most 5 s). One shot is enough when the DOM did not change while it was taken and the page
 * has no canvas, video or frame; otherwise two shots, each once quiet again, must be equal.
 *
 * A story may name axe rules that are only an artefact of its harness, each with its reason
 * (`parameters: { check: { axe: { 'rule-id': 'why this is not the product' } } }`), and the console errors it
 * provokes on purpose (`check: { consoleErrors: { 'Response not ok: 503': 'the story makes the server fail' } }`).
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import pixelmatch from 'pixelmatch';
import { chromium, type Browser, type Page, type Request } from 'playwright-core';
import { PNG } from 'pngjs';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../tests/browser/harness';

const ROOT = path.resolve(__dirname, '..', '..');
const axeSource = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
/** Where the check's static server answers with axe-core (a path Storybook's build cannot have). */
const AXE_PATH = '/__check/axe.min.js';
const STATIC_DIR = path.resolve(process.env.STORYBOOK_STATIC_DIR ?? path.join(ROOT, 'storybook-static'));
const BASELINES = path.join(ROOT, 'stories', '__screenshots__');
const RESULTS = path.join(ROOT, 'test-results', 'storybook');
const DESKTOP = { width: 1366, height: 768 };
const PHONE = { width: 375, height: 812 };
/** The share of a screenshot's pixels that may differ (anti-aliasing), and pixelmatch's per-pixel colour threshold. */
const MAX_DIFF_RATIO = 0.001;
const PIXEL_THRESHOLD = 0.02;
const FIXED_NOW = new Date('2026-03-12T09:00:00Z');
/** Loading Storybook, and one story's render with its play function. */
const STORY_TIMEOUT = 20_000;
/** How long a story may take to be quiet once rendered (a story that never is, a video playing, is shot anyway). */
const QUIET_TIMEOUT = 5_000;
/** A DOM unchanged this long, with nothing in flight, is quiet: React shows a resolved Suspense boundary up to 300 ms after its fallback. */
const QUIET_MS = 350;

const args = process.argv.slice(2);
const option = (name: string): string | undefined => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};
const update = args.includes('--update');
const only = option('--only');
const repeat = Math.max(1, Number(option('--repeat') ?? 1));
// Six: a page spends most of its time waiting for its story to be quiet, and with four the machine stayed a quarter
// idle (107–114 s against 137 s alone; beside a CPU hog 156 against 164 s, docs/performance.md).
const pages = Math.max(1, Number(process.env.STORYBOOK_CHECK_PAGES ?? process.env.STORYBOOK_CHECK_WORKERS ?? 6));

/** What a story may say in `parameters.check`. */
interface CheckParameters {
  phone?: boolean;
  axe?: Record<string, string>;
  /** Parts covered by a box in the screenshot (CSS selectors → why): what the machine draws differently each time. */
  mask?: Record<string, string>;
  /** Console errors the story provokes on purpose (a server made to fail, whose error the widget logs): text each contains → why. */
  consoleErrors?: Record<string, string>;
}

interface Entry {
  id: string;
  title: string;
  name: string;
  type: string;
}

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
};

/** The built Storybook on a free port of 127.0.0.1 (GET only, nothing outside the folder). */
async function serve(): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    // Chromium asks for one on its own; Storybook has none.
    if (url.pathname === '/favicon.ico') {
      res.writeHead(204).end();
      return;
    }
    // axe-core, loaded by URL (not inlined) so that Chromium keeps it compiled from one story's page to the next.
    if (url.pathname === AXE_PATH) {
      res.writeHead(200, { 'Content-Type': 'text/javascript', 'Cache-Control': 'max-age=3600' }).end(axeSource);
      return;
    }
    let file = path.join(STATIC_DIR, decodeURIComponent(url.pathname));
    if (!file.startsWith(STATIC_DIR)) {
      res.writeHead(403).end();
      return;
    }
    if (fs.existsSync(file) && fs.statSync(file).isDirectory()) file = path.join(file, 'index.html');
    fs.readFile(file, (err, body) => {
      if (err) {
        res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
        return;
      }
      res
        .writeHead(200, { 'Content-Type': MIME[path.extname(file)] ?? 'application/octet-stream', 'Cache-Control': 'max-age=3600' })
        .end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** No animation, transition nor caret: the screenshot of a story is the same from one run to the next. */
const STILL_CSS =
  '*,*::before,*::after{animation-duration:0s!important;animation-delay:0s!important;transition:none!important;caret-color:transparent!important;scroll-behavior:auto!important}';

/**
 * Run in the page before Storybook: the still stylesheet, the fetches in flight (every fetch the stories install is
 * counted: the API stand-in, a story's own) and the time of the DOM's last change. A string, not a function: tsx
 * would name its inner functions with a helper the page does not have.
 */
const INIT_SCRIPT = `(() => {
  const css = ${JSON.stringify(STILL_CSS)};
  const add = () => { const style = document.createElement('style'); style.textContent = css; document.head.append(style); };
  if (document.head) add(); else document.addEventListener('DOMContentLoaded', add, { once: true });
  globalThis.__salonFetching = 0;
  let current = globalThis.fetch;
  // A story file's stand-in that passes a call on to the one it replaced is one fetch, counted once.
  let inside = false;
  const counted = (fn) => function (...args) {
    if (inside) return fn.apply(this, args);
    inside = true;
    let answer;
    try { answer = fn.apply(this, args); } finally { inside = false; }
    globalThis.__salonFetching += 1;
    const done = () => { globalThis.__salonFetching -= 1; };
    answer.then(done, done);
    return answer;
  };
  Object.defineProperty(globalThis, 'fetch', { configurable: true, get: () => current, set: (fn) => { current = counted(fn); } });
  const changed = () => { globalThis.__salonChanged = performance.now(); };
  changed();
  new MutationObserver(changed).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  // A focus that moves changes the shot (its ring) without changing the DOM: a widget that focuses after a frame.
  for (const type of ['focusin', 'focusout']) document.addEventListener(type, changed, true);
  // What Storybook's channel says of the story being rendered (its phases, whether it finished with an error), from
  // the moment Storybook makes the channel: the story named in the address, then each one chosen (\`__salonRender\`).
  const id = new URLSearchParams(location.search).get('id');
  globalThis.__salonRender = id ? { id, phases: [], status: null } : null;
  const mine = (event) => globalThis.__salonRender && event && event.storyId === globalThis.__salonRender.id;
  let channel;
  Object.defineProperty(globalThis, '__STORYBOOK_ADDONS_CHANNEL__', { configurable: true, get: () => channel, set: (next) => {
    channel = next;
    channel.on('storyRenderPhaseChanged', (event) => { if (mine(event)) globalThis.__salonRender.phases.push(event.newPhase); });
    channel.on('storyFinished', (event) => { if (mine(event)) globalThis.__salonRender.status = event.status; });
    channel.on('storyMissing', () => { if (globalThis.__salonRender) globalThis.__salonRender.phases.push('missing'); });
  } });
})()`;

/** A page of the check: one Chromium page, the requests it has in flight, the console errors since the last story. */
interface CheckPage {
  page: Page;
  errors: string[];
  inFlight: Set<Request>;
  /** The story rendered last (a phone pass of the same story remounts it). */
  current: string | null;
  axeLoaded: boolean;
}

/** A new page for the check, with its init script and its listeners; nothing loaded yet. */
async function openPage(browser: Browser): Promise<CheckPage> {
  const context = await browser.newContext({
    locale: 'en-GB',
    timezoneId: 'Europe/Paris',
    reducedMotion: 'reduce',
    colorScheme: 'light',
    deviceScaleFactor: 1,
    viewport: DESKTOP,
  });
  await context.clock.setFixedTime(FIXED_NOW);
  const page = await context.newPage();
  const checked: CheckPage = { page, errors: [], inFlight: new Set(), current: null, axeLoaded: false };
  page.on('console', (m) => {
    if (m.type() !== 'error') return;
    const where = m.location().url;
    checked.errors.push(m.text().startsWith('Failed to load resource') && where ? `${m.text()}: ${where}` : m.text());
  });
  page.on('pageerror', (e) => checked.errors.push(`page error: ${e.message}`));
  // Media streams (the stand-in videos) stay open as long as they play: not waited for.
  const counts = (request: Request) => !['media', 'websocket', 'eventsource'].includes(request.resourceType());
  page.on('request', (request) => {
    if (counts(request)) checked.inFlight.add(request);
  });
  page.on('requestfinished', (request) => checked.inFlight.delete(request));
  page.on('requestfailed', (request) => checked.inFlight.delete(request));
  await page.addInitScript(INIT_SCRIPT);
  return checked;
}

/** (Re)loads Storybook's `iframe.html` in the page with the story `id`: nothing of the stories before is left. */
async function loadStorybook(checked: CheckPage, baseUrl: string, id: string): Promise<void> {
  checked.current = id;
  checked.axeLoaded = false;
  await checked.page.goto(`${baseUrl}/iframe.html?id=${encodeURIComponent(id)}&viewMode=story`, { waitUntil: 'commit' });
}

/** Whether the story shown left requests unanswered on purpose (`.storybook/api-mock.ts`'s `neverAnswered`). */
async function leftUnanswered(checked: CheckPage): Promise<boolean> {
  return checked.page
    .evaluate(() => ((globalThis as unknown as { __salonNeverAnswered?: number }).__salonNeverAnswered ?? 0) > 0)
    .catch(() => true);
}

async function closePage(checked: CheckPage): Promise<void> {
  await checked.page
    .context()
    .close()
    .catch(() => undefined);
}

interface Outcome {
  key: string;
  problems: string[];
  updated: boolean;
  check?: CheckParameters;
}

function baselineName(id: string, phone: boolean): string {
  return `${id}${phone ? '--phone' : ''}.png`;
}

/** Where the time goes (milliseconds summed over the stories, so more than the run's time with several pages). */
const timing = { load: 0, render: 0, quiet: 0, shot: 0, axe: 0, compare: 0 };
const timed = async <T>(what: keyof typeof timing, run: () => Promise<T>): Promise<T> => {
  const start = Date.now();
  try {
    return await run();
  } finally {
    timing[what] += Date.now() - start;
  }
};

/**
 * Loads Storybook on the story (or, on a page showing one already, chooses it with Storybook's
 * channel) and waits for its render and play function to end: its phase then.
 */
async function render(checked: CheckPage, id: string, baseUrl: string): Promise<string> {
  const { page } = checked;
  if (checked.current === null) await timed('load', () => loadStorybook(checked, baseUrl, id));
  else {
    const again = checked.current === id;
    checked.current = id;
    await page.evaluate(
      ([storyId, remount]) => {
        const g = globalThis as unknown as {
          __salonRender: unknown;
          __STORYBOOK_ADDONS_CHANNEL__: { emit: (event: string, payload: unknown) => void };
        };
        g.__salonRender = { id: storyId, phases: [], status: null };
        globalThis.scrollTo(0, 0);
        if (remount) g.__STORYBOOK_ADDONS_CHANNEL__.emit('forceRemount', { storyId });
        else g.__STORYBOOK_ADDONS_CHANNEL__.emit('setCurrentStory', { storyId, viewMode: 'story' });
      },
      [id, again] as const,
    );
  }
  return page
    .waitForFunction(
      () => {
        const current = (globalThis as unknown as { __salonRender?: { phases: string[]; status: string | null } }).__salonRender;
        if (!current) return false;
        if (current.phases.includes('missing')) return 'missing';
        if (!current.phases.includes('finished')) return false;
        if (current.status === 'error' || current.phases.includes('errored') || document.body.classList.contains('sb-show-errordisplay'))
          return 'errored';
        return 'finished';
      },
      undefined,
      { timeout: STORY_TIMEOUT, polling: 50 },
    )
    .then((handle) => handle.jsonValue() as Promise<string>)
    .catch(() => 'timed out');
}

/** In the page: nothing in flight (fetches, webpack chunks), fonts and images loaded, and no DOM change through two frames and QUIET_MS. */
const QUIET_SCRIPT = `(async () => {
  const busy = () => (globalThis.__salonFetching ?? 0) - (globalThis.__salonNeverAnswered ?? 0) > 0 || document.fonts.status !== 'loaded'
    || [...document.images].some((img) => !img.complete && img.loading !== 'lazy')
    // A chunk webpack is loading (it removes the script once run), even one the browser's cache answers.
    || document.querySelector('script[data-webpack]') !== null;
  if (busy()) return false;
  const changed = globalThis.__salonChanged;
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  await new Promise((resolve) => setTimeout(resolve, ${QUIET_MS}));
  return globalThis.__salonChanged === changed && !busy();
})()`;

/**
 * Until the story is quiet: no request in flight (but those left unanswered on purpose), its images and fonts loaded,
 * and its DOM unchanged through two frames and QUIET_MS seen from the page itself, so that work already queued there
 * (a lazy chunk just run, React's next render) has had its turn (at most QUIET_TIMEOUT).
 */
async function quiet(checked: CheckPage): Promise<void> {
  const deadline = Date.now() + QUIET_TIMEOUT;
  while (Date.now() < deadline) {
    if (checked.inFlight.size > 0) {
      await checked.page.waitForTimeout(25);
      continue;
    }
    const still = (await checked.page.evaluate(QUIET_SCRIPT)) as boolean;
    if (still && checked.inFlight.size === 0) return;
  }
}

/**
 * What is compared is what the story settles on: a shot of a DOM that did not change while it was taken, in a page
 * without canvas, video or frame (which draw without changing the DOM); otherwise two equal shots in a row, each once
 * the story is quiet (at most 10 tries).
 */
async function stableShot(checked: CheckPage, masked: string[]): Promise<Buffer> {
  const { page } = checked;
  // No animation nor caret already (STILL_CSS): Playwright's own options would add a stylesheet to each shot.
  const options = { mask: masked.map((selector) => page.locator(selector)), maskColor: '#ff00ff' } as const;
  const mark = () => page.evaluate(() => (globalThis as unknown as { __salonChanged: number }).__salonChanged);
  const before = await mark();
  let previous = await page.screenshot(options);
  const drawsAlone = await page.evaluate(() => document.querySelector('canvas, video, iframe') !== null);
  if (!drawsAlone && masked.length === 0 && (await mark()) === before) return previous;
  for (let i = 0; i < 10; i += 1) {
    await quiet(checked);
    const next = await page.screenshot(options);
    if (next.equals(previous)) return next;
    previous = next;
  }
  return previous;
}

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

async function axe(checked: CheckPage, exceptions: Record<string, string>): Promise<string[]> {
  if (!checked.axeLoaded) {
    await checked.page.addScriptTag({ url: AXE_PATH });
    checked.axeLoaded = true;
  }
  const violations = await checked.page.evaluate(async () => {
    const runner = (
      globalThis as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<{ violations: AxeViolation[] }> } }
    ).axe;
    const result = await runner.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target })) }));
  });
  return violations
    .filter((v) => (v.impact === 'serious' || v.impact === 'critical') && !(v.id in exceptions))
    .map((v) => `axe ${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')})`);
}

/**
 * The shot against its baseline. Baselines are kept as Chromium encodes them, so a story drawn as before gives the
 * same bytes and needs no decoding; otherwise equal pixels pass, and pixelmatch counts the differing ones.
 */
function compare(actual: Buffer, key: string): { problem?: string; updated: boolean } {
  const file = path.join(BASELINES, key);
  const write = () => {
    fs.mkdirSync(BASELINES, { recursive: true });
    fs.writeFileSync(file, actual);
  };
  if (!fs.existsSync(file)) {
    if (update) {
      write();
      console.log(`✎ ${key}: new`);
      return { updated: true };
    }
    return { problem: `no baseline ${path.relative(ROOT, file)}: run \`npm run storybook:check -- --update\``, updated: false };
  }
  const baseline = fs.readFileSync(file);
  if (baseline.equals(actual)) return { updated: false };
  const expected = PNG.sync.read(baseline);
  const got = PNG.sync.read(actual);
  const sameSize = expected.width === got.width && expected.height === got.height;
  if (sameSize && expected.data.equals(got.data)) {
    // The same picture encoded otherwise (an older baseline, another Chromium): kept as this one encodes it.
    if (update) write();
    return { updated: update };
  }
  let differing = Infinity;
  let diff: PNG | null = null;
  if (sameSize) {
    diff = new PNG({ width: got.width, height: got.height });
    differing = pixelmatch(expected.data, got.data, diff.data, got.width, got.height, { threshold: PIXEL_THRESHOLD });
  }
  const ratio = differing / (got.width * got.height);
  if (ratio <= MAX_DIFF_RATIO) return { updated: false };
  const what = diff
    ? `${differing} pixels (${(ratio * 100).toFixed(2)} %) differ`
    : `size ${got.width}×${got.height}, baseline ${expected.width}×${expected.height}`;
  if (update) {
    write();
    console.log(`✎ ${key}: ${what}`);
    return { updated: true };
  }
  fs.mkdirSync(RESULTS, { recursive: true });
  const base = path.join(RESULTS, key.replace(/\.png$/, ''));
  fs.writeFileSync(`${base}-actual.png`, actual);
  fs.copyFileSync(file, `${base}-expected.png`);
  if (diff) fs.writeFileSync(`${base}-diff.png`, PNG.sync.write(diff));
  const files = [`${base}-actual.png`, `${base}-expected.png`, ...(diff ? [`${base}-diff.png`] : [])].map((f) => path.relative(ROOT, f));
  return { problem: `screenshot: ${what}; see ${files.join(' ')}`, updated: false };
}

async function checkStory(checked: CheckPage, entry: Entry, phone: boolean, baseUrl: string): Promise<Outcome> {
  const key = baselineName(entry.id, phone);
  const { page } = checked;
  const viewport = phone ? PHONE : DESKTOP;
  const size = page.viewportSize();
  if (size?.width !== viewport.width || size.height !== viewport.height) await page.setViewportSize(viewport);
  checked.errors.length = 0;
  const phase = await timed('render', () => render(checked, entry.id, baseUrl));
  const problems: string[] = [];
  if (phase !== 'finished') problems.push(`the story did not render to the end (${phase})`);
  await timed('quiet', () => quiet(checked));
  const check = await page.evaluate(
    () =>
      ((globalThis as unknown as { __STORYBOOK_PREVIEW__?: { currentRender?: { story?: { parameters?: { check?: unknown } } } } })
        .__STORYBOOK_PREVIEW__?.currentRender?.story?.parameters?.check ?? {}) as CheckParameters,
  );
  const shot = await timed('shot', () => stableShot(checked, Object.keys(check.mask ?? {})));
  // The phone pass renders the same DOM: axe runs at 1366×768 only.
  if (!phone) problems.push(...(await timed('axe', () => axe(checked, check.axe ?? {}))));
  const expected = Object.keys(check.consoleErrors ?? {});
  // The first line of each (a failed expectation prints the whole DOM after it).
  problems.push(
    ...checked.errors.filter((e) => !expected.some((text) => e.includes(text))).map((e) => `console: ${e.split('\n')[0]!.slice(0, 300)}`),
  );
  const compared = await timed('compare', async () => compare(shot, key));
  if (compared.problem) problems.push(compared.problem);
  return { key, problems, updated: compared.updated, check };
}

async function main(): Promise<void> {
  const started = Date.now();
  const indexFile = path.join(STATIC_DIR, 'index.json');
  if (!fs.existsSync(indexFile))
    throw new Error('storybook-static/ is not built: npx storybook build --disable-telemetry --quiet -o storybook-static');
  const index = JSON.parse(fs.readFileSync(indexFile, 'utf8')) as { entries: Record<string, Entry> };
  const stories = Object.values(index.entries).filter((e) => e.type === 'story' && (!only || e.id.includes(only)));
  const server = await serve();
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, '--font-render-hinting=none', '--hide-scrollbars'],
  });
  // Round robin over the files (titles): the stories a page shows one after the other come from different widgets.
  const byTitle = new Map<string, Entry[]>();
  for (const entry of stories) byTitle.set(entry.title, [...(byTitle.get(entry.title) ?? []), entry]);
  const interleaved: Entry[] = [];
  for (let i = 0; interleaved.length < stories.length; i += 1) for (const list of byTitle.values()) if (list[i]) interleaved.push(list[i]!);
  const queue: { entry: Entry; phone: boolean }[] = [];
  for (let round = 0; round < repeat; round += 1) queue.push(...interleaved.map((entry) => ({ entry, phone: false })));
  const failures: Outcome[] = [];
  let done = 0;
  let updated = 0;
  let secondChances = 0;
  let reloads = 0;
  const worker = async () => {
    let checked = await openPage(browser);
    // After a failure: a freshly loaded page for the next story (a new one if this one no longer answers).
    const reload = async () => {
      const alive = await checked.page.evaluate(() => true).catch(() => false);
      if (alive) checked.current = null;
      else {
        await closePage(checked);
        checked = await openPage(browser);
      }
    };
    for (let item = queue.shift(); item; item = queue.shift()) {
      let outcome: Outcome;
      try {
        outcome = await checkStory(checked, item.entry, item.phone, server.url);
      } catch (err) {
        outcome = {
          key: baselineName(item.entry.id, item.phone),
          problems: [`the check failed: ${(err as Error).message.split('\n')[0]}`],
          updated: false,
        };
      }
      // A story that fails is checked once more on a freshly loaded page: a failure there fails the check; a pass is
      // printed (a story that does not always render the same, or one a story before it upset).
      if (outcome.problems.length > 0) {
        await reload();
        if (!update && repeat === 1) {
          const first = outcome.problems;
          try {
            const again = await checkStory(checked, item.entry, item.phone, server.url);
            if (again.problems.length === 0) {
              secondChances += 1;
              console.log(`↻ ${again.key.replace(/\.png$/, '')} passed on a second run; the first said:\n    ${first.join('\n    ')}`);
            }
            outcome = again;
          } catch {
            // The first outcome stands.
          }
        }
      }
      // A request left unanswered on purpose (a loading state) times out 10 s later, in whatever story is shown then.
      if (checked.current !== null && (await leftUnanswered(checked))) {
        reloads += 1;
        checked.current = null;
      }
      // A story with a phone layout is checked again at 375×812, once it is known, a few stories later.
      if (!item.phone && outcome.check?.phone) queue.splice(pages * 4, 0, { entry: item.entry, phone: true });
      done += 1;
      if (outcome.updated) updated += 1;
      if (outcome.problems.length > 0) {
        failures.push(outcome);
        console.log(`✗ ${outcome.key.replace(/\.png$/, '')}\n    ${outcome.problems.join('\n    ')}`);
      }
    }
    await closePage(checked);
  };
  try {
    await Promise.all(Array.from({ length: pages }, worker));
  } finally {
    await browser.close();
    await server.close();
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const s = (ms: number) => `${(ms / 1000).toFixed(0)} s`;
  console.log(
    `storybook check: ${done} screenshots of ${stories.length} stories${repeat > 1 ? ` × ${repeat}` : ''}, ${failures.length} failed${secondChances > 0 ? ` (${secondChances} passed on a second run)` : ''}${update ? `, ${updated} baselines written` : ''} (${seconds} s, ${pages} pages, ${reloads} loads of Storybook between stories)`,
  );
  console.log(
    `time in the pages: loading Storybook ${s(timing.load)}, rendering and playing ${s(timing.render)}, waiting for quiet ${s(timing.quiet)}, screenshots ${s(timing.shot)}, axe ${s(timing.axe)}, comparing ${s(timing.compare)}`,
  );
  if (failures.length > 0) process.exitCode = 1;
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
