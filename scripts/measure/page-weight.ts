/**
 * Page weight of /salon as an anonymous visitor, in real Chromium against the real server: the JavaScript
 * transferred (gzip level 9, as the server sends it precompressed) until the widgets are mounted, and how many
 * copies of React arrived. Two configurations:
 *   - top bar + toaster: the manifest served to the page lists only those two remotes (budget 150 kB, React once);
 *   - every deployed widget: the page as a visitor gets it today (budget 175 kB; each visible remote adds its
 *     ~9 kB federation glue, so widgets that are not visible at first must load when first opened).
 * The 360° room frame is its own document (an iframe, loaded after the page): its JavaScript is reported on its
 * own line with its own budget.
 *   node --import tsx scripts/measure/page-weight.ts [--json]
 */
import zlib from 'node:zlib';
import type { Browser, Response } from 'playwright-core';
import { collectErrors, launchChromium, startSalon, widgetsSettled, type Salon } from '../../tests/browser/harness';

const BUDGETS = { 'top bar + toaster': 150_000, 'every widget': 175_000 } as const;
/** three.js's WebGL renderer is most of it; see host-shell/room-frame/README.md. */
const FRAME_BUDGET = 200_000;

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

async function measure(salon: Salon, browser: Browser, configuration: keyof typeof BUDGETS, only?: string[]): Promise<Measure> {
  const page = await browser.newPage();
  const errors = collectErrors(page);
  if (only) {
    await page.route('**/spa/widgets.json', async (route) => {
      const manifest = (await (await route.fetch()).json()) as Record<string, unknown>;
      await route.fulfill({ json: Object.fromEntries(Object.entries(manifest).filter(([name]) => only.includes(name))) });
    });
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
      url: url.replace(salon.baseUrl, ''),
      raw: body.length,
      gzip,
      react: text.includes('react.production.js'),
      reactDom: text.includes('react-dom-client.production.js'),
    });
  }
  page.on('response', (response) => pending.push(record(response)));
  await page.goto(`${salon.baseUrl}/salon`);
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

const kb = (n: number) => `${(n / 1000).toFixed(1)} kB`;

async function main(): Promise<void> {
  const salon = await startSalon();
  const browser = await launchChromium();
  try {
    const results = [await measure(salon, browser, 'top bar + toaster', ['top-bar', 'toaster']), await measure(salon, browser, 'every widget')];
    const full = results[1];
    if (process.argv.includes('--json')) console.log(JSON.stringify({ results, frameBudget: FRAME_BUDGET }, null, 2));
    else {
      for (const s of full?.scripts ?? []) console.log(`${kb(s.gzip).padStart(9)}  ${kb(s.raw).padStart(9)} raw  ${s.url}`);
      for (const r of results)
        console.log(`/salon, ${r.configuration} (${r.mounted.join(', ')}): ${kb(r.total)} gzip in ${r.scripts.length} files (budget ${kb(r.budget)}); React ${r.reactCopies}×, react-dom ${r.reactDomCopies}×`);
      if (full) console.log(`room frame document (/room/, 360° viewer): ${kb(full.frame.total)} gzip in ${full.frame.files} files (budget ${kb(FRAME_BUDGET)})`);
    }
    const problems: string[] = [];
    for (const r of results) {
      if (r.total > r.budget) problems.push(`${r.configuration}: ${r.total} B is over the ${r.budget} B budget`);
      if (r.reactCopies !== 1 || r.reactDomCopies !== 1) problems.push(`${r.configuration}: React ${r.reactCopies}× and react-dom ${r.reactDomCopies}×, expected once`);
    }
    if (full && full.frame.total > FRAME_BUDGET) problems.push(`room frame: ${full.frame.total} B is over the ${FRAME_BUDGET} B budget`);
    if (problems.length) throw new Error(problems.join('\n'));
  } finally {
    await browser.close();
    await salon.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
