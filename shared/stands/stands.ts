import { atom, onMount, onStart, readonlyType, type WritableAtom } from 'nanostores';
import type { Stand } from '@salon/shared/contracts/exhibitors';
import type { LocaleCode } from '@salon/shared/contracts/page-data';
import { busSingleton, $pageData, pickLocalized } from '@salon/shared';
// By package name: part of the main entry.
import { getStands } from './api';

export interface StandsState {
  status: 'idle' | 'loading' | 'ready' | 'error';
  /** Keyed by obfuscated id. */
  stands: Record<string, Stand>;
}

/** After a failed load, while someone listens, the next try waits this long, doubled each time up to STANDS_RETRY_MAX_MS. */
export const STANDS_RETRY_MS = 5000;
export const STANDS_RETRY_MAX_MS = 60_000;

interface StandsInternals {
  $state: WritableAtom<StandsState>;
  /** Loads unless loaded or loading. Optional: a copy of this package older than the retry has none. */
  request?: () => void;
  /** Sets the stands, over any load still running. Optional: older copies of this package have none. */
  set?: (stands: Record<string, Stand>) => void;
}

const state = busSingleton('stands', (): StandsInternals => {
  const $state = atom<StandsState>({ status: 'idle', stands: {} });
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let failures = 0;
  const cancelRetry = (): void => {
    if (retryTimer !== null) clearTimeout(retryTimer);
    retryTimer = null;
  };
  /** Each load and each `setStands` takes the next number: only the latest one's answer is kept. */
  let generation = 0;
  // Loaded when first listened to (stand names in the activity stream, the journey); after a failure, again when
  // listened to or asked for anew, and a little later while listened to. On each first listener (`onStart`), not on
  // mount: nanostores unmounts a store a second after its last listener left, and a listener back within that second
  // mounts nothing anew, so a list emptied meanwhile (new page data) would stay unloaded.
  onStart($state, () => request());
  onMount($state, () => cancelRetry);
  // New page data (a login, another story): loaded again at once if listened to, else by the next listener.
  $pageData.listen(() => {
    cancelRetry();
    failures = 0;
    $state.set({ status: 'idle', stands: {} });
    if ($state.lc > 0) void load();
  });
  function request(): void {
    const { status } = $state.get();
    if (status !== 'idle' && status !== 'error') return;
    cancelRetry();
    void load();
  }
  async function load(): Promise<void> {
    const mine = (generation += 1);
    $state.set({ status: 'loading', stands: $state.get().stands });
    try {
      const { stands } = await getStands({ notify: false });
      // A later load, or stands set meanwhile (`setStands`), win over this answer.
      if (mine !== generation) return;
      failures = 0;
      $state.set({ status: 'ready', stands: stands ?? {} });
    } catch {
      if (mine !== generation) return;
      // Names are a nicety: without them the lists say "Unknown stand" until a later try passes.
      $state.set({ status: 'error', stands: {} });
      if ($state.lc > 0 && retryTimer === null) {
        const delay = Math.min(STANDS_RETRY_MS * 2 ** failures, STANDS_RETRY_MAX_MS);
        failures += 1;
        retryTimer = setTimeout(() => {
          retryTimer = null;
          if ($state.lc > 0) request();
        }, delay);
      }
    }
  }
  const set = (stands: Record<string, Stand>): void => {
    generation += 1;
    cancelRetry();
    $state.set({ status: 'ready', stands });
  };
  return { $state, request, set };
});

/** GET /api/stands, when first listened to; after a failure, retried when asked again and, while listened to, after a delay. */
export const $stands = readonlyType(state.$state);

/** Loads the stand list unless it is loaded or loading: a failed load is tried again (adding a stand to the journey). */
export function requestStands(): void {
  state.request?.();
}

/** Stories and tests: stands without the server. */
export function setStands(stands: Record<string, Stand>): void {
  if (state.set) state.set(stands);
  else state.$state.set({ status: 'ready', stands });
}

/** The stand's name in the page's language (niceNameEn in English), or null when unknown. */
export function standName(stands: Record<string, Stand>, standId: string, locale: LocaleCode): string | null {
  const stand = stands[standId];
  if (!stand) return null;
  return pickLocalized(locale, stand.niceName || stand.name, stand.niceNameEn) || stand.name || null;
}
