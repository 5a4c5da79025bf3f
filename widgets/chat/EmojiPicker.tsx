import { useEffect, useRef } from 'react';
import { useLingui } from '@lingui/react/macro';
import { constructStyleSheet } from '@salon/shared';

/**
 * emoji-picker-element's constructor puts its stylesheet in its shadow root as a `<style>` element, which a
 * Content-Security-Policy without `style-src 'unsafe-inline'` refuses once the picker is in the page. Before it
 * is connected (nothing is applied or checked yet), the same text becomes a constructed stylesheet of the shadow
 * root, which CSP allows, and the element goes. Where constructed stylesheets do not exist it stays as it is.
 */
export function adoptPickerStyles(picker: HTMLElement): void {
  const root = picker.shadowRoot;
  const style = root?.querySelector('style');
  if (!root || !style) return;
  const sheet = constructStyleSheet(style.textContent ?? '', picker.ownerDocument);
  if (!sheet) return;
  root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
  style.remove();
}

/**
 * The picker opens above the composer, over the conversation; where the conversation leaves it less room than its own
 * height (a phone, toasts above the sidebar), it takes that room, in whole pixels, rather than reach over the
 * conversation's header and out of the sidebar under the toasts.
 */
function fitAboveComposer(picker: HTMLElement, host: HTMLElement): void {
  const composer = host.parentElement;
  const above = composer?.parentElement?.querySelector('.salon-chat__messages') ?? host.closest('.salon-sidebar');
  if (!composer || !above) return;
  const room = Math.floor(composer.getBoundingClientRect().top - above.getBoundingClientRect().top) - 4;
  if (room > 0 && picker.getBoundingClientRect().height > room) picker.style.height = `${Math.max(160, room)}px`;
}

/**
 * emoji-picker-element (lazy: this module is its own chunk), in the page's language, with its data served by
 * the salon at `/spa/emoji/{en|fr}/data.json` (emoji-picker-element-data's emojibase files).
 */
export default function EmojiPicker({ onPick }: { onPick: (emoji: string) => void }) {
  const { t, i18n } = useLingui();
  const host = useRef<HTMLDivElement>(null);
  const pick = useRef(onPick);
  pick.current = onPick;
  const lang = i18n.locale.startsWith('fr') ? 'fr' : 'en';

  useEffect(() => {
    let picker: HTMLElement | null = null;
    let cancelled = false;
    Promise.all([import('emoji-picker-element'), lang === 'fr' ? import('emoji-picker-element/i18n/fr') : null]).then(
      ([{ Picker }, french]) => {
        if (cancelled || !host.current) return;
        const element = new Picker({
          locale: lang,
          dataSource: `/spa/emoji/${lang}/data.json`,
          ...(french ? { i18n: french.default } : {}),
        });
        adoptPickerStyles(element);
        element.addEventListener('emoji-click', (event) => {
          if (event.detail.unicode) pick.current(event.detail.unicode);
        });
        host.current.append(element);
        fitAboveComposer(element, host.current);
        picker = element;
      },
      (error: unknown) => console.error('[salon] the emoji picker could not load', error),
    );
    return () => {
      cancelled = true;
      picker?.remove();
    };
  }, [lang]);

  // Escape (handled by the composer) closes it.
  return <div ref={host} className="salon-chat__emoji" role="dialog" aria-label={t`Emoji`} data-salon-popover="" />;
}
