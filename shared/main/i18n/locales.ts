import type { Lang, LocaleCode } from '@salon/shared/contracts/page-data';

/** Lingui's locale names, as in lingui.config.ts. */
export type LinguiLocale = 'en' | 'fr';

export const FALLBACK_LOCALE: LocaleCode = 'en_EN';

const TO_LINGUI: Record<LocaleCode, LinguiLocale> = { en_EN: 'en', fr_FR: 'fr' };
const FROM_LINGUI: Record<LinguiLocale, LocaleCode> = { en: 'en_EN', fr: 'fr_FR' };

export function isLocaleCode(value: unknown): value is LocaleCode {
  return value === 'en_EN' || value === 'fr_FR';
}

export function toLinguiLocale(code: LocaleCode): LinguiLocale {
  return TO_LINGUI[code];
}

export function fromLinguiLocale(locale: string): LocaleCode {
  return locale === 'en' || locale === 'fr' ? FROM_LINGUI[locale] : FALLBACK_LOCALE;
}

/**
 * The browser's preferred language we support: the first French (fr, fr-CA…) or English entry of
 * `navigator.languages` decides, so ['de', 'fr'] gives French; nothing we support gives English.
 */
export function detectBrowserLocale(languages: readonly string[] | undefined = globalThis.navigator?.languages): LocaleCode {
  for (const language of languages ?? []) {
    const lower = language.toLowerCase();
    if (lower.startsWith('fr')) return 'fr_FR';
    if (lower.startsWith('en')) return 'en_EN';
  }
  return FALLBACK_LOCALE;
}

/** The languages offered when the server said nothing. */
export const DEFAULT_LANGS: Lang[] = [
  { name: 'English', prefix_all: 'en_EN', flag: 'gb' },
  { name: 'Français', prefix_all: 'fr_FR', flag: 'fr' },
];

/**
 * Bilingual content (spec §1): English when the locale is en_EN, otherwise French; an empty
 * English field falls back to the French one.
 */
export function pickLocalized(locale: LocaleCode, french: string, english: string | null | undefined): string {
  return locale === 'en_EN' && english ? english : french;
}
