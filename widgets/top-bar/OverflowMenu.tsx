import { useStore } from '@nanostores/react';
import { useLingui } from '@lingui/react/macro';
import { VisuallyHidden, useMenuButton } from '@salon/shared';
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

const setOverflowOpen = (open: boolean) => (open ? openOverflowMenu() : closeOverflowMenu());

/** The overflow menu: a menu button with its menu (`useMenuButton`); whether it is open is the top bar's store's. */
export function OverflowMenu({ items }: { items: MenuItem[] }) {
  const { t } = useLingui();
  const open = useStore($overflowOpen);
  const menu = useMenuButton(open, setOverflowOpen);

  function select(item: MenuItem) {
    if (item.kind === 'link') {
      closeOverflowMenu();
      return;
    }
    menu.close();
    item.onSelect();
  }

  const label = t`More`;
  return (
    <div ref={menu.root} className="salon-menu">
      <button type="button" className="salon-top-bar__button" title={label} {...menu.button}>
        <Icon name="more" />
        <span className="salon-top-bar__label">{label}</span>
      </button>
      {open && (
        <ul className="salon-menu__list" aria-label={label} {...menu.menu}>
          {items.map((item, index) => {
            const ref = menu.item(index);
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
