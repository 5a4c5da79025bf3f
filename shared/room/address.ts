import { busSingleton, path as routePath } from '@salon/shared';
import { goToPanorama } from './standVisit';
import { setCurrentPanorama } from './room';

/**
 * The room's address (spec §2.1: history mode under the base path `salon`, the room being its route '/'): `/salon`
 * is the Welcome hall, `/salon/<panorama>` any other place ('plan', 'conference' or a stand's slug). The page opens
 * the panorama its address names (the frame is asked for it: `framePanoramaSource`), each move of the visitor in the
 * frame becomes a new entry of the browser's history, and Back and Forward move the frame between the places.
 */

const SLUG = /^[a-z0-9][a-z0-9-]{0,79}$/;
const ROOM_PATH = /^(.*\/salon)(?:\/([^/]*))?\/?$/;

/** The room's base path and the panorama a path names ('home' for the base itself); null off the room's path. */
export function panoramaOfPath(pathname: string): { base: string; panorama: string } | null {
  const match = ROOM_PATH.exec(pathname);
  const base = match?.[1];
  if (!match || base === undefined) return null;
  let segment = match[2] ?? '';
  try {
    segment = decodeURIComponent(segment).toLowerCase();
  } catch {
    return { base, panorama: 'home' };
  }
  return { base, panorama: segment && SLUG.test(segment) ? segment : 'home' };
}

/** The path of a panorama under the room's base path. */
export function pathOfPanorama(base: string, panorama: string): string {
  return panorama === 'home' ? base : `${base}/${panorama}`;
}

/** The frame's address asked to start on the panorama of the page's address (`?panorama=`; the frame ignores an unknown one). */
export function framePanoramaSource(src: string, pathname: string): string {
  const panorama = panoramaOfPath(pathname)?.panorama;
  if (!panorama || panorama === 'home') return src;
  try {
    const address = new URL(src);
    address.searchParams.set('panorama', panorama);
    return address.href;
  } catch {
    return src;
  }
}

const state = busSingleton('roomAddress', () => ({ installed: false, reported: false }));

function historyOf(): { win: Window; base: string } | null {
  const win = globalThis.window as Window | undefined;
  if (!win?.history || !win.location) return null;
  const here = panoramaOfPath(win.location.pathname);
  return here ? { win, base: here.base } : null;
}

/** Back and Forward move the frame to the place the address names. */
function installPopState(): void {
  const win = globalThis.window as Window | undefined;
  if (state.installed || !win) return;
  state.installed = true;
  win.addEventListener('popstate', () => {
    const here = panoramaOfPath(win.location.pathname);
    if (here) goToPanorama(here.panorama);
  });
}

/**
 * The frame shows `panorama` (its `panorama_view`): the host records it and writes it in the address. The frame's
 * first place after it loaded replaces the address (an unknown stand's address becomes `/salon`, Back does not
 * return to it); every other move adds an entry, unless the address already names it (a move made by Back).
 */
export function panoramaShown(panorama: string): void {
  if (!SLUG.test(panorama)) return;
  setCurrentPanorama(panorama);
  const target = historyOf();
  if (!target) return;
  installPopState();
  const { win, base } = target;
  const path = pathOfPanorama(base, panorama);
  const first = !state.reported;
  state.reported = true;
  if (win.location.pathname === path) return;
  const address = `${path}${win.location.search}`;
  if (first) win.history.replaceState(win.history.state, '', address);
  else win.history.pushState(null, '', address);
}

/** A new frame loads (first load, language switch, consent): its first place replaces the address. */
export function frameReloading(): void {
  state.reported = false;
}

/**
 * The login page (its account-creation part with `register`), asked to bring the visitor back to `panorama` in the
 * room (`retour`, checked by the server).
 */
export function loginHref(panorama: string | null, register = false): string {
  const retour = routePath('room', panorama && panorama !== 'home' ? { path: panorama } : {});
  return routePath('login', {}, { query: { retour }, ...(register ? { hash: 'register-title' } : {}) });
}
