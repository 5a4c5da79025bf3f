import { afterEach, beforeEach, describe, expect, jest, test } from '@jest/globals';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { $consent, activateLocale, clearConsent, setPageData } from '@salon/shared';
import { visitorPageData, withLocale } from '@salon/shared/test/fixtures';
import { mountWidget } from '@salon/shared/test/widgets';
import { mount } from './mount';

let widget: Awaited<ReturnType<typeof mountWidget>> | undefined;
let written: string[];

async function showToaster(locale: 'en_EN' | 'fr_FR' = 'en_EN') {
  setPageData(withLocale(visitorPageData(), locale));
  await act(() => activateLocale(locale));
  widget = await mountWidget(mount);
}

beforeEach(() => {
  act(() => clearConsent());
  written = [];
  const native = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
  jest.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => {
    // The consent cookie only: mounting also writes the time zone's once the page is idle (shared/main/bus/consent.test.ts).
    if (value.startsWith('salon_consent=')) written.push(value);
    native.set!.call(document, value);
  });
});
afterEach(() => {
  widget?.unmount();
  jest.restoreAllMocks();
  act(() => clearConsent());
});

describe('cookie banner (spec §2.4, §9)', () => {
  test('shown while consent is unset, with a link to the cookie policy', async () => {
    await showToaster();
    const banner = screen.getByRole('region', { name: 'Cookie consent' });
    expect(banner).toHaveTextContent('With your consent, the salon uses analytics cookies to measure its audience.');
    expect(within(banner).getByRole('link', { name: 'Cookie policy (opens in a new tab)' })).toHaveAttribute(
      'href',
      'http://localhost/cookies',
    );
  });

  test('Accept sets salon_consent=accepted for 220752000 s (SameSite=Lax) and hides the banner', async () => {
    const user = userEvent.setup();
    await showToaster();
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    expect(written).toEqual(['salon_consent=accepted; Path=/; Max-Age=220752000; SameSite=Lax']);
    expect(document.cookie).toContain('salon_consent=accepted');
    expect($consent.get()).toBe('accepted');
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).not.toBeInTheDocument();
  });

  test('Refuse sets salon_consent=refused for 220752000 s and hides the banner', async () => {
    const user = userEvent.setup();
    await showToaster();
    await user.click(screen.getByRole('button', { name: 'Refuse' }));
    expect(written).toEqual(['salon_consent=refused; Path=/; Max-Age=220752000; SameSite=Lax']);
    expect($consent.get()).toBe('refused');
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).not.toBeInTheDocument();
  });

  test('a choice already made: no banner', async () => {
    await showToaster();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Refuse' }));
    widget?.unmount();
    await showToaster();
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).not.toBeInTheDocument();
  });

  test('in French', async () => {
    await showToaster('fr_FR');
    const banner = screen.getByRole('region', { name: 'Consentement aux cookies' });
    expect(within(banner).getByRole('button', { name: 'Accepter' })).toBeInTheDocument();
    expect(within(banner).getByRole('button', { name: 'Refuser' })).toBeInTheDocument();
    expect(within(banner).getByRole('link', { name: "Politique de cookies (s'ouvre dans un nouvel onglet)" })).toBeInTheDocument();
  });
});
