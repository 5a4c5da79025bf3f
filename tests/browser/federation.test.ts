import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { collectErrors, useSalon, widgetsSettled, WAIT_MS } from './harness';

const env = useSalon();

async function singletonProof(page: Page) {
  return page.evaluate(() => {
    const entries =
      (globalThis as unknown as Record<symbol, { widget: string; React: unknown; sharedToken: unknown; $sidebar: unknown }[]>)[
        Symbol.for('salon.mounted')
      ] ?? [];
    const first = entries[0];
    return {
      widgets: entries.map((e) => e.widget).sort(),
      oneReact: entries.every((e) => e.React === first?.React),
      oneShared: entries.every((e) => e.sharedToken === first?.sharedToken),
      oneStore: entries.every((e) => e.$sidebar === first?.$sidebar),
    };
  });
}

// Whichever remote registers first provides React, @salon/shared and the bus to the other, even when the
// other registers while the first one's chunks are still downloading.
const orders: { name: string; first: string; second: string }[] = [
  { name: 'no delay', first: '', second: '' },
  { name: 'toaster first, its chunks slow', first: 'toaster', second: 'top-bar' },
  { name: 'top-bar first, its chunks slow', first: 'top-bar', second: 'toaster' },
];
for (const order of orders) {
  test(`two different remotes share one React, one @salon/shared and one bus store (${order.name})`, async () => {
    const page = await env.browser.newPage();
    const errors = collectErrors(page);
    const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    if (order.first) {
      await page.route(new RegExp(`/spa/${order.first}/[0-9a-f]{10}/\\d+\\.[0-9a-f]{8}\\.js$`), async (route) => {
        await delay(400);
        await route.continue();
      });
      await page.route(`**/spa/${order.second}/*/remoteEntry.js`, async (route) => {
        await delay(100);
        await route.continue();
      });
    }
    await page.goto(`${env.salon.baseUrl}/salon`);
    const states = await widgetsSettled(page);
    assert.equal(states['top-bar'], 'mounted');
    assert.equal(states.toaster, 'mounted');
    const proof = await singletonProof(page);
    for (const widget of ['toaster', 'top-bar']) assert.ok(proof.widgets.includes(widget), `${widget} is not mounted`);
    assert.ok(proof.oneReact, 'each remote got its own React');
    assert.ok(proof.oneShared, 'each remote got its own @salon/shared');
    assert.ok(proof.oneStore, 'each remote got its own $sidebar store');
    assert.deepEqual(errors, []);
    await page.close();
  });
}

test('a widget whose remote fails to load leaves its slot empty and the others working', async () => {
  const page = await env.browser.newPage();
  await page.route('**/spa/toaster/*/remoteEntry.js', (route) => route.fulfill({ status: 500, body: 'down' }));
  await page.goto(`${env.salon.baseUrl}/salon`);
  const states = await widgetsSettled(page);
  assert.equal(states.toaster, 'failed');
  assert.equal(states['top-bar'], 'mounted');
  assert.equal(await page.locator('[data-salon-widget="toaster"]').innerText(), '');
  await page.getByRole('navigation', { name: 'Main menu' }).waitFor({ timeout: WAIT_MS });
  await page.close();
});

test('a widget that throws while mounting does not break the page', async () => {
  const page = await env.browser.newPage();
  const container = `var salon_toaster = {
    init: function () {},
    get: function () { return Promise.resolve(function () { return { mount: function () { throw new Error('boom'); } }; }); }
  };`;
  await page.route('**/spa/toaster/*/remoteEntry.js', (route) =>
    route.fulfill({ status: 200, contentType: 'text/javascript', body: container }),
  );
  await page.goto(`${env.salon.baseUrl}/salon`);
  const states = await widgetsSettled(page);
  assert.equal(states.toaster, 'failed');
  assert.equal(states['top-bar'], 'mounted');
  await page.getByRole('navigation', { name: 'Main menu' }).waitFor({ timeout: WAIT_MS });
  await page.close();
});

test('the manifest maps each widget to a versioned remoteEntry served immutable', async () => {
  const res = await fetch(`${env.salon.baseUrl}/spa/widgets.json`);
  assert.equal(res.status, 200);
  assert.match(res.headers.get('cache-control') ?? '', /no-cache/);
  const manifest = (await res.json()) as Record<string, { entry: string; runtimeContract: string; sharedContract: string }>;
  assert.match(manifest['top-bar']?.entry ?? '', /^top-bar\/[0-9a-f]{10}\/remoteEntry\.js$/);
  assert.match(manifest['top-bar']?.runtimeContract ?? '', /^\d+\+mf\d+\.\d+\.\d+/);
  assert.match(manifest['top-bar']?.sharedContract ?? '', /^\d+(\.\d+)*$/);
  const entry = await fetch(new URL(manifest['top-bar']?.entry ?? '', `${env.salon.baseUrl}/spa/`));
  assert.equal(entry.status, 200);
  assert.match(entry.headers.get('cache-control') ?? '', /immutable/);
});

test('sidebars and modals download nothing until the bus first opens them', async () => {
  const page = await env.browser.newPage();
  const requested: string[] = [];
  page.on('request', (r) => requested.push(new URL(r.url()).pathname));
  await page.goto(`${env.salon.baseUrl}/salon`);
  const states = await widgetsSettled(page);
  for (const lazy of ['chat', 'company-sheet', 'contact-point', 'modals']) {
    assert.equal(states[lazy], 'idle', `${lazy} was mounted at load`);
    assert.equal(requested.filter((p) => p.startsWith(`/spa/${lazy}/`)).length, 0, `${lazy} was downloaded at load`);
  }
  // The shared bus opens the sidebar as any widget would; the loader mounts its remote then.
  await page.evaluate(() => {
    const store = (globalThis as unknown as Record<symbol, { set(v: unknown): void }>)[Symbol.for('salon.bus@1/sidebar')];
    store?.set({ name: 'contact-point', standId: 'x' });
  });
  await page.waitForFunction(
    () => document.querySelector<HTMLElement>('[data-salon-widget="contact-point"]')?.dataset.salonState === 'mounted',
  );
  assert.ok(requested.some((p) => p.startsWith('/spa/contact-point/')));
  assert.equal(requested.filter((p) => p.startsWith('/spa/company-sheet/')).length, 0);
  await page.close();
});
