/**
 * Numbers on /exposant ("the exhibitor sees a chart of their stand's visits after a visit"): a visitor
 * (another browser context) enters the exhibitor's stand in the room; the exhibitor then opens /exposant and sees that
 * stand's figures (in French, the demo exhibitor's language): the sentence says 1 visit and 1 unique visitor, the uPlot canvas is drawn, the table has the hour,
 * and the CSV carries the same figures. /salon never downloads the stats widget (nor uPlot). The organiser's
 * /organisateur shows the visitor in the room, live.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { roomFrame, useSalon, widgetsSettled, WAIT_MS } from './harness';
import { enterStand, exhibitorInArea, frameStands, loggedIn, ownedStandIds, visitorInSalon } from './steps';

const env = useSalon();

/** How many pixels of the canvas are not transparent: uPlot drew something. */
async function drawnPixels(page: Page, selector: string): Promise<number> {
  return page
    .locator(selector)
    .first()
    .evaluate((canvas) => {
      const c = canvas as HTMLCanvasElement;
      const data = c.getContext('2d')?.getImageData(0, 0, c.width, c.height).data;
      let n = 0;
      if (data) for (let i = 3; i < data.length; i += 4) if ((data[i] ?? 0) > 0) n += 1;
      return n;
    });
}

test('a visitor enters a stand; its exhibitor sees the visit on /exposant as a chart, in words, in a table and as CSV', async (t) => {
  const { salon, browser } = env;

  const { context: exhibitorContext, page: exhibitor, errors: exhibitorErrors } = await exhibitorInArea(salon.baseUrl, browser);
  assert.deepEqual(await widgetsSettled(exhibitor), { stats: 'mounted', meetings: 'mounted' });
  // Before any visit: the zeros, no chart.
  const solar = exhibitor.getByRole('region', { name: 'Helios Solaire' });
  await solar.getByText('0 visite · 0 visiteur unique · 0 discussion ouverte · 0 contact').waitFor({ timeout: WAIT_MS });
  await solar.getByText('Aucune visite pour le moment. Le graphique apparaît avec la première visite.').waitFor();
  assert.equal(await solar.locator('canvas').count(), 0);
  const owned = await ownedStandIds(exhibitor);

  // The visitor, in another context, enters the stand through the room.
  const downloaded: string[] = [];
  const { context: visitorContext, page: visitor } = await visitorInSalon(salon.baseUrl, browser, {
    watch: (page) => page.on('request', (request) => downloaded.push(request.url())),
  });
  const frame = await roomFrame(visitor);
  const stand = (await frameStands(frame)).find((s) => s.niceNameEn === 'Helios Solar');
  assert.ok(stand && owned.includes(stand.id), 'Helios Solar is the exhibitor’s stand');
  await enterStand(frame, stand);
  assert.equal(
    downloaded.filter((u) => u.includes('/spa/stats/') || /uplot/i.test(u)).length,
    0,
    '/salon downloads neither the stats widget nor uPlot',
  );

  // The exhibitor refreshes the figures: the visit is there.
  await solar.getByRole('button', { name: 'Actualiser' }).click();
  await solar.getByText('1 visite · 1 visiteur unique · 0 discussion ouverte · 0 contact').waitFor({ timeout: WAIT_MS });
  const canvas = solar.locator('canvas');
  await canvas.first().waitFor({ timeout: WAIT_MS });
  assert.ok(((await canvas.first().boundingBox())?.width ?? 0) > 200, 'the chart has a width');
  assert.ok((await drawnPixels(exhibitor, '[aria-label="Helios Solaire"] canvas')) > 100, 'the canvas is drawn');
  // The same after a reload (the page itself asks the server).
  await exhibitor.reload();
  await solar.getByText('1 visite · 1 visiteur unique · 0 discussion ouverte · 0 contact').waitFor({ timeout: WAIT_MS });
  await solar.getByText('Chiffres par heure').click();
  const table = solar.getByRole('table', { name: 'Heures d’activité de Helios Solaire' });
  const cells = await table.getByRole('row').nth(1).getByRole('cell').allTextContents();
  assert.deepEqual(cells, ['1', '1', '0', '0']);

  // The CSV link: the same figures.
  const [download] = await Promise.all([
    exhibitor.waitForEvent('download'),
    solar.getByRole('link', { name: 'Télécharger les chiffres (CSV)' }).click(),
  ]);
  const file = await download.path();
  const { readFile } = await import('node:fs/promises');
  const csv = (await readFile(file, 'utf8'))
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter(Boolean);
  assert.equal(csv[0], '"stand","hour","visits","unique_visitors","chats","leads"');
  assert.match(csv.at(-1) ?? '', /^"Helios Solaire","\d{4}-\d{2}-\d{2}T\d{2}:00:00\.000Z","1","1","0","0"$/);

  // The organiser (an English account) sees the visitor in the room, live.
  const {
    context: promoterContext,
    page: promoter,
    errors: promoterErrors,
  } = await loggedIn(browser, salon.baseUrl, 'organisateur@salon.test', { locale: 'en-US' });
  await promoter.goto(`${salon.baseUrl}/organisateur`);
  const room = promoter.getByRole('region', { name: 'In the room now' });
  await room
    .getByRole('list', { name: 'People in the room' })
    .getByText(/Visitor/)
    .first()
    .waitFor({ timeout: WAIT_MS });
  await promoter.getByRole('region', { name: 'Attendance over the day' }).locator('canvas').first().waitFor({ timeout: WAIT_MS });
  // Until the figures mount, the page keeps their place (`.stats-reserve`): the news form below stays put when they do.
  const { reserved, mounted } = await promoter.evaluate(() => {
    const slot = document.querySelector<HTMLElement>('[data-salon-widget="stats"]');
    const probe = document.createElement('div');
    probe.className = 'stats-reserve';
    slot?.before(probe);
    const heights = { reserved: probe.getBoundingClientRect().height, mounted: slot?.getBoundingClientRect().height ?? 0 };
    probe.remove();
    return heights;
  });
  t.diagnostic(`the organiser's figures: ${mounted} px mounted, ${reserved} px kept for them`);
  assert.ok(Math.abs(mounted - reserved) <= 80, `the figures (${mounted} px) and their reserved place (${reserved} px) differ`);

  assert.deepEqual(exhibitorErrors, []);
  assert.deepEqual(promoterErrors, []);
  await Promise.all([exhibitorContext.close(), visitorContext.close(), promoterContext.close()]);
});
