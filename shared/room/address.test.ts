import { afterEach, beforeEach, describe, expect, jest, test } from '@jest/globals';
import { envelope } from '@salon/shared/contracts/room-frame';
import { installFetch, jsonResponse } from '@salon/shared/test/fetch';
import { visitorPageData } from '@salon/shared/test/fixtures';
import { setPageData } from '@salon/shared';
import { framePanoramaSource, frameReloading, panoramaOfPath } from './address';
import { handleFrameMessage } from './frameMessages';
import { registerFramePort } from './framePort';
import { $currentPanorama } from './room';

/** The frame reports the place it shows as it does on every move. */
const shows = (slug: string) => handleFrameMessage(envelope('emitTrackingEvent', { name: 'panorama_view', value: slug }));

let fetchMock: ReturnType<typeof installFetch>;
beforeEach(() => {
  setPageData(visitorPageData());
  fetchMock = installFetch(() => jsonResponse({ data: {} }));
  window.history.replaceState(null, '', '/salon/stand-nordic-robotics?lang=en');
  frameReloading();
});
afterEach(() => {
  fetchMock.restore();
  window.history.replaceState(null, '', '/');
});

describe('the room address (spec §2.1, history mode under salon)', () => {
  test('a path names its panorama; anything but a slug is the Welcome hall', () => {
    expect(panoramaOfPath('/salon')).toEqual({ base: '/salon', panorama: 'home' });
    expect(panoramaOfPath('/salon/')).toEqual({ base: '/salon', panorama: 'home' });
    expect(panoramaOfPath('/salon/stand-nordic-robotics')).toEqual({ base: '/salon', panorama: 'stand-nordic-robotics' });
    expect(panoramaOfPath('/fr/salon/plan/')).toEqual({ base: '/fr/salon', panorama: 'plan' });
    expect(panoramaOfPath('/salon/%3Cscript%3E')).toEqual({ base: '/salon', panorama: 'home' });
    expect(panoramaOfPath('/salon/%E0%A4%A')).toEqual({ base: '/salon', panorama: 'home' });
    expect(panoramaOfPath('/exposant')).toBeNull();
  });

  test('the frame is asked to start on the address’s panorama', () => {
    expect(framePanoramaSource('http://x.test/room/?lang=en', '/salon/stand-nordic-robotics')).toBe(
      'http://x.test/room/?lang=en&panorama=stand-nordic-robotics',
    );
    expect(framePanoramaSource('http://x.test/room/?lang=en', '/salon')).toBe('http://x.test/room/?lang=en');
  });

  test('the frame’s first place replaces the address, each move adds one, Back moves the frame', async () => {
    const length = window.history.length;
    // The stand of the address is unknown to the frame: it shows the hall, and the address says so without an entry.
    shows('home');
    expect(window.location.pathname).toBe('/salon');
    expect(window.history.length).toBe(length);
    shows('plan');
    expect(window.location.pathname).toBe('/salon/plan');
    expect(window.location.search).toBe('?lang=en');
    expect(window.history.length).toBe(length + 1);
    expect($currentPanorama.get()).toBe('plan');
    shows('plan');
    expect(window.history.length).toBe(length + 1);

    const postMessage = jest.fn();
    const unregister = registerFramePort({ window: () => ({ postMessage }) as unknown as Window, origin: 'http://room.test' });
    try {
      const popped = new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
      window.history.back();
      await popped;
      expect(window.location.pathname).toBe('/salon');
      expect(postMessage).toHaveBeenCalledWith(envelope('goToPanorama', { slug: 'home' }), 'http://room.test');
    } finally {
      unregister();
    }
  });
});
