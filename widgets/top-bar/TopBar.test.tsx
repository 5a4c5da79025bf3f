import { afterEach, beforeEach, describe, expect, jest, test } from '@jest/globals';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { $toasts, activateLocale, clearToasts, i18n, setPageData, type PageDataInput } from '@salon/shared';
import {
  administratorPageData,
  anonymousPageData,
  exhibitorPageData,
  promoterPageData,
  visitorPageData,
  withLocale,
} from '@salon/shared/page-data/fixtures';
import { installFetch, jsonResponse } from '@salon/shared/test/fetch';
import { mountWidget } from '@salon/shared/test/widgets';
import { mount } from './mount';
import { barBackground, clampStyleValue } from './store';

let widget: Awaited<ReturnType<typeof mountWidget>> | undefined;
let fetchMock: ReturnType<typeof installFetch> | undefined;

async function showTopBar(data: PageDataInput) {
  setPageData(data);
  await act(() => activateLocale(data.locale?.locale ?? 'en_EN'));
  widget = await mountWidget(mount);
  return screen.getByRole('navigation', { name: data.locale?.locale === 'fr_FR' ? 'Menu principal' : 'Main menu' });
}

beforeEach(() => {
  document.documentElement.lang = '';
});
afterEach(() => {
  widget?.unmount();
  fetchMock?.restore();
  fetchMock = undefined;
  act(() => clearToasts());
});

describe('top bar links by profile', () => {
  test('visitor: logo, Home, Profile, Leave the room; no account link', async () => {
    const nav = await showTopBar(visitorPageData());
    expect(within(nav).getByText('Innovation Fair')).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Home' })).toHaveAttribute('href', 'http://localhost/salon');
    expect(within(nav).getByRole('link', { name: 'Profile' })).toHaveAttribute('href', 'http://localhost/profil');
    expect(within(nav).queryByRole('link', { name: 'My account' })).not.toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Leave the room' })).toHaveAttribute('href', 'http://localhost/deconnexion');
  });

  test.each([
    ['exhibitor', exhibitorPageData(), 'http://localhost/exposant'],
    ['promoter', promoterPageData(), 'http://localhost/organisateur'],
    ['administrator', administratorPageData(), 'http://localhost/admin'],
  ])('%s: My account to their own area, no Profile', async (_profile, data, href) => {
    const nav = await showTopBar(data);
    expect(within(nav).getByRole('link', { name: 'My account' })).toHaveAttribute('href', href);
    expect(within(nav).queryByRole('link', { name: 'Profile' })).not.toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Leave the room' })).toBeInTheDocument();
  });

  test('anonymous: no Leave the room, no Profile, no account', async () => {
    const nav = await showTopBar(anonymousPageData());
    expect(within(nav).getByRole('link', { name: 'Home' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Leave the room' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Profile' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'My account' })).not.toBeInTheDocument();
  });

  test('a visitor without a profile page gets no Profile link', async () => {
    const data = visitorPageData();
    const nav = await showTopBar({ ...data, user: { ...data.user, profileRoute: null } });
    expect(within(nav).queryByRole('link', { name: 'Profile' })).not.toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Leave the room' })).toBeInTheDocument();
  });
});

describe('language', () => {
  test('monolingual: no language switcher', async () => {
    const nav = await showTopBar(withLocale(visitorPageData(), 'en_EN', false));
    expect(within(nav).queryByRole('button', { name: /Language/ })).not.toBeInTheDocument();
  });

  test('French page: French labels and the French room name', async () => {
    const nav = await showTopBar(withLocale(exhibitorPageData(), 'fr_FR'));
    expect(within(nav).getByText('Salon de l’innovation')).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Accueil' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Mon compte' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Quitter le salon' })).toBeInTheDocument();
    expect(within(nav).getByRole('button', { name: 'Langue : Français' })).toBeInTheDocument();
  });

  test('switching to French calls PUT /api/locale and re-renders in French without a reload', async () => {
    fetchMock = installFetch(() => jsonResponse({ data: { locale: 'fr_FR' } }));
    const user = userEvent.setup();
    const nav = await showTopBar(visitorPageData());
    const toggle = within(nav).getByRole('button', { name: 'Language: English' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(within(nav).getByRole('button', { name: 'English' })).toHaveAttribute('aria-current', 'true');
    await user.click(within(nav).getByRole('button', { name: 'Français' }));

    const french = await screen.findByRole('navigation', { name: 'Menu principal' });
    expect(within(french).getByRole('link', { name: 'Accueil' })).toBeInTheDocument();
    expect(within(french).getByRole('link', { name: 'Profil' })).toBeInTheDocument();
    expect(within(french).getByText('Salon de l’innovation')).toBeInTheDocument();
    expect(within(french).getByRole('button', { name: 'Langue : Français' })).toHaveAttribute('aria-expanded', 'false');
    expect(fetchMock.requests).toHaveLength(1);
    expect(fetchMock.requests[0]).toMatchObject({ method: 'PUT', json: { lang: 'fr_FR' } });
    expect(fetchMock.requests[0]?.url.pathname).toBe('/api/locale');
  });

  test('a failing switch keeps English and shows the "Language Switch unavailable." toast', async () => {
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    fetchMock = installFetch(() => new Response('', { status: 503, statusText: 'Service Unavailable' }));
    const user = userEvent.setup();
    const nav = await showTopBar(visitorPageData());
    await user.click(within(nav).getByRole('button', { name: 'Language: English' }));
    await user.click(within(nav).getByRole('button', { name: 'Français' }));

    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(within(nav).getByRole('link', { name: 'Home' })).toBeInTheDocument();
    const toasts = $toasts.get();
    expect(toasts).toHaveLength(1);
    expect(toasts[0]?.kind).toBe('error');
    const message = toasts[0]!.message;
    expect(typeof message === 'string' ? message : i18n._(message)).toBe('Language Switch unavailable.');
    errors.mockRestore();
  });

  test('Escape closes the language list and gives focus back to its button', async () => {
    const user = userEvent.setup();
    const nav = await showTopBar(visitorPageData());
    const toggle = within(nav).getByRole('button', { name: 'Language: English' });
    await user.click(toggle);
    expect(within(nav).getByRole('button', { name: 'Français' })).toBeVisible();
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(within(nav).queryByRole('button', { name: 'Français' })).not.toBeInTheDocument();
    expect(toggle).toHaveFocus();
  });

  test('a click elsewhere or tabbing away closes the language list', async () => {
    const user = userEvent.setup();
    const nav = await showTopBar(visitorPageData());
    const toggle = within(nav).getByRole('button', { name: 'Language: English' });
    await user.click(toggle);
    await user.click(within(nav).getByText('Innovation Fair'));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    await user.tab();
    expect(within(nav).getByRole('button', { name: 'English' })).toHaveFocus();
    await user.tab();
    await user.tab();
    expect(within(nav).getByRole('link', { name: 'Profile' })).toHaveFocus();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });
});

describe('background', () => {
  test('opacity and blur come from the sidebar style, clamped to 0–100', () => {
    expect(clampStyleValue(-5, 100)).toBe(0);
    expect(clampStyleValue(250, 0)).toBe(100);
    expect(clampStyleValue(42, 0)).toBe(42);
    expect(clampStyleValue('60', 0)).toBe(60);
    expect(clampStyleValue('abc', 100)).toBe(100);
    expect(barBackground({ opacity: 150, blur: -3 })).toEqual({ backgroundColor: 'rgba(255, 255, 255, 1)', backdropFilter: 'blur(0px)' });
    expect(barBackground({ opacity: 85, blur: 6 })).toEqual({ backgroundColor: 'rgba(255, 255, 255, 0.85)', backdropFilter: 'blur(6px)' });
  });

  test('the bar uses them', async () => {
    const data = visitorPageData();
    const nav = await showTopBar({ ...data, parameters: { ...data.parameters, styles: { sidebar: { opacity: -20, blur: 250 } } } });
    expect(nav.style.backgroundColor).toBe('rgba(255, 255, 255, 0)');
    expect(nav.style.backdropFilter).toBe('blur(100px)');
  });
});
