/**
 * End to end (spec §2.5, §2.8, §2.10, §4.4): an exhibitor and a visitor in two browser contexts. The visitor
 * enters one of the exhibitor's stands and opens its contact point; the exhibitor switches to available with the
 * activity widget's switch, and the visitor sees them in the available group without a reload. The visitor copies the
 * company's email from the company sheet (toast), leaves the stand, and the exhibitor's activity stream shows both
 * history lines.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { closePromotion, useSalon, widgetsSettled, roomFrame, WAIT_MS } from './harness';
import { loggedIn, ownedStandIds, frameStands, toPlan, until, panoramaReady } from './steps';

const env = useSalon();

/** The contact point's group toggles (their names may carry a disclosure sign first). */
const AVAILABLE = /(^|\s)Available exhibitors/;
const UNAVAILABLE = /(^|\s)Unavailable exhibitors/;

interface RoomUserLike {
  id_user: string;
  fullname: string;
  availability?: boolean;
}

interface RoomLike {
  visited_stand_id: string | null;
  visited_stand_availability: boolean | null;
  visited_stand_animators: Record<string, RoomUserLike[]>;
  owned_stands_users: Record<string, RoomUserLike[]>;
  histories: Record<string, { content: { type: string; user?: RoomUserLike } }[]>;
}

/** The bus's room store as the page holds it (what the live activity wrote). */
function room(page: Page): Promise<RoomLike | null> {
  return page.evaluate(() => {
    const store = (globalThis as unknown as Record<symbol, { $room: { get(): RoomLike } } | undefined>)[Symbol.for('salon.bus@1/room')];
    const value = store?.$room.get();
    return value ? (JSON.parse(JSON.stringify(value)) as RoomLike) : null;
  });
}

test('an exhibitor switches to available and a visitor on their stand sees it live; company sheet copy; the visit in the stand history', async () => {
  const { salon, browser } = env;

  // The exhibitor, in French.
  const { context: exhibitorContext, page: exhibitor } = await loggedIn(browser, salon.baseUrl, 'exposant@salon.test', {
    locale: 'fr-FR',
    viewport: { width: 1280, height: 800 },
  });
  await exhibitor.goto(`${salon.baseUrl}/salon`);
  const exhibitorSlots = await widgetsSettled(exhibitor);
  assert.equal(exhibitorSlots['activity-stream'], 'mounted', `activity-stream: ${JSON.stringify(exhibitorSlots)}`);
  const owned = await ownedStandIds(exhibitor);
  assert.equal(owned.length, 2);

  // The demo exhibitor starts available: switch off first, so that the visitor sees the change.
  const availability = exhibitor.getByRole('region', { name: 'Mon activité' }).getByRole('switch', { name: 'Je suis disponible' });
  await availability.waitFor();
  const switchTo = async (on: boolean) => {
    const [response] = await Promise.all([
      exhibitor.waitForResponse((r) => r.request().method() === 'PUT' && r.url().endsWith('/api/exhibitors/me/availability')),
      availability.click(),
    ]);
    assert.equal(response.status(), 200);
    assert.equal(await availability.getAttribute('aria-checked'), String(on));
  };
  if ((await availability.getAttribute('aria-checked')) === 'true') await switchTo(false);

  // The visitor, in English, enters the exhibitor's second stand from the floor plan's list.
  const { context: visitorContext, page: visitor, errors } = await loggedIn(browser, salon.baseUrl, 'visiteur@salon.test');
  await visitorContext.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: salon.baseUrl });
  const visitorSlots = await widgetsSettled(visitor);
  for (const widget of ['room', 'toaster']) assert.equal(visitorSlots[widget], 'mounted', `${widget}: ${JSON.stringify(visitorSlots)}`);
  // The sidebars may be lazy slots, mounted when first opened.
  for (const widget of ['contact-point', 'company-sheet'])
    assert.ok(['mounted', 'idle'].includes(visitorSlots[widget] ?? ''), `${widget}: ${JSON.stringify(visitorSlots)}`);
  const visitorUser = (
    JSON.parse((await visitor.locator('#salon-page-data').textContent()) ?? '{}') as { user: { obfuscated_id: string; fullname: string } }
  ).user;
  const frame = await roomFrame(visitor);
  const stand = (await frameStands(frame)).find((s) => s.id === owned[1]);
  assert.ok(stand, 'the exhibitor’s stand is not in the room');
  await toPlan(frame);
  await frame.getByRole('button', { name: stand.niceNameEn, exact: true }).click();
  await until('the visitor on the stand', 5000, async () => (await room(visitor))?.visited_stand_id === stand.id, visitor, 50);
  // The panel is drawn again when the panorama is ready: click its buttons after that.
  await panoramaReady(frame, stand.panorama);
  await closePromotion(visitor, stand);
  // The exhibitor's open stream lists the visitor on their stand (an arrival in the visitors delta, applied by the page).
  const onStand = async () => ((await room(exhibitor))?.owned_stands_users[stand.id] ?? []).map((u) => u.id_user);
  await until(
    'the visitor in the exhibitor’s visitors list',
    3000,
    async () => (await onStand()).includes(visitorUser.obfuscated_id),
    exhibitor,
    50,
  );

  // The stand's contact point (the frame's "Exhibitors" posts showStandUcp): Claire is unavailable.
  await frame.getByRole('button', { name: 'Exhibitors', exact: true }).click();
  const contactPoint = visitor.getByRole('complementary', { name: 'Exhibitors' });
  await contactPoint.waitFor({ timeout: WAIT_MS });
  /** The names in a group: the cards' headings in the list its toggle controls. */
  const namesIn = async (group: RegExp): Promise<string[]> => {
    const toggle = contactPoint.getByRole('button', { name: group });
    if ((await toggle.count()) !== 1) return [];
    const list = await toggle.getAttribute('aria-controls');
    return list ? visitor.locator(`[id="${list}"]`).getByRole('heading').allTextContents() : [];
  };
  await until('Claire in the unavailable group', 5000, async () => (await namesIn(UNAVAILABLE)).includes('Claire Fontaine'), visitor, 50);
  assert.ok(!(await namesIn(AVAILABLE)).includes('Claire Fontaine'));

  // The exhibitor switches to available: the visitor sees it, in the contact point and in the live state, without a
  // reload (how soon is the server's push: tests/server/live.test.ts; a busy machine only makes it later here).
  await switchTo(true);
  await until(
    'Claire in the available group',
    20_000,
    async () => (await namesIn(AVAILABLE)).includes('Claire Fontaine'),
    visitor,
    50,
  ).catch(async (error: unknown) => {
    // Where the change stopped: the server's answer now, or the visitor's live state.
    const live = await room(visitor);
    const inLive = live?.visited_stand_animators[stand.id]?.find((u) => u.fullname === 'Claire Fontaine');
    const server = await visitor.request.get(`${salon.baseUrl}/api/stands/${stand.id}/animators`);
    const served = ((await server.json()) as { data?: { visited_stand_animators?: RoomUserLike[] } }).data?.visited_stand_animators;
    const fromServer = served?.find((u) => u.id_user === inLive?.id_user)?.availability;
    throw new Error(
      `${error instanceof Error ? error.message : String(error)}; Claire's availability: ${fromServer} from the server, ${inLive?.availability} in the visitor's live state (visited stand ${live?.visited_stand_id === stand.id ? 'this one' : live?.visited_stand_id})`,
    );
  });
  assert.ok(!(await namesIn(UNAVAILABLE)).includes('Claire Fontaine'));
  const live = await room(visitor);
  assert.equal(live?.visited_stand_availability, true);
  assert.equal(live?.visited_stand_animators[stand.id]?.find((u) => u.fullname === 'Claire Fontaine')?.availability, true);

  // The company sheet (the frame's "Company sheet" posts showCompanySheet): copy the email.
  await frame.getByRole('button', { name: 'Company sheet', exact: true }).click();
  const sheet = visitor.getByRole('complementary', { name: 'Company sheet' });
  await sheet.getByRole('heading', { name: 'Helios Énergie' }).waitFor({ timeout: WAIT_MS });
  await sheet.getByRole('button', { name: 'Copy the email' }).click();
  // The toast reads "Success: The email has been copied" (its kind, then the message).
  await visitor
    .locator('[data-salon-widget="toaster"]')
    .getByText(/\bThe email has been copied$/)
    .waitFor({ timeout: WAIT_MS });
  assert.equal(await visitor.evaluate(() => navigator.clipboard.readText()), 'contact@helios-energie.example');

  // The visitor leaves the stand (back to the floor plan): the exhibitor has both history lines.
  await frame.getByRole('button', { name: 'Floor plan', exact: true }).click();
  await until('the visitor off the stand', 5000, async () => (await room(visitor))?.visited_stand_id === null, visitor, 50);
  const mine = (types: string[]) => types.filter((type) => type === 'enterOnStand' || type === 'leaveStand');
  const lines = await until(
    'enterOnStand and leaveStand in the exhibitor’s live state',
    3000,
    async () => {
      const items = (await room(exhibitor))?.histories[stand.id] ?? [];
      const visitorTypes = mine(
        items.filter((item) => item.content.user?.id_user === visitorUser.obfuscated_id).map((item) => item.content.type),
      );
      return visitorTypes.length >= 2 ? visitorTypes : null;
    },
    exhibitor,
    50,
  );
  // Newest first.
  assert.deepEqual(lines, ['leaveStand', 'enterOnStand']);
  await until(
    'the visitor out of the exhibitor’s visitors list',
    3000,
    async () => !(await onStand()).includes(visitorUser.obfuscated_id),
    exhibitor,
    50,
  );
  await exhibitor.getByRole('button', { name: "Ouvrir le fil d'activité" }).click();
  const history = exhibitor.getByRole('region', { name: "Entrées de l'historique du stand" });
  await history.getByText(`${visitorUser.fullname} a quitté le stand`).first().waitFor({ timeout: WAIT_MS });
  await history.getByText(`${visitorUser.fullname} est entré(e) sur le stand`).first().waitFor({ timeout: WAIT_MS });

  assert.deepEqual(
    errors.filter((e) => !/favicon/.test(e)),
    [],
  );
  await visitorContext.close();
  await exhibitorContext.close();
});
