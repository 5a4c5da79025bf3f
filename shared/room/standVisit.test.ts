import { afterEach, beforeEach, describe, expect, jest, test } from '@jest/globals';
import { toastTexts } from '@salon/shared/test/widgets';
import { installFetch, jsonResponse, type RecordedRequest } from '@salon/shared/test/fetch';
import { exhibitorPageData, visitorPageData } from '@salon/shared/test/fixtures';
import { envelope, type FrameMessage } from '@salon/shared/contracts/room-frame';
import { activateLocale, clearToasts, closeModal, hideSidebar, $modal, setPageData, showSidebar, $sidebar } from '@salon/shared';
import { $room, $currentPanorama } from './room';
import { enterStand, goToPanorama, leaveStand } from './standVisit';
import { handleFrameMessage } from './frameMessages';
import { onBusEvent, type BusEvents } from './events';
import { $sound, setSoundState, toggleSound } from './sound';
import { registerFramePort } from './framePort';

let fetchMock: ReturnType<typeof installFetch>;
let events: [string, unknown][];
let stopEvents: (() => void)[];
let unregister: (() => void) | null = null;

/** jsdom's Blob has no text(). */
const readBlob = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const describeRequest = (r: RecordedRequest) => `${r.method} ${r.url.pathname} ${JSON.stringify(r.json)}`;

function frame() {
  const postMessage = jest.fn();
  unregister = registerFramePort({ window: () => ({ postMessage }) as unknown as Window, origin: 'http://room.test' });
  return postMessage;
}

beforeEach(async () => {
  await activateLocale('en_EN');
  setPageData(visitorPageData());
  fetchMock = installFetch((request) => {
    const path = new URL(request.url).pathname;
    if (path.endsWith('/visit'))
      return jsonResponse({
        data: { stand_visit: { id: 'v1', stand_id: path.split('/')[3], started_at: '2026-11-21T10:00:00Z', ended_at: null } },
      });
    return jsonResponse({ data: {} });
  });
  events = [];
  const names: (keyof BusEvents)[] = ['history:push', 'journey:visiting', 'journey:leave', 'journey:add', 'contest:participation'];
  stopEvents = names.map((name) => onBusEvent(name, (payload) => events.push([name, payload])));
});

afterEach(async () => {
  leaveStand();
  await flush();
  unregister?.();
  unregister = null;
  for (const stop of stopEvents) stop();
  fetchMock.restore();
  hideSidebar();
  closeModal();
  clearToasts();
  jest.restoreAllMocks();
});

describe('enterStand (spec §4.2)', () => {
  test('records the stand, pushes enterOnStand, starts the visit, marks the journey, closes the sidebar, tracks stand_{id}_enter', async () => {
    showSidebar({ name: 'journey' });
    enterStand('s7', 'stand-acme');
    expect($room.get().visited_stand_id).toBe('s7');
    expect($currentPanorama.get()).toBe('stand-acme');
    expect($sidebar.get()).toBeNull();
    expect(events).toEqual([
      ['history:push', { type: 'enterOnStand', standId: 's7' }],
      ['journey:visiting', { standId: 's7' }],
    ]);
    await flush();
    expect(fetchMock.requests.map(describeRequest)).toEqual([
      'POST /api/stands/s7/visit {"start":true}',
      'POST /api/tracking-event {"name":"stand_s7_enter","stand_id":"s7"}',
    ]);
    expect(fetchMock.requests[0]?.headers.get('X-Requested-With')).toBe('XMLHttpRequest');
    expect($room.get().last_ongoing_visit).toEqual({ id: 'v1', stand_id: 's7', started_at: '2026-11-21T10:00:00Z', ended_at: null });
  });

  test('entering the stand the visitor is on does nothing', async () => {
    enterStand('s7');
    await flush();
    enterStand('s7');
    await flush();
    expect(fetchMock.requests).toHaveLength(2);
    expect(events).toHaveLength(2);
  });

  test('entering another stand leaves the current one first', async () => {
    enterStand('s1');
    await flush();
    fetchMock.requests.length = 0;
    events.length = 0;
    enterStand('s2');
    await flush();
    expect(fetchMock.requests.map(describeRequest)).toEqual([
      'POST /api/stands/s1/visit {"end":true}',
      'POST /api/stands/s2/visit {"start":true}',
      'POST /api/tracking-event {"name":"stand_s2_enter","stand_id":"s2"}',
    ]);
    expect(events.map(([name, payload]) => `${name} ${JSON.stringify(payload)}`)).toEqual([
      'history:push {"type":"leaveStand","standId":"s1"}',
      'journey:leave {"standId":"s1"}',
      'history:push {"type":"enterOnStand","standId":"s2"}',
      'journey:visiting {"standId":"s2"}',
    ]);
  });

  test('a failing visit start shows the API error toast; the visitor is still on the stand', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    fetchMock.restore();
    fetchMock = installFetch(() => jsonResponse({ data: { error: true, message: 'Stand fermé' } }));
    enterStand('s7');
    await flush();
    expect($room.get().visited_stand_id).toBe('s7');
    expect(toastTexts()).toEqual(['Stand fermé']);
  });
});

describe('leaveStand (spec §4.2)', () => {
  test('ends the visit, pushes leaveStand, clears the journey stand, the chat users and the visited stand', async () => {
    enterStand('s7');
    await flush();
    fetchMock.requests.length = 0;
    events.length = 0;
    leaveStand();
    expect($room.get()).toMatchObject({ visited_stand_id: null, chat_users: [], last_ongoing_visit: null });
    expect(events).toEqual([
      ['history:push', { type: 'leaveStand', standId: 's7' }],
      ['journey:leave', { standId: 's7' }],
    ]);
    await flush();
    expect(fetchMock.requests.map(describeRequest)).toEqual(['POST /api/stands/s7/visit {"end":true}']);
  });

  test('an owned stand: no visit end (spec §6 "Owned stands skip visit tracking"), the rest happens', async () => {
    setPageData(exhibitorPageData()); // owns s1
    enterStand('s1');
    await flush();
    fetchMock.requests.length = 0;
    events.length = 0;
    leaveStand();
    await flush();
    expect(fetchMock.requests).toHaveLength(0);
    expect(events.map(([name]) => name)).toEqual(['history:push', 'journey:leave']);
    expect($room.get().visited_stand_id).toBeNull();
  });

  test('without a visited stand it does nothing', async () => {
    leaveStand();
    await flush();
    expect(fetchMock.requests).toHaveLength(0);
    expect(events).toHaveLength(0);
  });
});

describe('page unload (spec §4.2 "the end may go by beacon")', () => {
  let sendBeacon: jest.Mock<(url: string, data: Blob) => boolean>;
  beforeEach(() => {
    sendBeacon = jest.fn((_url: string, _data: Blob) => true);
    Object.defineProperty(navigator, 'sendBeacon', { configurable: true, value: sendBeacon });
  });
  afterEach(() => {
    delete (navigator as unknown as Record<string, unknown>).sendBeacon;
  });

  test('pagehide ends the visit with navigator.sendBeacon, a text/plain {"end":true}', async () => {
    enterStand('s7');
    await flush();
    fetchMock.requests.length = 0;
    window.dispatchEvent(new Event('pagehide'));
    expect(sendBeacon).toHaveBeenCalledTimes(1);
    const [url, blob] = sendBeacon.mock.calls[0]!;
    expect(url).toBe('http://localhost/api/stands/s7/visit');
    expect(blob.type).toBe('text/plain');
    expect(await readBlob(blob)).toBe('{"end":true}');
    expect($room.get().visited_stand_id).toBeNull();
    await flush();
    expect(fetchMock.requests).toHaveLength(0);
  });

  test('an owned stand sends no beacon', async () => {
    setPageData(exhibitorPageData());
    enterStand('s1');
    await flush();
    window.dispatchEvent(new Event('pagehide'));
    expect(sendBeacon).not.toHaveBeenCalled();
    expect($room.get().visited_stand_id).toBeNull();
  });

  test('back from the back-forward cache, the visitor is on the stand again', async () => {
    enterStand('s7');
    await flush();
    window.dispatchEvent(new Event('pagehide'));
    const pageshow = new Event('pageshow');
    Object.defineProperty(pageshow, 'persisted', { value: true });
    window.dispatchEvent(pageshow);
    expect($room.get().visited_stand_id).toBe('s7');
  });
});

describe('leaving a stand (spec §4.2)', () => {
  test('closes that stand’s contact point, not another sidebar', async () => {
    enterStand('s7', 'stand-acme');
    showSidebar({ name: 'contact-point', standId: 's7' });
    leaveStand();
    expect($sidebar.get()).toBeNull();
    enterStand('s7', 'stand-acme');
    showSidebar({ name: 'journey' });
    leaveStand();
    expect($sidebar.get()).toEqual({ name: 'journey' });
    await flush();
  });
});

describe('goToPanorama', () => {
  test('a stand panorama: leaves the current stand first, then sends the command to the frame', async () => {
    const postMessage = frame();
    enterStand('s1');
    await flush();
    fetchMock.requests.length = 0;
    postMessage.mockImplementation(() => {
      // The stand was left before the command went out.
      expect($room.get().visited_stand_id).toBeNull();
    });
    expect(goToPanorama('stand-other')).toBe(true);
    expect(postMessage).toHaveBeenCalledWith(envelope('goToPanorama', { slug: 'stand-other' }), 'http://room.test');
    expect($currentPanorama.get()).toBe('stand-other');
    await flush();
    expect(fetchMock.requests.map(describeRequest)).toEqual(['POST /api/stands/s1/visit {"end":true}']);
  });

  test.each(['home', 'plan', 'conference'])('%s does not leave the stand', async (slug) => {
    const postMessage = frame();
    enterStand('s1');
    goToPanorama(slug);
    expect($room.get().visited_stand_id).toBe('s1');
    expect(postMessage).toHaveBeenCalledWith(envelope('goToPanorama', { slug }), 'http://room.test');
  });

  test('no frame on the page: the map toast (English and French), nothing sent, stand kept', async () => {
    enterStand('s1');
    expect(goToPanorama('plan')).toBe(false);
    expect(toastTexts()).toEqual(['Map access is not available, try again later.']);
    await activateLocale('fr_FR');
    expect(toastTexts()).toEqual(["L'accès au plan est indisponible…"]);
    await activateLocale('en_EN');
    expect($room.get().visited_stand_id).toBe('s1');
  });

  test('no frame, another panorama: the access toast', async () => {
    goToPanorama('home');
    expect(toastTexts()).toEqual(['Access is not available, please try again later.']);
    await activateLocale('fr_FR');
    expect(toastTexts()).toEqual(["L'accès est indisponible, veuillez réessayer plus tard"]);
    await activateLocale('en_EN');
  });

  test('a registered frame whose element is gone: raised as an error "Iframe est manquante" with its toast', async () => {
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    unregister = registerFramePort({ window: () => null, origin: 'http://room.test' });
    expect(goToPanorama('plan')).toBe(false);
    expect(errors).toHaveBeenCalledWith(new Error('Iframe est manquante'), { command: 'goToPanorama' });
    expect(toastTexts()).toEqual(['Iframe is missing, please set one to interact with it']);
    await activateLocale('fr_FR');
    expect(toastTexts()).toEqual(['Iframe est manquante']);
    await activateLocale('en_EN');
  });
});

describe('sound', () => {
  test('toggling sends setSound to the frame and shows the new state at once', () => {
    const postMessage = frame();
    setSoundState({ muted: false, available: true });
    toggleSound();
    expect(postMessage).toHaveBeenCalledWith(envelope('setSound', { muted: true }), 'http://room.test');
    expect($sound.get()).toEqual({ muted: true, available: true });
  });

  test('without a frame or without sound: "Sound manipulation not available" / "La manipulation du son est indisponible…"', async () => {
    setSoundState({ muted: false, available: true });
    toggleSound();
    expect(toastTexts()).toEqual(['Sound manipulation not available']);
    await activateLocale('fr_FR');
    expect(toastTexts()).toEqual(['La manipulation du son est indisponible…']);
    await activateLocale('en_EN');
    clearToasts();
    const postMessage = frame();
    setSoundState({ muted: false, available: false });
    toggleSound();
    expect(postMessage).not.toHaveBeenCalled();
    expect(toastTexts()).toEqual(['Sound manipulation not available']);
    expect($sound.get().muted).toBe(false);
  });
});

describe('the room frame messages reach the bus', () => {
  const send = (message: FrameMessage) => handleFrameMessage(message);

  test('enterOnStand and leaveStand are the stand visit', async () => {
    send(envelope('enterOnStand', { stand_id: 's3', panorama: 'stand-s3' }));
    expect($room.get().visited_stand_id).toBe('s3');
    send(envelope('leaveStand', { stand_id: 's3' }));
    expect($room.get().visited_stand_id).toBeNull();
    await flush();
    expect(fetchMock.requests.map((r) => `${r.method} ${r.url.pathname}`)).toEqual([
      'POST /api/stands/s3/visit',
      'POST /api/tracking-event',
      'POST /api/stands/s3/visit',
    ]);
  });

  test('sidebars: showStandUcp → contact point, showCompanySheet → company sheet', () => {
    send(envelope('showStandUcp', { stand_id: 's3' }));
    expect($sidebar.get()).toEqual({ name: 'contact-point', standId: 's3' });
    send(envelope('showCompanySheet', { company_id: 'c9', stand_id: 's3' }));
    expect($sidebar.get()).toEqual({ name: 'company-sheet', companyId: 'c9' });
  });

  test('modals: sharing, contact request, contest, contact form infos, popup offer', () => {
    send(envelope('showSharingModal', {}));
    expect($modal.get()).toEqual({ name: 'social-share' });
    send(envelope('requestContactStand', { stand_id: 's3', company_id: 'c9' }));
    expect($modal.get()).toEqual({ name: 'stand-contact-request', standId: 's3', companyId: 'c9' });
    send(envelope('showContestModal', {}));
    expect($modal.get()).toEqual({ name: 'contest' });
    send(envelope('showContactFormInfos', { stand_id: 's3', subject: 'credit', code_apporteur: 'AB12', display_marketing: true }));
    expect($modal.get()).toEqual({
      name: 'offer-confirm',
      standId: 's3',
      subject: 'credit',
      codeApporteur: 'AB12',
      displayMarketing: true,
    });
    send(envelope('showPopupOffer', { stand_id: 's3', offer: 'summer' }));
    expect($modal.get()).toEqual({ name: 'offer-popup', standId: 's3', offer: 'summer' });
  });

  test('events: addStandToJourney, handleContestParticipation', () => {
    send(envelope('addStandToJourney', { stand_id: 's3' }));
    send(envelope('handleContestParticipation', { score: 4 }));
    expect(events).toEqual([
      ['journey:add', { standId: 's3' }],
      ['contest:participation', { score: 4 }],
    ]);
  });

  test('emitTrackingEvent → POST /api/tracking-event; checkSound → the sound state', async () => {
    send(envelope('emitTrackingEvent', { name: 'video_play', value: 'intro', stand_id: 's3' }));
    send(envelope('checkSound', { muted: true, available: true }));
    expect($sound.get()).toEqual({ muted: true, available: true });
    await flush();
    expect(fetchMock.requests.map(describeRequest)).toEqual([
      'POST /api/tracking-event {"name":"video_play","value":"intro","stand_id":"s3"}',
    ]);
  });

  test('a message without its ids is ignored with a warning', () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    send({ ...envelope('enterOnStand', { stand_id: '', panorama: 'x' }) });
    send({ ...envelope('showCompanySheet', { company_id: 42 as unknown as string }) });
    expect($room.get().visited_stand_id).toBeNull();
    expect($sidebar.get()).toBeNull();
    expect(warn).toHaveBeenCalledTimes(2);
  });
});
