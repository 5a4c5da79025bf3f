import { afterEach, beforeEach, describe, expect, jest, test } from '@jest/globals';
import { within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PageDataInput } from '@salon/shared';
import { visitorPageData, withLocale } from '@salon/shared/test/fixtures';
import { server, calls, describeCall, openTestModal, settle, startServer, stopServer, toastTexts } from '../testing';

const SOCIAL = {
  social_title: 'Salon de l’innovation',
  social_title_en: 'Innovation Fair',
  social_description: 'Le salon en ligne',
  social_description_en: 'The online fair',
  social_image: 'http://localhost/images/share.png',
};
const page = (locale: 'en_EN' | 'fr_FR' = 'en_EN'): PageDataInput => {
  const base = withLocale(visitorPageData(), locale);
  return { ...base, parameters: { ...base.parameters, ...SOCIAL } };
};

/** The window `window.open` gives: its opener, whether it is closed, where it was sent. */
interface FakeWindow {
  opener: unknown;
  closed: boolean;
  close: jest.Mock<() => void>;
  location: { replace: jest.Mock<(url: string) => void> };
}
let popup: FakeWindow | null;
let open: jest.Mock<(url?: string | URL, target?: string, features?: string) => Window | null>;
/** How many calls had been made each time a window opened. */
let callsWhenOpened: number[];
beforeEach(() => {
  startServer();
  popup = { opener: window, closed: false, close: jest.fn(() => undefined), location: { replace: jest.fn(() => undefined) } };
  callsWhenOpened = [];
  open = jest.fn(() => {
    callsWhenOpened.push(calls().length);
    return popup as unknown as Window | null;
  });
  window.open = open as unknown as typeof window.open;
});
afterEach(stopServer);

describe('the social share (spec §2.4, §7, §9)', () => {
  test('one button per platform: Facebook, LinkedIn, X (Twitter)', async () => {
    const dialog = await openTestModal({ name: 'social-share' }, page());
    expect(dialog).toHaveAccessibleName('Share on social media');
    expect(
      within(dialog)
        .getAllByRole('button', { name: /^Share on / })
        .map((button) => button.textContent),
    ).toEqual(['Share on Facebook', 'Share on LinkedIn', 'Share on X (Twitter)']);
  });

  test.each([
    ['Facebook', 'facebook'],
    ['LinkedIn', 'linkedin'],
    ['X (Twitter)', 'twitter'],
  ])(
    '%s: a window opens in the click, cut off from the page; POST /api/partages with the platform and the English texts; the window goes to the sharer',
    async (name, platform) => {
      server.answers['/api/partages'] = { data: { url: `https://sharer.example/${platform}?u=1` } };
      const dialog = await openTestModal({ name: 'social-share' }, page());
      await userEvent.setup().click(within(dialog).getByRole('button', { name: `Share on ${name}` }));
      await settle();
      expect(open.mock.calls).toEqual([['about:blank', '_blank']]);
      // Opened before the request, while the click's user activation lasts.
      expect(callsWhenOpened).toEqual([0]);
      expect(popup?.opener).toBeNull();
      expect(calls().map(describeCall)).toEqual(['POST /api/partages']);
      expect(calls()[0]?.json).toEqual({
        title: 'Innovation Fair',
        description: 'The online fair',
        image: 'http://localhost/images/share.png',
        platform,
      });
      expect(calls()[0]?.headers.get('X-Requested-With')).toBe('XMLHttpRequest');
      expect(popup?.location.replace.mock.calls).toEqual([[`https://sharer.example/${platform}?u=1`]]);
      expect(popup?.close).not.toHaveBeenCalled();
    },
  );

  test('the window is open while the server has not answered yet', async () => {
    server.answers['/api/partages'] = 'pending';
    const dialog = await openTestModal({ name: 'social-share' }, page());
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Share on Facebook' }));
    expect(open).toHaveBeenCalledTimes(1);
    expect(calls().map(describeCall)).toEqual(['POST /api/partages']);
    expect(popup?.location.replace).not.toHaveBeenCalled();
  });

  test('a browser that blocks the window anyway: the sharer opens once the address is there', async () => {
    popup = null;
    server.answers['/api/partages'] = { data: { url: 'https://sharer.example/f' } };
    const dialog = await openTestModal({ name: 'social-share' }, page());
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Share on Facebook' }));
    await settle();
    expect(open.mock.calls).toEqual([
      ['about:blank', '_blank'],
      ['https://sharer.example/f', '_blank', 'noopener'],
    ]);
  });

  test('the visitor closed the window meanwhile: it is not opened again', async () => {
    server.answers['/api/partages'] = { data: { url: 'https://sharer.example/f' } };
    const dialog = await openTestModal({ name: 'social-share' }, page());
    const user = userEvent.setup();
    open.mockImplementationOnce(() => {
      popup!.closed = true;
      return popup as unknown as Window;
    });
    await user.click(within(dialog).getByRole('button', { name: 'Share on Facebook' }));
    await settle();
    expect(open).toHaveBeenCalledTimes(1);
    expect(popup?.location.replace).not.toHaveBeenCalled();
  });

  test('French page: the French title and description', async () => {
    server.answers['/api/partages'] = { data: { url: 'https://sharer.example/f' } };
    const dialog = await openTestModal({ name: 'social-share' }, page('fr_FR'));
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Partager sur Facebook' }));
    await settle();
    expect(calls()[0]?.json).toEqual({
      title: 'Salon de l’innovation',
      description: 'Le salon en ligne',
      image: 'http://localhost/images/share.png',
      platform: 'facebook',
    });
  });

  test("an error answer: the API client's toast, the window closes", async () => {
    server.answers['/api/partages'] = { data: { error: true, message: 'Sharing is off' } };
    const dialog = await openTestModal({ name: 'social-share' }, page());
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Share on LinkedIn' }));
    await settle();
    expect(toastTexts('error')).toEqual(['Sharing is off']);
    expect(popup?.close).toHaveBeenCalledTimes(1);
    expect(popup?.location.replace).not.toHaveBeenCalled();
  });

  test('a network failure: the window closes', async () => {
    server.answers['/api/partages'] = 'network';
    const dialog = await openTestModal({ name: 'social-share' }, page());
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Share on LinkedIn' }));
    await settle();
    expect(toastTexts('error')).toEqual(['An error occurred']);
    expect(popup?.close).toHaveBeenCalledTimes(1);
  });

  test('an address that is not a web address is never opened: the window closes', async () => {
    server.answers['/api/partages'] = { data: { url: 'javascript:alert(1)' } };
    const dialog = await openTestModal({ name: 'social-share' }, page());
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Share on Facebook' }));
    await settle();
    expect(popup?.location.replace).not.toHaveBeenCalled();
    expect(popup?.close).toHaveBeenCalledTimes(1);
    expect(open).toHaveBeenCalledTimes(1);
  });
});
