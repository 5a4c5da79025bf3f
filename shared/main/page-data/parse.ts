import type { LocaleState, PageData } from '@salon/shared/contracts/page-data';
import { DEFAULT_FEEDBACK_DELAY, browserLocaleState, defaultPageData } from './defaults';
import { isLocaleCode } from '../i18n/locales';

/** A partial page data, as tests, stories and older servers may give. */
export type PageDataInput = DeepPartial<PageData>;
export type DeepPartial<T> = T extends readonly unknown[] ? T : T extends object ? { [K in keyof T]?: DeepPartial<T[K]> } : T;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function merge<T extends object>(defaults: T, given: unknown): T {
  return isRecord(given) ? ({ ...defaults, ...given } as T) : defaults;
}

function normalizeLocale(given: unknown): LocaleState {
  if (!isRecord(given) || !isLocaleCode(given.locale)) return browserLocaleState();
  const fallback = browserLocaleState();
  const langs = Array.isArray(given.langs)
    ? given.langs.filter(
        (lang): lang is LocaleState['langs'][number] => isRecord(lang) && isLocaleCode(lang.prefix_all) && typeof lang.name === 'string',
      )
    : fallback.langs;
  return { locale: given.locale, langs, multilingual: given.multilingual === true && langs.length > 1 };
}

/**
 * The opinion popup's delay in seconds (spec §4.9): a finite number, or a string holding one; anything else (null,
 * '', a word, a boolean) is the default 1200, not 0, which would turn the popup off.
 */
export function feedbackDelaySeconds(given: unknown): number {
  const value = typeof given === 'string' && given.trim() !== '' ? Number(given) : given;
  return typeof value === 'number' && Number.isFinite(value) ? value : DEFAULT_FEEDBACK_DELAY;
}

/**
 * Fills what the server left out with the anonymous defaults, section by section, so a widget can
 * read any field without checking. Unknown fields are kept (the contract only ever adds fields).
 */
export function normalizePageData(given: unknown): PageData {
  const defaults = defaultPageData();
  if (!isRecord(given)) return defaults;
  const parameters = merge(defaults.parameters, given.parameters);
  const styles = merge(defaults.parameters.styles, parameters.styles);
  return {
    ...defaults,
    ...given,
    version: 1,
    user: merge(defaults.user, given.user),
    feedback_delay: feedbackDelaySeconds(given.feedback_delay),
    parameters: {
      ...parameters,
      feedback_delay: feedbackDelaySeconds(parameters.feedback_delay),
      styles: { ...styles, sidebar: merge(defaults.parameters.styles.sidebar, styles.sidebar) },
    },
    features: merge(defaults.features, given.features),
    locale: normalizeLocale(given.locale),
    contests_entered: Array.isArray(given.contests_entered)
      ? given.contests_entered.filter((name): name is string => typeof name === 'string')
      : [],
  } as PageData;
}

export interface ParsedPageData {
  data: PageData;
  /** Why the defaults were used, or null when the element was read. */
  problem: string | null;
}

/** Parses the text of `<script type="application/json" id="salon-page-data">` (null when absent). */
export function parsePageData(text: string | null | undefined): ParsedPageData {
  if (text === null || text === undefined) return { data: defaultPageData(), problem: 'page data element is missing' };
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    return { data: defaultPageData(), problem: `page data is not valid JSON (${(error as Error).message})` };
  }
  if (!isRecord(raw)) return { data: defaultPageData(), problem: 'page data is not an object' };
  return { data: normalizePageData(raw), problem: null };
}
