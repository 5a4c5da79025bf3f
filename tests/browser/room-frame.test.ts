/**
 * The 360° room frame in real Chromium, inside an iframe of a page of the same origin (the 404 page stands in for
 * the host page), listening to what it posts to its parent. Screenshots go to /tmp/room-frame-*.png.
 */
// First: the Lingui macro under tsx (the frame's texts, i18n.ts).
import '../../host-shell/server/i18n/macro-hook';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { test } from 'node:test';
import type { Frame, Page } from 'playwright-core';
import { parseFrameData } from '../../host-shell/room-frame/data';
import { TEXTS } from '../../host-shell/room-frame/i18n';
import { Salon } from '../../host-shell/room-frame/layout';
import { buildQuiz } from '../../host-shell/room-frame/quiz';
import { DEMO_COMPANIES, DEMO_PARAMETERS } from '../../host-shell/server/db/seed-data';
import { collectErrors, useSalon } from './harness';

interface Posted {
  origin: string;
  name: string;
  payload: Record<string, unknown>;
}

interface FrameStand {
  id: string;
  panorama: string;
  companyId: string;
  niceNameEn: string;
  name: string;
}

const DEMO_STANDS = DEMO_COMPANIES.flatMap((c) => c.stands);
const PROTOCOL = 'salon.room-frame';

const env = useSalon();

interface Host {
  page: Page;
  frame: Frame;
  errors: string[];
  stands: FrameStand[];
  messages(): Promise<Posted[]>;
  /** Messages posted since the last call. */
  take(): Promise<Posted[]>;
  command(name: string, payload: Record<string, unknown>): Promise<void>;
  waitFor(panorama: string): Promise<void>;
}

/** A page of the salon's origin with the room frame in an iframe, recording the frame's messages. */
async function openHost(lang: 'en' | 'fr', path = '/room/', query = ''): Promise<Host> {
  const page = await env.browser.newPage({ viewport: { width: 1100, height: 700 } });
  const errors = collectErrors(page);
  await page.goto(`${env.salon.baseUrl}/404`);
  await page.evaluate(
    ({ src, protocol }) => {
      const w = window as unknown as { posted: Posted[] };
      w.posted = [];
      window.addEventListener('message', (event: MessageEvent) => {
        const data = event.data as { protocol?: string; name?: string; payload?: Record<string, unknown> };
        if (data?.protocol === protocol) w.posted.push({ origin: event.origin, name: data.name ?? '', payload: data.payload ?? {} });
      });
      document.body.replaceChildren();
      const iframe = document.createElement('iframe');
      iframe.id = 'room';
      iframe.title = 'Room';
      iframe.src = src;
      iframe.style.cssText = 'width:1000px;height:620px;border:0;display:block';
      document.body.append(iframe);
    },
    { src: `${path}?lang=${lang}${query}`, protocol: PROTOCOL },
  );
  const handle = await page.waitForSelector('#room');
  let frame: Frame | null = null;
  for (let i = 0; i < 100 && !frame?.url().includes('/room/'); i += 1) {
    frame = await handle.contentFrame();
    await page.waitForTimeout(50);
  }
  if (!frame) throw new Error('no room frame');
  await frame.waitForSelector('#room-frame[data-state="ready"]', { timeout: 60_000 });
  const stands = await frame.evaluate(
    () => (JSON.parse(document.getElementById('room-frame-data')?.textContent ?? '{}') as { stands: FrameStand[] }).stands,
  );
  let seen = 0;
  const messages = () => page.evaluate(() => (window as unknown as { posted: Posted[] }).posted);
  const host: Host = {
    page,
    frame,
    errors,
    stands,
    messages,
    async take() {
      const all = await messages();
      const fresh = all.slice(seen);
      seen = all.length;
      return fresh;
    },
    async command(name, payload) {
      await page.evaluate(
        ({ name, payload, protocol }) => {
          const iframe = document.getElementById('room') as HTMLIFrameElement;
          iframe.contentWindow?.postMessage({ protocol, version: 1, name, payload }, location.origin);
        },
        { name, payload, protocol: PROTOCOL },
      );
    },
    async waitFor(panorama) {
      await frame.waitForSelector(`#room-frame[data-panorama="${panorama}"][data-state="ready"]`, { timeout: 60_000 });
    },
  };
  return host;
}

/** Waits until the frame has posted `count` more messages (they are sent right away, before the panorama is drawn). */
async function nextMessages(host: Host, count: number): Promise<Posted[]> {
  const out: Posted[] = [];
  for (let i = 0; i < 100 && out.length < count; i += 1) {
    out.push(...(await host.take()));
    if (out.length < count) await host.page.waitForTimeout(50);
  }
  return out;
}

const names = (messages: Posted[]) => messages.map((m) => m.name);

/** The frame's pixels are a picture, not a blank or uniform sphere. */
async function pictureStats(host: Host, file: string): Promise<{ colours: number; deviation: number }> {
  // The picture once it is still: two shots in a row the same (the sphere fades in, then stays).
  const room = host.page.locator('#room');
  let png = await room.screenshot();
  for (let tries = 0; tries < 100; tries += 1) {
    await host.frame.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const next = await room.screenshot();
    if (next.equals(png)) break;
    png = next;
  }
  fs.writeFileSync(file, png);
  return host.page.evaluate(async (b64) => {
    const img = new Image();
    img.src = `data:image/png;base64,${b64}`;
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = img.width;
    canvas.height = img.height;
    const ctx = canvas.getContext('2d') as CanvasRenderingContext2D;
    ctx.drawImage(img, 0, 0);
    // The right part of the frame: the panel covers the left.
    const { data } = ctx.getImageData(Math.floor(img.width * 0.35), 0, Math.floor(img.width * 0.6), Math.floor(img.height * 0.85));
    const colours = new Set<number>();
    let sum = 0;
    let sum2 = 0;
    let n = 0;
    for (let p = 0; p < data.length; p += 4) {
      const r = data[p] as number;
      const g = data[p + 1] as number;
      const b = data[p + 2] as number;
      colours.add(((r >> 4) << 8) | ((g >> 4) << 4) | (b >> 4));
      const l = 0.3 * r + 0.59 * g + 0.11 * b;
      sum += l;
      sum2 += l * l;
      n += 1;
    }
    return { colours: colours.size, deviation: Math.sqrt(sum2 / n - (sum / n) ** 2) };
  }, png.toString('base64'));
}

function assertPicture(stats: { colours: number; deviation: number }, what: string) {
  assert.ok(stats.colours > 150, `${what}: only ${stats.colours} colours`);
  assert.ok(stats.deviation > 20, `${what}: almost uniform (deviation ${stats.deviation.toFixed(1)})`);
}

/** Console errors other than the host page's own 404 (it stands in for a host page on purpose). */
const realErrors = (errors: string[]) => errors.filter((e) => !/status of 404/.test(e));

async function standButtons(host: Host, list: string): Promise<string[]> {
  return host.frame.getByRole('list', { name: list }).getByRole('button').allTextContents();
}

test('the frame draws a hall with stands, and lists the stands of the plan by their English names', async () => {
  const host = await openHost('en');
  const first = await nextMessages(host, 2);
  assert.deepEqual(first[0], { origin: env.salon.baseUrl, name: 'checkSound', payload: { muted: false, available: true } });
  assert.deepEqual(first[1], { origin: env.salon.baseUrl, name: 'emitTrackingEvent', payload: { name: 'panorama_view', value: 'home' } });
  assertPicture(await pictureStats(host, '/tmp/room-frame-home.png'), 'home');
  // The entrance hall has no stand: its list says where they are.
  assert.ok(await host.frame.getByText('No stand in this area').isVisible());

  await host.frame.getByRole('button', { name: 'Floor plan' }).click();
  await host.waitFor('plan');
  assert.equal(await host.frame.getByRole('heading', { level: 1 }).textContent(), 'Floor plan');
  const expected = DEMO_STANDS.map((s) => s.name_en);
  for (const name of expected)
    assert.ok(await host.frame.getByRole('button', { name, exact: true }).isVisible(), `no button named ${name}`);
  assert.deepEqual(
    (await standButtons(host, 'Stands in this area')).map((text) => text.replace(/^\d+/, '')),
    expected,
  );
  assertPicture(await pictureStats(host, '/tmp/room-frame-plan.png'), 'plan');
  // A hotspot on every booth, and on both doors.
  for (const stand of host.stands) assert.equal(await host.frame.locator(`[id="rf-hotspot-stand-${stand.id}"]`).count(), 1);
  assert.equal(await host.frame.locator('[id="rf-hotspot-place-home"], [id="rf-hotspot-place-conference"]').count(), 2);

  await host.command('goToPanorama', { slug: 'conference' });
  await host.waitFor('conference');
  assertPicture(await pictureStats(host, '/tmp/room-frame-conference.png'), 'conference');
  assert.deepEqual(realErrors(host.errors), []);
  await host.page.close();
});

test('in French, the buttons carry the French names of the stands', async () => {
  const host = await openHost('fr', '/room/plan');
  assert.equal(await host.frame.locator('html').getAttribute('lang'), 'fr');
  assert.equal(await host.frame.getByRole('heading', { level: 1 }).textContent(), 'Plan du salon');
  const expected = DEMO_STANDS.map((s) => s.name);
  assert.deepEqual(
    (await standButtons(host, 'Stands de cet espace')).map((text) => text.replace(/^\d+/, '')),
    expected,
  );
  for (const name of expected) assert.ok(await host.frame.getByRole('button', { name, exact: true }).isVisible());
  assert.ok(await host.frame.getByRole('button', { name: 'Hall d’accueil' }).isVisible());
  await pictureStats(host, '/tmp/room-frame-plan-fr.png');
  await host.page.close();
});

test('a stand button and the stand hotspot enter the stand in exactly the same way', async () => {
  const stand = DEMO_STANDS[0];
  assert.ok(stand);
  const sequences: Posted[][] = [];
  for (const way of ['button', 'hotspot'] as const) {
    const host = await openHost('en', '/room/plan');
    const id: string = host.stands.find((s) => s.panorama === stand.slug)?.id ?? '';
    await host.take();
    if (way === 'button') await host.frame.getByRole('button', { name: stand.name_en, exact: true }).click();
    else await host.frame.locator(`[id="rf-hotspot-stand-${id}"]`).click();
    const posted = await nextMessages(host, 2);
    await host.waitFor(stand.slug);
    assert.deepEqual(posted, [
      { origin: env.salon.baseUrl, name: 'enterOnStand', payload: { stand_id: id, panorama: stand.slug } },
      { origin: env.salon.baseUrl, name: 'emitTrackingEvent', payload: { name: 'panorama_view', value: stand.slug, stand_id: id } },
    ]);
    assert.equal(await host.frame.getByRole('heading', { level: 1 }).textContent(), stand.name_en);
    sequences.push(posted);
    if (way === 'hotspot') assertPicture(await pictureStats(host, '/tmp/room-frame-stand.png'), 'stand');
    assert.deepEqual(realErrors(host.errors), []);
    await host.page.close();
  }
  assert.deepEqual(sequences[0], sequences[1]);
});

test('leaving a stand posts leaveStand first; its actions post their messages', async () => {
  const host = await openHost('en', '/room/plan');
  const [helios, storage] = host.stands;
  assert.ok(helios && storage);
  await host.frame.getByRole('button', { name: 'Helios Solar', exact: true }).click();
  await host.waitFor(helios.panorama);
  await host.take();

  const actions: [string, string, Record<string, unknown>][] = [
    ['Ask to be contacted', 'requestContactStand', { stand_id: helios.id, company_id: helios.companyId }],
    ['Exhibitors', 'showStandUcp', { stand_id: helios.id }],
    ['Company sheet', 'showCompanySheet', { company_id: helios.companyId, stand_id: helios.id }],
    ['Add to my journey', 'addStandToJourney', { stand_id: helios.id }],
    ['Share', 'showSharingModal', {}],
  ];
  for (const [button, name, payload] of actions) {
    await host.frame.getByRole('button', { name: button }).click();
    assert.deepEqual(await nextMessages(host, 1), [{ origin: env.salon.baseUrl, name, payload }]);
  }
  // The same action from its hotspot on the booth.
  await host.frame.locator('[id="rf-hotspot-action-contact"]').click();
  assert.deepEqual(names(await nextMessages(host, 1)), ['requestContactStand']);

  // To the neighbour stand: leave this one, then enter the other (which has a promotional offer).
  await host.frame.getByRole('button', { name: storage.niceNameEn, exact: true }).click();
  const moved = await nextMessages(host, 4);
  assert.deepEqual(names(moved), ['leaveStand', 'enterOnStand', 'emitTrackingEvent', 'showPopupOffer']);
  assert.deepEqual(moved[0]?.payload, { stand_id: helios.id });
  assert.deepEqual(moved[1]?.payload, { stand_id: storage.id, panorama: storage.panorama });
  await host.waitFor(storage.panorama);

  // Back to the plan, from the keyboard: leaveStand first, and the focus lands on the new place's name.
  await host.frame.getByRole('button', { name: 'Floor plan' }).focus();
  await host.page.keyboard.press('Enter');
  const back = await nextMessages(host, 2);
  assert.deepEqual(back, [
    { origin: env.salon.baseUrl, name: 'leaveStand', payload: { stand_id: storage.id } },
    { origin: env.salon.baseUrl, name: 'emitTrackingEvent', payload: { name: 'panorama_view', value: 'plan' } },
  ]);
  await host.waitFor('plan');
  assert.equal(await host.frame.evaluate(() => document.activeElement?.textContent), 'Floor plan');
  assert.deepEqual(realErrors(host.errors), []);
  await host.page.close();
});

test('the host page moves the viewer and sets the sound; other origins are ignored', async () => {
  const host = await openHost('en');
  await host.take();

  await host.command('goToPanorama', { slug: 'map' });
  await host.waitFor('plan');
  await host.command('goToPanorama', { slug: 'conference' });
  await host.waitFor('conference');
  assert.equal(await host.frame.getByRole('heading', { level: 1 }).textContent(), 'Conference room');

  const stand = host.stands[2];
  assert.ok(stand);
  await host.take();
  await host.command('goToPanorama', { slug: stand.panorama });
  await host.waitFor(stand.panorama);
  assert.deepEqual(names(await nextMessages(host, 2)), ['enterOnStand', 'emitTrackingEvent']);
  await host.command('goToPanorama', { slug: 'home' });
  await host.waitFor('home');
  assert.deepEqual(names(await nextMessages(host, 2)), ['leaveStand', 'emitTrackingEvent']);

  await host.command('setSound', { muted: true });
  assert.deepEqual(await nextMessages(host, 1), [
    { origin: env.salon.baseUrl, name: 'checkSound', payload: { muted: true, available: true } },
  ]);
  assert.equal(await host.frame.getByRole('button', { name: 'Ambient sound' }).getAttribute('aria-pressed'), 'false');

  // A page of another origin (a sandboxed document: origin "null") sends the same commands: nothing happens. It is
  // served by the test (a srcdoc would inherit the host page's Content-Security-Policy, which refuses inline scripts).
  await host.page.route(`${env.salon.baseUrl}/__other-origin`, (route) =>
    route.fulfill({
      contentType: 'text/html; charset=utf-8',
      body: `<!doctype html><script>
      const room = parent.frames[0];
      room.postMessage(${JSON.stringify({ protocol: PROTOCOL, version: 1, name: 'goToPanorama', payload: { slug: 'conference' } })}, '*');
      room.postMessage(${JSON.stringify({ protocol: PROTOCOL, version: 1, name: 'setSound', payload: { muted: false } })}, '*');
      document.title = 'sent';
    </script>`,
    }),
  );
  await host.page.evaluate(() => {
    const other = document.createElement('iframe');
    other.setAttribute('sandbox', 'allow-scripts');
    other.src = '/__other-origin';
    document.body.append(other);
  });
  const sender = await (await host.page.waitForSelector('iframe[src="/__other-origin"]')).contentFrame();
  assert.ok(sender, 'the other page is not there');
  // Its commands were sent.
  await sender.waitForFunction(() => document.title === 'sent');
  // The host page's own command, posted after theirs, is taken after them: by its answer, theirs have had their turn.
  // Unmuting answers checkSound; had the other page's unmute been obeyed, it would change nothing and answer nothing.
  await host.command('setSound', { muted: false });
  assert.deepEqual(await nextMessages(host, 1), [
    { origin: env.salon.baseUrl, name: 'checkSound', payload: { muted: false, available: true } },
  ]);
  assert.equal(await host.frame.locator('#room-frame').getAttribute('data-panorama'), 'home');
  // A malformed command from the right origin is ignored too (the mute after them answers in turn).
  await host.command('goToPanorama', { slug: 42 });
  await host.command('goToPanorama', { slug: 'nowhere' });
  await host.command('setSound', { muted: true });
  assert.deepEqual(names(await nextMessages(host, 1)), ['checkSound']);
  assert.equal(await host.frame.locator('#room-frame').getAttribute('data-panorama'), 'home');
  assert.deepEqual(await host.take(), []);
  // The listener is still there: the host page's own command works.
  await host.command('goToPanorama', { slug: 'plan' });
  await host.waitFor('plan');
  assert.deepEqual(realErrors(host.errors), []);
  await host.page.close();
});

test('the ambient sound waits for a gesture in the frame, and stops when muted', async () => {
  const page = await env.browser.newPage({ viewport: { width: 1000, height: 620 } });
  await page.addInitScript(() => {
    const w = window as unknown as { audioLog: string[] };
    w.audioLog = [];
    const Original = window.AudioContext;
    window.AudioContext = class extends Original {
      constructor() {
        super();
        w.audioLog.push('created');
      }
      override resume() {
        w.audioLog.push('resume');
        return super.resume();
      }
      override suspend() {
        w.audioLog.push('suspend');
        return super.suspend();
      }
    } as typeof AudioContext;
  });
  const log = () => page.evaluate(() => (window as unknown as { audioLog: string[] }).audioLog);
  await page.goto(`${env.salon.baseUrl}/room/?lang=en`);
  await page.waitForSelector('#room-frame[data-state="ready"]');
  assert.deepEqual(await log(), []);
  await page.mouse.click(700, 300);
  // Nothing was made before the gesture: the first sound the page makes is the gesture's.
  await page.waitForFunction(() => (window as unknown as { audioLog: string[] }).audioLog.length >= 2);
  assert.deepEqual(await log(), ['created', 'resume']);
  const sound = page.getByRole('button', { name: 'Ambient sound' });
  assert.equal(await sound.getAttribute('aria-pressed'), 'true');
  await sound.click();
  assert.equal(await sound.getAttribute('aria-pressed'), 'false');
  // Muting fades the sound out, then suspends the context.
  await page.waitForFunction(() => (window as unknown as { audioLog: string[] }).audioLog.includes('suspend'));
  assert.deepEqual(await log(), ['created', 'resume', 'suspend']);
  await page.close();
});

test('the contest: a quiz of 5 questions in the panel posts the score, then asks for the contest form', async () => {
  const host = await openHost('en');
  const data = parseFrameData(await host.frame.evaluate(() => document.getElementById('room-frame-data')?.textContent));
  assert.ok(data);
  const quiz = buildQuiz(new Salon(data), TEXTS.en);
  assert.equal(quiz.length, 5);
  // The answers the frame takes for right are those of the salon's data.
  assert.equal(quiz[0]?.choices[quiz[0].answer], DEMO_PARAMETERS.room_name_en);
  assert.equal(quiz[1]?.choices[quiz[1].answer], String(DEMO_STANDS.length));
  await host.take();

  // The entrance hall offers the contest: a panel button, and a hotspot on the contest board.
  const hotspot = host.frame.locator('[id="rf-hotspot-action-contest"]');
  assert.equal(await hotspot.count(), 1);
  const where = await hotspot.boundingBox();
  await host.frame.getByRole('list', { name: 'Activities' }).getByRole('button', { name: 'Play the contest' }).click();
  const form = host.frame.getByRole('form', { name: 'Contest' });
  assert.ok(await form.getByText('Answer 5 questions about the salon').isVisible());

  // Without a choice, it asks for one and stays on the question.
  await form.getByRole('button', { name: 'Next question' }).click();
  assert.equal(await form.getByRole('alert').textContent(), 'Choose an answer to go on.');
  assert.ok(await form.getByText('Question 1 of 5', { exact: true }).isVisible());

  // Three right answers and two wrong ones; the second question from the keyboard alone.
  for (const [i, q] of quiz.entries()) {
    assert.ok(await form.getByText(`Question ${i + 1} of 5`, { exact: true }).isVisible());
    const group = form.getByRole('group', { name: q.text });
    assert.deepEqual(await group.getByRole('radio').evaluateAll((radios) => radios.map((r) => r.parentElement?.textContent)), q.choices);
    const choice = i < 3 ? q.answer : (q.answer + 1) % q.choices.length;
    if (i === 1) {
      // Focus is on the first choice; Space takes it, arrow keys move the choice, Tab reaches the button.
      assert.equal(await host.frame.evaluate(() => (document.activeElement as HTMLInputElement | null)?.type), 'radio');
      await host.page.keyboard.press('Space');
      for (let k = 0; k < choice; k += 1) await host.page.keyboard.press('ArrowDown');
      assert.ok(await group.getByRole('radio', { name: q.choices[choice], exact: true }).isChecked());
      await host.page.keyboard.press('Tab');
      await host.page.keyboard.press('Enter');
      // The arrow keys chose an answer; they did not turn the view (two frames drawn since: a turn would show).
      await host.frame.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      assert.deepEqual(await hotspot.boundingBox(), where);
    } else {
      await group.getByRole('radio', { name: q.choices[choice], exact: true }).check();
      await form.getByRole('button', { name: i === 4 ? 'See my score' : 'Next question' }).click();
    }
  }
  assert.deepEqual(await nextMessages(host, 2), [
    { origin: env.salon.baseUrl, name: 'handleContestParticipation', payload: { score: 3 } },
    { origin: env.salon.baseUrl, name: 'showContestModal', payload: {} },
  ]);
  const result = host.frame.getByRole('region', { name: 'Contest' });
  assert.ok(await result.getByText('Your score: 3 out of 5').isVisible());

  // Back to the hall, then again from the board's hotspot: all right this time.
  await result.getByRole('button', { name: 'Close' }).click();
  assert.ok(await host.frame.getByRole('button', { name: 'Play the contest' }).isVisible());
  await host.frame.locator('[id="rf-hotspot-action-contest"]').click();
  for (const q of quiz) {
    await form.getByRole('group', { name: q.text }).getByRole('radio', { name: q.choices[q.answer], exact: true }).check();
    await form.getByRole('button', { name: /^(Next question|See my score)$/ }).click();
  }
  assert.deepEqual(names(await nextMessages(host, 2)), ['handleContestParticipation', 'showContestModal']);
  assert.ok(await result.getByText('Your score: 5 out of 5').isVisible());
  assert.deepEqual(realErrors(host.errors), []);
  await host.page.close();
});

test('the contest for someone who may not play (setContestAccess login or closed): the host is asked for its modal at once, no question', async () => {
  const host = await openHost('en');
  await host.take();
  for (const access of ['login', 'closed']) {
    await host.command('setContestAccess', { access });
    await host.frame.getByRole('list', { name: 'Activities' }).getByRole('button', { name: 'Play the contest' }).click();
    assert.deepEqual(await nextMessages(host, 1), [{ origin: env.salon.baseUrl, name: 'showContestModal', payload: {} }]);
    assert.equal(await host.frame.getByText('Question 1 of 5', { exact: true }).count(), 0);
  }
  // Told it is open again, the quiz starts.
  await host.command('setContestAccess', { access: 'open' });
  await host.frame.getByRole('list', { name: 'Activities' }).getByRole('button', { name: 'Play the contest' }).click();
  assert.ok(await host.frame.getByText('Question 1 of 5', { exact: true }).isVisible());
  assert.deepEqual(realErrors(host.errors), []);
  await host.page.close();
});

test('the offers: "Request an offer" posts the subject of the stand, the referral code and the opt-in; a promotion pops once', async () => {
  const host = await openHost('en', '/room/plan', '&code_apporteur=PARTNER_42');
  const byPanorama = (slug: string) => host.stands.find((s) => s.panorama === slug);
  const [solar, storage, nordic] = ['stand-helios-solaire', 'stand-helios-stockage', 'stand-nordic-robotics'].map(byPanorama);
  assert.ok(solar && storage && nordic);
  await host.take();

  // Helios Solar has no promotional offer: entering it posts the usual two messages only.
  await host.frame.getByRole('button', { name: 'Helios Solar', exact: true }).click();
  await host.waitFor(solar.panorama);
  assert.deepEqual(names(await host.take()), ['enterOnStand', 'emitTrackingEvent']);
  const request = { stand_id: solar.id, subject: 'offer_stand-helios-solaire', code_apporteur: 'PARTNER_42', display_marketing: true };
  await host.frame.getByRole('button', { name: 'Request an offer' }).click();
  assert.deepEqual(await nextMessages(host, 1), [{ origin: env.salon.baseUrl, name: 'showContactFormInfos', payload: request }]);
  await host.frame.locator('[id="rf-hotspot-action-offer"]').click();
  assert.deepEqual(await nextMessages(host, 1), [{ origin: env.salon.baseUrl, name: 'showContactFormInfos', payload: request }]);

  // Helios Storage has one: shown on entering, once per page.
  await host.command('goToPanorama', { slug: storage.panorama });
  const entered = await nextMessages(host, 4);
  assert.deepEqual(names(entered), ['leaveStand', 'enterOnStand', 'emitTrackingEvent', 'showPopupOffer']);
  assert.deepEqual(entered[3]?.payload, { offer: 'offer_stand-helios-stockage', stand_id: storage.id });
  await host.waitFor(storage.panorama);
  // Nordic Robotics does not take the marketing opt-in (its own setting wins over the salon's).
  await host.command('goToPanorama', { slug: nordic.panorama });
  await host.waitFor(nordic.panorama);
  await host.take();
  await host.frame.getByRole('button', { name: 'Request an offer' }).click();
  assert.deepEqual((await nextMessages(host, 1))[0]?.payload, {
    stand_id: nordic.id,
    subject: 'offer_stand-nordic-robotics',
    code_apporteur: 'PARTNER_42',
    display_marketing: false,
  });
  await host.command('goToPanorama', { slug: storage.panorama });
  await host.waitFor(storage.panorama);
  assert.deepEqual(names(await nextMessages(host, 3)), ['leaveStand', 'enterOnStand', 'emitTrackingEvent']);
  assert.deepEqual(await host.take(), []);
  assert.deepEqual(realErrors(host.errors), []);
  await host.page.close();

  // A referral code that is not a short code is not passed on.
  const other = await openHost('en', '/room/stand-nordic-robotics', '&code_apporteur=%3Cb%3Ex%3C%2Fb%3E');
  await other.take();
  await other.frame.getByRole('button', { name: 'Request an offer' }).click();
  assert.deepEqual((await nextMessages(other, 1))[0]?.payload, {
    stand_id: nordic.id,
    subject: 'offer_stand-nordic-robotics',
    display_marketing: false,
  });
  await other.page.close();
});
