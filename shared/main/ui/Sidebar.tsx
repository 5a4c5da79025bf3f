import { useEffect, useLayoutEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import { $sidebar, hideSidebar, passSidebarFocus, sidebarOpener, takeSidebarFocus } from '../bus/sidebar';
import { IconButton } from './IconButton';
import { returnFocus } from './returnFocus';
import { injectStyles } from './styles';

export interface SidebarFrameProps {
  /** The sidebar slot's name (`chat`, `journey`…): `data-sidebar` for the page's styles. */
  name: string;
  /** The accessible name of the panel (the title area may hold more than text). */
  label: string;
  /** The title area: a heading, and whatever goes beside it (a back button, actions). */
  title: ReactNode;
  /** A close button that hides the sidebar slot (default true). */
  closable?: boolean;
  children: ReactNode;
}

/**
 * The generic sidebar wrapper (spec §2.12): a panel on the right under the top bar, full width on
 * mobile, with a title area, an optional close button and a scrolling body. Escape inside a closable panel
 * closes it (unless something inside handled the key: a menu, the emoji picker), and so does Escape on the button
 * that opened it. Opening moves the focus into the panel (the next Tab reaches its first control, not the room
 * frame); when the panel closes with the focus inside, the focus goes back to what had it when the panel opened
 * (the top bar's button).
 */
export function SidebarFrame({ name, label, title, closable = true, children }: SidebarFrameProps) {
  const { t } = useLingui();
  const panel = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    const root = panel.current;
    // Unless something inside already took it (a composer's autofocus).
    if (takeSidebarFocus() && root && !root.contains(document.activeElement)) root.focus({ preventScroll: true });
    // Runs while the panel is still in the page, so the focus can still be seen inside it.
    return () => {
      if (!root?.contains(document.activeElement)) return;
      if ($sidebar.get() === null) returnFocus(sidebarOpener());
      else passSidebarFocus();
    };
  }, []);
  useEffect(() => {
    if (!closable) return undefined;
    const onDocumentKey = (event: globalThis.KeyboardEvent) => {
      const opener = sidebarOpener();
      if (event.key === 'Escape' && !event.defaultPrevented && opener !== null && document.activeElement === opener) hideSidebar();
    };
    document.addEventListener('keydown', onDocumentKey);
    return () => document.removeEventListener('keydown', onDocumentKey);
  }, [closable]);
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Escape' || !closable || event.defaultPrevented) return;
    event.preventDefault();
    hideSidebar();
  };
  injectStyles(
    'salon-sidebar-styles',
    `.salon-sidebar{position:fixed;z-index:20;top:var(--salon-top-bar-height,3.25rem);right:0;bottom:var(--salon-consent-height,0px);width:min(24rem,100vw);display:flex;flex-direction:column;background:var(--salon-surface);color:var(--salon-text);font:14px/1.4 system-ui,sans-serif;box-shadow:-2px 0 12px rgba(0,0,0,.18)}
.salon-sidebar__title{display:flex;align-items:center;gap:var(--salon-space-s);padding:.5rem .75rem;border-bottom:1px solid var(--salon-border)}
.salon-sidebar__title h2{flex:1;min-width:0;margin:0;font-size:1rem;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.salon-sidebar__body{flex:1;min-height:0;display:flex;flex-direction:column;overflow:auto}
@media (max-width:750px){.salon-sidebar{width:100vw;top:calc(var(--salon-top-bar-height,3.25rem) + var(--salon-toasts-height,0px))}}`,
  );
  return (
    <aside ref={panel} className="salon-sidebar" data-sidebar={name} aria-label={label} onKeyDown={onKeyDown} tabIndex={-1}>
      <div className="salon-sidebar__title">
        {title}
        {closable && <IconButton label={t`Close`} icon="×" onClick={hideSidebar} />}
      </div>
      <div className="salon-sidebar__body">{children}</div>
    </aside>
  );
}
