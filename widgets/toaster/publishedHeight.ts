import { useLayoutEffect, useRef } from 'react';

/**
 * Publishes the height an element takes as a CSS custom property of the page (`--salon-toasts-height`,
 * `--salon-consent-height`): the modal slot, the sidebars and the room leave that room free instead of lying under
 * it. Set through the CSSOM (allowed by the pages' Content-Security-Policy); 0px once the element is gone.
 */
export function usePublishedHeight(property: string) {
  const ref = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    const root = globalThis.document?.documentElement;
    const element = ref.current;
    if (!root || !element) return undefined;
    const publish = () => root.style.setProperty(property, `${Math.ceil(element.getBoundingClientRect().height)}px`);
    publish();
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(publish) : null;
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      root.style.setProperty(property, '0px');
    };
  }, [property]);
  return ref;
}
