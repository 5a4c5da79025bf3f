/**
 * `npm run storybook:check`: every story of the built Storybook (`storybook-static/`, its `index.json`) opened in
 * Debian's Chromium, at 1366×768 and, for the stories whose widget has a phone layout (`parameters.check.phone`), at
 * 375×812. A story fails on a console error or a page error (its play function's failure among them), on a serious
 * or critical axe-core violation, or on a screenshot that differs from its baseline (`stories/__screenshots__/`) on
 * more than 0.1 % of its pixels (pixelmatch). A failure writes its actual, expected and diff PNGs under
 * `test-results/storybook/` and prints their paths.
 *
 *   npm run storybook:check                     # check every story
 *   npm run storybook:check -- --update         # rewrite the baselines (new and changed ones), still failing on errors and axe
 *   npm run storybook:check -- --only top-bar   # the stories whose id contains "top-bar"
 *   STORYBOOK_STATIC_DIR=/tmp/sb npm run storybook:check   # another build than storybook-static/
 *
 * Rendering is made deterministic: a fixed date (2026-03-12 10:00 in Paris), no animation, transition or caret, the
 * system's fonts (fonts-dejavu-core), and a story is shot once the requests it made are answered (at most 3 s: a
 * loading state's request never is) and two screenshots 300 ms apart are equal.
 *
 * A story may name axe rules that are only an artefact of its harness, each with its reason
 * (`parameters: { check: { axe: { 'rule-id': 'why this is not the product' } } }`), and the console errors it
 * provokes on purpose (`check: { consoleErrors: { 'Response not ok: 503': 'the story makes the server fail' } }`).
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pixelmatch from 'pixelmatch';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { PNG } from 'pngjs';

const ROOT = path.resolve(__dirname, '..', '..');
const STATIC_DIR = path.resolve(process.env.STORYBOOK_STATIC_DIR ?? path.join(ROOT, 'storybook-static'));
const BASELINES = path.join(ROOT, 'stories', '__screenshots__');
const RESULTS = path.join(ROOT, 'test-results', 'storybook');
const DESKTOP = { width: 1366, height: 768 };
const PHONE = { width: 375, height: 812 };
/** The share of a screenshot's pixels that may differ (anti-aliasing), and pixelmatch's per-pixel colour threshold. */
const MAX_DIFF_RATIO = 0.001;
const PIXEL_THRESHOLD = 0.02;
const FIXED_NOW = new Date('2026-03-12T09:00:00Z');
const STORY_TIMEOUT = 20_000;

const args = process.argv.slice(2);
const update = args.includes('--update');
const onlyAt = args.indexOf('--only');
const only = onlyAt >= 0 ? args[onlyAt + 1] : undefined;
const workers = Math.max(1, Number(process.env.STORYBOOK_CHECK_WORKERS ?? Math.min(3, os.availableParallelism())));

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
      res.writeHead(200, { 'Content-Type': MIME[path.extname(file)] ?? 'application/octet-stream', 'Cache-Control': 'max-age=3600' }).end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** No animation, transition nor caret: the screenshot of a story is the same from one run to the next. */
const STILL_CSS = '*,*::before,*::after{animation-duration:0s!important;animation-delay:0s!important;transition:none!important;caret-color:transparent!important;scroll-behavior:auto!important}';

async function newWorkerPage(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  // A string, not a function: tsx would name its inner functions with a helper the page does not have.
  await page.addInitScript(`(() => {
    const css = ${JSON.stringify(STILL_CSS)};
    const add = () => { const style = document.createElement('style'); style.textContent = css; document.head.append(style); };
    if (document.head) add(); else document.addEventListener('DOMContentLoaded', add, { once: true });
    // The story's answers in flight: every fetch the stories install (the API stand-in, a story's own) is counted.
    globalThis.__salonFetching = 0;
    let current = globalThis.fetch;
    const counted = (fn) => function (...args) {
      globalThis.__salonFetching += 1;
      const done = () => { globalThis.__salonFetching -= 1; };
      const answer = fn.apply(this, args);
      answer.then(done, done);
      return answer;
    };
    Object.defineProperty(globalThis, 'fetch', { configurable: true, get: () => current, set: (fn) => { current = counted(fn); } });
  })()`);
  return page;
}

interface Outcome {
  key: string;
  problems: string[];
  updated: boolean;
}

function baselineName(id: string, phone: boolean): string {
  return `${id}${phone ? '--phone' : ''}.png`;
}

/** Waits for Storybook's render of the story (its play function included) to end, then for fonts and images. */
async function settle(page: Page): Promise<string> {
  const phase = await page
    .waitForFunction(
      () => {
        const preview = (globalThis as unknown as { __STORYBOOK_PREVIEW__?: { currentRender?: { phase?: string } } }).__STORYBOOK_PREVIEW__;
        const current = preview?.currentRender?.phase;
        if (document.body.classList.contains('sb-show-errordisplay')) return 'errored';
        return current === 'finished' || current === 'completed' || current === 'errored' || current === 'aborted' ? current : false;
      },
      undefined,
      { timeout: STORY_TIMEOUT, polling: 50 },
    )
    .then((handle) => handle.jsonValue() as Promise<string>)
    .catch(() => 'timed out');
  // Until the story's requests are answered (at most 3 s: a loading state's request never is).
  await page.waitForFunction(() => (globalThis as unknown as { __salonFetching?: number }).__salonFetching === 0, undefined, { timeout: 3000, polling: 50 }).catch(() => undefined);
  await page.evaluate(async () => {
    await document.fonts.ready;
    const pending = [...document.images].filter((img) => !img.complete);
    await Promise.all(
      pending.map(
        (img) =>
          new Promise((resolve) => {
            img.addEventListener('load', resolve, { once: true });
            img.addEventListener('error', resolve, { once: true });
          }),
      ),
    );
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
  return phase;
}

/** Two equal screenshots in a row (at most 10 tries), so that what is compared is what the story settles on. */
async function stableShot(page: Page, masked: string[]): Promise<Buffer> {
  const options = { animations: 'disabled', caret: 'hide', mask: masked.map((selector) => page.locator(selector)), maskColor: '#ff00ff' } as const;
  let previous = await page.screenshot(options);
  for (let i = 0; i < 10; i += 1) {
    // Longer than the story API's answer (250 ms, .storybook/api-mock.ts): a request in flight shows before the next shot.
    await page.waitForTimeout(300);
    const next = await page.screenshot(options);
    if (next.equals(previous)) return next;
    previous = next;
  }
  return previous;
}

/** Where the time goes (milliseconds summed over the stories), printed at the end. */
const timing = { settle: 0, shot: 0, axe: 0 };

const axeSource = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

async function axe(page: Page, exceptions: Record<string, string>): Promise<string[]> {
  await page.addScriptTag({ content: axeSource });
  const violations = await page.evaluate(async () => {
    const runner = (globalThis as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await runner.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target })) }));
  });
  return violations
    .filter((v) => (v.impact === 'serious' || v.impact === 'critical') && !(v.id in exceptions))
    .map((v) => `axe ${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')})`);
}

function compare(actual: Buffer, key: string): { problem?: string; updated: boolean } {
  const file = path.join(BASELINES, key);
  const write = () => {
    fs.mkdirSync(BASELINES, { recursive: true });
    fs.writeFileSync(file, PNG.sync.write(PNG.sync.read(actual), { deflateLevel: 9 }));
  };
  if (!fs.existsSync(file)) {
    if (update) {
      write();
      return { updated: true };
    }
    return { problem: `no baseline ${path.relative(ROOT, file)}: run \`npm run storybook:check -- --update\``, updated: false };
  }
  const expected = PNG.sync.read(fs.readFileSync(file));
  const got = PNG.sync.read(actual);
  let differing: number;
  let diff: PNG | null = null;
  if (expected.width !== got.width || expected.height !== got.height) differing = Infinity;
  else {
    diff = new PNG({ width: got.width, height: got.height });
    differing = pixelmatch(expected.data, got.data, diff.data, got.width, got.height, { threshold: PIXEL_THRESHOLD });
  }
  const ratio = differing / (got.width * got.height);
  if (ratio <= MAX_DIFF_RATIO) return { updated: false };
  if (update) {
    write();
    return { updated: true };
  }
  fs.mkdirSync(RESULTS, { recursive: true });
  const base = path.join(RESULTS, key.replace(/\.png$/, ''));
  fs.writeFileSync(`${base}-actual.png`, actual);
  fs.copyFileSync(file, `${base}-expected.png`);
  if (diff) fs.writeFileSync(`${base}-diff.png`, PNG.sync.write(diff));
  const what = diff ? `${differing} pixels (${(ratio * 100).toFixed(2)} %) differ` : `size ${got.width}×${got.height}, baseline ${expected.width}×${expected.height}`;
  const files = [`${base}-actual.png`, `${base}-expected.png`, ...(diff ? [`${base}-diff.png`] : [])].map((f) => path.relative(ROOT, f));
  return { problem: `screenshot: ${what}; see ${files.join(' ')}`, updated: false };
}

async function checkStory(page: Page, baseUrl: string, entry: Entry, phone: boolean, errors: string[]): Promise<Outcome & { check: CheckParameters }> {
  const key = baselineName(entry.id, phone);
  await page.setViewportSize(phone ? PHONE : DESKTOP);
  errors.length = 0;
  await page.goto(`${baseUrl}/iframe.html?id=${encodeURIComponent(entry.id)}&viewMode=story`, { waitUntil: 'load' });
  const t0 = Date.now();
  const phase = await settle(page);
  timing.settle += Date.now() - t0;
  const check = await page.evaluate(
    () => ((globalThis as unknown as { __STORYBOOK_PREVIEW__?: { currentRender?: { story?: { parameters?: { check?: unknown } } } } }).__STORYBOOK_PREVIEW__?.currentRender?.story?.parameters?.check ?? {}) as CheckParameters,
  );
  const problems: string[] = [];
  if (phase !== 'finished' && phase !== 'completed') problems.push(`the story did not render to the end (${phase})`);
  const t1 = Date.now();
  const shot = await stableShot(page, Object.keys(check.mask ?? {}));
  timing.shot += Date.now() - t1;
  const t2 = Date.now();
  // The phone pass renders the same DOM: axe runs at 1366×768 only.
  if (!phone) problems.push(...(await axe(page, check.axe ?? {})));
  timing.axe += Date.now() - t2;
  const expected = Object.keys(check.consoleErrors ?? {});
  // The first line of each (a failed expectation prints the whole DOM after it).
  problems.push(...errors.filter((e) => !expected.some((text) => e.includes(text))).map((e) => `console: ${e.split('\n')[0]!.slice(0, 300)}`));
  const compared = compare(shot, key);
  if (compared.problem) problems.push(compared.problem);
  return { key, problems, updated: compared.updated, check };
}

async function main(): Promise<void> {
  const started = Date.now();
  const indexFile = path.join(STATIC_DIR, 'index.json');
  if (!fs.existsSync(indexFile)) throw new Error('storybook-static/ is not built: npx storybook build --disable-telemetry --quiet -o storybook-static');
  const index = JSON.parse(fs.readFileSync(indexFile, 'utf8')) as { entries: Record<string, Entry> };
  const stories = Object.values(index.entries).filter((e) => e.type === 'story' && (!only || e.id.includes(only)));
  const server = await serve();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--font-render-hinting=none', '--hide-scrollbars'],
  });
  const queue: { entry: Entry; phone: boolean }[] = stories.map((entry) => ({ entry, phone: false }));
  const failures: Outcome[] = [];
  let done = 0;
  let updated = 0;
  let retried = 0;
  const worker = async () => {
    const context = await browser.newContext({ locale: 'en-GB', timezoneId: 'Europe/Paris', reducedMotion: 'reduce', colorScheme: 'light', deviceScaleFactor: 1 });
    await context.clock.setFixedTime(FIXED_NOW);
    let page = await newWorkerPage(context);
    const errors: string[] = [];
    const listen = (p: Page) => {
      p.on('console', (m) => {
        if (m.type() !== 'error') return;
        const where = m.location().url;
        errors.push(m.text().startsWith('Failed to load resource') && where ? `${m.text()}: ${where}` : m.text());
      });
      p.on('pageerror', (e) => errors.push(`page error: ${e.message}`));
    };
    listen(page);
    for (let item = queue.shift(); item; item = queue.shift()) {
      let outcome: Outcome & { check?: CheckParameters };
      try {
        outcome = await checkStory(page, server.url, item.entry, item.phone, errors);
      } catch (err) {
        outcome = { key: baselineName(item.entry.id, item.phone), problems: [`the check failed: ${(err as Error).message.split('\n')[0]}`], updated: false };
        await page.close().catch(() => undefined);
        page = await newWorkerPage(context);
        listen(page);
      }
      // A story that fails is checked once more on a fresh page: a failure on both runs fails the check, a pass on the
      // second is printed (a story that does not always render the same is worth a look, but is not a regression).
      if (outcome.problems.length > 0 && !update) {
        await page.close().catch(() => undefined);
        page = await newWorkerPage(context);
        listen(page);
        errors.length = 0;
        const first = outcome.problems;
        try {
          const again = await checkStory(page, server.url, item.entry, item.phone, errors);
          if (again.problems.length === 0) {
            retried += 1;
            console.log(`↻ ${again.key.replace(/\.png$/, '')} passed on a second run; the first said:\n    ${first.join('\n    ')}`);
          }
          outcome = again;
        } catch {
          // The first outcome stands.
        }
      }
      // A story with a phone layout is checked again at 375×812 (queued once it is known).
      if (!item.phone && outcome.check?.phone) queue.push({ entry: item.entry, phone: true });
      done += 1;
      if (outcome.updated) updated += 1;
      if (outcome.problems.length > 0) {
        failures.push(outcome);
        console.log(`✗ ${outcome.key.replace(/\.png$/, '')}\n    ${outcome.problems.join('\n    ')}`);
      }
    }
    await context.close();
  };
  try {
    await Promise.all(Array.from({ length: workers }, worker));
  } finally {
    await browser.close();
    await server.close();
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`storybook check: ${done} screenshots of ${stories.length} stories, ${failures.length} failed${retried > 0 ? ` (${retried} passed on a second run)` : ''}${update ? `, ${updated} baselines written` : ''} (${seconds} s, ${workers} pages)`);
  console.log(`time in the pages: waiting for the stories ${(timing.settle / 1000).toFixed(0)} s, screenshots ${(timing.shot / 1000).toFixed(0)} s, axe ${(timing.axe / 1000).toFixed(0)} s`);
  if (failures.length > 0) process.exitCode = 1;
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
