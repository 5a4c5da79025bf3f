import { afterEach, beforeEach, describe, expect, jest, test } from '@jest/globals';
import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  $sidebar,
  acceptConsent,
  clearConsent,
  clearToasts,
  hideSidebar,
  recordMyAvailability,
  resetLiveSettings,
  type PageDataInput,
} from '@salon/shared';
import { exhibitorPageData, visitorPageData, withLocale } from '@salon/shared/test/fixtures';
import { $activity, $room, goToPanorama, leaveStand, setRoomOverlay } from '@salon/shared/room';
import { envelope } from '@salon/shared/contracts/room-frame';
import { installFetch, jsonResponse } from '@salon/shared/test/fetch';
import { sseBody } from '@salon/shared/test/sse';
import { refreshLiveActivity } from '@salon/shared/live';
import { type MountedWidget, showWidget, toastTexts } from '@salon/shared/test/widgets';
import { mount } from './mount';
import { resetBanners, setStream } from './store';

const ROOM_ORIGIN = 'http://localhost';
let widget: MountedWidget | undefined;
let fetchMock: ReturnType<typeof installFetch>;
let stream: { active: boolean; video_url: string | null; chat_url: string | null };
let sseBodies: ReturnType<typeof sseBody>[];

const flush = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));
const apiCalls = () =>
  fetchMock.requests.filter((r) => !r.url.pathname.startsWith('/api/sse/')).map((r) => `${r.method} ${r.url.pathname}`);

async function showRoom(data: PageDataInput) {
  widget = await showWidget(mount, data);
  await flush();
}

function roomFrame(name = 'Virtual room') {
  return screen.getByTitle(name) as HTMLIFrameElement;
}

function fromFrame(frame: HTMLIFrameElement, data: unknown, origin = ROOM_ORIGIN, source: Window | null = frame.contentWindow) {
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { data, origin, source }));
  });
}

beforeEach(() => {
  stream = { active: false, video_url: null, chat_url: null };
  sseBodies = [];
  resetLiveSettings();
  setStream({ status: 'idle', data: null });
  resetBanners();
  clearConsent();
  fetchMock = installFetch((request) => {
    const { pathname } = new URL(request.url);
    if (pathname.startsWith('/api/sse/')) {
      const body = sseBody();
      sseBodies.push(body);
      return body.response();
    }
    if (pathname === '/api/stream/active') return jsonResponse({ data: stream });
    if (pathname.endsWith('/visit')) return jsonResponse({ data: { stand_visit: null } });
    return jsonResponse({ data: {} });
  });
});

afterEach(async () => {
  act(() => leaveStand());
  await flush();
  widget?.unmount();
  widget = undefined;
  fetchMock.restore();
  act(() => {
    clearToasts();
    hideSidebar();
  });
  jest.restoreAllMocks();
});

describe('the room frame', () => {
  test('shows the room address with the page language, and a loader until the frame has loaded', async () => {
    await showRoom(visitorPageData());
    const frame = roomFrame();
    expect(frame.src).toBe('http://localhost/room/?lang=en');
    expect(screen.getByRole('status')).toHaveTextContent('Loading the room…');
    fireEvent.load(frame);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(apiCalls()).toEqual(['GET /api/stream/active']);
  });

  test('the tracked address once analytics consent is given; French page: lang=fr, French labels', async () => {
    acceptConsent();
    await showRoom(withLocale(visitorPageData(), 'fr_FR'));
    expect(screen.getByRole('status')).toHaveTextContent('Chargement du salon…');
    expect(roomFrame('Salon virtuel').src).toBe('http://localhost/room/?tracked=1&lang=fr');
  });

  test('commands reach the frame window with its origin once it has loaded; before, the map toast', async () => {
    await showRoom(visitorPageData());
    const frame = roomFrame();
    const postMessage = jest.spyOn(frame.contentWindow!, 'postMessage').mockImplementation(() => undefined);
    act(() => {
      goToPanorama('plan');
    });
    expect(postMessage).not.toHaveBeenCalled();
    expect(toastTexts()).toEqual(['Map access is not available, try again later.']);
    fireEvent.load(frame);
    act(() => {
      goToPanorama('plan');
    });
    expect(postMessage.mock.calls).toEqual([[envelope('goToPanorama', { slug: 'plan' }), ROOM_ORIGIN]]);
  });

  test('frame messages: enterOnStand starts the visit; messages from another origin or window are ignored', async () => {
    await showRoom(visitorPageData());
    const frame = roomFrame();
    fireEvent.load(frame);
    fromFrame(frame, envelope('enterOnStand', { stand_id: 'evil', panorama: 'x' }), 'http://evil.test');
    fromFrame(frame, envelope('enterOnStand', { stand_id: 'evil', panorama: 'x' }), ROOM_ORIGIN, window);
    fromFrame(frame, { name: 'enterOnStand', payload: { stand_id: 'evil' } });
    expect($room.get().visited_stand_id).toBeNull();

    fromFrame(frame, envelope('enterOnStand', { stand_id: 's7', panorama: 'stand-s7' }));
    expect($room.get().visited_stand_id).toBe('s7');
    await flush();
    expect(apiCalls()).toEqual(['GET /api/stream/active', 'POST /api/stands/s7/visit', 'POST /api/tracking-event']);
    fromFrame(frame, envelope('showCompanySheet', { company_id: 'c1' }));
    expect($sidebar.get()).toEqual({ name: 'company-sheet', companyId: 'c1' });
  });

  test('a new frame address (consent given) reloads the frame: the stand is left, then the visitor is taken back', async () => {
    window.history.replaceState(null, '', '/salon');
    await showRoom(visitorPageData());
    const frame = roomFrame();
    const postMessage = jest.spyOn(frame.contentWindow!, 'postMessage').mockImplementation(() => undefined);
    fireEvent.load(frame);
    // As the frame reports a move: the stand entered, the place shown (the address follows: /salon/stand-s7).
    fromFrame(frame, envelope('enterOnStand', { stand_id: 's7', panorama: 'stand-s7' }));
    fromFrame(frame, envelope('emitTrackingEvent', { name: 'panorama_view', value: 'stand-s7', stand_id: 's7' }));
    expect(window.location.pathname).toBe('/salon/stand-s7');
    await flush();
    act(() => acceptConsent());
    // The new frame starts on the place of the address.
    expect(roomFrame().src).toBe('http://localhost/room/?tracked=1&lang=en&panorama=stand-s7');
    window.history.replaceState(null, '', '/');
    expect(screen.getByRole('status')).toHaveTextContent('Loading the room…');
    expect($room.get().visited_stand_id).toBeNull();
    await flush();
    expect(
      apiCalls()
        .filter((call) => call.includes('/visit'))
        .slice(-1),
    ).toEqual(['POST /api/stands/s7/visit']);
    expect(fetchMock.requests.filter((r) => r.url.pathname.endsWith('/visit')).at(-1)?.json).toEqual({ end: true });
    expect(postMessage).not.toHaveBeenCalled();
  });

  test('the pointer over the room and out of it is reported to the activity store', async () => {
    await showRoom(visitorPageData());
    fireEvent.mouseOver(roomFrame());
    expect($activity.get().pointerOver).toBe(true);
    fireEvent.mouseLeave(roomFrame().closest('.salon-room')!);
    expect($activity.get().pointerOver).toBe(false);
  });

  test('no room address: an alert, and a command raises "Iframe est manquante" with its toast', async () => {
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await showRoom({ ...visitorPageData(), room_url: '', tracked_room_url: '' });
    expect(screen.getByRole('alert')).toHaveTextContent('The room cannot be shown: its address is missing.');
    expect(screen.queryByTitle('Virtual room')).not.toBeInTheDocument();
    act(() => {
      goToPanorama('plan');
    });
    expect(errors).toHaveBeenCalledWith(new Error('Iframe est manquante'), { command: 'goToPanorama' });
    expect(toastTexts()).toEqual(['Iframe is missing, please set one to interact with it']);
  });
});

describe('what floats over the room (the exhibitor’s activity widget, bottom left)', () => {
  // jsdom lays nothing out: the room fills a 1366 × 768 window under a 52 px top bar.
  const ROOM = new DOMRect(0, 52, 1366, 716);
  const WIDGET = { left: 12, top: 456, right: 284, bottom: 756 };
  const laidOut = () =>
    jest.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      return this.matches('iframe.salon-room__frame, .salon-room__stream') ? ROOM : new DOMRect();
    });
  afterEach(() => act(() => setRoomOverlay(null)));

  test('the frame is told the bottom-left corner it covers, on each change and again after a reload; a fresh frame is not told 0 × 0', async () => {
    laidOut();
    await showRoom(visitorPageData());
    const frame = roomFrame();
    const postMessage = jest.spyOn(frame.contentWindow!, 'postMessage').mockImplementation(() => undefined);
    const told = () => postMessage.mock.calls.filter(([message]) => (message as { name: string }).name === 'setCoveredCorner');
    fireEvent.load(frame);
    expect(told()).toEqual([]);
    // The widget shows: from the frame's left to its right edge, from the frame's bottom up to its top.
    act(() => setRoomOverlay(WIDGET));
    expect(told()).toEqual([[envelope('setCoveredCorner', { width: 284, height: 312 }), ROOM_ORIGIN]]);
    // Collapsed to its button.
    act(() => setRoomOverlay({ left: 12, top: 720, right: 162, bottom: 756 }));
    expect(told().at(-1)).toEqual([envelope('setCoveredCorner', { width: 162, height: 48 }), ROOM_ORIGIN]);
    // A new frame address (consent given) loads a new frame: it is told again.
    act(() => acceptConsent());
    await flush();
    const reloaded = roomFrame();
    const postAgain = jest.spyOn(reloaded.contentWindow!, 'postMessage').mockImplementation(() => undefined);
    postAgain.mockClear();
    const toldAgain = () => postAgain.mock.calls.filter(([message]) => (message as { name: string }).name === 'setCoveredCorner');
    expect(toldAgain()).toEqual([]);
    fireEvent.load(reloaded);
    expect(toldAgain()).toEqual([[envelope('setCoveredCorner', { width: 162, height: 48 }), ROOM_ORIGIN]]);
    // Gone (a phone, another page): nothing over the frame.
    act(() => setRoomOverlay(null));
    expect(toldAgain().at(-1)).toEqual([envelope('setCoveredCorner', { width: 0, height: 0 }), ROOM_ORIGIN]);
  });

  test('a live stream, whose player the page cannot tell, starts right of it, and so does its chat toggle', async () => {
    laidOut();
    stream = { active: true, video_url: 'https://video.test/live', chat_url: 'https://video.test/chat' };
    await showRoom({ ...visitorPageData(), is_streaming: true });
    const stage = roomFrame('Live stream').parentElement!;
    expect(stage.style.getPropertyValue('--salon-room-corner-width')).toBe('');
    act(() => setRoomOverlay(WIDGET));
    expect(stage.style.getPropertyValue('--salon-room-corner-width')).toBe('284px');
    act(() => setRoomOverlay(null));
    expect(stage.style.getPropertyValue('--salon-room-corner-width')).toBe('');
  });
});

describe('live stream (spec §2.2)', () => {
  test('is_streaming and an active stream: the video replaces the room, with its chat and a toggle', async () => {
    stream = { active: true, video_url: 'https://video.test/live', chat_url: 'https://video.test/chat' };
    const user = userEvent.setup();
    await showRoom({ ...visitorPageData(), is_streaming: true });
    expect(screen.queryByTitle('Virtual room')).not.toBeInTheDocument();
    expect(roomFrame('Live stream').src).toBe('https://video.test/live');
    const chat = roomFrame('Live stream chat');
    expect(chat.src).toBe('https://video.test/chat');
    const toggle = screen.getByRole('button', { name: 'Hide the chat' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Show the chat' })).toHaveAttribute('aria-expanded', 'false');
    expect(chat).not.toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Show the chat' }));
    expect(chat).toBeVisible();
  });

  test('the API says a stream is on even though the page did not: stream, without chat no toggle', async () => {
    stream = { active: true, video_url: 'https://video.test/live', chat_url: null };
    await showRoom(visitorPageData());
    expect(roomFrame('Live stream')).toBeInTheDocument();
    expect(screen.queryByTitle('Live stream chat')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /chat/ })).not.toBeInTheDocument();
  });

  test('is_streaming but no stream after all: the room', async () => {
    await showRoom({ ...visitorPageData(), is_streaming: true });
    expect(roomFrame()).toBeInTheDocument();
  });

  test('an administrator switches the stream on, then off: the room follows the live activity, without a reload', async () => {
    await showRoom(visitorPageData());
    expect(roomFrame()).toBeInTheDocument();
    const settings = (on: boolean) =>
      `event: liveSettings\nid: ${on ? 2 : 3}\ndata: ${JSON.stringify({ parameters: {}, features: { journey: '1' }, stream: { active: on, video_url: 'https://video.test/live', chat_url: 'https://video.test/chat' } })}\n\n`;
    // A stream of this test's own (the previous test's may still be closing).
    act(() => refreshLiveActivity());
    await flush();
    const body = sseBodies.at(-1)!;
    act(() => body.push(settings(true)));
    await flush();
    expect(screen.queryByTitle('Virtual room')).not.toBeInTheDocument();
    expect(roomFrame('Live stream').src).toBe('https://video.test/live');
    expect(roomFrame('Live stream chat').src).toBe('https://video.test/chat');
    expect(screen.getByRole('button', { name: 'Hide the chat' })).toBeInTheDocument();
    act(() => body.push(settings(false)));
    await flush();
    expect(screen.queryByTitle('Live stream')).not.toBeInTheDocument();
    expect(roomFrame()).toBeInTheDocument();
    expect(apiCalls()).toEqual(['GET /api/stream/active']);
  });

  test('while the stream answer is awaited: a loader', async () => {
    fetchMock.restore();
    fetchMock = installFetch((request) =>
      request.url.includes('/api/sse/') ? sseBody().response() : new Promise<Response>(() => undefined),
    );
    await showRoom({ ...visitorPageData(), is_streaming: true });
    expect(screen.getByRole('status')).toHaveTextContent('Loading the live stream…');
  });
});

describe('exhibitor banners (spec §2.2)', () => {
  const exhibitor = (user: { hidden?: boolean; availability?: boolean }) => {
    const data = exhibitorPageData();
    return { ...data, user: { ...data.user, hidden: false, availability: true, ...user } };
  };

  test('a visitor gets none; an available, published exhibitor neither', async () => {
    await showRoom(visitorPageData());
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
    widget?.unmount();
    await showRoom(exhibitor({}));
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });

  test('hidden profile: the message and a link to the own profile sheet in a new tab; dismissible', async () => {
    const user = userEvent.setup();
    await showRoom(exhibitor({ hidden: true }));
    const note = screen.getByRole('note');
    expect(note).toHaveTextContent('Your profile is not published: visitors cannot see you.');
    const link = screen.getByRole('link', { name: 'Open my profile sheet (opens in a new tab)' });
    expect(link).toHaveAttribute('href', 'http://localhost/exposant/profil');
    expect(link).toHaveAttribute('target', '_blank');
    await user.click(screen.getByRole('button', { name: 'Close the message about your profile' }));
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });

  test('unavailable: the message and a button that opens the activity stream; dismissible', async () => {
    const user = userEvent.setup();
    await showRoom(exhibitor({ availability: false }));
    expect(screen.getByRole('note')).toHaveTextContent('You are registered as unavailable.');
    await user.click(screen.getByRole('button', { name: 'Open the activity stream' }));
    expect($sidebar.get()).toEqual({ name: 'activity-stream' });
    await user.click(screen.getByRole('button', { name: 'Close the message about your availability' }));
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });

  test('the unavailable banner follows the availability switch without a reload', async () => {
    await showRoom(exhibitor({ availability: false }));
    expect(screen.getByRole('note')).toHaveTextContent('You are registered as unavailable.');
    act(() => recordMyAvailability(true));
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
    act(() => recordMyAvailability(false));
    expect(screen.getByRole('note')).toHaveTextContent('You are registered as unavailable.');
  });

  test('both, in French', async () => {
    await showRoom(withLocale(exhibitor({ hidden: true, availability: false }), 'fr_FR'));
    expect(screen.getAllByRole('note').map((note) => note.textContent)).toEqual([
      expect.stringContaining("Votre profil n'est pas publié"),
      expect.stringContaining('Vous êtes enregistré comme indisponible.'),
    ]);
    expect(screen.getByRole('button', { name: "Ouvrir le fil d'activité" })).toBeInTheDocument();
  });
});
