import { jest } from '@jest/globals';
import { act } from '@testing-library/react';
import {
  $toasts,
  activateLocale,
  clearToasts,
  hideSidebar,
  i18n,
  setPageData,
  type MountFunction,
  type PageDataInput,
  type WidgetProps,
} from '@salon/shared';
import { visitorPageData } from '@salon/shared/test/fixtures';

/** The widgets mounted and not unmounted yet (`cleanUpWidgets` unmounts them). */
const mounted = new Set<() => void>();

/**
 * Mounts a widget the way the loader does (its real `mount`) into a fresh element and waits until
 * its catalogs are loaded and it has rendered.
 */
export async function mountWidget(mount: MountFunction, props?: WidgetProps) {
  const element = document.createElement('div');
  document.body.append(element);
  let unmount: () => void = () => undefined;
  await act(async () => {
    unmount = mount(element, props);
    // Catalogs load through promise chains; one macrotask lets all of them settle.
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
  const take = () => {
    if (!mounted.delete(take)) return;
    act(() => unmount());
    element.remove();
  };
  mounted.add(take);
  return { element, unmount: take };
}

/** A widget mounted on a page: sets the page data, activates its locale (the catalogs load), then mounts the widget. */
export async function showWidget(mount: MountFunction, page: PageDataInput, props?: WidgetProps) {
  setPageData(page);
  await act(() => activateLocale(page.locale?.locale ?? 'en_EN'));
  return mountWidget(mount, props);
}

/**
 * The page a test starts on: the visitor's page data, in English, with `console.error` silenced (the code under test
 * logs the failures it is made to meet); resolves with that spy.
 */
export async function startOnVisitorPage() {
  const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  setPageData(visitorPageData());
  await activateLocale('en_EN');
  return errors;
}

/** The toasts' texts as the person reads them (translated). */
export function toastTexts(): string[] {
  return $toasts.get().map((toast) => (typeof toast.message === 'string' ? toast.message : i18n._(toast.message)));
}

/**
 * What a widget test undoes after each test, in this order: the widgets still mounted, the fetch stub, the toasts and
 * the open sidebar, then jest's spies.
 */
export function cleanUpWidgets(fetchStub?: { restore(): void }): void {
  for (const unmount of [...mounted]) unmount();
  fetchStub?.restore();
  act(() => {
    clearToasts();
    hideSidebar();
  });
  jest.restoreAllMocks();
}

type MediaListener = (event: { matches: boolean }) => void;

/**
 * Replaces `window.matchMedia` with one whose every query matches or not as the test says: install it before the
 * first mount (the stores that follow a query read it then). `set(matches)` changes it and tells the listeners.
 */
export function fakeMatchMedia() {
  let current = false;
  const listeners = new Set<MediaListener>();
  window.matchMedia = ((query: string) => ({
    get matches() {
      return current;
    },
    media: query,
    addEventListener: (_type: string, listener: MediaListener) => listeners.add(listener),
    removeEventListener: (_type: string, listener: MediaListener) => listeners.delete(listener),
  })) as unknown as typeof window.matchMedia;
  return {
    set(matches: boolean) {
      current = matches;
      act(() => listeners.forEach((listener) => listener({ matches })));
    },
  };
}

/** What `mountWidget` and `showWidget` resolve with. */
export type MountedWidget = Awaited<ReturnType<typeof mountWidget>>;
