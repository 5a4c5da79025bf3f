export { i18n, activateLocale, ensureLocale, registerCatalog, SHARED_CATALOG, type CatalogLoader, type CompiledCatalog } from './catalogs';
export {
  DEFAULT_LANGS,
  FALLBACK_LOCALE,
  detectBrowserLocale,
  fromLinguiLocale,
  isLocaleCode,
  pickLocalized,
  toLinguiLocale,
  type LinguiLocale,
} from './locales';
export { anonymousVisitors } from './anonymous';
