import { useEffect, useId, useRef, type KeyboardEvent } from 'react';

/**
 * A menu button and its menu (WAI-ARIA APG "menu button"), for a menu whose open state the caller keeps.
 * - The button says it has a menu, whether it is open and, while it is, which element it is.
 * - A click toggles the menu; ArrowDown or ArrowUp on the button open it on its first or last item.
 * - In the menu, the arrow keys move (and wrap), Home and End jump, Escape closes it and gives focus back to the
 *   button; Tab, or a pointer down outside `root`, closes it.
 * Spread `button` on the button and `menu` on the list, give each item `item(index)` as its ref, and call `close`
 * once an item is chosen (it gives focus back to the button).
 */
export function useMenuButton(open: boolean, setOpen: (open: boolean) => void) {
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const items = useRef<(HTMLElement | null)[]>([]);
  const focusOnOpen = useRef<'first' | 'last'>('first');
  const present = () => items.current.filter((item): item is HTMLElement => item !== null);

  useEffect(() => {
    if (!open) return undefined;
    const list = present();
    (focusOnOpen.current === 'last' ? list[list.length - 1] : list[0])?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open, setOpen]);

  const show = (where: 'first' | 'last') => {
    focusOnOpen.current = where;
    setOpen(true);
  };
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  // The items' refs are set again at each render, so the list holds only the items rendered.
  items.current = [];

  return {
    root,
    close,
    button: {
      ref: button,
      'aria-haspopup': 'menu' as const,
      'aria-expanded': open,
      'aria-controls': open ? menuId : undefined,
      onClick: () => (open ? setOpen(false) : show('first')),
      onKeyDown: (event: KeyboardEvent) => {
        if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
        event.preventDefault();
        show(event.key === 'ArrowUp' ? 'last' : 'first');
      },
    },
    menu: {
      id: menuId,
      role: 'menu' as const,
      // An open menu floats above the toasts (the toaster's styles).
      'data-salon-popover': '',
      onKeyDown: (event: KeyboardEvent) => {
        const list = present();
        const index = list.indexOf(document.activeElement as HTMLElement);
        const moves: Record<string, number | undefined> = { ArrowDown: index + 1, ArrowUp: index - 1, Home: 0, End: list.length - 1 };
        const to = moves[event.key];
        if (to !== undefined) list[(to + list.length) % list.length]?.focus();
        else if (event.key === 'Escape') close();
        else {
          if (event.key === 'Tab') setOpen(false);
          return;
        }
        event.preventDefault();
      },
    },
    item: (index: number) => (element: HTMLElement | null) => {
      items.current[index] = element;
    },
  };
}
