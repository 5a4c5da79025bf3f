import { afterEach, beforeEach, describe, expect, jest, test } from '@jest/globals';
import { freshModule } from '@salon/shared/test/isolate';
import { installFetch, jsonResponse } from '@salon/shared/test/fetch';
import type * as ActivityModule from './activity';

let activity: typeof ActivityModule;
let fetchMock: ReturnType<typeof installFetch>;
let stopListening: () => void;
let visibility: DocumentVisibilityState;

const pushes = () => fetchMock.requests.filter((r) => r.method === 'PUT' && r.url.pathname === '/api/users/me/active').length;
const flush = () => jest.advanceTimersByTimeAsync(0);
const fire = (target: EventTarget, type: string) => target.dispatchEvent(new Event(type));

function setVisibility(next: DocumentVisibilityState) {
  visibility = next;
  fire(document, 'visibilitychange');
}

beforeEach(async () => {
  jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
  visibility = 'visible';
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
  jest.spyOn(document, 'hasFocus').mockReturnValue(true);
  fetchMock = installFetch(() => jsonResponse({ data: { last_activity_at: '2026-11-21T10:00:00Z' } }));
  activity = await freshModule(() => import('./activity'));
  stopListening = activity.$activity.listen(() => undefined);
});

afterEach(async () => {
  stopListening();
  await jest.advanceTimersByTimeAsync(1000); // nanostores unmounts a store 1 s after its last listener
  jest.clearAllTimers();
  jest.useRealTimers();
  jest.restoreAllMocks();
  fetchMock.restore();
  document.body.innerHTML = '';
});

describe('activity push (spec §4.3)', () => {
  test('a click on the logout link stops the push before the session ends (no last push answered 401)', async () => {
    activity.setPointerOverRoom(true);
    await flush();
    expect(pushes()).toBe(1);
    const link = document.createElement('a');
    link.href = '/deconnexion';
    link.addEventListener('click', (event) => event.preventDefault());
    document.body.append(link);
    link.click();
    await jest.advanceTimersByTimeAsync(10_000);
    expect(pushes()).toBe(1);
    expect(activity.$activity.get().pushing).toBe(false);
  });

  test('nothing goes out until the pointer is over the room', async () => {
    await jest.advanceTimersByTimeAsync(10_000);
    expect(pushes()).toBe(0);
    expect(activity.$activity.get()).toMatchObject({ focused: true, visible: true, pointerOver: false, pushing: false });
  });

  test('focused, visible and pointer over: PUT /api/users/me/active at once, then every 2 s', async () => {
    activity.setPointerOverRoom(true);
    await flush();
    expect(pushes()).toBe(1);
    await jest.advanceTimersByTimeAsync(1999);
    expect(pushes()).toBe(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(pushes()).toBe(2);
    await jest.advanceTimersByTimeAsync(4000);
    expect(pushes()).toBe(4);
    expect(activity.$activity.get().pushing).toBe(true);
    expect(fetchMock.requests[0]?.headers.get('X-Requested-With')).toBe('XMLHttpRequest');
  });

  test('mouse leave stops it, mouse over starts it again (never more than one push per 2 s)', async () => {
    activity.setPointerOverRoom(true);
    await jest.advanceTimersByTimeAsync(2000);
    expect(pushes()).toBe(2);
    activity.setPointerOverRoom(false);
    await jest.advanceTimersByTimeAsync(10_000);
    expect(pushes()).toBe(2);
    activity.setPointerOverRoom(true);
    await flush();
    expect(pushes()).toBe(3);
    activity.setPointerOverRoom(false);
    activity.setPointerOverRoom(true);
    await flush();
    expect(pushes()).toBe(3);
    await jest.advanceTimersByTimeAsync(2000);
    expect(pushes()).toBe(4);
  });

  test('blur stops it, focus starts it', async () => {
    activity.setPointerOverRoom(true);
    await flush();
    fire(window, 'blur');
    expect(activity.$activity.get()).toMatchObject({ focused: false, pushing: false });
    await jest.advanceTimersByTimeAsync(10_000);
    expect(pushes()).toBe(1);
    fire(window, 'focus');
    await jest.advanceTimersByTimeAsync(2000);
    expect(pushes()).toBe(3);
  });

  test('a blur towards the room frame (focus inside the iframe) keeps it going', async () => {
    const frame = document.createElement('iframe');
    document.body.append(frame);
    activity.setPointerOverRoom(true);
    await flush();
    frame.focus();
    fire(window, 'blur');
    expect(activity.$activity.get().pushing).toBe(true);
    await jest.advanceTimersByTimeAsync(2000);
    expect(pushes()).toBe(2);
  });

  test('hidden page stops it, visible again starts it', async () => {
    activity.setPointerOverRoom(true);
    await flush();
    setVisibility('hidden');
    await jest.advanceTimersByTimeAsync(10_000);
    expect(pushes()).toBe(1);
    setVisibility('visible');
    await flush();
    expect(pushes()).toBe(2);
  });

  test('pagehide stops it, pageshow starts it', async () => {
    activity.setPointerOverRoom(true);
    await flush();
    fire(window, 'pagehide');
    await jest.advanceTimersByTimeAsync(6000);
    expect(pushes()).toBe(1);
    fire(window, 'pageshow');
    await flush();
    expect(pushes()).toBe(2);
  });

  test('a slow server does not pile requests up', async () => {
    fetchMock.restore();
    let release: () => void = () => undefined;
    fetchMock = installFetch(() => new Promise<Response>((resolve) => (release = () => resolve(jsonResponse({ data: {} })))));
    activity.setPointerOverRoom(true);
    await jest.advanceTimersByTimeAsync(6000);
    expect(pushes()).toBe(1);
    release();
    await jest.advanceTimersByTimeAsync(2000);
    expect(pushes()).toBe(2);
  });

  test('a failed push is not toasted and the next one still goes', async () => {
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    fetchMock.restore();
    fetchMock = installFetch(() => new Response('', { status: 500 }));
    const { $toasts } = await import('@salon/shared');
    activity.setPointerOverRoom(true);
    await jest.advanceTimersByTimeAsync(2000);
    expect(pushes()).toBe(2);
    expect($toasts.get()).toHaveLength(0);
    expect(errors).toHaveBeenCalled();
  });

  test('the last listener leaving stops it', async () => {
    activity.setPointerOverRoom(true);
    await flush();
    stopListening();
    await jest.advanceTimersByTimeAsync(1000);
    await jest.advanceTimersByTimeAsync(10_000);
    expect(pushes()).toBe(1);
    stopListening = () => undefined;
  });
});
