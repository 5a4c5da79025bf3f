/**
 * The room end to end (issue: the room): a visitor in /salon enters a stand of the 360° frame from a hotspot
 * and from the stand list; the stand's exhibitor, in another browser context, sees the visitor in the live
 * activity state (how soon is the bench's figure: `npm run bench -- --scenario visitors`); when the visitor closes the tab, the visit is ended on the server.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import Database from 'better-sqlite3';
import { collectErrors, useSalon, widgetsSettled, roomFrame, WAIT_MS } from './harness';
import { promotionOf } from '../../host-shell/room-frame/offers';
import { DESKTOP, frameStands, loggedIn, ownedStandIds, panoramaReady, toPlan, until, visitorsOn, type FrameStand } from './steps';

const env = useSalon();
/** How long the test waits for the exhibitor's view to follow: room for a loaded machine (the delay a visitor sees is the bench's). */
const LIVE_LIMIT_MS = 20_000;

function openVisits(dataDir: string): { stand: string; ended_by: string | null; ended_at: string | null }[] {
  const db = new Database(path.join(dataDir, 'salon.sqlite'), { readonly: true, fileMustExist: true });
  try {
    return db
      .prepare(
        `select s.name_en as stand, v.ended_by, v.ended_at from stand_visits v
         join stands s on s.id = v.stand_id join users u on u.id = v.user_id
         where u.email = 'visiteur@salon.test' order by v.id`,
      )
      .all() as { stand: string; ended_by: string | null; ended_at: string | null }[];
  } finally {
    db.close();
  }
}

test('a visitor enters a stand from a hotspot and from the list, its exhibitor sees them live, and closing the tab ends the visit', async () => {
  const { salon, browser } = env;

  const { context: exhibitorContext, page: exhibitor } = await loggedIn(browser, salon.baseUrl, 'exposant@salon.test', { locale: 'fr-FR' });
  await exhibitor.goto(`${salon.baseUrl}/salon`);
  await widgetsSettled(exhibitor);
  const ownedIds = await ownedStandIds(exhibitor);
  assert.equal(ownedIds.length, 2);

  const { context: visitorContext, page: visitor, errors } = await loggedIn(browser, salon.baseUrl, 'visiteur@salon.test');
  await widgetsSettled(visitor);
  const visitorName = (JSON.parse((await visitor.locator('#salon-page-data').textContent()) ?? '{}') as { user: { fullname: string } }).user
    .fullname;
  const frame = await roomFrame(visitor);
  const stands = await frameStands(frame);
  const owned = ownedIds.map((id) => stands.find((s) => s.id === id));
  assert.ok(owned[0] && owned[1], 'the exhibitor’s stands are not in the room');

  // From a hotspot of the floor plan: turn until one of the exhibitor's booths is in view, then click it.
  await toPlan(frame);
  const box = await visitor.getByTitle('Virtual room').boundingBox();
  assert.ok(box);
  let first: FrameStand | undefined;
  for (let turn = 0; turn < 24 && !first; turn += 1) {
    for (const stand of owned as FrameStand[]) {
      const marker = await frame.locator(`[id="rf-hotspot-stand-${stand.id}"]`).boundingBox();
      // Right of the stand panel, inside the frame.
      if (
        marker &&
        marker.x > box.x + 320 &&
        marker.x + marker.width < box.x + box.width &&
        marker.y > box.y &&
        marker.y + marker.height < box.y + box.height
      ) {
        first = stand;
        break;
      }
    }
    if (!first) {
      // The viewer's own "Move right" button turns while it is held.
      await frame.getByRole('button', { name: 'Move right' }).hover();
      await visitor.mouse.down();
      await visitor.waitForTimeout(250);
      await visitor.mouse.up();
    }
  }
  assert.ok(first, 'no booth of the exhibitor came into view');
  const second = owned.find((s) => s !== first) as FrameStand;
  await visitor.screenshot({ path: 'test-results/room-plan.png' });
  const started = Date.now();
  await frame.locator(`[id="rf-hotspot-stand-${first.id}"]`).click();
  for (;;) {
    if ((await visitorsOn(exhibitor, first.id)).length > 0) break;
    assert.ok(Date.now() - started < LIVE_LIMIT_MS, 'the exhibitor did not see the visitor');
    await exhibitor.waitForTimeout(100);
  }
  assert.deepEqual(await visitorsOn(exhibitor, first.id), [visitorName]);

  // From the stand list: back to the plan, then the second stand's button. The first visit ends.
  await toPlan(frame);
  await frame.getByRole('button', { name: second.niceNameEn, exact: true }).click();
  const movedAt = Date.now();
  for (;;) {
    const onFirst = await visitorsOn(exhibitor, first.id);
    const onSecond = await visitorsOn(exhibitor, second.id);
    if (onFirst.length === 0 && onSecond.length === 1) break;
    assert.ok(Date.now() - movedAt < LIVE_LIMIT_MS, `the exhibitor still sees ${JSON.stringify({ onFirst, onSecond })}`);
    await exhibitor.waitForTimeout(100);
  }
  const visits = openVisits(salon.dataDir);
  assert.deepEqual(
    visits.map((v) => [v.stand, v.ended_at === null]),
    [
      [first.niceNameEn, false],
      [second.niceNameEn, true],
    ],
  );

  // Closing the tab ends the visit (beacon on pagehide), and the exhibitor sees the visitor leave. The tab closes as a
  // person's would, the stand shown and the page idle: Chromium gives a closing page's pagehide a short time, which a
  // page still drawing on a loaded machine can miss (then the visit ends by timeout, as for a crashed tab).
  await panoramaReady(frame, second.panorama);
  await frame.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve(), { timeout: 5000 })));
  await visitor.close({ runBeforeUnload: true });
  const closedAt = Date.now();
  for (;;) {
    if ((await visitorsOn(exhibitor, second.id)).length === 0) break;
    assert.ok(
      Date.now() - closedAt < LIVE_LIMIT_MS,
      `the visitor is still on the stand after closing the tab; the visits stored: ${JSON.stringify(openVisits(salon.dataDir))}`,
    );
    await exhibitor.waitForTimeout(100);
  }
  const last = openVisits(salon.dataDir).at(-1);
  assert.equal(last?.stand, second.niceNameEn);
  assert.notEqual(last?.ended_at, null);
  assert.equal(last?.ended_by, 'beacon');
  assert.deepEqual(
    errors.filter((e) => !/favicon/.test(e)),
    [],
  );
  await visitorContext.close();
  await exhibitorContext.close();
});

test('the room opens the place its address names, follows the visitor in the address, and Back and Forward move between places', async () => {
  const { salon, browser } = env;
  const context = await browser.newContext(DESKTOP);
  const page = await context.newPage();
  const errors = collectErrors(page);
  // Anonymous, from a shared link to a stand.
  await page.goto(`${salon.baseUrl}/salon`);
  const stands = await frameStands(await roomFrame(page));
  const stand = stands.find((s) => !promotionOf(s)) ?? (stands[0] as FrameStand);
  await page.goto(`${salon.baseUrl}/salon/${stand.panorama}`);
  let frame = await roomFrame(page);
  await panoramaReady(frame, stand.panorama);
  assert.equal(new URL(page.url()).pathname, `/salon/${stand.panorama}`);

  await toPlan(frame);
  await until('the address names the plan', WAIT_MS, async () => new URL(page.url()).pathname === '/salon/plan', page);
  await page.goBack();
  await panoramaReady(frame, stand.panorama);
  await page.goForward();
  await panoramaReady(frame, 'plan');
  await frame.getByRole('button', { name: 'Welcome hall', exact: true }).click();
  await until('the address names the hall', WAIT_MS, async () => new URL(page.url()).pathname === '/salon', page);

  // An address the room does not know opens the hall and is replaced, so Back does not return to it.
  await page.goto(`${salon.baseUrl}/salon/no-such-stand`);
  frame = await roomFrame(page);
  await panoramaReady(frame, 'home');
  await until('the unknown address is replaced', WAIT_MS, async () => new URL(page.url()).pathname === '/salon', page);
  assert.deepEqual(
    errors.filter((e) => !/favicon/.test(e)),
    [],
  );
  await context.close();
});
