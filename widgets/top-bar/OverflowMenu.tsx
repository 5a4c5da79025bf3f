import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { useStore } from '@nanostores/react';
import { useLingui } from '@lingui/react/macro';
import { VisuallyHidden } from '@salon/shared';
import { $overflowOpen, closeOverflowMenu, openOverflowMenu } from './store';
import { Icon, type IconName } from './icons';

interface BaseItem {
  key: string;
  label: string;
  icon: IconName;
}
export type MenuItem =
  | (BaseItem & { kind: 'action'; onSelect: () => void })
  | (BaseItem & { kind: 'check'; checked: boolean; onSelect: () => void })
  | (BaseItem & { kind: 'link'; href: string; newTab?: boolean });

/**
 * The overflow menu: a menu button (WAI-ARIA APG "menu button") with its menu. Arrow keys move (and wrap),
 * Home/End jump, Escape closes and gives focus back to the button, Tab or a click elsewhere close it.
 */
export function OverflowMenu({ items }: { items: MenuItem[] }) {
  const { t } = useLingui();
  const open = useStore($overflowOpen);
  const menuId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const container = useRef<HTMLDivElement>(null);
  const itemRefs = useRef<(HTMLElement | null)[]>([]);
  const focusOnOpen = useRef<'first' | 'last'>('first');

  useEffect(() => {
    if (!open) return undefined;
    const list = itemRefs.current.filter((item): item is HTMLElement => item !== null);
    (focusOnOpen.current === 'last' ? list[list.length - 1] : list[0])?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!container.current?.contains(event.target as Node)) closeOverflowMenu();
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  function show(where: 'first' | 'last') {
    focusOnOpen.current = where;
    openOverflowMenu();
  }

  function onButtonKeyDown(event: KeyboardEvent) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      show(event.key === 'ArrowUp' ? 'last' : 'first');
    }
  }

  function onMenuKeyDown(event: KeyboardEvent) {
    const list = itemRefs.current.filter((item): item is HTMLElement => item !== null);
    const index = list.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => {
      event.preventDefault();
      list[(to + list.length) % list.length]?.focus();
    };
    if (event.key === 'ArrowDown') move(index + 1);
    else if (event.key === 'ArrowUp') move(index - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(list.length - 1);
    else if (event.key === 'Escape') {
      event.preventDefault();
      closeOverflowMenu();
      button.current?.focus();
    } else if (event.key === 'Tab') closeOverflowMenu();
  }

  function select(item: MenuItem) {
    closeOverflowMenu();
    if (item.kind !== 'link') {
      button.current?.focus();
      item.onSelect();
    }
  }

  itemRefs.current = [];
  const label = t`More`;
  return (
    <div ref={container} className="salon-menu">
      <button
        ref={button}
        type="button"
        className="salon-top-bar__button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        title={label}
        onClick={() => (open ? closeOverflowMenu() : show('first'))}
        onKeyDown={onButtonKeyDown}
      >
        <Icon name="more" />
        <span className="salon-top-bar__label">{label}</span>
      </button>
      {open && (
        <ul id={menuId} className="salon-menu__list" role="menu" aria-label={label} onKeyDown={onMenuKeyDown}>
          {items.map((item, index) => {
            const ref = (element: HTMLElement | null) => {
              itemRefs.current[index] = element;
            };
            const content = (
              <>
                <Icon name={item.icon} />
                <span>{item.label}</span>
              </>
            );
            return (
              <li key={item.key} role="none">
                {item.kind === 'link' ? (
                  <a
                    ref={ref}
                    role="menuitem"
                    tabIndex={-1}
                    className="salon-menu__item"
                    href={item.href}
                    {...(item.newTab && { target: '_blank', rel: 'noopener' })}
                    onClick={() => select(item)}
                  >
                    {content}
                    {item.newTab && <VisuallyHidden>{` ${t`(opens in a new tab)`}`}</VisuallyHidden>}
                  </a>
                ) : (
                  <button
                    ref={ref}
                    type="button"
                    role={item.kind === 'check' ? 'menuitemcheckbox' : 'menuitem'}
                    aria-checked={item.kind === 'check' ? item.checked : undefined}
                    tabIndex={-1}
                    className="salon-menu__item"
                    onClick={() => select(item)}
                  >
                    {content}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
