/**
 * Widgets deployed one at a time: a copy of the built dist/spa (the other tests keep theirs) receives a new top bar
 * built alone (a visible change, from a patched copy of its source) and a toaster built against another
 * @salon/shared contract; the salon serves that copy. A deploy is one manifest line, a rollback the same line back,
 * an incompatible widget fails alone, and the same files work from a static origin of their own (a CDN).
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import type { ManifestLine } from '../../host-shell/client/contract';
import { ROOT, collectErrors, launchChromium, startSalon, widgetsSettled, type Salon, WAIT_MS } from './harness';

const MARKER = 'New top bar, deployed alone';
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'salon-deploy-'));
const spa = path.join(tmp, 'spa');
const manifestFile = path.join(spa, 'widgets.json');

type Manifest = Record<string, ManifestLine>;
const readManifest = (): Manifest => JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest;

function run(command: string, args: string[], env: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`${command} ${args.join(' ')} exited with ${code}:\n${output}`)),
    );
  });
}

/** One widget built alone into the copy, the way `npm run build -- --widget NAME` deploys it. */
function buildWidget(widget: string, overlay: string): Promise<string> {
  return run(path.join(ROOT, 'node_modules', '.bin', 'webpack'), ['--env', `widget=${widget}`], {
    SALON_SPA_DIR: spa,
    SALON_BUILD_OVERLAY: overlay,
  });
}

/** Writes one line back the way a deploy does (temporary file, then rename). */
function setLine(widget: string, line: ManifestLine | undefined): void {
  assert.ok(line, `no line for ${widget}`);
  const manifest = readManifest();
  manifest[widget] = line;
  fs.writeFileSync(`${manifestFile}.tmp`, `${JSON.stringify(manifest, null, 2)}\n`);
  fs.renameSync(`${manifestFile}.tmp`, manifestFile);
}

let before_: Manifest;
let after_: Manifest;
let salon: Salon;
let browser: Browser;
let cdn: http.Server;
let cdnOrigin: string;

/** A static origin for dist/spa with the CORS header a CDN sends. */
function startCdn(): Promise<http.Server> {
  const types: Record<string, string> = {
    '.js': 'text/javascript',
    '.json': 'application/json',
    '.css': 'text/css',
    '.map': 'application/json',
  };
  const server = http.createServer((req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://cdn').pathname);
    const file = path.join(spa, pathname.replace(/^\/spa\//, ''));
    res.setHeader('Access-Control-Allow-Origin', '*');
    if (!pathname.startsWith('/spa/') || !file.startsWith(spa + path.sep) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'Content-Type': types[path.extname(file)] ?? 'application/octet-stream', 'Cache-Control': 'no-cache' });
    fs.createReadStream(file).pipe(res);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

before(async () => {
  assert.ok(fs.existsSync(path.join(ROOT, 'dist', 'spa', 'widgets.json')), 'dist/spa is not built: run `npm run build` first');
  fs.cpSync(path.join(ROOT, 'dist', 'spa'), spa, { recursive: true });
  before_ = readManifest();

  // The new top bar: its source with one visible line more, built alone.
  const topBarSource = fs.readFileSync(path.join(ROOT, 'widgets', 'top-bar', 'TopBar.tsx'), 'utf8');
  // The bar's opening tag, on one line or wrapped one attribute per line (an arrow's `=>` is not its end).
  const navOpen = /(<nav\b(?:[^>]|=>)*>\n)/;
  assert.match(topBarSource, navOpen);
  const patched = path.join(tmp, 'patched');
  fs.mkdirSync(path.join(patched, 'widgets', 'top-bar'), { recursive: true });
  fs.writeFileSync(
    path.join(patched, 'widgets', 'top-bar', 'TopBar.tsx'),
    topBarSource.replace(navOpen, `$1<p className="salon-release">${MARKER}</p>\n`),
  );
  await buildWidget('top-bar', patched);

  // A toaster built against the next @salon/shared contract.
  const sharedPkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'shared', 'package.json'), 'utf8')) as { version: string };
  const [major = '0', minor = '0'] = sharedPkg.version.split('.');
  const nextShared = path.join(tmp, 'next-shared');
  fs.mkdirSync(path.join(nextShared, 'shared'), { recursive: true });
  const nextVersion = major === '0' ? `0.${Number(minor) + 1}.0` : `${Number(major) + 1}.0.0`;
  fs.writeFileSync(path.join(nextShared, 'shared', 'package.json'), JSON.stringify({ ...sharedPkg, version: nextVersion }));
  await buildWidget('toaster', nextShared);
  after_ = readManifest();
  setLine('toaster', before_.toaster);

  // The pages load the widgets from the static origin (SPA_URL); the salon serves the same files at /spa too.
  cdn = await startCdn();
  cdnOrigin = `http://127.0.0.1:${(cdn.address() as net.AddressInfo).port}`;
  salon = await startSalon({ SPA_DIR: spa, SPA_URL: `${cdnOrigin}/spa` });
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  await salon?.stop();
  await new Promise((resolve) => (cdn ? cdn.close(resolve) : resolve(undefined)));
  fs.rmSync(tmp, { recursive: true, force: true });
});

async function open(page: Page, url = `${salon.baseUrl}/salon`): Promise<Record<string, string>> {
  await page.goto(url);
  return widgetsSettled(page);
}

function eagerWidgets(states: Record<string, string>): string[] {
  return Object.keys(states).filter((w) => states[w] !== 'idle');
}

test('a widget build changes only its own line, with the contracts it was built for', () => {
  const changed = Object.keys(after_).filter((w) => JSON.stringify(after_[w]) !== JSON.stringify(before_[w]));
  assert.deepEqual(changed.sort(), ['toaster', 'top-bar']);
  assert.notEqual(after_['top-bar']?.entry, before_['top-bar']?.entry);
  assert.match(after_['top-bar']?.entry ?? '', /^top-bar\/[0-9a-f]{10}\/remoteEntry\.js$/);
  assert.equal(after_['top-bar']?.runtimeContract, before_['top-bar']?.runtimeContract);
  assert.equal(after_['top-bar']?.sharedContract, before_['top-bar']?.sharedContract);
  assert.notEqual(after_.toaster?.sharedContract, before_.toaster?.sharedContract);
  // The old version folder stays for pages that still reference it, and for a rollback.
  assert.ok(fs.existsSync(path.join(spa, before_['top-bar']?.entry ?? 'missing')));
  assert.ok(!fs.existsSync(`${manifestFile}.gz`) && !fs.existsSync(`${manifestFile}.br`), 'a stale precompressed manifest would be served');
});

test('a new top bar deployed alone runs with every other widget at its previous version', async () => {
  const page = await browser.newPage();
  const errors = collectErrors(page);
  const requested: string[] = [];
  page.on('request', (r) => requested.push(new URL(r.url()).pathname));
  const states = await open(page);
  assert.ok(eagerWidgets(states).length >= 2, `too few widgets on the page: ${JSON.stringify(states)}`);
  for (const widget of eagerWidgets(states)) assert.equal(states[widget], 'mounted', `${widget} is ${states[widget]}`);
  await page.getByRole('navigation', { name: 'Main menu' }).getByText(MARKER).waitFor({ timeout: WAIT_MS });
  assert.ok(requested.includes(`/spa/${after_['top-bar']?.entry}`), 'the new top bar was not loaded');
  assert.ok(requested.includes(`/spa/${before_.toaster?.entry}`), 'the previous toaster was not loaded');
  assert.deepEqual(errors, []);
  await page.close();
});

test('a remote built against another @salon/shared contract fails alone, with one error naming it and the versions', async (t) => {
  setLine('toaster', after_.toaster);
  t.after(() => setLine('toaster', before_.toaster));
  const page = await browser.newPage();
  const errors = collectErrors(page);
  const requested: string[] = [];
  page.on('request', (r) => requested.push(new URL(r.url()).pathname));
  const states = await open(page);
  assert.equal(states.toaster, 'failed');
  for (const widget of eagerWidgets(states).filter((w) => w !== 'toaster'))
    assert.equal(states[widget], 'mounted', `${widget} is ${states[widget]}`);
  await page.getByRole('navigation', { name: 'Main menu' }).waitFor({ timeout: WAIT_MS });
  assert.equal(errors.length, 1, errors.join('\n'));
  const [error = ''] = errors;
  assert.match(error, /widget "toaster"/);
  assert.ok(error.includes(`@salon/shared ${after_.toaster?.sharedContract}`), error);
  assert.ok(error.includes(`@salon/shared ${before_.toaster?.sharedContract}`), error);
  assert.ok(error.includes(`runtime contract ${before_.toaster?.runtimeContract}`), error);
  assert.equal(requested.filter((p) => p.startsWith('/spa/toaster/')).length, 0, 'the incompatible remote was downloaded');
  assert.equal(await page.locator('[data-salon-widget="toaster"]').innerText(), '');
  await page.close();
});

test('a remote built for another runtime contract refuses the loader at start and fails alone, even when its line claims the loader’s', async (t) => {
  // The previous toaster with the runtime contract its build defined changed, as a build for the next contract would
  // have it; its line (as if edited by hand) claims the loader's contract, so only the remote's own check can refuse.
  const oldFolder = path.dirname(path.join(spa, before_.toaster?.entry ?? 'missing'));
  const nextFolder = path.join(spa, 'toaster', 'ffffffffff');
  fs.cpSync(oldFolder, nextFolder, { recursive: true });
  const entryFile = path.join(nextFolder, 'remoteEntry.js');
  // The contract the build defined is one string literal of the minified entry (the minifier may inline the object).
  const built = `"${before_.toaster?.runtimeContract}"`;
  const source = fs.readFileSync(entryFile, 'utf8');
  assert.equal(source.split(built).length - 1, 1, `not once ${built} in the toaster's remoteEntry.js`);
  fs.writeFileSync(entryFile, source.replace(built, '"2+mf9.9.9"'));
  for (const copy of ['.gz', '.br']) fs.rmSync(`${entryFile}${copy}`, { force: true });
  setLine('toaster', { ...before_.toaster, entry: 'toaster/ffffffffff/remoteEntry.js' } as ManifestLine);
  t.after(() => setLine('toaster', before_.toaster));

  const page = await browser.newPage();
  const errors = collectErrors(page);
  const states = await open(page);
  assert.equal(states.toaster, 'failed');
  for (const widget of eagerWidgets(states).filter((w) => w !== 'toaster'))
    assert.equal(states[widget], 'mounted', `${widget} is ${states[widget]}`);
  await page.getByRole('navigation', { name: 'Main menu' }).waitFor({ timeout: WAIT_MS });
  const refusal = `widget "toaster" not started: it was built for runtime contract 2+mf9.9.9; the loader on this page provides ${before_.toaster?.runtimeContract}`;
  assert.ok(
    errors.some((e) => e.includes(refusal)),
    errors.join('\n'),
  );
  assert.ok(
    errors.every((e) => e.includes('toaster')),
    errors.join('\n'),
  );
  await page.close();
});

test('a rollback is the old line back: the page shows the previous top bar again', async () => {
  const page = await browser.newPage();
  await open(page);
  await page.getByText(MARKER).waitFor({ timeout: WAIT_MS });
  const oldVersion = (before_['top-bar']?.entry ?? '').split('/')[1] ?? '';
  await run(process.execPath, ['--import', 'tsx', 'scripts/build/rollback.ts', 'top-bar', oldVersion], { SALON_SPA_DIR: spa });
  assert.deepEqual(readManifest(), before_);
  const states = await open(page);
  for (const widget of eagerWidgets(states)) assert.equal(states[widget], 'mounted', `${widget} is ${states[widget]}`);
  await page.getByRole('navigation', { name: 'Main menu' }).waitFor({ timeout: WAIT_MS });
  assert.equal(await page.getByText(MARKER).count(), 0, 'the new top bar is still shown');
  await page.close();
});

test('the loader and every remote load from a static origin of their own; the API stays on the salon', async () => {
  setLine('top-bar', after_['top-bar']);
  const page = await browser.newPage();
  const errors = collectErrors(page);
  // The salon page's own requests: the room's 360° frame is a page of the salon (/room/) that loads its bundle itself.
  const requests: URL[] = [];
  page.on('request', (r) => {
    if (r.frame() === page.mainFrame()) requests.push(new URL(r.url()));
  });
  const states = await open(page);
  assert.ok(
    (await page.locator('script[src$="/loader.js"]').getAttribute('src'))?.startsWith(`${cdnOrigin}/spa/`),
    'the page loads its loader from SPA_URL',
  );
  for (const widget of eagerWidgets(states)) assert.equal(states[widget], 'mounted', `${widget} is ${states[widget]}`);
  await page.getByRole('navigation', { name: 'Main menu' }).getByText(MARKER).waitFor({ timeout: WAIT_MS });
  // A sidebar opened later loads its remote from the static origin too.
  await page.evaluate(() => {
    const store = (globalThis as unknown as Record<symbol, { set(v: unknown): void }>)[Symbol.for('salon.bus@1/sidebar')];
    store?.set({ name: 'contact-point', standId: 'x' });
  });
  await page.waitForFunction(
    () => document.querySelector<HTMLElement>('[data-salon-widget="contact-point"]')?.dataset.salonState === 'mounted',
  );
  const spaRequests = requests.filter((u) => u.pathname.startsWith('/spa/'));
  assert.ok(spaRequests.some((u) => u.pathname === '/spa/widgets.json'));
  assert.ok(spaRequests.some((u) => u.pathname.startsWith('/spa/contact-point/')));
  assert.deepEqual(spaRequests.filter((u) => u.origin !== cdnOrigin).map(String), [], 'files of /spa came from the salon');
  const api = requests.filter((u) => u.pathname.startsWith('/api/'));
  assert.ok(api.length > 0, 'no API call');
  assert.deepEqual(api.filter((u) => u.origin !== salon.baseUrl).map(String), [], 'an API call went to the static origin');
  assert.deepEqual(errors, []);
  await page.close();
});
