import { atom, onMount, readonlyType } from 'nanostores';
import { busSingleton } from '@salon/shared';

/** Spec §4.12 "Fullscreen: on/off"; `available` is `document.fullscreenEnabled`. */
export interface FullscreenState {
  on: boolean;
  available: boolean;
}

function read(): FullscreenState {
  const doc = globalThis.document as Document | undefined;
  return { on: Boolean(doc?.fullscreenElement), available: doc?.fullscreenEnabled === true };
}

/** A new value only when something changed: listeners hear each change once. */
function sync(store: { get(): FullscreenState; set(value: FullscreenState): void }): void {
  const next = read();
  const current = store.get();
  if (next.on !== current.on || next.available !== current.available) store.set(next);
}

const $slot = busSingleton('fullscreen', () => {
  const store = atom<FullscreenState>(read());
  // Follows the browser (Escape, F11, another widget) while someone listens.
  onMount(store, () => {
    sync(store);
    const update = () => sync(store);
    document.addEventListener('fullscreenchange', update);
    return () => document.removeEventListener('fullscreenchange', update);
  });
  return store;
});

export const $fullscreen = readonlyType($slot);

/** Enters or leaves fullscreen for the whole page. The state follows the browser's fullscreenchange. */
export async function toggleFullscreen(): Promise<void> {
  const doc = globalThis.document as Document | undefined;
  if (!doc?.fullscreenEnabled) return;
  try {
    if (doc.fullscreenElement) await doc.exitFullscreen();
    else await doc.documentElement.requestFullscreen();
  } catch (error) {
    console.error('Fullscreen change refused', error);
  }
  sync($slot);
}
