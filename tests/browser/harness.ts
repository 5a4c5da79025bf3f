/**
 * Starts the real salon (the compiled server, dist/server/server.js, with SALON_DEMO=1, the demo salon of `npm start`,
 * on a fresh SQLite file, serving the built dist/spa) and Debian's Chromium through playwright-core. Used by the
 * browser tests and scripts/measure/.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before } from 'node:test';
import { chromium, type Browser, type Frame, type Page } from 'playwright-core';
import { promotionOf } from '../../host-shell/room-frame/offers';
import { CONSENTS } from '@salon/shared/contracts/consents';
import { buildCompiled } from '../server/compiled';

export const ROOT = path.resolve(__dirname, '..', '..');
export const DEMO_PASSWORD = 'salon-demo';
/**
 * How long a test waits at most for what it waits for (an element, a message, an address): room for a loaded machine
 * (a CPU-bound process beside the tests); a quiet machine never pays it, the wait ends with the thing itself.
 */
export const WAIT_MS = 30_000;

export interface Salon {
  baseUrl: string;
  port: number;
  dataDir: string;
  logs: () => string;
  /** SIGTERM (then SIGKILL after 5 s), and the data folder is removed. */
  stop: () => Promise<void>;
  /** SIGKILL at once, as a crash: the data folder stays, for `startSalon(env, {dataDir, port})` to start again on it. */
  kill: () => Promise<void>;
}

export interface StartOptions {
  /** Start on this data folder (SQLite file and uploads) instead of a fresh one, e.g. after `kill()`. */
  dataDir?: string;
  /** Listen on this port instead of a free one (a restart keeps its clients' address). */
  port?: number;
  /** Tests that load no page (sockets and API only) do not need dist/spa. Default true. */
  requireBuild?: boolean;
}

/** A port nobody listens on right now (the OS picks it). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** Where every test server keeps its panorama images: files are named by what they show (panoramas.ts draws them). */
export const TEST_PANORAMA_DIR = path.join(os.tmpdir(), 'salon-test-panoramas');

const COMPILED_SERVER = path.join(ROOT, 'dist', 'server', 'server.js');

/**
 * The compiled server, compiled again when a source changed since (`buildCompiled`, tests/server/compiled.ts), once per
 * process. Compiled rather than run through tsx: a start costs a third of the CPU (3 s against 10 s, demo seeding
 * included), and `npm test` starts about forty.
 */
let compiledChecked = false;
function ensureCompiledServer(): void {
  if (compiledChecked) return;
  buildCompiled();
  compiledChecked = true;
}

export async function startSalon(env: Record<string, string> = {}, options: StartOptions = {}): Promise<Salon> {
  if (options.requireBuild !== false && !fs.existsSync(path.join(ROOT, 'dist', 'spa', 'widgets.json')))
    throw new Error('dist/spa is not built: run `npm run build` first');
  ensureCompiledServer();
  const port = options.port ?? (await freePort());
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'salon-e2e-'));
  let output = '';
  const child: ChildProcess = spawn(process.execPath, ['--enable-source-maps', COMPILED_SERVER], {
    cwd: ROOT,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: '',
      SQLITE_PATH: path.join(dataDir, 'salon.sqlite'),
      UPLOAD_DIR: path.join(dataDir, 'uploads'),
      // One folder for every test server (`npm test` draws the demo's images into it first); a server draws an image
      // missing there when a test first opens it.
      PANORAMA_DIR: TEST_PANORAMA_DIR,
      PANORAMA_PRERENDER: '0',
      REDIS_URL: '',
      LOG_LEVEL: 'warn',
      // The demo salon (seeded when the database is empty): the tests log in with its accounts.
      SALON_DEMO: '1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}:\n${output}`);
    try {
      const res = await fetch(`${baseUrl}/`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not answer within 60 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    baseUrl,
    port,
    dataDir,
    logs: () => output,
    kill: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGKILL');
      await exited;
    },
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000).unref())]);
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The tests' and checks' Chromium: Debian's headless shell (`chromium-headless-shell`, the same Chromium without the
 * desktop browser around it, as Playwright runs headless), or the one `CHROMIUM_PATH` names. A page costs it about half
 * the CPU of the full browser (docs/performance.md, 2026-11-30).
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';
/** The browser visitors run, for what times a page (Lighthouse, the room frame's long tasks), or `FULL_CHROMIUM_PATH`. */
export const FULL_CHROMIUM_PATH = process.env.FULL_CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The switches every Chromium of the tests and measures gets: no sandbox, no GPU, none of its own traffic, and the
 * languages a browser sends (the headless shell sends no Accept-Language unless told; the full browser sends these).
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--accept-lang=en-US,en',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
] as const;

/** Debian's Chromium, headless; `extraArgs` adds switches (e.g. the fake screen-capture device). */
export async function launchChromium(extraArgs: readonly string[] = [], executablePath = CHROMIUM_PATH): Promise<Browser> {
  return chromium.launch({ executablePath, args: [...CHROMIUM_ARGS, ...extraArgs] });
}

/** Console errors and page errors, to assert a page is clean. Resource 404s of the tests' own making are listed too. */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

/** Logs in through the home page's form, as a person would; resolves on the page the form leads to. */
export async function logIn(page: Page, baseUrl: string, email: string, password = DEMO_PASSWORD): Promise<number> {
  await page.goto(`${baseUrl}/`);
  const form = page.getByRole('region', { name: /^(log in|se connecter)$/i });
  await form.getByLabel(/e-?mail/i).fill(email);
  await form.getByLabel(/^(password|mot de passe)\b/i).fill(password);
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/connexion')),
    form.getByRole('button', { name: /^(log in|se connecter)$/i }).click(),
  ]);
  await page.waitForLoadState('load');
  return response.status();
}

/**
 * Logs in as the home page's form posts it, without drawing the home page first (`logIn` does it as a person would,
 * and accounts.test.ts checks that form): the session cookie lands in the page's context, then the page opens where
 * the server sends it, unless `open: false` (the test goes elsewhere at once). A test about something else saves
 * one or two page loads (2 to 5 s of Chromium's CPU each). Resolves with the answer's status: 303 when logged in.
 */
export async function logInDirectly(page: Page, baseUrl: string, email: string, { open = true } = {}): Promise<number> {
  const response = await page.request.post(`${baseUrl}/connexion`, {
    form: { email, password: DEMO_PASSWORD },
    headers: { Origin: baseUrl },
    maxRedirects: 0,
  });
  const location = response.headers().location;
  if (open && response.status() === 303 && location) await page.goto(new URL(location, baseUrl).toString());
  return response.status();
}

/** Waits until every widget slot of the page has settled (mounted, failed, or idle: a lazy slot not opened yet). */
export async function widgetsSettled(page: Page): Promise<Record<string, string>> {
  await page.waitForFunction(
    () =>
      Array.from(document.querySelectorAll<HTMLElement>('[data-salon-widget]')).every((s) =>
        ['mounted', 'failed', 'idle'].includes(s.dataset.salonState ?? ''),
      ),
    undefined,
    { timeout: 30_000 },
  );
  return page.evaluate(() =>
    Object.fromEntries(
      Array.from(document.querySelectorAll<HTMLElement>('[data-salon-widget]')).map((s) => [
        s.dataset.salonWidget ?? '',
        s.dataset.salonState ?? '',
      ]),
    ),
  );
}

/**
 * One server and one browser for a whole test file: `const env = useSalon();` at the top, then
 * `env.salon.baseUrl` and `env.browser` inside the tests.
 */
export function useSalon(
  serverEnv: Record<string, string> = {},
  chromiumArgs: readonly string[] = [],
): { readonly salon: Salon; readonly browser: Browser } {
  let salon: Salon | undefined;
  let browser: Browser | undefined;
  before(async () => {
    salon = await startSalon(serverEnv);
    browser = await launchChromium(chromiumArgs);
  });
  after(async () => {
    await browser?.close();
    await salon?.stop();
  });
  return {
    get salon() {
      if (!salon) throw new Error('the salon is not started yet');
      return salon;
    },
    get browser() {
      if (!browser) throw new Error('the browser is not launched yet');
      return browser;
    },
  };
}

/** The room widget's 360° frame, once its stand panel is there. */
export async function roomFrame(page: Page): Promise<Frame> {
  const iframe = page.getByTitle('Virtual room');
  await iframe.waitFor();
  const frame = await (await iframe.elementHandle())?.contentFrame();
  if (!frame) throw new Error('the room frame is missing');
  await frame.getByRole('button', { name: 'Stands and areas' }).waitFor({ timeout: WAIT_MS });
  return frame;
}

/**
 * Entering a stand with a promotional offer opens it in a modal over the room (the frame's showPopupOffer, once per
 * stand and page): after entering `stand`, close it if it has one, so the room can be clicked again.
 */
export async function closePromotion(page: Page, stand: { panorama: string }): Promise<void> {
  if (!promotionOf(stand)) return;
  const popup = page.getByRole('dialog', { name: /^(A special offer|Une offre spéciale)$/ });
  await popup.waitFor({ timeout: WAIT_MS });
  await popup
    .getByRole('button', { name: /^(Close|Fermer)$/ })
    .first()
    .click();
  await popup.waitFor({ state: 'detached' });
}

/** Fills the contest form of the open Contest dialog as Vera Visitor (both consents ticked) and sends it. */
export async function fillContest(page: Page): Promise<ReturnType<Page['getByRole']>> {
  const contest = page.getByRole('dialog', { name: 'Contest' });
  await contest.waitFor({ timeout: WAIT_MS });
  await contest.getByRole('textbox', { name: /^First name/ }).fill('Vera');
  await contest.getByRole('textbox', { name: /^Last name/ }).fill('Visitor');
  await contest.getByRole('textbox', { name: /^Email/ }).fill('vera.visitor@example.org');
  await contest.getByRole('textbox', { name: /^Mobile/ }).fill('+33 6 12 34 56 78');
  await contest.getByRole('checkbox', { name: CONSENTS.contest_rules.en }).check();
  await contest.getByRole('checkbox', { name: CONSENTS.privacy.en }).check();
  await contest.getByRole('button', { name: 'Send' }).click();
  return contest;
}
