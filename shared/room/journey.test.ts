import { afterEach, beforeEach, describe, expect, jest, test } from '@jest/globals';
import { installFetch, jsonResponse } from '@salon/shared/test/fetch';
import { stand } from '@salon/shared/test/exhibitors';
import { anonymousPageData, visitorPageData, withLocale } from '@salon/shared/test/fixtures';
import { $journey, activateLocale, clearToasts, i18n, parseJourney, setPageData, $toasts, type PageDataInput } from '@salon/shared';
import type { Journey } from '@salon/shared/contracts/journey';
import { emitBusEvent } from './events';
import { handleFrameMessage } from './frameMessages';
import { enterStand, leaveStand } from './standVisit';
import './journey';
import { STANDS_RETRY_MAX_MS, STANDS_RETRY_MS, setStands } from '@salon/shared/stands';
import {
  $journeyView,
  JOURNEY_RETRY_MS,
  addToVisit,
  markVisited,
  removeToVisit,
  removeVisited,
  removeVisiting,
  resetJourney,
  setVisiting,
  unsetVisiting,
} from '@salon/shared/journey';

const STANDS = {
  s1: stand('s1', 'Helios Solaire', 'Helios Solar'),
  s2: stand('s2', 'Robotique Nordique', 'Nordic Robotics'),
  s3: stand('s3', 'Verdi Mobilité', 'Verdi Mobility'),
  s4: stand('s4', 'Atelier Lumen', 'Lumen Studio'),
};

type Answer = { resolve: (response: Response) => void; reject: (error: unknown) => void };
let fetchMock: ReturnType<typeof installFetch>;
/** PUT /api/journey answers, in order; each waits until the test answers it. */
let saves: Answer[];
let standsAnswer: 'ok' | 'fail';

const journeyPuts = () => fetchMock.requests.filter((r) => r.url.pathname === '/api/journey');
const putBodies = () => journeyPuts().map((r) => r.json);
/** Whether each PUT /api/journey was sent with fetch's keepalive (it outlives the page). */
const keepalives = () =>
  fetchMock.mock.mock.calls
    .map(([input]) => input)
    .filter((input): input is Request => input instanceof Request && input.url.endsWith('/api/journey'))
    .map((request) => request.keepalive);
const standLoads = () => fetchMock.requests.filter((r) => r.url.pathname === '/api/stands').length;
const toasts = () => $toasts.get().map((toast) => [toast.kind, typeof toast.message === 'string' ? toast.message : i18n._(toast.message)]);
/** Lets the API client and the fetch stub run (they take a few ticks to read bodies). */
async function settle(): Promise<void> {
  for (let i = 0; i < 10; i += 1) await jest.advanceTimersByTimeAsync(0);
}

function page(journey: Partial<Journey> | null, data: PageDataInput = visitorPageData()): void {
  setPageData({
    ...data,
    user: {
      ...data.user,
      journey: journey ? JSON.stringify({ vistingStand: null, standsToVisit: [], standsVisited: [], ...journey }) : null,
    },
  });
}

/** Answers the oldest waiting save; 'network' fails it as fetch does when the network is down. */
async function answerSave(response: Response | 'network' = jsonResponse({ data: {} })): Promise<void> {
  const next = saves.shift();
  if (!next) throw new Error('no save waiting');
  if (response === 'network') next.reject(new TypeError('Failed to fetch'));
  else next.resolve(response);
  await settle();
}

/** Adds a stand as the room frame does, the server answering its save (`answer`). */
async function addAnswered(standId: string, answer: Response | 'network' = jsonResponse({ data: {} })): Promise<boolean> {
  const added = addToVisit(standId);
  await settle();
  if (saves.length > 0) await answerSave(answer);
  return added;
}

beforeEach(async () => {
  jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  await activateLocale('en_EN');
  saves = [];
  standsAnswer = 'ok';
  fetchMock = installFetch((request) => {
    const { pathname } = new URL(request.url);
    if (pathname === '/api/stands')
      return standsAnswer === 'ok' ? jsonResponse({ data: { stands: STANDS } }) : new Response('', { status: 503 });
    if (pathname === '/api/journey') return new Promise<Response>((resolve, reject) => saves.push({ resolve, reject }));
    return jsonResponse({ data: { stand_visit: null } });
  });
  page(null);
});

afterEach(async () => {
  leaveStand();
  await settle();
  // Every save answered, so none is left waiting for the next test.
  while (saves.length > 0) await answerSave();
  // Lazy stores unmount a second after their last listener, and the stand list a second after the view that listens to it.
  await jest.advanceTimersByTimeAsync(3000);
  // Another page: whatever was pending is forgotten.
  setPageData(visitorPageData());
  clearToasts();
  jest.clearAllTimers();
  jest.useRealTimers();
  jest.restoreAllMocks();
  fetchMock.restore();
});

describe('the journey as read from the page data', () => {
  test('parses user.journey (spec §3, keys as given; its vistingStand is our visitingStand)', () => {
    expect(parseJourney('{"vistingStand":"s1","standsToVisit":["s2","s3",4],"standsVisited":["s0"]}')).toEqual({
      visitingStand: 's1',
      standsToVisit: ['s2', 's3', '4'],
      standsVisited: ['s0'],
    });
  });

  test('anything unreadable is an empty journey', () => {
    const empty = { visitingStand: null, standsToVisit: [], standsVisited: [] };
    expect(parseJourney(null)).toEqual(empty);
    expect(parseJourney('not json')).toEqual(empty);
    expect(parseJourney('[1,2]')).toEqual(empty);
    expect(parseJourney('{"standsToVisit":"s1"}')).toEqual(empty);
  });

  test('a stand sits in one list: the visiting one leaves the others; to visit wins over visited', () => {
    expect(parseJourney('{"vistingStand":"s1","standsToVisit":["s1","s2","s2"],"standsVisited":["s1","s2","s3"]}')).toEqual({
      visitingStand: 's1',
      standsToVisit: ['s2'],
      standsVisited: ['s3'],
    });
  });

  test('follows the page data', () => {
    page({ standsToVisit: ['a', 'b'] });
    expect($journey.get().standsToVisit).toEqual(['a', 'b']);
    page(null);
    expect($journey.get().standsToVisit).toEqual([]);
  });
});

describe('set and unset visiting (spec §4.1)', () => {
  test('only a stand to visit becomes the visiting one, and leaves the to-visit list', () => {
    page({ standsToVisit: ['s1', 's2'] });
    expect(setVisiting('s3')).toBe(false);
    expect($journey.get()).toEqual({ visitingStand: null, standsToVisit: ['s1', 's2'], standsVisited: [] });
    expect(setVisiting('s2')).toBe(true);
    expect($journey.get()).toEqual({ visitingStand: 's2', standsToVisit: ['s1'], standsVisited: [] });
  });

  test('a previous visiting stand is first moved to visited', () => {
    page({ vistingStand: 's1', standsToVisit: ['s2'], standsVisited: ['s4'] });
    setVisiting('s2');
    expect($journey.get()).toEqual({ visitingStand: 's2', standsToVisit: [], standsVisited: ['s4', 's1'] });
  });

  test('unset visiting moves the stand to visited; another stand id changes nothing', () => {
    page({ vistingStand: 's1', standsToVisit: ['s2'] });
    expect(unsetVisiting('s2')).toBe(false);
    expect($journey.get().visitingStand).toBe('s1');
    expect(unsetVisiting('s1')).toBe(true);
    expect($journey.get()).toEqual({ visitingStand: null, standsToVisit: ['s2'], standsVisited: ['s1'] });
    expect(unsetVisiting()).toBe(false);
  });

  test('mark visited applies only to the visiting stand: it leaves to-visit and joins visited', () => {
    page({ standsToVisit: ['s1', 's2'] });
    expect(markVisited('s1')).toBe(false);
    setVisiting('s1');
    expect(markVisited('s2')).toBe(false);
    expect(markVisited('s1')).toBe(true);
    expect($journey.get()).toEqual({ visitingStand: null, standsToVisit: ['s2'], standsVisited: ['s1'] });
  });

  test('the room drives it: entering a stand to visit marks it, leaving moves it to visited (spec §4.2)', async () => {
    page({ standsToVisit: ['s1', 's2'] });
    enterStand('s1', 'stand-s1');
    expect($journey.get()).toEqual({ visitingStand: 's1', standsToVisit: ['s2'], standsVisited: [] });
    enterStand('s3', 'stand-s3');
    expect($journey.get()).toEqual({ visitingStand: null, standsToVisit: ['s2'], standsVisited: ['s1'] });
    leaveStand();
    expect($journey.get()).toEqual({ visitingStand: null, standsToVisit: ['s2'], standsVisited: ['s1'] });
    await settle();
  });

  test('a second copy of the module (another bundle on the page) does not subscribe again', async () => {
    const listeners = (globalThis as unknown as Record<symbol, Map<string, Set<unknown>>>)[Symbol.for('salon.bus@1/events')];
    const count = () => ['journey:visiting', 'journey:leave', 'journey:add'].map((name) => listeners?.get(name)?.size ?? 0);
    expect(count()).toEqual([1, 1, 1]);
    await jest.isolateModulesAsync(async () => {
      await import('./journey');
    });
    expect(count()).toEqual([1, 1, 1]);
  });

  test('the bus events drive it and each change is saved', async () => {
    page({ standsToVisit: ['s1'] });
    emitBusEvent('journey:visiting', { standId: 's1' });
    emitBusEvent('journey:leave', { standId: 's1' });
    await settle();
    expect($journey.get()).toEqual({ visitingStand: null, standsToVisit: [], standsVisited: ['s1'] });
    expect(putBodies()).toEqual([{ vistingStand: 's1', standsToVisit: [], standsVisited: [] }]);
  });
});

describe('add to visit (spec §4.1)', () => {
  test('a known stand is added, with the success toast; the room frame adds through addStandToJourney', async () => {
    expect(await addAnswered('s2')).toBe(true);
    expect($journey.get().standsToVisit).toEqual(['s2']);
    expect(toasts()).toEqual([['success', 'The selection has been added to your personal journey.']]);
    handleFrameMessage({ name: 'addStandToJourney', payload: { stand_id: 's3' } } as Parameters<typeof handleFrameMessage>[0]);
    await settle();
    expect($journey.get().standsToVisit).toEqual(['s2', 's3']);
    expect(standLoads()).toBe(1);
  });

  test('the success toast in French, exactly as the spec gives it', async () => {
    await activateLocale('fr_FR');
    await addAnswered('s2');
    expect(toasts()).toEqual([['success', 'La sélection a été ajoutée à votre parcours personnalisé.']]);
  });

  test('an unknown stand: the error "Unknow stand with id", nothing added, nothing saved', async () => {
    expect(await addAnswered('zz9')).toBe(false);
    expect(toasts()).toEqual([['error', 'Unknow stand with id zz9']]);
    expect($journey.get().standsToVisit).toEqual([]);
    expect(journeyPuts()).toHaveLength(0);
  });

  test("an unknown stand on a French page: the spec's text, in French", async () => {
    await activateLocale('fr_FR');
    expect(await addAnswered('zz9')).toBe(false);
    expect(toasts()).toEqual([['error', 'Stand inconnu (identifiant zz9)']]);
  });

  test('a visited stand leaves the visited list', async () => {
    page({ standsVisited: ['s1', 's2'] });
    await addAnswered('s1');
    expect($journey.get()).toEqual({ visitingStand: null, standsToVisit: ['s1'], standsVisited: ['s2'] });
  });

  test('the stand being visited is not added', async () => {
    page({ vistingStand: 's1' });
    expect(await addAnswered('s1')).toBe(false);
    expect($journey.get()).toEqual({ visitingStand: 's1', standsToVisit: [], standsVisited: [] });
    expect(toasts()).toEqual([['info', 'You are visiting this stand right now.']]);
    expect(journeyPuts()).toHaveLength(0);
  });

  test('a stand already to visit stays once, and nothing is saved again', async () => {
    page({ standsToVisit: ['s1'] });
    await addAnswered('s1');
    expect($journey.get().standsToVisit).toEqual(['s1']);
    expect(journeyPuts()).toHaveLength(0);
  });

  test('when the stand list cannot be loaded, nothing is added and an error shows', async () => {
    standsAnswer = 'fail';
    expect(await addAnswered('s1')).toBe(false);
    expect($journey.get().standsToVisit).toEqual([]);
    expect(toasts().filter(([kind]) => kind === 'error').length).toBeGreaterThan(0);
  });

  test('after the stand list failed to load, the next add loads it again and passes', async () => {
    standsAnswer = 'fail';
    expect(await addAnswered('s1')).toBe(false);
    expect(standLoads()).toBe(1);
    standsAnswer = 'ok';
    clearToasts();
    expect(await addAnswered('s1')).toBe(true);
    expect(standLoads()).toBe(2);
    expect($journey.get().standsToVisit).toEqual(['s1']);
    expect(toasts()).toEqual([['success', 'The selection has been added to your personal journey.']]);
  });
});

describe('removing and resetting (spec §4.1)', () => {
  test('removal from each list', () => {
    page({ vistingStand: 's1', standsToVisit: ['s2', 's3'], standsVisited: ['s4'] });
    removeToVisit('s3');
    expect($journey.get()).toEqual({ visitingStand: 's1', standsToVisit: ['s2'], standsVisited: ['s4'] });
    removeVisited('s4');
    expect($journey.get()).toEqual({ visitingStand: 's1', standsToVisit: ['s2'], standsVisited: [] });
    removeVisiting();
    expect($journey.get()).toEqual({ visitingStand: null, standsToVisit: ['s2'], standsVisited: [] });
  });

  test('reset empties everything', () => {
    page({ vistingStand: 's1', standsToVisit: ['s2'], standsVisited: ['s4'] });
    expect(resetJourney()).toBe(true);
    expect($journey.get()).toEqual({ visitingStand: null, standsToVisit: [], standsVisited: [] });
    expect(resetJourney()).toBe(false);
  });
});

describe('saving (spec §4.1 "Every change saves the journey", §7 PUT /api/journey)', () => {
  test('each change sends the whole journey with the spec keys, through the API client', async () => {
    page({ standsToVisit: ['s1', 's2'] });
    removeToVisit('s2');
    await settle();
    const [put] = journeyPuts();
    expect(put?.method).toBe('PUT');
    expect(put?.headers.get('x-requested-with')).toBe('XMLHttpRequest');
    expect(put?.json).toEqual({ vistingStand: null, standsToVisit: ['s1'], standsVisited: [] });
  });

  test('one save at a time; changes made meanwhile go in one save of the latest journey, after it', async () => {
    page({ standsToVisit: ['s1', 's2', 's3', 's4'] });
    removeToVisit('s4');
    await settle();
    removeToVisit('s3');
    setVisiting('s1');
    await settle();
    expect(putBodies()).toEqual([{ vistingStand: null, standsToVisit: ['s1', 's2', 's3'], standsVisited: [] }]);
    await answerSave();
    expect(putBodies()).toEqual([
      { vistingStand: null, standsToVisit: ['s1', 's2', 's3'], standsVisited: [] },
      { vistingStand: 's1', standsToVisit: ['s2'], standsVisited: [] },
    ]);
    await answerSave();
    expect(journeyPuts()).toHaveLength(2);
  });

  test('a network failure is retried with the latest journey (first failure toasted, retries silent), until it passes', async () => {
    page({ standsToVisit: ['s1', 's2'] });
    removeToVisit('s2');
    await settle();
    await answerSave('network');
    expect(toasts()).toEqual([['error', 'An error occurred']]);
    clearToasts();
    await jest.advanceTimersByTimeAsync(JOURNEY_RETRY_MS - 1);
    expect(journeyPuts()).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(journeyPuts()).toHaveLength(2);
    await answerSave(new Response('', { status: 503, statusText: 'Service Unavailable' }));
    // The second failure waits twice as long; a change during the wait is sent at once.
    await jest.advanceTimersByTimeAsync(JOURNEY_RETRY_MS);
    expect(journeyPuts()).toHaveLength(2);
    removeToVisit('s1');
    await settle();
    await answerSave('network');
    await jest.advanceTimersByTimeAsync(4 * JOURNEY_RETRY_MS);
    expect(putBodies()).toEqual([
      { vistingStand: null, standsToVisit: ['s1'], standsVisited: [] },
      { vistingStand: null, standsToVisit: ['s1'], standsVisited: [] },
      { vistingStand: null, standsToVisit: [], standsVisited: [] },
      { vistingStand: null, standsToVisit: [], standsVisited: [] },
    ]);
    expect(toasts()).toEqual([]);
    await answerSave();
    await jest.advanceTimersByTimeAsync(60_000);
    expect(journeyPuts()).toHaveLength(4);
  });

  test('a refusal (4xx) is not sent again; the next change is', async () => {
    page({ standsToVisit: ['s1', 's2'] });
    removeToVisit('s2');
    await settle();
    await answerSave(jsonResponse({ data: { error: true, message: 'Unknow stand with id "s1"' } }, { status: 400 }));
    await jest.advanceTimersByTimeAsync(60_000);
    expect(journeyPuts()).toHaveLength(1);
    removeToVisit('s1');
    await settle();
    expect(journeyPuts()).toHaveLength(2);
  });

  test('when the page unloads, leaving the stand is saved at once with keepalive, without waiting for the save in flight', async () => {
    page({ standsToVisit: ['s1', 's2'] });
    enterStand('s1', 'stand-s1');
    await settle();
    expect(putBodies()).toEqual([{ vistingStand: 's1', standsToVisit: ['s2'], standsVisited: [] }]);
    // Spec §4.2: page unload leaves the stand, which moves to visited.
    window.dispatchEvent(new Event('pagehide'));
    await settle();
    window.dispatchEvent(new Event('pageshow'));
    expect(putBodies()).toEqual([
      { vistingStand: 's1', standsToVisit: ['s2'], standsVisited: [] },
      { vistingStand: null, standsToVisit: ['s2'], standsVisited: ['s1'] },
    ]);
    expect(keepalives()).toEqual([false, true]);
  });

  test('a save still waiting when the page unloads goes then, with keepalive', async () => {
    page({ standsToVisit: ['s1', 's2', 's3'] });
    removeToVisit('s3');
    await settle();
    removeToVisit('s2');
    await settle();
    expect(journeyPuts()).toHaveLength(1);
    window.dispatchEvent(new Event('pagehide'));
    await settle();
    window.dispatchEvent(new Event('pageshow'));
    expect(putBodies()).toEqual([
      { vistingStand: null, standsToVisit: ['s1', 's2'], standsVisited: [] },
      { vistingStand: null, standsToVisit: ['s1'], standsVisited: [] },
    ]);
    expect(keepalives()).toEqual([false, true]);
    await answerSave();
    await answerSave();
    expect(journeyPuts()).toHaveLength(2);
  });

  test('an anonymous visitor’s journey is saved like anyone’s (kept when they register or log in)', async () => {
    page(null, anonymousPageData());
    expect(await addAnswered('s1')).toBe(true);
    expect(putBodies()).toEqual([{ vistingStand: null, standsToVisit: ['s1'], standsVisited: [] }]);
    expect(toasts()).toEqual([['success', 'The selection has been added to your personal journey.']]);
  });

  test('a save that fails shows its error and never the success toast (network, or the server’s error)', async () => {
    expect(await addAnswered('s1', 'network')).toBe(false);
    expect(toasts()).toEqual([['error', 'An error occurred']]);
    clearToasts();
    // Retried in the background; the next answer is the server's error.
    await jest.advanceTimersByTimeAsync(JOURNEY_RETRY_MS);
    await answerSave();
    clearToasts();
    expect(await addAnswered('s2', jsonResponse({ data: { error: true, message: 'Saving is closed' } }))).toBe(false);
    expect(toasts()).toEqual([['error', 'Saving is closed']]);
  });

  test('with the journey feature off, nothing happens (spec §6)', async () => {
    const data = visitorPageData();
    page({ standsToVisit: ['s1'] }, { ...data, features: { journey: '0' } });
    emitBusEvent('journey:visiting', { standId: 's1' });
    emitBusEvent('journey:add', { standId: 's2' });
    expect(await addAnswered('s3')).toBe(false);
    expect(resetJourney()).toBe(false);
    await settle();
    expect($journey.get()).toEqual({ visitingStand: null, standsToVisit: ['s1'], standsVisited: [] });
    expect(fetchMock.requests).toHaveLength(0);
    expect(toasts()).toEqual([]);
  });
});

describe('the view for the sidebar', () => {
  test('names in English for en_EN, French otherwise; panoramas; progress', async () => {
    page({ vistingStand: 's1', standsToVisit: ['s2'], standsVisited: ['s3'] });
    const stop = $journeyView.listen(() => undefined);
    await settle();
    const view = $journeyView.get();
    expect(view.visiting).toEqual({ id: 's1', name: 'Helios Solar', panoramaSlug: 'stand-s1' });
    expect(view.toVisit.map((s) => s.name)).toEqual(['Nordic Robotics']);
    expect(view.visited.map((s) => s.name)).toEqual(['Verdi Mobility']);
    expect(view.progress).toBe('ongoing');
    stop();

    page({ standsVisited: ['s3', 'gone'] }, withLocale(visitorPageData(), 'fr_FR'));
    const stopFr = $journeyView.listen(() => undefined);
    await settle();
    expect($journeyView.get().visited).toEqual([
      { id: 's3', name: 'Verdi Mobilité', panoramaSlug: 'stand-s3' },
      { id: 'gone', name: null, panoramaSlug: null },
    ]);
    expect($journeyView.get().progress).toBe('done');
    stopFr();
  });

  test('when the stand list fails to load, it is tried again a little later (each wait longer), then names the stands', async () => {
    standsAnswer = 'fail';
    page({ standsToVisit: ['s2'] });
    const stop = $journeyView.listen(() => undefined);
    await settle();
    expect($journeyView.get()).toMatchObject({ standsStatus: 'error', toVisit: [{ id: 's2', name: null, panoramaSlug: null }] });
    expect(standLoads()).toBe(1);
    await jest.advanceTimersByTimeAsync(STANDS_RETRY_MS - 1);
    expect(standLoads()).toBe(1);
    await jest.advanceTimersByTimeAsync(1);
    await settle();
    expect(standLoads()).toBe(2);
    // The second failure waits twice as long.
    await jest.advanceTimersByTimeAsync(STANDS_RETRY_MS * 2 - 1);
    expect(standLoads()).toBe(2);
    standsAnswer = 'ok';
    await jest.advanceTimersByTimeAsync(1);
    await settle();
    expect(standLoads()).toBe(3);
    expect($journeyView.get()).toMatchObject({
      standsStatus: 'ready',
      toVisit: [{ id: 's2', name: 'Nordic Robotics', panoramaSlug: 'stand-s2' }],
    });
    // Loaded: no more tries.
    await jest.advanceTimersByTimeAsync(STANDS_RETRY_MAX_MS);
    expect(standLoads()).toBe(3);
    stop();
  });

  test('nobody listening: no try after a failure until the list is needed again', async () => {
    standsAnswer = 'fail';
    page({ standsToVisit: ['s2'] });
    const stop = $journeyView.listen(() => undefined);
    await settle();
    stop();
    await jest.advanceTimersByTimeAsync(STANDS_RETRY_MAX_MS * 2);
    expect(standLoads()).toBe(1);
    standsAnswer = 'ok';
    const again = $journeyView.listen(() => undefined);
    await settle();
    expect(standLoads()).toBe(2);
    expect($journeyView.get().toVisit[0]?.name).toBe('Nordic Robotics');
    again();
  });

  test('new page data while the list is still mounted but nobody listens: the next listener gets the names', async () => {
    page({ standsToVisit: ['s2'] });
    const stop = $journeyView.listen(() => undefined);
    await settle();
    stop();
    // The view lets go of the stand list a second after its last listener left; the list keeps its own mount a
    // second more. New page data then (another story, a login) empties it, with nobody listening.
    await jest.advanceTimersByTimeAsync(1500);
    page({ standsToVisit: ['s3'] }, withLocale(visitorPageData(), 'fr_FR'));
    const again = $journeyView.listen(() => undefined);
    await settle();
    expect($journeyView.get()).toMatchObject({ standsStatus: 'ready', toVisit: [{ id: 's3', name: 'Verdi Mobilité' }] });
    again();
  });

  test('stands set while a load runs stay: the load’s answer does not replace them', async () => {
    page({ standsToVisit: ['s2'] });
    const stop = $journeyView.listen(() => undefined);
    expect($journeyView.get().standsStatus).toBe('loading');
    setStands({ s2: stand('s2', 'Robotique Nordique', 'Nordic Robots (set)') });
    await settle();
    expect($journeyView.get()).toMatchObject({ standsStatus: 'ready', toVisit: [{ id: 's2', name: 'Nordic Robots (set)' }] });
    stop();
  });

  test('empty when no list holds a stand', () => {
    page(null);
    expect($journeyView.get().progress).toBe('empty');
  });
});
