import { i18n as moduleI18n, type I18n, type Messages } from '@lingui/core';
import type { LocaleCode } from '@salon/shared/contracts/page-data';
import { singleton } from '../singleton';
import { fromLinguiLocale, toLinguiLocale, type LinguiLocale } from './locales';

/** What `lingui compile --typescript` writes in `locales/{locale}/messages.ts`. */
export interface CompiledCatalog {
  messages: Messages;
}
export type CatalogLoader = (locale: LinguiLocale) => Promise<CompiledCatalog>;

interface CatalogRegistry {
  loaders: Map<string, CatalogLoader>;
  /** `${catalog}:${locale}` → the load in flight or done, so each catalog is fetched once per locale. */
  loads: Map<string, Promise<void>>;
  /** The last locale asked for: a slow older switch must not win over a newer one. */
  requested: LinguiLocale | null;
}

/**
 * The page's one Lingui instance. @lingui/core is a federation singleton, but if a remote ever gets
 * its own copy (version mismatch, share-scope race), every I18nProvider still gets the same instance,
 * so a language switch reaches every widget. Components translate through `useLingui()` (the
 * provider's instance), never the global `t` of `@lingui/core/macro`.
 */
export const i18n: I18n = singleton<I18n>('salon.i18n@1/instance', () => moduleI18n);

// Every remote registers its own catalog here; on a language switch all of them are loaded
// before `i18n.activate`, so no widget renders a half-translated page.
const registry = singleton<CatalogRegistry>('salon.i18n@1/catalogs', () => ({
  loaders: new Map(),
  loads: new Map(),
  requested: null,
}));

/** The shared package's own messages (API errors, language switch, widget failure notice). */
export const SHARED_CATALOG = 'shared';
registry.loaders.set(SHARED_CATALOG, (locale) => import(`./locales/${locale}/messages.ts`) as Promise<CompiledCatalog>);

function loadCatalog(name: string, loader: CatalogLoader, locale: LinguiLocale): Promise<void> {
  const key = `${name}:${locale}`;
  let load = registry.loads.get(key);
  if (!load) {
    load = loader(locale).then(
      ({ messages }) => i18n.load(locale, messages),
      (error: unknown) => {
        registry.loads.delete(key);
        console.error(`[salon] could not load the "${name}" messages for "${locale}"`, error);
      },
    );
    registry.loads.set(key, load);
  }
  return load;
}

/** Registers a widget's catalog; `activateLocale`/`ensureLocale` load it. */
export function registerCatalog(name: string, loader: CatalogLoader): void {
  registry.loaders.set(name, loader);
}

/** Loads every registered catalog for `code`, then switches Lingui to it: every I18nProvider re-renders. */
export async function activateLocale(code: LocaleCode): Promise<void> {
  const locale = toLinguiLocale(code);
  registry.requested = locale;
  await Promise.all([...registry.loaders].map(([name, loader]) => loadCatalog(name, loader, locale)));
  if (registry.requested !== locale) return;
  if (i18n.locale !== locale) i18n.activate(locale);
  const root = globalThis.document?.documentElement;
  if (root) root.lang = locale;
}

/**
 * For a widget that mounts: loads the registered catalogs for the language the page is in (or
 * being switched to); `initial` (the page data's) only when Lingui has no language yet. A widget
 * mounting mid-switch thus never undoes the switch. Resolves when the widget can render.
 */
export function ensureLocale(initial: LocaleCode): Promise<void> {
  const current = registry.requested ?? (i18n.locale || null);
  return activateLocale(current ? fromLinguiLocale(current) : initial);
}
