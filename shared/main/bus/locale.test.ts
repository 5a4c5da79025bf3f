import { afterEach, beforeEach, describe, expect, type jest, test } from '@jest/globals';
import { $locale, $localeSwitching, changeLocale, refreshLocale } from './locale';
import { $toasts, clearToasts } from './toasts';
import { activateLocale, i18n } from '../i18n/catalogs';
import { installFetch, jsonResponse } from '@salon/shared/test/fetch';
import { startOnVisitorPage } from '@salon/shared/test/widgets';

let fetchMock: ReturnType<typeof installFetch> | undefined;
let errors: ReturnType<typeof jest.spyOn>;

beforeEach(async () => {
  errors = await startOnVisitorPage();
});
afterEach(() => {
  fetchMock?.restore();
  clearToasts();
  errors.mockRestore();
});

describe('changeLocale()', () => {
  test('tells the server, then switches Lingui and the store live', async () => {
    fetchMock = installFetch(() => jsonResponse({ data: { locale: 'fr_FR' } }));
    const switching = changeLocale('fr_FR');
    expect($localeSwitching.get()).toBe(true);
    await expect(switching).resolves.toBe(true);
    expect(fetchMock.requests).toHaveLength(1);
    expect(fetchMock.requests[0]).toMatchObject({ method: 'PUT', json: { lang: 'fr_FR' } });
    expect(i18n.locale).toBe('fr');
    expect($locale.get().locale).toBe('fr_FR');
    expect(document.documentElement.lang).toBe('fr');
    expect($localeSwitching.get()).toBe(false);
  });

  test('the active language: nothing to do, no call', async () => {
    fetchMock = installFetch(() => jsonResponse({ data: {} }));
    await expect(changeLocale('en_EN')).resolves.toBe(true);
    expect(fetchMock.requests).toHaveLength(0);
  });

  test('a failing server: stays in English and shows one "Language Switch unavailable." toast', async () => {
    fetchMock = installFetch(() => new Response('', { status: 500, statusText: 'Internal Server Error' }));
    await expect(changeLocale('fr_FR')).resolves.toBe(false);
    expect(i18n.locale).toBe('en');
    expect($locale.get().locale).toBe('en_EN');
    const toasts = $toasts.get();
    expect(toasts).toHaveLength(1);
    expect(toasts[0]?.kind).toBe('error');
    const message = toasts[0]?.message;
    expect(typeof message === 'string' ? message : i18n._(message!)).toBe('Language Switch unavailable.');
    await activateLocale('fr_FR');
    expect(typeof message === 'string' ? message : i18n._(message!)).toBe('Changement de langue indisponible.');
  });
});

describe('refreshLocale()', () => {
  test('reads the languages and the multilingual flag from the API', async () => {
    fetchMock = installFetch((request) =>
      new URL(request.url).pathname === '/api/langs'
        ? jsonResponse({
            data: {
              langs: [
                { name: 'Français', prefix_all: 'fr_FR', flag: 'fr' },
                { name: 'English', prefix_all: 'en_EN', flag: 'gb' },
              ],
            },
          })
        : jsonResponse({ data: { locale: 'fr_FR', multi: true } }),
    );
    await refreshLocale();
    expect(i18n.locale).toBe('fr');
    expect($locale.get()).toEqual({
      locale: 'fr_FR',
      multilingual: true,
      langs: [
        { name: 'Français', prefix_all: 'fr_FR', flag: 'fr' },
        { name: 'English', prefix_all: 'en_EN', flag: 'gb' },
      ],
    });
  });
});
