import { useEffect, useMemo, useState, type RefObject } from 'react';
import { useStore } from '@nanostores/react';
import { $roomOverlay, coveredCorner, type ScreenBox } from '@salon/shared/room';

export interface Corner {
  width: number;
  height: number;
}

const NONE: Corner = { width: 0, height: 0 };

/**
 * How much of `ref`'s bottom-left corner what floats over the room covers (`$roomOverlay`: the exhibitor's activity
 * widget), while `on`: measured again when the element's size, the window's size or a scroll moves it.
 */
export function useCoveredCorner(ref: RefObject<Element | null>, on: boolean): Corner {
  const overlay = useStore($roomOverlay);
  const [box, setBox] = useState<ScreenBox | null>(null);
  useEffect(() => {
    const element = ref.current;
    if (!on || !element) {
      setBox(null);
      return undefined;
    }
    const measure = () => {
      const { left, top, right, bottom } = element.getBoundingClientRect();
      setBox((before) =>
        before && before.left === left && before.top === top && before.right === right && before.bottom === bottom
          ? before
          : { left, top, right, bottom },
      );
    };
    measure();
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(measure) : null;
    observer?.observe(element);
    window.addEventListener('resize', measure);
    window.addEventListener('scroll', measure, { capture: true, passive: true });
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', measure);
      window.removeEventListener('scroll', measure, { capture: true });
    };
  }, [ref, on]);
  return useMemo(() => (box ? coveredCorner(overlay, box) : NONE), [overlay, box]);
}
