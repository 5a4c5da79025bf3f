/**
 * Page weight of /salon as an anonymous visitor, in real Chromium against the real server: the JavaScript
 * transferred (gzip level 9, as the server sends it precompressed) until the widgets are mounted, and how many
 * copies of React arrived. Two configurations:
 *   - top bar + toaster: the manifest served to the page lists only those two remotes (budget 150 kB, React once);
 *   - every deployed widget: the page as a visitor gets it today (budget 175 kB; each visible remote adds its
 *     federation glue (its remoteEntry.js), so widgets that are not visible at first must load when first opened).
 * The 360° room frame is its own document (an iframe, loaded after the page): its JavaScript is reported on its
 * own line with its own budget.
 * Then the first view as a visitor downloads it, logged in (the demo visitor) and anonymous: every script of the
 * page AND of the room frame transferred until the room is usable, i.e. every widget slot settled and the frame's
 * `#room-frame` showing its first panorama (`data-state="ready"`, the frame's own DOM state; `error` when the
 * viewer cannot start counts too, and is said). Budget 250 kB gzip, React once.
 * Then the Symfony host's /salon (hosts/symfony behind nginx, a visitor logged in on the Symfony site): the same
 * widgets from a Twig page, which must transfer no more JavaScript than host-shell's /salon with every widget
 * (skipped when PHP or nginx is missing: `npm run symfony` installs them).
 *   node --import tsx scripts/measure/page-weight.ts [--json]
 */
import zlib from 'node:zlib';
import type { Browser, Page, Response } from 'playwright-core';
import { collectErrors, launchChromium, logIn, startSalon, widgetsSettled } from '../../tests/browser/harness';
import { HOST_SECRET, logInOnSymfony, startSymfony, symfonyInstalled, type SymfonyHost } from '../../tests/browser/symfony-host';

const BUDGETS = { 'top bar + toaster': 150_000, 'every widget': 175_000 } as const;
/** The frame's own viewer and panel; its `room-frame` line of size-limits.json is the same budget. */
const FRAME_BUDGET = 30_000;
/** Host page and room frame together, until the room is usable. */
const FIRST_VIEW_BUDGET = 250_000;
const VISITOR = 'visiteur@salon.test';

interface FirstView {
  who: 'visitor' | 'anonymous';
  /** The frame's `data-state` when the view was judged usable: `ready` (a panorama shown) or `error`. */
  frameState: string;
  total: number;
  host: number;
  frame: number;
  files: number;
  reactCopies: number;
  reactDomCopies: number;
}

interface Script {
  url: string;
  raw: number;
  gzip: number;
  react: boolean;
  reactDom: boolean;
}

interface Measure {
  configuration: keyof typeof BUDGETS;
  mounted: string[];
  total: number;
  budget: number;
  reactCopies: number;
  reactDomCopies: number;
  scripts: Script[];
  frame: { total: number; files: number };
}

/**
 * `origin`'s /salon; `enter` replaces the plain visit (the Symfony host logs in on its own form first, and is
 * measured from that form's post on).
 */
async function measure(
  origin: string,
  browser: Browser,
  configuration: keyof typeof BUDGETS,
  only?: string[],
  enter?: (page: Page) => Promise<void>,
): Promise<Measure> {
  const page = await browser.newPage();
  const errors = collectErrors(page);
  if (only) {
    await page.route('**/spa/widgets.json', async (route) => {
      const manifest = (await (await route.fetch()).json()) as Record<string, unknown>;
      await route.fulfill({ json: Object.fromEntries(Object.entries(manifest).filter(([name]) => only.includes(name))) });
    });
    // The page's preload hints name the deployed manifest's entries: a manifest of these widgets only names no other.
    await page.route('**/remoteEntry.js', (route) =>
      only.some((name) => route.request().url().includes(`/spa/${name}/`)) ? route.fallback() : route.abort(),
    );
  }
  const scripts: Script[] = [];
  const frameScripts: number[] = [];
  const pending: Promise<void>[] = [];
  async function record(response: Response): Promise<void> {
    const url = response.url();
    if (!url.endsWith('.js') || response.status() !== 200) return;
    const body = await response.body();
    const gzip = zlib.gzipSync(body, { level: 9 }).length;
    if (response.frame() !== page.mainFrame()) {
      frameScripts.push(gzip);
      return;
    }
    const text = body.toString('utf8');
    scripts.push({
      url: url.replace(origin, ''),
      raw: body.length,
      gzip,
      react: text.includes('react.production.js'),
      reactDom: text.includes('react-dom-client.production.js'),
    });
  }
  page.on('response', (response) => pending.push(record(response)));
  if (enter) await enter(page);
  else await page.goto(`${origin}/salon`);
  const states = await widgetsSettled(page);
  for (const widget of only ?? ['top-bar', 'toaster']) {
    if (states[widget] !== 'mounted') throw new Error(`${widget} is ${states[widget] ?? 'missing'}: ${errors.join('\n')}`);
  }
  // The page keeps a live-activity stream open, so it never goes network-idle: wait until no response has
  // arrived for a second instead.
  let seen = -1;
  while (seen !== pending.length) {
    seen = pending.length;
    await page.waitForTimeout(1000);
  }
  await Promise.all(pending);
  await page.close();
  return {
    configuration,
    mounted: Object.keys(states).filter((w) => states[w] === 'mounted'),
    total: scripts.reduce((n, s) => n + s.gzip, 0),
    budget: BUDGETS[configuration],
    reactCopies: scripts.filter((s) => s.react).length,
    reactDomCopies: scripts.filter((s) => s.reactDom).length,
    scripts: scripts.sort((a, b) => b.gzip - a.gzip),
    frame: { total: frameScripts.reduce((n, s) => n + s, 0), files: frameScripts.length },
  };
}

/**
 * `/salon` until the room is usable, host page and frame: the JavaScript (gzip 9) of every response that arrived
 * before that moment, in a fresh browser context (empty cache). The visitor logs in through the home page's form
 * first, in another context whose session cookie is handed over.
 */
async function firstView(origin: string, browser: Browser, who: FirstView['who']): Promise<FirstView> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  if (who === 'visitor') {
    // Logged in in a context of its own: only the session cookie comes over, nothing the home page cached.
    const login = await browser.newContext();
    const status = await logIn(await login.newPage(), origin, VISITOR);
    if (status !== 303) throw new Error(`logging in as ${VISITOR} answered ${status}`);
    await context.addCookies(await login.cookies());
    await login.close();
  }
  const page = await context.newPage();
  const errors = collectErrors(page);
  let usable = false;
  const pending: Promise<{ frame: boolean; gzip: number; react: boolean; reactDom: boolean }>[] = [];
  page.on('response', (response) => {
    if (usable || !response.url().endsWith('.js') || response.status() !== 200) return;
    const frame = response.frame() !== page.mainFrame();
    pending.push(
      response.body().then((body) => {
        const text = body.toString('utf8');
        return {
          frame,
          gzip: zlib.gzipSync(body, { level: 9 }).length,
          react: text.includes('react.production.js'),
          reactDom: text.includes('react-dom-client.production.js'),
        };
      }),
    );
  });
  await page.goto(`${origin}/salon`);
  const states = await widgetsSettled(page);
  if (states.room !== 'mounted') throw new Error(`the room widget is ${states.room ?? 'missing'}: ${errors.join('\n')}`);
  const iframe = page.locator('[data-salon-widget="room"] iframe');
  await iframe.waitFor({ timeout: 30_000 });
  const frameState = await iframe
    .contentFrame()
    .locator('#room-frame[data-state="ready"], #room-frame[data-state="error"]')
    .getAttribute('data-state', { timeout: 60_000 });
  usable = true;
  const scripts = await Promise.all(pending);
  await context.close();
  const host = scripts.filter((x) => !x.frame).reduce((n, x) => n + x.gzip, 0);
  const frame = scripts.filter((x) => x.frame).reduce((n, x) => n + x.gzip, 0);
  return {
    who,
    frameState: frameState ?? '?',
    total: host + frame,
    host,
    frame,
    files: scripts.length,
    reactCopies: scripts.filter((x) => x.react).length,
    reactDomCopies: scripts.filter((x) => x.reactDom).length,
  };
}

const kb = (n: number) => `${(n / 1000).toFixed(1)} kB`;

async function main(): Promise<void> {
  const salon = await startSalon({ SALON_HOST_SECRET: HOST_SECRET });
  const browser = await launchChromium();
  let host: SymfonyHost | undefined;
  try {
    const results = [
      await measure(salon.baseUrl, browser, 'top bar + toaster', ['top-bar', 'toaster']),
      await measure(salon.baseUrl, browser, 'every widget'),
    ];
    const full = results[1];
    const firstViews = [await firstView(salon.baseUrl, browser, 'visitor'), await firstView(salon.baseUrl, browser, 'anonymous')];
    let symfony: Measure | null = null;
    if (symfonyInstalled()) {
      host = await startSymfony(salon.baseUrl);
      const base = host.baseUrl;
      symfony = await measure(base, browser, 'every widget', undefined, (page) => logInOnSymfony(page, base, 'visiteur@salon.test'));
    }
    if (process.argv.includes('--json'))
      console.log(JSON.stringify({ results, symfony, frameBudget: FRAME_BUDGET, firstViews, firstViewBudget: FIRST_VIEW_BUDGET }, null, 2));
    else {
      for (const s of full?.scripts ?? []) console.log(`${kb(s.gzip).padStart(9)}  ${kb(s.raw).padStart(9)} raw  ${s.url}`);
      for (const r of results)
        console.log(
          `/salon, ${r.configuration} (${r.mounted.join(', ')}): ${kb(r.total)} gzip in ${r.scripts.length} files (budget ${kb(r.budget)}); React ${r.reactCopies}×, react-dom ${r.reactDomCopies}×`,
        );
      if (full)
        console.log(
          `room frame document (/room/, 360° viewer): ${kb(full.frame.total)} gzip in ${full.frame.files} files (budget ${kb(FRAME_BUDGET)})`,
        );
      for (const v of firstViews)
        console.log(
          `first view, ${v.who === 'visitor' ? `a visitor logged in (${VISITOR})` : 'an anonymous visitor'}, until the room is usable (frame ${v.frameState}): ${kb(v.total)} gzip in ${v.files} files, host page ${kb(v.host)} + room frame ${kb(v.frame)} (budget ${kb(FIRST_VIEW_BUDGET)}); React ${v.reactCopies}×, react-dom ${v.reactDomCopies}×`,
        );
      if (symfony)
        console.log(
          `Symfony host /salon through nginx, a visitor (${symfony.mounted.join(', ')}): ${kb(symfony.total)} gzip in ${symfony.scripts.length} files (at most host-shell's ${kb(full?.total ?? 0)}); React ${symfony.reactCopies}×, react-dom ${symfony.reactDomCopies}×`,
        );
      else console.log('Symfony host /salon: not measured (PHP or nginx missing: npm run symfony installs them)');
    }
    const problems: string[] = [];
    for (const r of results) {
      if (r.total > r.budget) problems.push(`${r.configuration}: ${r.total} B is over the ${r.budget} B budget`);
      if (r.reactCopies !== 1 || r.reactDomCopies !== 1)
        problems.push(`${r.configuration}: React ${r.reactCopies}× and react-dom ${r.reactDomCopies}×, expected once`);
    }
    for (const v of firstViews) {
      if (v.total > FIRST_VIEW_BUDGET) problems.push(`first view (${v.who}): ${v.total} B is over the ${FIRST_VIEW_BUDGET} B budget`);
      if (v.reactCopies !== 1 || v.reactDomCopies !== 1)
        problems.push(`first view (${v.who}): React ${v.reactCopies}× and react-dom ${v.reactDomCopies}×, expected once`);
    }
    if (full && full.frame.total > FRAME_BUDGET) problems.push(`room frame: ${full.frame.total} B is over the ${FRAME_BUDGET} B budget`);
    if (symfony && full && symfony.total > full.total)
      problems.push(`Symfony /salon: ${symfony.total} B, more than host-shell's ${full.total} B`);
    if (symfony && (symfony.reactCopies !== 1 || symfony.reactDomCopies !== 1))
      problems.push(`Symfony /salon: React ${symfony.reactCopies}× and react-dom ${symfony.reactDomCopies}×, expected once`);
    if (problems.length) throw new Error(problems.join('\n'));
  } finally {
    await browser.close();
    await host?.stop();
    await salon.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
