import { describe, expect, jest, test } from '@jest/globals';
import { clearSalonGlobals, freshModule, secondCopy } from '@salon/shared/test/isolate';
import type { CompiledCatalog } from './catalogs';

/** A fresh page: a new registry and a new Lingui instance with no language yet. */
const freshPage = () => freshModule(() => import('./catalogs'));

function deferred() {
  let resolve: (value: CompiledCatalog) => void = () => undefined;
  const promise = new Promise<CompiledCatalog>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

describe('catalogs', () => {
  test('the first widget activates the page language and loads shared + its own catalog', async () => {
    const page = await freshPage();
    const loader = jest.fn((_locale: string) => Promise.resolve({ messages: { hello: 'Bonjour' } }));
    page.registerCatalog('w', loader);
    expect(page.i18n.locale).toBeFalsy();
    await page.ensureLocale('fr_FR');
    expect(page.i18n.locale).toBe('fr');
    expect(loader).toHaveBeenCalledWith('fr');
    expect(page.i18n._('hello')).toBe('Bonjour');
    expect(document.documentElement.lang).toBe('fr');
  });

  test('each catalog is loaded once per locale', async () => {
    const page = await freshPage();
    const loader = jest.fn((_locale: string) => Promise.resolve({ messages: {} }));
    page.registerCatalog('w', loader);
    await page.activateLocale('en_EN');
    await page.activateLocale('fr_FR');
    await page.activateLocale('en_EN');
    await page.ensureLocale('en_EN');
    expect(loader.mock.calls).toEqual([['en'], ['fr']]);
  });

  test('a widget mounting during a switch follows the switch instead of undoing it', async () => {
    const page = await freshPage();
    await page.activateLocale('en_EN');
    const slow = deferred();
    page.registerCatalog('slow', (locale) => (locale === 'fr' ? slow.promise : Promise.resolve({ messages: {} })));
    const switching = page.activateLocale('fr_FR');
    const mounting = page.ensureLocale('en_EN');
    slow.resolve({ messages: {} });
    await Promise.all([switching, mounting]);
    expect(page.i18n.locale).toBe('fr');
  });

  test('the latest switch wins over a slower earlier one', async () => {
    const page = await freshPage();
    await page.activateLocale('en_EN');
    const slowFrench = deferred();
    page.registerCatalog('w', (locale) => (locale === 'fr' ? slowFrench.promise : Promise.resolve({ messages: {} })));
    const toFrench = page.activateLocale('fr_FR');
    await page.activateLocale('en_EN');
    slowFrench.resolve({ messages: {} });
    await toFrench;
    expect(page.i18n.locale).toBe('en');
  });

  test('two copies of the package on one page share one Lingui instance, even with two copies of Lingui', async () => {
    clearSalonGlobals();
    const first = await secondCopy(() => Promise.all([import('./catalogs'), import('@lingui/core')]));
    const second = await secondCopy(() => Promise.all([import('./catalogs'), import('@lingui/core')]));
    expect(first[1].i18n).not.toBe(second[1].i18n);
    expect(second[0].i18n).toBe(first[0].i18n);
    await second[0].activateLocale('fr_FR');
    expect(first[0].i18n.locale).toBe('fr');
  });
});
