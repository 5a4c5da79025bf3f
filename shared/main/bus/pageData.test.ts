import { afterEach, beforeEach, describe, expect, jest, test } from '@jest/globals';
import { freshModule } from '@salon/shared/test/isolate';
import { exhibitorPageData, withLocale } from '@salon/shared/test/fixtures';

const loadBus = () =>
  freshModule(async () => {
    const [pageData, locale] = await Promise.all([import('./pageData'), import('./locale')]);
    return { ...pageData, ...locale };
  });

function putElement(text: string): HTMLScriptElement {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = 'salon-page-data';
  element.textContent = text;
  document.body.append(element);
  return element;
}

let errors: ReturnType<typeof jest.spyOn>;
beforeEach(() => {
  errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  document.body.innerHTML = '';
  errors.mockRestore();
});

describe('initPageData()', () => {
  test('parses the page data element into the stores, locale included', async () => {
    putElement(JSON.stringify(withLocale(exhibitorPageData(), 'fr_FR')));
    const bus = await loadBus();
    bus.initPageData();
    expect(bus.$user.get().profile).toBe('exhibitor');
    expect(bus.$parameters.get().room_name).toBe('Salon de l’innovation');
    expect(bus.isFeatureOn(bus.$features.get(), 'journey')).toBe(true);
    expect(bus.$locale.get().locale).toBe('fr_FR');
    expect(errors).not.toHaveBeenCalled();
  });

  test('reads the element once per page: later calls return what was read', async () => {
    const element = putElement(JSON.stringify(exhibitorPageData()));
    const bus = await loadBus();
    const first = bus.initPageData();
    element.textContent = '{"user": {"profile": "visitor"}}';
    expect(bus.initPageData()).toBe(first);
    expect(bus.$user.get().profile).toBe('exhibitor');
  });

  test('a missing element: anonymous defaults, the browser language, and a console error', async () => {
    Object.defineProperty(navigator, 'languages', { value: ['fr-CA', 'en'], configurable: true });
    const bus = await loadBus();
    bus.initPageData();
    expect(bus.$user.get().anonymous).toBe(true);
    expect(bus.$locale.get().locale).toBe('fr_FR');
    expect(errors).toHaveBeenCalledWith(expect.stringContaining('page data element is missing'));
    Object.defineProperty(navigator, 'languages', { value: ['en-US', 'en'], configurable: true });
  });

  test('invalid JSON: anonymous defaults and a console error, no exception', async () => {
    putElement('{not json');
    const bus = await loadBus();
    expect(() => bus.initPageData()).not.toThrow();
    expect(bus.$user.get().anonymous).toBe(true);
    expect(errors).toHaveBeenCalledWith(expect.stringContaining('not valid JSON'));
  });

  test('setPageData replaces the data and the locale (stories, tests, hosts without the element)', async () => {
    const bus = await loadBus();
    bus.setPageData(withLocale(exhibitorPageData(), 'fr_FR', false));
    expect(bus.$user.get().profile).toBe('exhibitor');
    expect(bus.$locale.get()).toMatchObject({ locale: 'fr_FR', multilingual: false });
    bus.initPageData();
    expect(errors).not.toHaveBeenCalled();
  });
});
