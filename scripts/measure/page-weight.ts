/**
 * Page weight of /salon as an anonymous visitor, in real Chromium against the real server:
 * the JavaScript transferred (gzip level 9, as the server sends it precompressed) by the host page until its
 * widgets are mounted, and how many copies of React arrived. Budget: 150 kB gzip in all, React once.
 * The 360° room frame is its own document (an iframe, loaded after the page): its JavaScript is reported
 * on a separate line with its own budget.
 *   node --import tsx scripts/measure/page-weight.ts [--json]
 */
import zlib from 'node:zlib';
import type { Response } from 'playwright-core';
import { collectErrors, launchChromium, startSalon, widgetsSettled } from '../../tests/browser/harness';

const BUDGET = 150_000;
/** three.js's WebGL renderer is most of it; see host-shell/room-frame/README.md. */
const FRAME_BUDGET = 200_000;

async function main(): Promise<void> {
  const salon = await startSalon();
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    const errors = collectErrors(page);
    const scripts: { url: string; raw: number; gzip: number; react: boolean; reactDom: boolean }[] = [];
    const frameScripts: { url: string; gzip: number }[] = [];
    const pending: Promise<void>[] = [];
    page.on('response', (response) => pending.push(record(response)));
    async function record(response: Response): Promise<void> {
      const url = response.url();
      if (!url.endsWith('.js') || response.status() !== 200) return;
      if (response.frame() !== page.mainFrame()) {
        frameScripts.push({ url: url.replace(salon.baseUrl, ''), gzip: zlib.gzipSync(await response.body(), { level: 9 }).length });
        return;
      }
      const body = await response.body();
      const text = body.toString('utf8');
      scripts.push({
        url: url.replace(salon.baseUrl, ''),
        raw: body.length,
        gzip: zlib.gzipSync(body, { level: 9 }).length,
        react: text.includes('react.production.js'),
        reactDom: text.includes('react-dom-client.production.js'),
      });
    }
    await page.goto(`${salon.baseUrl}/salon`);
    const states = await widgetsSettled(page);
    for (const widget of ['top-bar', 'toaster']) {
      if (states[widget] !== 'mounted') throw new Error(`${widget} is ${states[widget] ?? 'missing'}: ${errors.join('\n')}`);
    }
    await page.waitForLoadState('networkidle');
    await Promise.all(pending);
    const frameTotal = frameScripts.reduce((n, s) => n + s.gzip, 0);
    const total = scripts.reduce((n, s) => n + s.gzip, 0);
    const reactCopies = scripts.filter((s) => s.react).length;
    const reactDomCopies = scripts.filter((s) => s.reactDom).length;
    if (process.argv.includes('--json')) {
      console.log(JSON.stringify({ total, budget: BUDGET, reactCopies, reactDomCopies, scripts, roomFrame: { total: frameTotal, budget: FRAME_BUDGET, scripts: frameScripts } }, null, 2));
    } else {
      for (const s of scripts.sort((a, b) => b.gzip - a.gzip)) console.log(`${(s.gzip / 1000).toFixed(1).padStart(7)} kB  ${(s.raw / 1000).toFixed(1).padStart(7)} kB raw  ${s.url}`);
      console.log(`JavaScript of the /salon page (${Object.keys(states).filter((w) => states[w] === 'mounted').join(', ')}): ${(total / 1000).toFixed(1)} kB gzip in ${scripts.length} files (budget ${BUDGET / 1000} kB); React ${reactCopies}×, react-dom ${reactDomCopies}×`);
      console.log(`JavaScript of the room frame document (/room/, 360° viewer): ${(frameTotal / 1000).toFixed(1)} kB gzip in ${frameScripts.length} files (budget ${FRAME_BUDGET / 1000} kB)`);
    }
    if (frameTotal > FRAME_BUDGET) throw new Error(`room frame weight ${frameTotal} B is over the ${FRAME_BUDGET} B budget`);
    if (total > BUDGET) throw new Error(`page weight ${total} B is over the ${BUDGET} B budget`);
    if (reactCopies !== 1 || reactDomCopies !== 1) throw new Error(`expected React and react-dom once, got ${reactCopies} and ${reactDomCopies}`);
  } finally {
    await browser.close();
    await salon.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
