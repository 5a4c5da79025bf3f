import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useMenuButton } from '@salon/shared';
import type { ContactChannel } from './exhibitor';

/** The three-dots menu (spec §2.9): what the card shows instead of the presentation (email, phone, linkedin). */
export function ContactMenu({
  name,
  channels,
  selected,
  onSelect,
}: {
  name: string;
  channels: ContactChannel[];
  selected: ContactChannel | null;
  onSelect: (channel: ContactChannel | null) => void;
}) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const menu = useMenuButton(open, setOpen);
  const labels: Record<ContactChannel, string> = { email: t`Email`, phone: t`Phone`, linkedin: t`LinkedIn` };
  const items: { key: ContactChannel | null; label: string }[] = [
    ...(selected !== null ? [{ key: null, label: t`Presentation` }] : []),
    ...channels.map((channel) => ({ key: channel, label: labels[channel] })),
  ];

  return (
    <div className="salon-exhibitor-card__menu" ref={menu.root}>
      <button
        type="button"
        className="salon-icon-button"
        aria-label={t`More ways to contact ${name}`}
        title={t`More ways to contact ${name}`}
        {...menu.button}
      >
        <span aria-hidden="true">⋯</span>
      </button>
      {open && (
        <ul aria-label={t`More ways to contact ${name}`} {...menu.menu}>
          {items.map((item, index) => (
            <li role="none" key={item.key ?? 'presentation'}>
              <button
                ref={menu.item(index)}
                type="button"
                role="menuitem"
                tabIndex={-1}
                onClick={() => {
                  onSelect(item.key);
                  menu.close();
                }}
              >
                {item.label}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
