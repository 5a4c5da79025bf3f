import * as React from 'react';
import { Component, startTransition, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nProvider, useLingui } from '@lingui/react';
import { msg } from '@lingui/core/macro';
import { SHARED_INSTANCE } from './instance';
import { singleton } from './singleton';
import { initPageData } from './bus/pageData';
import { initTimeZoneCookie } from './platform/cookies';
import { $locale } from './bus/locale';
import { $sidebar } from './bus/sidebar';
import { ensureLocale, i18n, registerCatalog, type CatalogLoader } from './i18n/catalogs';
import { injectTokens } from './ui/tokens';

/** Props the host page passes to a widget (`data-salon-props`); each widget narrows what it reads. */
export type WidgetProps = Record<string, unknown>;
/** The contract every remote's `./mount` exposes to the loader. */
export type MountFunction = (element: HTMLElement, props?: WidgetProps) => () => void;

export interface MountOptions {
  /** This widget's compiled catalog: `(locale) => import(\`./locales/${locale}/messages.ts\`)`. */
  loadMessages: CatalogLoader;
}

/** One line per mounted widget, for the loader's singleton checks (React, this package, the bus). */
export interface MountedEntry {
  widget: string;
  React: typeof React;
  sharedToken: object;
  $sidebar: typeof $sidebar;
}

export const MOUNTED_KEY = 'salon.mounted';
export function mountedWidgets(): MountedEntry[] {
  return singleton<MountedEntry[]>(MOUNTED_KEY, () => []);
}

function WidgetUnavailable() {
  const { i18n: active } = useLingui();
  return (
    <p className="salon-widget-unavailable" style={{ margin: 0, fontSize: '0.75rem', opacity: 0.7 }}>
      {active._(msg`This part of the page is unavailable.`)}
    </p>
  );
}

class WidgetErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? <WidgetUnavailable /> : this.props.children;
  }
}

/**
 * Builds a widget's `mount`: reads the page data (once per page), loads this widget's messages with
 * the shared ones for the active locale, then renders `Widget` (in a transition: in slices that yield to the
 * browser) inside Lingui's provider and an error boundary, so a failing widget shows a small notice and logs, and the page goes on.
 */
export function createMount(name: string, Widget: ComponentType<WidgetProps>, options: MountOptions): MountFunction {
  return function mount(element, props = {}) {
    initPageData();
    initTimeZoneCookie();
    // The design tokens every widget's styles use (`var(--salon-…)`), once per page.
    injectTokens(element.ownerDocument);
    registerCatalog(name, options.loadMessages);
    const root = createRoot(element, {
      onCaughtError: (error: unknown, info: ErrorInfo) => console.error(`[salon] widget "${name}" failed`, error, info.componentStack),
      onUncaughtError: (error: unknown, info: ErrorInfo) => console.error(`[salon] widget "${name}" failed`, error, info.componentStack),
    });
    const entry: MountedEntry = { widget: name, React, sharedToken: SHARED_INSTANCE, $sidebar };
    mountedWidgets().push(entry);
    let unmounted = false;

    ensureLocale($locale.get().locale)
      .catch((error: unknown) => console.error(`[salon] widget "${name}": i18n failed`, error))
      .then(() => {
        if (unmounted) return;
        // A transition: React renders the widget in slices and gives the main thread back between them, so
        // mounting the page's widgets makes no long task on a slow phone.
        startTransition(() =>
          root.render(
            <I18nProvider i18n={i18n}>
              <WidgetErrorBoundary>
                <Widget {...props} />
              </WidgetErrorBoundary>
            </I18nProvider>,
          ),
        );
      });

    return function unmount() {
      if (unmounted) return;
      unmounted = true;
      const list = mountedWidgets();
      const index = list.indexOf(entry);
      if (index !== -1) list.splice(index, 1);
      root.unmount();
    };
  };
}
