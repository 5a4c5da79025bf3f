import { useEffect, type RefObject } from 'react';

/**
 * Makes a scrolling box reachable with the keyboard while its content overflows (tabIndex 0, so arrows and Page Down
 * scroll it), and takes it out of the tab order again when everything fits.
 */
export function useScrollFocus(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    const update = () => {
      if (box.scrollHeight > box.clientHeight) box.tabIndex = 0;
      else box.removeAttribute('tabindex');
    };
    update();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(update);
    observer.observe(box);
    for (const child of box.children) observer.observe(child);
    const mutations = new MutationObserver(update);
    mutations.observe(box, { childList: true, subtree: true, characterData: true });
    return () => {
      observer.disconnect();
      mutations.disconnect();
    };
  }, [ref]);
}
