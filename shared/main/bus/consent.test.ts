import { afterEach, beforeEach, describe, expect, jest, test } from '@jest/globals';
import { freshModule } from '@salon/shared/test/isolate';

let written: string[];

beforeEach(() => {
  written = [];
  const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
  jest.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => {
    written.push(value);
    descriptor.set!.call(document, value);
  });
});
afterEach(() => {
  jest.restoreAllMocks();
  document.cookie = 'salon_consent=; Max-Age=0; Path=/';
  document.cookie = 'salon_tz=; Max-Age=0; Path=/';
});

describe('analytics consent (spec §4.12, §9)', () => {
  test('no cookie: unset', async () => {
    const { $consent } = await freshModule(() => import('./consent'));
    expect($consent.get()).toBe('unset');
  });

  test('read from the salon_consent cookie when the page starts; anything else is unset', async () => {
    document.cookie = 'salon_consent=accepted; Path=/';
    expect((await freshModule(() => import('./consent'))).$consent.get()).toBe('accepted');
    document.cookie = 'salon_consent=refused; Path=/';
    expect((await freshModule(() => import('./consent'))).$consent.get()).toBe('refused');
    document.cookie = 'salon_consent=maybe; Path=/';
    expect((await freshModule(() => import('./consent'))).$consent.get()).toBe('unset');
  });

  test('accepting writes salon_consent=accepted for 220752000 s, SameSite=Lax, on the whole site', async () => {
    const { $consent, acceptConsent, refuseConsent, clearConsent } = await freshModule(() => import('./consent'));
    acceptConsent();
    expect($consent.get()).toBe('accepted');
    expect(written).toEqual(['salon_consent=accepted; Path=/; Max-Age=220752000; SameSite=Lax']);
    expect(document.cookie).toContain('salon_consent=accepted');
    refuseConsent();
    expect($consent.get()).toBe('refused');
    expect(written[1]).toBe('salon_consent=refused; Path=/; Max-Age=220752000; SameSite=Lax');
    clearConsent();
    expect($consent.get()).toBe('unset');
    expect(document.cookie).not.toContain('salon_consent');
  });
});

describe('time-zone cookie (spec §7)', () => {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const cookie = `salon_tz=${encodeURIComponent(zone)}; Path=/; SameSite=Strict`;
  // One page per test: the cookie is written once per page (a page-wide singleton).
  beforeEach(() => {
    delete (globalThis as unknown as Record<symbol, unknown>)[Symbol.for('salon.page@1/time-zone-cookie')];
  });

  test('salon_tz is the Intl time zone, SameSite=Strict: not while the page loads, once after the first input', async () => {
    const { initTimeZoneCookie } = await freshModule(() => import('../platform/cookies'));
    jest.useFakeTimers();
    try {
      initTimeZoneCookie();
      initTimeZoneCookie();
      jest.runOnlyPendingTimers();
      expect(written).toEqual([]);
      window.dispatchEvent(new Event('pointerdown'));
      expect(written).toEqual([]);
      jest.runOnlyPendingTimers();
      expect(written).toEqual([cookie]);
      window.dispatchEvent(new Event('keydown'));
      document.dispatchEvent(new Event('pagehide'));
      jest.runOnlyPendingTimers();
    } finally {
      jest.useRealTimers();
    }
    expect(written).toEqual([cookie]);
    expect(document.cookie).toContain(`salon_tz=${encodeURIComponent(zone)}`);
  });

  test('written at once when the page is hidden before any input', async () => {
    const { initTimeZoneCookie } = await freshModule(() => import('../platform/cookies'));
    initTimeZoneCookie();
    const visibility = jest.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible');
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
    expect(written).toEqual([]);
    visibility.mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
    expect(written).toEqual([cookie]);
  });
});
