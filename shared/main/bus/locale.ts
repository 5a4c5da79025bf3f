import { atom, readonlyType } from 'nanostores';
import { msg } from '@lingui/core/macro';
import type { LocaleCode, LocaleState } from '@salon/shared/contracts/page-data';
import { busSingleton } from '../singleton';
import { browserLocaleState } from '../page-data/defaults';
import { activateLocale } from '../i18n/catalogs';
import { getLangs, getLocale, putLocale } from '../api/locale';
import { showToast } from './toasts';

const state = busSingleton('locale', () => ({
  $locale: atom<LocaleState>(browserLocaleState()),
  $switching: atom(false),
}));

/** The active locale, the languages offered and whether the switcher shows (spec §3 Locale). */
export const $locale = readonlyType(state.$locale);
/** True while a language switch waits for the server and the catalogs. */
export const $localeSwitching = readonlyType(state.$switching);

/** Set from the page data at start (see `pageData.ts`); does not change Lingui's language. */
export function setLocaleState(locale: LocaleState): void {
  state.$locale.set(locale);
}

/**
 * Switches the whole page to `code` without a reload: tells the server (PUT /api/locale), loads
 * every widget's catalog, activates it. On failure the page stays in its language and a toast says
 * so. Resolves to whether the switch happened.
 */
export async function changeLocale(code: LocaleCode): Promise<boolean> {
  if (state.$locale.get().locale === code && !state.$switching.get()) return true;
  state.$switching.set(true);
  try {
    await putLocale(code, { notify: false });
    await activateLocale(code);
    state.$locale.set({ ...state.$locale.get(), locale: code });
    return true;
  } catch (error) {
    console.error('Language switch failed', error);
    showToast({ kind: 'error', message: msg`Language Switch unavailable.`, unique: true });
    return false;
  } finally {
    state.$switching.set(false);
  }
}

/** Reloads the languages, the user's locale and the multilingual flag from the API (pages without page data). */
export async function refreshLocale(): Promise<void> {
  const [{ langs }, { locale, multi }] = await Promise.all([getLangs(), getLocale()]);
  await activateLocale(locale);
  state.$locale.set({ langs, locale, multilingual: multi && langs.length > 1 });
}
