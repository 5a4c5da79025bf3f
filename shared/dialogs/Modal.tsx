import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import { closeModal, IconButton, injectStyles, returnFocus, useScrollFocus } from '@salon/shared';

export interface ModalFrameProps {
  /** The modal's name (`feedback`, `contest`…): `data-modal` for the page's styles and tests. */
  name: string;
  /** The heading, also the dialog's accessible name. */
  title: ReactNode;
  /** Closing (the × button, Escape, a click on the backdrop); default: empties the modal slot. */
  onClose?: () => void;
  /** A full-screen workspace (the screen capture) instead of a centred box. */
  fullScreen?: boolean;
  /** 'wide' for forms with two columns of fields. */
  size?: 'normal' | 'wide';
  children: ReactNode;
}

const FOCUSABLE =
  'a[href],button:not([disabled]),input:not([disabled]):not([type=hidden]),select:not([disabled]),textarea:not([disabled]),[tabindex]:not([tabindex="-1"])';

function focusables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((element) => !element.closest('[hidden],[inert]'));
}

/**
 * The frame every modal of spec §2.4 uses: a dialog with its heading as name, above the page and its
 * sidebars. Focus moves in on open (the first field, else the close button), stays inside (Tab loops),
 * and goes back to what had it on close; Escape and the backdrop close.
 */
export function ModalFrame({ name, title, onClose = closeModal, fullScreen = false, size = 'normal', children }: ModalFrameProps) {
  const { t } = useLingui();
  const titleId = useId();
  const dialog = useRef<HTMLDivElement>(null);
  const body = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);
  close.current = onClose;
  injectStyles(
    'salon-modal-styles',
    `.salon-modal{--modal-toasts-offset:min(calc(var(--salon-top-bar-height,3.25rem) + .25rem),calc(var(--salon-toasts-height,0px) * 100));position:fixed;inset:0;z-index:40;display:flex;align-items:center;justify-content:center;padding:calc(1rem + var(--salon-toasts-height,0px) + var(--modal-toasts-offset)) 1rem 1rem;background:rgba(16,16,20,.55);font:14px/1.4 system-ui,sans-serif}
.salon-modal__box{position:relative;display:flex;flex-direction:column;width:min(32rem,100%);max-height:100%;background:var(--salon-surface);color:var(--salon-text);border-radius:var(--salon-radius-l);box-shadow:0 8px 32px rgba(0,0,0,.3)}
.salon-modal__box[data-size=wide]{width:min(44rem,100%)}
.salon-modal__box[data-full-screen]{width:100%;height:100%;max-height:none;border-radius:0}
.salon-modal__head{display:flex;align-items:center;gap:var(--salon-space-s);padding:.75rem 1rem;border-bottom:1px solid var(--salon-border)}
.salon-modal__head h2{flex:1;margin:0;font-size:1.1rem}
.salon-modal__body{flex:1;min-height:0;overflow:auto;padding:var(--salon-space-l)}
@media (max-width:750px){.salon-modal{padding:calc(var(--salon-toasts-height,0px) + var(--modal-toasts-offset)) 0 0}.salon-modal__box{width:100%;height:100%;max-height:none;border-radius:0}}`,
  );

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const root = dialog.current;
    if (root) {
      const first = focusables(root).find((element) => !element.classList.contains('salon-modal__close')) ?? focusables(root)[0];
      (first ?? root).focus();
    }
    return () => returnFocus(previous);
  }, []);
  // After the first focus: a long body (a list of news) is reachable with the keyboard to scroll it.
  useScrollFocus(body);

  function onKeyDown(event: React.KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.stopPropagation();
      close.current();
      return;
    }
    if (event.key !== 'Tab' || !dialog.current) return;
    const list = focusables(dialog.current);
    const first = list[0];
    const last = list[list.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return (
    <div
      className="salon-modal"
      data-modal={name}
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) close.current();
      }}
    >
      <div
        ref={dialog}
        className="salon-modal__box"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        data-size={size}
        data-full-screen={fullScreen ? '' : undefined}
        onKeyDown={onKeyDown}
      >
        <div className="salon-modal__head">
          <h2 id={titleId}>{title}</h2>
          <IconButton className="salon-modal__close" label={t`Close`} icon="×" onClick={() => close.current()} />
        </div>
        <div ref={body} className="salon-modal__body">
          {children}
        </div>
      </div>
    </div>
  );
}
