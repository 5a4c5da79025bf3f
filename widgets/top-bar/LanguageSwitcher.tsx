import { useEffect, useId, useRef, type FocusEvent, type KeyboardEvent } from 'react';
import { useStore } from '@nanostores/react';
import { useLingui } from '@lingui/react/macro';
import { $locale, $localeSwitching, toLinguiLocale } from '@salon/shared';
import { $languageMenuOpen, closeLanguageMenu, selectLanguage, toggleLanguageMenu } from './store';
import { Icon } from './icons';

/** A disclosure button and the list of languages (spec §2.3; shown only when multilingual). */
export function LanguageSwitcher() {
  const { t } = useLingui();
  const { langs, locale } = useStore($locale);
  const open = useStore($languageMenuOpen);
  const switching = useStore($localeSwitching);
  const listId = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  const container = useRef<HTMLDivElement>(null);

  // A click anywhere else closes the list (pointerdown: Safari does not focus buttons on click).
  useEffect(() => {
    if (!open) return undefined;
    const onPointerDown = (event: PointerEvent) => {
      if (!container.current?.contains(event.target as Node)) closeLanguageMenu();
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);
  const currentName = langs.find((lang) => lang.prefix_all === locale)?.name ?? locale;

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'Escape' && open) {
      closeLanguageMenu();
      toggle.current?.focus();
    }
  }

  // Tabbing out of the switcher closes it too.
  function onBlur(event: FocusEvent) {
    const next = event.relatedTarget as Node | null;
    if (open && next && !container.current?.contains(next)) closeLanguageMenu();
  }

  const label = t`Language: ${currentName}`;
  return (
    <div ref={container} className="salon-lang" onKeyDown={onKeyDown} onBlur={onBlur}>
      <button
        ref={toggle}
        type="button"
        className="salon-top-bar__button"
        aria-expanded={open}
        aria-controls={listId}
        aria-busy={switching}
        title={label}
        onClick={toggleLanguageMenu}
      >
        <Icon name="language" />
        <span className="salon-top-bar__label">{label}</span>
      </button>
      <ul id={listId} className="salon-lang__list" hidden={!open} data-salon-popover={open ? '' : undefined}>
        {langs.map((lang) => (
          <li key={lang.prefix_all}>
            <button
              type="button"
              className="salon-top-bar__button"
              lang={toLinguiLocale(lang.prefix_all)}
              aria-current={lang.prefix_all === locale ? 'true' : undefined}
              onClick={() => {
                toggle.current?.focus();
                void selectLanguage(lang.prefix_all);
              }}
            >
              {lang.name}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
