import { atom, onMount, readonlyType } from 'nanostores';
import type { Stand } from '../api/schemas/exhibitors';
import type { LocaleCode } from '../page-data/types';
import { busSingleton } from '../singleton';
// By package name: part of the main entry.
import { $pageData, pickLocalized } from '@salon/shared';
import { getStands } from '../api/exhibitors';

export interface StandsState {
  status: 'idle' | 'loading' | 'ready' | 'error';
  /** Keyed by obfuscated id. */
  stands: Record<string, Stand>;
}

const state = busSingleton('stands', () => {
  const $state = atom<StandsState>({ status: 'idle', stands: {} });
  // Loaded once per page, when first listened to (stand names in the activity stream).
  onMount($state, () => {
    if ($state.get().status === 'idle') void load();
  });
  $pageData.listen(() => {
    $state.set({ status: 'idle', stands: {} });
    if ($state.lc > 0) void load();
  });
  async function load(): Promise<void> {
    $state.set({ status: 'loading', stands: $state.get().stands });
    try {
      const { stands } = await getStands({ notify: false });
      $state.set({ status: 'ready', stands: stands ?? {} });
    } catch {
      // Names are a nicety: without them the lists say "your stand".
      $state.set({ status: 'error', stands: {} });
    }
  }
  return { $state };
});

/** GET /api/stands, once per page when first listened to. */
export const $stands = readonlyType(state.$state);

/** Stories and tests: stands without the server. */
export function setStands(stands: Record<string, Stand>): void {
  state.$state.set({ status: 'ready', stands });
}

/** The stand's name in the page's language (niceNameEn in English), or null when unknown. */
export function standName(stands: Record<string, Stand>, standId: string, locale: LocaleCode): string | null {
  const stand = stands[standId];
  if (!stand) return null;
  return pickLocalized(locale, stand.niceName || stand.name, stand.niceNameEn) || stand.name || null;
}
