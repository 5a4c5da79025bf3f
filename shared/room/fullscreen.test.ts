import { afterEach, describe, expect, jest, test } from '@jest/globals';
import { freshModule } from '@salon/shared/test/isolate';

let fullscreenElement: Element | null = null;

afterEach(() => {
  delete (document as unknown as Record<string, unknown>).fullscreenEnabled;
  delete (document as unknown as Record<string, unknown>).fullscreenElement;
  fullscreenElement = null;
});

function browserWithFullscreen(enabled: boolean) {
  Object.defineProperty(document, 'fullscreenEnabled', { configurable: true, value: enabled });
  Object.defineProperty(document, 'fullscreenElement', { configurable: true, get: () => fullscreenElement });
  const request = jest.fn(async () => {
    fullscreenElement = document.documentElement;
    document.dispatchEvent(new Event('fullscreenchange'));
  });
  document.documentElement.requestFullscreen = request;
  document.exitFullscreen = jest.fn(async () => {
    fullscreenElement = null;
    document.dispatchEvent(new Event('fullscreenchange'));
  });
  return request;
}

describe('fullscreen (spec §4.12)', () => {
  test('not available when the browser does not allow it: the toggle does nothing', async () => {
    const request = browserWithFullscreen(false);
    const { $fullscreen, toggleFullscreen } = await freshModule(() => import('./fullscreen'));
    expect($fullscreen.get()).toEqual({ on: false, available: false });
    await toggleFullscreen();
    expect(request).not.toHaveBeenCalled();
  });

  test('on and off, following the browser', async () => {
    const request = browserWithFullscreen(true);
    const { $fullscreen, toggleFullscreen } = await freshModule(() => import('./fullscreen'));
    const states: boolean[] = [];
    const stop = $fullscreen.listen((state) => states.push(state.on));
    await toggleFullscreen();
    expect(request).toHaveBeenCalled();
    expect($fullscreen.get()).toEqual({ on: true, available: true });
    // Escape in the browser:
    fullscreenElement = null;
    document.dispatchEvent(new Event('fullscreenchange'));
    expect($fullscreen.get().on).toBe(false);
    await toggleFullscreen();
    await toggleFullscreen();
    expect(document.exitFullscreen).toHaveBeenCalledTimes(1);
    expect(states).toEqual([true, false, true, false]);
    stop();
  });
});
