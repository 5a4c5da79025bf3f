/**
 * Admin: settings and the live stream. The administrator, on /admin, switches the live stream on;
 * a visitor's room (another browser context, on /salon) becomes the stream, with its chat and toggle, without a
 * reload (each test says how soon in a diagnostic); then off, and the room is back. A renamed fair and the journey flag reach the visitor the same way.
 * A stream from an origin the visitor's page did not list in its Content-Security-Policy shows too (the page reloads
 * once, with the new policy). The programme: a talk scheduled seconds ahead switches the room to its stream and back,
 * a talk added to My agenda reminds, and a visitor books an exhibitor's slot that the exhibitor accepts: both get the
 * invitation by e-mail, its calendar file read by a parser; twenty bookings of one slot at once leave one.
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { test } from 'node:test';
import ICAL from 'ical.js';
import type { Page } from 'playwright-core';
import { roomFrame, useSalon, WAIT_MS } from './harness';
import { adminOnAdmin, enterStand, exhibitorInArea, frameStands, loadsOf, ownedStandIds, visitorInSalon, type FrameStand } from './steps';

const env = useSalon();

/** Submits a form of /admin and waits for the page its redirect leads to; resolves with the time the answer came. */
async function submit(admin: Page, button: string): Promise<number> {
  await Promise.all([admin.waitForURL(/\/admin\?saved=/), admin.getByRole('button', { name: button }).click()]);
  return Date.now();
}

test('the administrator switches the live stream on and off from /admin; a visitor’s room follows', async (t) => {
  const { salon, browser } = env;
  const video = `${salon.baseUrl}/faq`;
  const chat = `${salon.baseUrl}/cookies`;

  const { context: visitorContext, page: visitor, errors } = await visitorInSalon(salon.baseUrl, browser);
  await visitor.getByTitle('Virtual room').waitFor();
  // The cookie banner would cover the stream's chat toggle.
  await visitor.getByRole('button', { name: 'Refuse', exact: true }).click();
  await visitor.getByRole('button', { name: /^Journey/ }).waitFor();
  const loads = loadsOf(visitor);

  const { context: adminContext, page: admin } = await adminOnAdmin(salon.baseUrl, browser);
  assert.match((await admin.locator('#stream-state').textContent()) ?? '', /No live stream/);

  // On: video and chat addresses.
  const stream = admin.getByRole('region', { name: 'Live stream' });
  await stream.getByLabel('Live stream on (replaces the room)').check();
  await stream.getByLabel('Video address').fill(video);
  await stream.getByLabel('Chat address (optional)').fill(chat);
  const switchedOn = await submit(admin, 'Save the live stream');
  assert.match((await admin.locator('#stream-state').textContent()) ?? '', /The live stream is on/);
  await visitor.getByTitle('Live stream', { exact: true }).waitFor({ timeout: WAIT_MS });
  t.diagnostic(`the stream showed ${Date.now() - switchedOn} ms after the switch`);
  assert.equal(await visitor.getByTitle('Live stream', { exact: true }).getAttribute('src'), video);
  assert.equal(await visitor.getByTitle('Live stream chat').getAttribute('src'), chat);
  assert.equal(await visitor.getByTitle('Virtual room').count(), 0);
  // The chat toggle works as in the page-load stream mode.
  await visitor.getByRole('button', { name: 'Hide the chat' }).click();
  assert.equal(await visitor.getByTitle('Live stream chat').isVisible(), false);
  await visitor.getByRole('button', { name: 'Show the chat' }).click();
  assert.equal(await visitor.getByTitle('Live stream chat').isVisible(), true);

  // Off: the room comes back.
  await admin.getByRole('region', { name: 'Live stream' }).getByLabel('Live stream on (replaces the room)').uncheck();
  const switchedOff = await submit(admin, 'Save the live stream');
  await visitor.getByTitle('Virtual room').waitFor({ timeout: WAIT_MS });
  t.diagnostic(`the room came back ${Date.now() - switchedOff} ms after the switch`);
  assert.equal(await visitor.getByTitle('Live stream', { exact: true }).count(), 0);

  // A parameter and a feature flag: the top bar follows.
  const settings = admin.getByRole('region', { name: 'Fair settings' });
  await settings.getByLabel('Fair name (English)').fill('Winter Fair');
  await settings.getByLabel('Personal journey (journey)').uncheck();
  const saved = await submit(admin, 'Save the settings');
  await visitor.getByText('Winter Fair').first().waitFor({ timeout: WAIT_MS });
  await visitor.getByRole('button', { name: /^Journey/ }).waitFor({ state: 'detached', timeout: WAIT_MS });
  t.diagnostic(`the top bar followed ${Date.now() - saved} ms after the save`);

  assert.deepEqual(loads, [], 'the visitor’s page was reloaded');
  assert.deepEqual(errors, []);
  await adminContext.close();
  await visitorContext.close();
});

test('a stream from another origin, which the open page’s Content-Security-Policy does not list, still shows', async (t) => {
  const { salon, browser } = env;
  // Another origin: a server of its own on another port, as a video provider would be.
  const provider = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end('<!doctype html><title>Provider</title><p id="provider">On air</p>');
  });
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  const video = `http://127.0.0.1:${(provider.address() as AddressInfo).port}/live`;
  try {
    const { context: visitorContext, page: visitor } = await visitorInSalon(salon.baseUrl, browser, { email: 'visiteur2@salon.test' });
    await visitor.getByTitle('Virtual room').waitFor();
    const policy = (await visitor.request.get(`${salon.baseUrl}/salon`)).headers()['content-security-policy'] ?? '';
    assert.ok(!policy.includes(new URL(video).origin), 'the page already lists the provider');
    const loads = loadsOf(visitor);

    const { context: adminContext, page: admin } = await adminOnAdmin(salon.baseUrl, browser);
    const stream = admin.getByRole('region', { name: 'Live stream' });
    await stream.getByLabel('Live stream on (replaces the room)').check();
    await stream.getByLabel('Video address').fill(video);
    await stream.getByLabel('Chat address (optional)').fill('');
    const switchedOn = await submit(admin, 'Save the live stream');
    const player = visitor.frameLocator('iframe[title="Live stream"]').locator('#provider');
    await player.waitFor({ timeout: WAIT_MS });
    t.diagnostic(`the stream showed ${Date.now() - switchedOn} ms after the switch`);
    assert.equal(await player.textContent(), 'On air');
    // The open page's policy refused the provider: it was loaded again, once, with the new policy.
    assert.equal(loads.length, 1);

    await stream.getByLabel('Live stream on (replaces the room)').uncheck();
    await submit(admin, 'Save the live stream');
    await visitor.getByTitle('Virtual room').waitFor({ timeout: WAIT_MS });
    await adminContext.close();
    await visitorContext.close();
  } finally {
    provider.close();
  }
});

test('the programme: a talk switches an open room to its stream and back; a reminder; a visitor books a slot, the exhibitor accepts', async (t) => {
  const { salon, browser } = env;
  // The exhibitor (whose saved language is French) offers a slot on their first stand, tomorrow at 10:00, from /exposant.
  const { context: exhibitorContext, page: exhibitor } = await exhibitorInArea(salon.baseUrl, browser);
  const meetings = exhibitor.getByRole('region', { name: /^(Meetings|Rendez-vous)$/ });
  const tomorrow = new Date(Date.now() + 24 * 3_600_000);
  const day = `${tomorrow.getFullYear()}-${String(tomorrow.getMonth() + 1).padStart(2, '0')}-${String(tomorrow.getDate()).padStart(2, '0')}`;
  // And a second at 11:00, which twenty bookings at once will try to take.
  for (const [i, hour] of ['10:00', '11:00'].entries()) {
    await meetings.getByLabel(/^(Start|Début)$/).fill(`${day}T${hour}`);
    await meetings.getByRole('button', { name: /^(Offer this slot|Proposer ce créneau)$/ }).click();
    await meetings
      .getByText(/^(Free|Libre)$/)
      .nth(i)
      .waitFor({ timeout: WAIT_MS });
  }
  const standId = (await ownedStandIds(exhibitor))[0] as string;

  const { context: visitorContext, page: visitor, errors } = await visitorInSalon(salon.baseUrl, browser);
  await visitor.getByTitle('Virtual room').waitFor();
  await visitor.getByRole('button', { name: 'Refuse', exact: true }).click();
  const loads = loadsOf(visitor);

  // An organiser schedules a talk on the stream a few seconds ahead, and one on a stand in 4 minutes.
  const { context: adminContext, page: admin } = await adminOnAdmin(salon.baseUrl, browser);
  const schedule = (startMs: number, endMs: number, extra: Record<string, unknown>) =>
    admin.evaluate(
      async ({ body }) => {
        const response = await fetch('/api/talks', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
          body: JSON.stringify(body),
        });
        return ((await response.json()) as { data: { talk: { start: string; end: string } } }).data.talk;
      },
      {
        body: {
          title_fr: 'Le solaire en 2030',
          title_en: 'Solar by 2030',
          description_fr: '',
          description_en: '',
          speakers: ['Ada Lovelace'],
          start: new Date(Date.now() + startMs).toISOString(),
          end: new Date(Date.now() + endMs).toISOString(),
          ...extra,
        },
      },
    );
  const video = `${salon.baseUrl}/faq`;
  // The stream's talk is watched for at once: it lasts 10 s, which a loaded machine could spend on the steps below.
  const live = await schedule(4_000, 14_000, { place: 'stream', video_url: video });
  await schedule(4 * 60_000, 30 * 60_000, { place: 'stand', stand_id: standId, title_en: 'Storage, the day after' });

  // At its start the open room becomes the talk's stream, without a reload; at its end the room is back.
  await visitor.getByTitle('Live stream', { exact: true }).waitFor({ timeout: WAIT_MS });
  t.diagnostic(`the stream showed ${Date.now() - Date.parse(live.start)} ms after the talk's start`);
  assert.equal(await visitor.getByTitle('Live stream', { exact: true }).getAttribute('src'), video);
  await visitor.getByTitle('Virtual room').waitFor({ timeout: WAIT_MS });
  t.diagnostic(`the room came back ${Date.now() - Date.parse(live.end)} ms after the talk's end`);

  // Conferences: the programme sidebar; the later talk goes to My agenda, and its reminder comes at once (within 5 minutes).
  await visitor.locator('[data-salon-widget="top-bar"]').getByRole('button', { name: 'Conferences' }).click();
  const programme = visitor.getByRole('complementary', { name: 'Programme' });
  const later = programme.getByRole('listitem').filter({ hasText: 'Storage, the day after' });
  await later.getByRole('button', { name: 'Add to my agenda' }).click();
  await later.getByRole('button', { name: 'Remove from my agenda' }).waitFor({ timeout: WAIT_MS });
  await visitor.locator('[data-salon-widget="toaster"]').getByText('Your talk begins soon').waitFor({ timeout: WAIT_MS });

  // The visitor books the slot from the stand's contact point (the room is a new frame since the stream).
  const frame = await roomFrame(visitor);
  const stand = (await frameStands(frame)).find((s) => s.id === standId) as FrameStand;
  await enterStand(frame, stand);
  await frame.getByRole('button', { name: 'Exhibitors', exact: true }).click();
  const contactPoint = visitor.getByRole('complementary', { name: 'Exhibitors' });
  await contactPoint.getByRole('button', { name: 'Book a meeting' }).last().click();
  const booking = visitor.getByRole('complementary', { name: 'Book a meeting' });
  await booking
    .getByRole('button', { name: /^Choose / })
    .first()
    .click();
  await booking.getByLabel('Your message (optional)').fill('About your batteries');
  await booking.getByRole('checkbox').check();
  await booking.getByRole('button', { name: 'Book this slot' }).click();
  await booking.getByRole('status').filter({ hasText: 'Meeting requested' }).waitFor({ timeout: WAIT_MS });

  // The exhibitor sees the request and accepts it; the visitor is told live.
  await exhibitor.reload();
  const request = meetings.getByRole('listitem').filter({ hasText: 'About your batteries' });
  await request.getByRole('button', { name: /^(Accept|Accepter)$/ }).click();
  await request.getByText(/^(Accepted|Accepté)$/).waitFor({ timeout: WAIT_MS });
  await visitor.locator('[data-salon-widget="toaster"]').getByText('Meeting accepted').waitFor({ timeout: WAIT_MS });

  // Both get the invitation by e-mail (the demo's mail server, on /admin/courriels): a calendar file that a parser
  // reads as the booked slot, in UTC.
  const invitations = admin.locator('article.caught-mail').filter({ has: admin.getByRole('link', { name: 'invitation.ics' }) });
  const deadline = Date.now() + WAIT_MS;
  do {
    assert.ok(Date.now() < deadline, 'the two invitations were not caught');
    await admin.goto(`${salon.baseUrl}/admin/courriels`);
  } while ((await invitations.count()) < 2);
  assert.deepEqual((await invitations.locator('.caught-to').allTextContents()).sort(), ['exposant@salon.test', 'visiteur@salon.test']);
  const slots = await visitor.evaluate(async (id) => {
    const response = await fetch(`/api/stands/${id}/slots`, { headers: { 'x-requested-with': 'XMLHttpRequest' } });
    return ((await response.json()) as { data: { slots: { id: string; start: string; end: string; free: boolean }[] } }).data.slots;
  }, standId);
  const [booked, other] = [slots.find((slot) => !slot.free), slots.find((slot) => slot.free)];
  for (const link of await invitations.getByRole('link', { name: 'invitation.ics' }).all()) {
    const ics = await (await admin.request.get(`${salon.baseUrl}${(await link.getAttribute('href')) ?? ''}`)).text();
    const calendar = new ICAL.Component(ICAL.parse(ics));
    assert.equal(calendar.getFirstPropertyValue('method'), 'REQUEST');
    const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent') ?? undefined);
    assert.equal(event.startDate.zone?.tzid, 'UTC');
    assert.deepEqual([event.startDate.toJSDate().toISOString(), event.endDate.toJSDate().toISOString()], [booked?.start, booked?.end]);
  }

  // Twenty bookings of the other slot at once: one holds it, the others are told it was just booked.
  // (No function declared inside: the page would not know tsx's __name.)
  const answers = await visitor.evaluate(
    async (slotId) =>
      Promise.all(
        Array.from({ length: 20 }, () =>
          fetch('/api/meetings', {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
            body: JSON.stringify({ slot_id: slotId, message: '' }),
          }).then(
            async (response) =>
              `${response.status} ${response.ok ? '' : ((await response.json()) as { data: { message: string } }).data.message}`,
          ),
        ),
      ),
    other?.id ?? '',
  );
  assert.deepEqual(answers.sort(), ['200 ', ...Array.from({ length: 19 }, () => '409 This slot was just booked')]);

  assert.deepEqual(loads, [], 'the visitor’s page was reloaded');
  // The nineteen refused bookings are the only errors the page logged.
  assert.deepEqual(
    errors.filter((error) => !error.endsWith('status of 409 (Conflict)')),
    [],
  );
  await adminContext.close();
  await visitorContext.close();
  await exhibitorContext.close();
});
