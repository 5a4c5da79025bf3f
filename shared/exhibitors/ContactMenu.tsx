import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useLingui } from '@lingui/react/macro';
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
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const labels: Record<ContactChannel, string> = { email: t`Email`, phone: t`Phone`, linkedin: t`LinkedIn` };
  const items: { key: ContactChannel | null; label: string }[] = [
    ...(selected !== null ? [{ key: null, label: t`Presentation` }] : []),
    ...channels.map((channel) => ({ key: channel, label: labels[channel] })),
  ];

  useEffect(() => {
    if (!open) return undefined;
    itemRefs.current[0]?.focus();
    const close = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', close);
    return () => document.removeEventListener('pointerdown', close);
  }, [open]);

  const onKeyDown = (event: KeyboardEvent) => {
    const index = itemRefs.current.findIndex((item) => item === document.activeElement);
    const move = (to: number) => itemRefs.current[(to + items.length) % items.length]?.focus();
    if (event.key === 'Escape') {
      setOpen(false);
      buttonRef.current?.focus();
    } else if (event.key === 'ArrowDown') move(index + 1);
    else if (event.key === 'ArrowUp') move(index - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(items.length - 1);
    else if (event.key === 'Tab') setOpen(false);
    else return;
    event.preventDefault();
  };

  return (
    <div className="salon-exhibitor-card__menu" ref={rootRef} onKeyDown={onKeyDown}>
      <button
        ref={buttonRef}
        type="button"
        className="salon-icon-button"
        aria-label={t`More ways to contact ${name}`}
        title={t`More ways to contact ${name}`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen(!open)}
      >
        <span aria-hidden="true">⋯</span>
      </button>
      {open && (
        <ul role="menu" id={menuId} aria-label={t`More ways to contact ${name}`}>
          {items.map((item, index) => (
            <li role="none" key={item.key ?? 'presentation'}>
              <button
                ref={(element) => {
                  itemRefs.current[index] = element;
                }}
                type="button"
                role="menuitem"
                tabIndex={-1}
                onClick={() => {
                  onSelect(item.key);
                  setOpen(false);
                  buttonRef.current?.focus();
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
