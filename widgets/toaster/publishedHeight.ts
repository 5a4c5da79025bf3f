import { useLayoutEffect, useRef } from 'react';

/**
 * Publishes the height an element takes as a CSS custom property of the page (`--salon-toasts-height`,
 * `--salon-consent-height`): the modal slot, the sidebars and the room leave that room free instead of lying under
 * it. Set through the CSSOM (allowed by the pages' Content-Security-Policy); 0px once the element is gone.
 *
 * While `keepTallest` holds (a modal is open), the property only grows from the height the element has when it began:
 * a toast leaving would otherwise move the modal up under the pointer, and a click on its way would land on whatever
 * comes there. It follows the element again once `keepTallest` ends.
 */
export function usePublishedHeight(property: string, keepTallest = false) {
  const ref = useRef<HTMLElement | null>(null);
  const keep = useRef(keepTallest);
  keep.current = keepTallest;
  const publishNow = useRef<((settle?: boolean) => void) | null>(null);
  useLayoutEffect(() => {
    const root = globalThis.document?.documentElement;
    const element = ref.current;
    if (!root || !element) return undefined;
    let published = 0;
    /** `settle`: the height it has now, whatever was kept (a modal just opened or closed). */
    const publish = (settle = false) => {
      const height = Math.ceil(element.getBoundingClientRect().height);
      published = keep.current && !settle ? Math.max(published, height) : height;
      root.style.setProperty(property, `${published}px`);
    };
    publish();
    publishNow.current = publish;
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(() => publish()) : null;
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      publishNow.current = null;
      root.style.setProperty(property, '0px');
    };
  }, [property]);
  // A modal opens where the toasts are once it shows (a toast that opened it may leave with it), and closing it lets go.
  useLayoutEffect(() => {
    publishNow.current?.(true);
  }, [keepTallest]);
  return ref;
}
