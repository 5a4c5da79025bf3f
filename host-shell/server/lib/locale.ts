import type { Lang, LocaleCode } from '@salon/shared/contracts/page-data';

export const LOCALE_COOKIE = 'salon_locale';
export const FALLBACK_LOCALE: LocaleCode = 'en_EN';

export const LANGS: readonly Lang[] = [
  { name: 'English', prefix_all: 'en_EN', flag: 'gb' },
  { name: 'Français', prefix_all: 'fr_FR', flag: 'fr' },
];

/** The language switcher of the server-rendered pages' header posts here (routes/pages/locale.ts): a form, no JavaScript needed. */
export const LOCALE_FORM_PATH = '/langue';

export const isLocale = (value: unknown): value is LocaleCode => LANGS.some((l) => l.prefix_all === value);

/** `en_EN` → `en`: the html `lang` attribute and the room frame's `lang` parameter. */
export const languageOf = (locale: LocaleCode): string => locale.slice(0, 2);

/** Best supported locale of an Accept-Language header, honouring q-values. */
export function fromAcceptLanguage(header: string | undefined): LocaleCode | null {
  if (!header) return null;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { lang: tag.trim().toLowerCase().slice(0, 2), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const { lang } of ranked) {
    const match = LANGS.find((l) => languageOf(l.prefix_all) === lang);
    if (match) return match.prefix_all;
  }
  return null;
}

/**
 * The page locale: the explicit choice — a switcher's, in this browser's cookie, else the one a switcher saved on the
 * account — else the browser's, else English. Only the switchers save a language on an account (never the browser's).
 */
export function resolveLocale(
  cookie: string | undefined,
  userLocale: string | null | undefined,
  acceptLanguage: string | undefined,
): LocaleCode {
  if (isLocale(cookie)) return cookie;
  if (isLocale(userLocale)) return userLocale;
  return fromAcceptLanguage(acceptLanguage) ?? FALLBACK_LOCALE;
}

/** Bilingual content: English when the locale is en_EN, otherwise French (spec §1). */
export function pick<T>(locale: LocaleCode, fr: T, en: T): T {
  return locale === 'en_EN' ? en : fr;
}

/** A path of this site to go back to: `/faq`, `/salon/stand/x?y`; never `//host`, `/\host` or an address. */
export function localPath(value: unknown): string | null {
  if (typeof value !== 'string' || !value.startsWith('/') || value.length > 2000) return null;
  if (value.startsWith('//') || value.startsWith('/\\') || [...value].some((c) => c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127))
    return null;
  return value;
}
