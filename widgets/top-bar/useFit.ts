import { useCallback, useLayoutEffect, useState, type RefObject } from 'react';
import { itemsToMove, sameKeys, type BarKey, type MovableKey } from './fit';

const NO_KEYS: ReadonlySet<MovableKey> = new Set();

/**
 * Keeps the bar within its width: a hidden copy of every item (`measure`) gives their widths at the bar's current
 * style (labels or icons), the bar's own width what is available; `itemsToMove` says what goes into the menu.
 * Measured again whenever the bar or the copy changes size (a resize, another language, a label that changes).
 */
export function useFit(
  nav: RefObject<HTMLElement | null>,
  measure: RefObject<HTMLElement | null>,
  logo: RefObject<HTMLElement | null>,
  compact: boolean,
) {
  const [moved, setMoved] = useState<ReadonlySet<MovableKey>>(NO_KEYS);
  const [nameCut, setNameCut] = useState(false);
  const measurable = typeof ResizeObserver === 'function';

  const update = useCallback(() => {
    const bar = nav.current;
    const copy = measure.current;
    if (!bar || !copy) return;
    const style = getComputedStyle(bar);
    const name = copy.querySelector<HTMLElement>('[data-measure="name"]');
    const list = copy.querySelector<HTMLElement>('[data-measure="items"]');
    const next = itemsToMove({
      available: bar.clientWidth - (parseFloat(style.paddingLeft) || 0) - (parseFloat(style.paddingRight) || 0),
      gap: parseFloat(style.columnGap) || 0,
      itemGap: list ? parseFloat(getComputedStyle(list).columnGap) || 0 : 0,
      // On a phone the room's buttons come first: the name may be cut down to its minimum before anything moves.
      name: Math.min(
        name?.getBoundingClientRect().width ?? 0,
        compact && logo.current ? parseFloat(getComputedStyle(logo.current).minWidth) || Infinity : Infinity,
      ),
      items: Array.from(copy.querySelectorAll<HTMLElement>('[data-measure-key]')).map((item) => ({
        key: item.dataset.measureKey as BarKey,
        width: item.getBoundingClientRect().width,
      })),
    });
    setMoved((previous) => (sameKeys(previous, next) ? previous : next));
  }, [nav, measure, logo, compact]);

  // Is the name, as drawn, still cut? Then it gets its tooltip.
  const checkName = useCallback(() => {
    const shown = logo.current;
    setNameCut(shown ? shown.scrollWidth > shown.clientWidth : false);
  }, [logo]);

  // Read again once the moved items are drawn (React draws them after the measure that moved them).
  useLayoutEffect(() => {
    if (measurable) checkName();
  }, [measurable, moved, checkName]);

  useLayoutEffect(() => {
    if (!measurable) return undefined;
    update();
    const observer = new ResizeObserver(() => {
      update();
      checkName();
    });
    if (nav.current) observer.observe(nav.current);
    if (logo.current) observer.observe(logo.current);
    measure.current?.querySelectorAll('[data-measure]').forEach((element) => observer.observe(element));
    return () => observer.disconnect();
  }, [measurable, update, checkName, nav, measure, logo]);

  return { measurable, moved, nameCut };
}
