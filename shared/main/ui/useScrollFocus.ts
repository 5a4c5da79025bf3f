import { useEffect, type RefObject } from 'react';

/**
 * Puts a scrolling box in the tab order while its content overflows (so arrows and Page Down scroll it with the
 * keyboard), and takes it out when everything fits; checked whenever the box changes size.
 */
export function useScrollFocus(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const box = ref.current;
    if (!box || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      box.tabIndex = box.scrollHeight > box.clientHeight ? 0 : -1;
    });
    observer.observe(box);
    return () => observer.disconnect();
  }, [ref]);
}
