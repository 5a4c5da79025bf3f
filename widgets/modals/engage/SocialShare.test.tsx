import { afterEach, beforeEach, describe, expect, jest, test } from '@jest/globals';
import { within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PageDataInput } from '@salon/shared';
import { visitorPageData, withLocale } from '@salon/shared/page-data/fixtures';
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

let open: jest.Mock<(url?: string | URL, target?: string, features?: string) => Window | null>;
beforeEach(() => {
  startServer();
  open = jest.fn(() => null);
  window.open = open as unknown as typeof window.open;
});
afterEach(stopServer);

describe('the social share (spec §2.4, §7, §9)', () => {
  test('one button per platform: Facebook, LinkedIn, X (Twitter)', async () => {
    const dialog = await openTestModal({ name: 'social-share' }, page());
    expect(dialog).toHaveAccessibleName('Share on social media');
    expect(within(dialog).getAllByRole('button', { name: /^Share on / }).map((button) => button.textContent)).toEqual([
      'Share on Facebook',
      'Share on LinkedIn',
      'Share on X (Twitter)',
    ]);
  });

  test.each([
    ['Facebook', 'facebook'],
    ['LinkedIn', 'linkedin'],
    ['X (Twitter)', 'twitter'],
  ])('%s: POST /api/partages with the platform and the English texts, then the sharer opens in a new window', async (name, platform) => {
    server.answers['/api/partages'] = { data: { url: `https://sharer.example/${platform}?u=1` } };
    const dialog = await openTestModal({ name: 'social-share' }, page());
    await userEvent.setup().click(within(dialog).getByRole('button', { name: `Share on ${name}` }));
    await settle();
    expect(calls().map(describeCall)).toEqual(['POST /api/partages']);
    expect(calls()[0]?.json).toEqual({ title: 'Innovation Fair', description: 'The online fair', image: 'http://localhost/images/share.png', platform });
    expect(calls()[0]?.headers.get('X-Requested-With')).toBe('XMLHttpRequest');
    expect(open).toHaveBeenCalledWith(`https://sharer.example/${platform}?u=1`, '_blank', 'noopener');
  });

  test('French page: the French title and description', async () => {
    server.answers['/api/partages'] = { data: { url: 'https://sharer.example/f' } };
    const dialog = await openTestModal({ name: 'social-share' }, page('fr_FR'));
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Partager sur Facebook' }));
    await settle();
    expect(calls()[0]?.json).toEqual({ title: 'Salon de l’innovation', description: 'Le salon en ligne', image: 'http://localhost/images/share.png', platform: 'facebook' });
  });

  test('an error answer: the API client\'s toast, nothing opens', async () => {
    server.answers['/api/partages'] = { data: { error: true, message: 'Sharing is off' } };
    const dialog = await openTestModal({ name: 'social-share' }, page());
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Share on LinkedIn' }));
    await settle();
    expect(toastTexts('error')).toEqual(['Sharing is off... Open console for more details']);
    expect(open).not.toHaveBeenCalled();
  });

  test('an address that is not a web address is never opened', async () => {
    server.answers['/api/partages'] = { data: { url: 'javascript:alert(1)' } };
    const dialog = await openTestModal({ name: 'social-share' }, page());
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Share on Facebook' }));
    await settle();
    expect(open).not.toHaveBeenCalled();
  });
});
