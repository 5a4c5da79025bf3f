/**
 * The top bar fits its width from 751 px up: for every profile, in French (the longer labels), at
 * 751, 1024 and 1366 px, and with a long salon name. The bar never scrolls sideways, its items never overlap or leave
 * it, every action is either in the bar or in the "Plus" menu, and opening that menu moves nothing on the page.
 * Screenshots go to /tmp/top-bar-fit-*.png.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { logInDirectly, useSalon, widgetsSettled, WAIT_MS } from './harness';

const env = useSalon();

interface Role {
  name: string;
  email: string | null;
  /** Every action of the bar (its buttons and links besides the name, the language and "Plus", and the menu's items). */
  actions: string[];
}

const COMMON = ['Accueil', 'Mon parcours', 'Plan', 'Conférences', 'Votre avis', 'Chat', 'Couper le son'];
const MENU = [
  'Partager sur les réseaux sociaux',
  'Capture d’écran',
  'Plein écran',
  'Les actualités du jour',
  'Contacter l’organisateur',
  'Mentions légales',
  'Politique de confidentialité',
  'Politique de cookies',
];
const ROLES: Role[] = [
  { name: 'anonymous', email: null, actions: [...COMMON, ...MENU] },
  { name: 'visitor', email: 'visiteur@salon.test', actions: [...COMMON, 'Profil', ...MENU, 'Quitter le salon'] },
  { name: 'exhibitor', email: 'exposant@salon.test', actions: [...COMMON, 'Activité', 'Mon compte', ...MENU, 'Quitter le salon'] },
  { name: 'promoter', email: 'organisateur@salon.test', actions: [...COMMON, 'Mon compte', ...MENU, 'Quitter le salon'] },
  { name: 'administrator', email: 'admin@salon.test', actions: [...COMMON, 'Mon compte', ...MENU, 'Quitter le salon'] },
];
const WIDTHS = [751, 1024, 1366];

/** Apostrophes as typed or as typeset (the catalogs use both), without what a link to a new tab adds for screen readers. */
const same = (text: string) =>
  text
    .replace(/[’']/g, '’')
    .replace(/\s+/g, ' ')
    .replace(/ \(s’ouvre dans un nouvel onglet\)$/, '')
    .trim();

async function openSalon(browser: Browser, role: Role): Promise<Page> {
  const context = await browser.newContext({ locale: 'fr-FR', viewport: { width: 1366, height: 768 } });
  const page = await context.newPage();
  if (role.email) assert.equal(await logInDirectly(page, env.salon.baseUrl, role.email, { open: false }), 303);
  await page.goto(`${env.salon.baseUrl}/salon`);
  await widgetsSettled(page);
  await page.getByRole('navigation', { name: 'Menu principal' }).waitFor();
  return page;
}

interface Layout {
  barScroll: number;
  barClient: number;
  pageScroll: number;
  pageClient: number;
  bar: { left: number; right: number; top: number; bottom: number };
  /** The bar's visible controls: the name, its buttons and links, with their boxes. */
  controls: { name: string; left: number; right: number; top: number; bottom: number }[];
  nameCut: boolean;
  nameTitle: string | null;
}

function layout(page: Page): Promise<Layout> {
  return page.evaluate(() => {
    const nav = document.querySelector<HTMLElement>('nav[aria-label="Menu principal"]');
    if (!nav) throw new Error('no top bar');
    const logo = nav.querySelector<HTMLElement>(':scope > a');
    const controls = Array.from(
      nav.querySelectorAll<HTMLElement>(':scope > a, :scope > ul > li > button, :scope > ul > li > a, :scope > ul > li > div > button'),
    )
      .filter((element) => element.getClientRects().length > 0 && !element.closest('[aria-hidden="true"]'))
      .map((element) => {
        const r = element.getBoundingClientRect();
        return {
          name: (element.getAttribute('title') ?? element.textContent ?? '').trim(),
          left: r.left,
          right: r.right,
          top: r.top,
          bottom: r.bottom,
        };
      });
    const r = nav.getBoundingClientRect();
    return {
      barScroll: nav.scrollWidth,
      barClient: nav.clientWidth,
      pageScroll: document.documentElement.scrollWidth,
      pageClient: document.documentElement.clientWidth,
      bar: { left: r.left, right: r.right, top: r.top, bottom: r.bottom },
      controls,
      nameCut: logo ? logo.scrollWidth > logo.clientWidth : false,
      nameTitle: logo?.getAttribute('title') ?? null,
    };
  });
}

const intersect = (a: Layout['bar'], b: Layout['bar']) =>
  a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;

/** Checks the bar at the page's current width; returns the actions it shows and those of its menu. */
async function checkBar(page: Page, what: string, expected: string[]): Promise<{ inBar: string[]; inMenu: string[] }> {
  // The bar measures itself after a resize: wait until it has settled (fits; a cut name has its tooltip).
  await page
    .waitForFunction(
      () => {
        const nav = document.querySelector<HTMLElement>('nav[aria-label="Menu principal"]');
        const logo = nav?.querySelector<HTMLElement>(':scope > a');
        const cutWithoutTitle = logo ? logo.scrollWidth > logo.clientWidth && !logo.title : false;
        return nav !== null && nav.scrollWidth <= nav.clientWidth && !cutWithoutTitle;
      },
      undefined,
      { timeout: WAIT_MS },
    )
    .catch(() => undefined);
  // Two frames drawn since: the bar's own measuring (a resize observer, then a render) has had its turn.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const before = await layout(page);
  assert.ok(before.barScroll <= before.barClient, `${what}: the bar scrolls sideways (${before.barScroll} > ${before.barClient})`);
  assert.ok(before.pageScroll <= before.pageClient, `${what}: the page scrolls sideways (${before.pageScroll} > ${before.pageClient})`);
  for (const [i, a] of before.controls.entries()) {
    assert.ok(
      a.left >= before.bar.left - 0.5 && a.right <= before.bar.right + 0.5,
      `${what}: "${a.name}" leaves the bar (${a.left}–${a.right} of ${before.bar.left}–${before.bar.right})`,
    );
    for (const b of before.controls.slice(i + 1)) assert.ok(!intersect(a, b), `${what}: "${a.name}" and "${b.name}" overlap`);
  }
  // The name is cut only when nothing is left to move (only the language and "Plus" stay), and then it has its tooltip.
  if (before.nameCut) assert.ok(before.nameTitle, `${what}: the cut name has no tooltip`);

  const nav = page.getByRole('navigation', { name: 'Menu principal' });
  const inBar = (
    await nav
      .locator(':scope > ul > li > button, :scope > ul > li > a')
      .evaluateAll((elements) =>
        elements
          .filter((element) => element.getClientRects().length > 0)
          .map((element) => (element.getAttribute('title') ?? element.textContent ?? '').trim()),
      )
  ).map(same);

  const scrollBefore = await page.evaluate(() => ({ x: window.scrollX, y: window.scrollY }));
  await nav.getByRole('button', { name: 'Plus', exact: true }).click();
  const menu = page.getByRole('menu', { name: 'Plus' });
  await menu.waitFor();
  const inMenu = (await menu.getByRole('menuitem').or(menu.getByRole('menuitemcheckbox')).allTextContents()).map(same);
  // Opening the menu moves nothing: same bar, no sideways scroll, the menu inside the window.
  const after = await layout(page);
  const menuBox = await menu.boundingBox();
  assert.deepEqual(after.bar, before.bar, `${what}: the bar moved when the menu opened`);
  assert.deepEqual(after.controls, before.controls, `${what}: the bar's items moved when the menu opened`);
  assert.ok(after.pageScroll <= after.pageClient, `${what}: the open menu makes the page scroll sideways`);
  assert.deepEqual(
    await page.evaluate(() => ({ x: window.scrollX, y: window.scrollY })),
    scrollBefore,
    `${what}: the page scrolled when the menu opened`,
  );
  assert.ok(menuBox && menuBox.x >= 0 && menuBox.x + menuBox.width <= after.pageClient + 0.5, `${what}: the menu leaves the window`);
  await page.keyboard.press('Escape');
  await menu.waitFor({ state: 'detached' });

  const reachable = new Set([...inBar, ...inMenu]);
  for (const action of expected.map(same))
    assert.ok(
      reachable.has(action),
      `${what}: "${action}" is neither in the bar nor in the menu (bar: ${inBar.join(', ')}; menu: ${inMenu.join(', ')})`,
    );
  return { inBar, inMenu };
}

for (const role of ROLES) {
  test(`${role.name}, in French: the bar fits at ${WIDTHS.join(', ')} px and every action stays reachable`, async () => {
    const page = await openSalon(env.browser, role);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 768 });
      await checkBar(page, `${role.name} at ${width} px`, role.actions);
      await page.screenshot({ path: `/tmp/top-bar-fit-${role.name}-${width}.png`, clip: { x: 0, y: 0, width, height: 120 } });
    }
    await page.context().close();
  });
}

test('a long salon name: items move into "Plus" first, the name is cut (with its tooltip) only when nothing is left to move', async () => {
  const admin = await openSalon(env.browser, ROLES[4] as Role);
  const name = 'Salon international des technologies de l’innovation industrielle, numérique et durable de Lyon';
  const response = await admin.request.put(`${env.salon.baseUrl}/api/admin/parameters`, {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
    data: { room_name: name, room_name_en: 'International fair of industrial, digital and sustainable innovation technologies of Lyon' },
  });
  assert.equal(response.status(), 200);
  await admin.context().close();

  const exhibitor = ROLES[2] as Role;
  const page = await openSalon(env.browser, exhibitor);
  const link = page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name });
  await link.waitFor();
  let moved = 0;
  for (const width of [1366, 1024, 751]) {
    await page.setViewportSize({ width, height: 768 });
    const { inMenu } = await checkBar(page, `long name at ${width} px`, exhibitor.actions);
    // What moved is at the top of the menu, before its own items; narrower, at least as much moves.
    const movedHere = inMenu.indexOf(same(MENU[0] as string));
    assert.ok(movedHere >= moved, `at ${width} px, fewer items moved (${movedHere}) than wider (${moved})`);
    moved = movedHere;
    const { nameCut, nameTitle } = await layout(page);
    if (nameCut) {
      assert.equal(nameTitle, name);
      // Cut only as a last resort: every item that may move has moved (the language and "Plus" stay).
      const bar = await page.getByRole('navigation', { name: 'Menu principal' }).locator(':scope > ul > li').count();
      assert.equal(bar, 2, `at ${width} px the name is cut while items could still move`);
    }
    await page.screenshot({ path: `/tmp/top-bar-fit-long-${width}.png`, clip: { x: 0, y: 0, width, height: 120 } });
  }
  assert.ok(moved > 0, 'with a long name at 751 px, nothing moved into the menu');
  await page.context().close();
});
