/**
 * Which of the bar's items move into the overflow menu so that the bar fits its width (from 751 px up for every
 * profile, in every language, whatever the salon's name). Pure: the bar measures, this decides.
 */

/** The items that may move into the overflow menu, the first to move first. Language and More always stay. */
export const MOVE_ORDER = ['feedback', 'conferences', 'account', 'sound', 'journey', 'activity', 'map', 'chat', 'home'] as const;
export type MovableKey = (typeof MOVE_ORDER)[number];
export type BarKey = MovableKey | 'language' | 'more';

export interface BarMeasures {
  /** The bar's width inside its padding. */
  available: number;
  /** The space between the salon's name and the items. */
  gap: number;
  /** The space between two items. */
  itemGap: number;
  /** The salon's name at its full width. */
  name: number;
  /** The items that the bar would show, with their widths. */
  items: readonly { key: BarKey; width: number }[];
}

/** Rounding of sub-pixel widths: a bar that fits within this is not trusted to fit. */
const SLACK = 2;

/**
 * The items to move into the menu, lowest priority first, until the full name and the items left fit. When even
 * every movable item is moved it is too narrow, the name is cut (the last resort): every movable item is returned.
 */
export function itemsToMove(measures: BarMeasures): Set<MovableKey> {
  const moved = new Set<MovableKey>();
  const fits = () => {
    const shown = measures.items.filter((item) => !moved.has(item.key as MovableKey));
    const width = shown.reduce((sum, item) => sum + item.width, 0) + measures.itemGap * Math.max(0, shown.length - 1);
    return measures.name + measures.gap + width + SLACK <= measures.available;
  };
  for (const key of MOVE_ORDER) {
    if (fits()) break;
    if (measures.items.some((item) => item.key === key)) moved.add(key);
  }
  return moved;
}

/** The same set, whatever its order: the bar re-renders only when what moves changes. */
export function sameKeys(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  return a.size === b.size && [...a].every((key) => b.has(key));
}
