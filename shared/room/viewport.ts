import { atom, onMount, readonlyType } from 'nanostores';
import { busSingleton } from '@salon/shared';

/** Spec §9 mobile breakpoint. */
export const MOBILE_MEDIA_QUERY = '(max-width: 750px)';

function query(): MediaQueryList | null {
  return typeof globalThis.matchMedia === 'function' ? globalThis.matchMedia(MOBILE_MEDIA_QUERY) : null;
}

const $slot = busSingleton('viewport', () => {
  const store = atom<boolean>(query()?.matches ?? false);
  onMount(store, () => {
    const list = query();
    if (!list) return undefined;
    store.set(list.matches);
    const update = (event: MediaQueryListEvent) => store.set(event.matches);
    list.addEventListener('change', update);
    return () => list.removeEventListener('change', update);
  });
  return store;
});

/** True at 750 px wide or less (the compact layouts). */
export const $isMobile = readonlyType($slot);
