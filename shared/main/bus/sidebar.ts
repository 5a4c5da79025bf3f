import { atom, readonlyType } from 'nanostores';
import { ensureWidget } from '../loader';
import { busSingleton } from '../singleton';

/** The one sidebar slot (spec §2.2): at most one sidebar is visible, so showing one hides the others. */
export type Sidebar =
  | { name: 'chat'; userId?: string }
  | { name: 'journey' }
  | { name: 'company-sheet'; companyId: string }
  | { name: 'contact-point'; standId: string }
  | { name: 'activity-stream' }
  /** The programme (issue 38): the talks, My agenda, or a stand's meeting slots to book one. */
  | { name: 'programme'; view?: 'talks' | 'agenda' | 'slots'; standId?: string };
export type SidebarName = Sidebar['name'];

const $slot = busSingleton('sidebar', () => {
  const slot = atom<Sidebar | null>(null);
  // Each sidebar is its own lazy widget, named like the sidebar: opening it mounts it.
  slot.listen((value) => {
    if (value) void ensureWidget(value.name);
  });
  return slot;
});

/** The open sidebar, or null. Written only through `showSidebar` / `hideSidebar`. */
export const $sidebar = readonlyType($slot);

// What had the focus when a sidebar opened on an empty slot (the top bar's button, the room's frame), and whether
// the focus still has to move into the sidebar that was just shown (it mounts later: its widget loads lazily).
const opener = busSingleton('sidebar-opener', () => ({ element: null as HTMLElement | null, focusPending: false }));

export function showSidebar(sidebar: Sidebar): void {
  const current = $slot.get();
  if (current === null) {
    const active = globalThis.document?.activeElement;
    opener.element = active instanceof HTMLElement && active !== document.body ? active : null;
  }
  if (current?.name !== sidebar.name) opener.focusPending = true;
  $slot.set(sidebar);
}

/**
 * Whether the sidebar now mounting should take the focus (once per opening; `SidebarFrame` asks). A frame that
 * unmounts with the focus inside while the slot stays open gives it back with `passSidebarFocus`.
 */
export function takeSidebarFocus(): boolean {
  const pending = opener.focusPending;
  opener.focusPending = false;
  return pending;
}

export function passSidebarFocus(): void {
  opener.focusPending = true;
}

/** Where the focus goes back when the sidebar closes with the focus inside it: what had it when the slot was opened. */
export function sidebarOpener(): HTMLElement | null {
  return opener.element?.isConnected ? opener.element : null;
}

export function hideSidebar(): void {
  opener.focusPending = false;
  $slot.set(null);
}

/** Hides `name` if it is the one showing, else shows it. */
export function toggleSidebar(sidebar: Sidebar): void {
  if ($slot.get()?.name === sidebar.name) hideSidebar();
  else showSidebar(sidebar);
}

/**
 * The spec's "hidden event": called once each time the slot goes from a sidebar to empty, with
 * the sidebar that was hidden. Replacing one sidebar by another is not a hide. Returns unsubscribe.
 */
export function onSidebarHidden(listener: (hidden: Sidebar) => void): () => void {
  return $slot.listen((value, previous) => {
    if (value === null && previous) listener(previous);
  });
}
