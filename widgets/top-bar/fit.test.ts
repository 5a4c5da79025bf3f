import { describe, expect, test } from '@jest/globals';
import { itemsToMove, MOVE_ORDER, sameKeys, type BarKey } from './fit';

const item = (key: BarKey, width = 100) => ({ key, width });
/** The exhibitor's bar: every item, 100 px each, "Plus" 60 px. */
const exhibitor = [
  item('home'),
  item('journey'),
  item('map'),
  item('conferences'),
  item('activity'),
  item('feedback'),
  item('chat'),
  item('sound'),
  item('language', 150),
  item('account'),
  item('more', 60),
];
// 10 items of 100 px (language 150), "Plus" 60, 10 gaps of 2 px: 1,030 px of items.
const ITEMS = 9 * 100 + 150 + 60 + 10 * 2;

describe('itemsToMove: what goes into the overflow menu so that the bar fits', () => {
  test('everything fits: nothing moves', () => {
    expect(itemsToMove({ available: 200 + 16 + ITEMS + 2, gap: 16, itemGap: 2, name: 200, items: exhibitor })).toEqual(new Set());
  });

  test('a little short: Feedback moves first, then Conferences, then the account', () => {
    const measures = { gap: 16, itemGap: 2, name: 200, items: exhibitor };
    // Within 2 px of fitting is not trusted to fit (sub-pixel widths).
    const full = 200 + 16 + ITEMS + 2;
    expect(itemsToMove({ ...measures, available: full - 1 })).toEqual(new Set(['feedback']));
    // Each move frees the item's width and one gap.
    expect(itemsToMove({ ...measures, available: full - 102 })).toEqual(new Set(['feedback']));
    expect(itemsToMove({ ...measures, available: full - 103 })).toEqual(new Set(['feedback', 'conferences']));
    expect(itemsToMove({ ...measures, available: full - 204 })).toEqual(new Set(['feedback', 'conferences']));
    expect(itemsToMove({ ...measures, available: full - 205 })).toEqual(new Set(['feedback', 'conferences', 'account']));
  });

  test('the lowest priority moves first, whatever the order of the bar; absent items are skipped', () => {
    // A visitor: no Activity, a Profile link.
    const visitor = exhibitor.filter((entry) => entry.key !== 'activity');
    const moved = itemsToMove({ available: 700, gap: 16, itemGap: 2, name: 200, items: visitor });
    const order = MOVE_ORDER.filter((key) => moved.has(key));
    expect([...moved]).toEqual(order);
    expect(moved.has('activity')).toBe(false);
    expect(order).toEqual(MOVE_ORDER.filter((key) => key !== 'activity').slice(0, order.length));
  });

  test('a longer name moves more: it is never cut while something can still move', () => {
    const short = itemsToMove({ available: 1000, gap: 16, itemGap: 2, name: 150, items: exhibitor });
    const long = itemsToMove({ available: 1000, gap: 16, itemGap: 2, name: 600, items: exhibitor });
    expect(long.size).toBeGreaterThan(short.size);
    for (const key of short) expect(long.has(key)).toBe(true);
  });

  test('too narrow even with everything moved: every movable item moves, the language and "Plus" stay (the name is cut)', () => {
    const moved = itemsToMove({ available: 300, gap: 16, itemGap: 2, name: 900, items: exhibitor });
    expect(moved).toEqual(new Set(MOVE_ORDER));
    expect(moved.has('language' as never)).toBe(false);
  });

  test('sameKeys ignores the order', () => {
    expect(sameKeys(new Set(['a', 'b']), new Set(['b', 'a']))).toBe(true);
    expect(sameKeys(new Set(['a']), new Set(['a', 'b']))).toBe(false);
  });
});
