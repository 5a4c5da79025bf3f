import { describe, expect, test } from '@jest/globals';
import { reloadForBlockedStream } from './store';

const view = { mode: 'stream' as const, stream: { videoUrl: 'https://video.test/live', chatUrl: 'https://chat.test/room' } };
function memory() {
  const items = new Map<string, string>();
  return { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v) };
}

describe('reloadForBlockedStream (a stream origin the page’s CSP does not list yet)', () => {
  test('the video or the chat refused by frame-src: reload once for these addresses', () => {
    const storage = memory();
    expect(reloadForBlockedStream({ effectiveDirective: 'frame-src', blockedURI: 'https://video.test/live' }, view, storage)).toBe(true);
    expect(reloadForBlockedStream({ effectiveDirective: 'frame-src', blockedURI: 'https://video.test/live' }, view, storage)).toBe(false);
    const other = { mode: 'stream' as const, stream: { videoUrl: 'https://video.test/other', chatUrl: null } };
    expect(reloadForBlockedStream({ violatedDirective: 'frame-src', blockedURI: 'https://video.test' }, other, storage)).toBe(true);
    expect(reloadForBlockedStream({ effectiveDirective: 'frame-src', blockedURI: 'https://chat.test/room' }, view, memory())).toBe(true);
  });

  test.each([
    ['another directive', { effectiveDirective: 'img-src', blockedURI: 'https://video.test/x.png' }, view],
    ['another origin', { effectiveDirective: 'frame-src', blockedURI: 'https://ads.test/' }, view],
    [
      'no stream shown',
      { effectiveDirective: 'frame-src', blockedURI: 'https://video.test/live' },
      { mode: 'room' as const, stream: null },
    ],
    ['a blocked URI that is not an address', { effectiveDirective: 'frame-src', blockedURI: 'inline' }, view],
  ])('%s: no reload', (_case, violation, shown) => {
    expect(reloadForBlockedStream(violation, shown, memory())).toBe(false);
  });

  test('without session storage (or a failing one): no reload, so never a loop', () => {
    expect(reloadForBlockedStream({ effectiveDirective: 'frame-src', blockedURI: 'https://video.test/live' }, view, null)).toBe(false);
    const failing = {
      getItem: () => null,
      setItem: () => {
        throw new Error('quota');
      },
    };
    expect(reloadForBlockedStream({ effectiveDirective: 'frame-src', blockedURI: 'https://video.test/live' }, view, failing)).toBe(false);
  });
});
