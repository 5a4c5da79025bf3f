import { describe, expect, jest, test } from '@jest/globals';
import { singleton } from './singleton';
import { secondCopy } from '@salon/shared/test/isolate';

describe('singleton()', () => {
  test('the factory runs once per key, the value lives under Symbol.for(key)', () => {
    const factory = jest.fn(() => ({ made: true }));
    const first = singleton('salon.test@1/thing', factory);
    const second = singleton('salon.test@1/thing', factory);
    expect(second).toBe(first);
    expect(factory).toHaveBeenCalledTimes(1);
    expect((globalThis as unknown as Record<symbol, unknown>)[Symbol.for('salon.test@1/thing')]).toBe(first);
  });

  test('two copies of the bus share one store: a write in one is seen by the other', async () => {
    const a = await secondCopy(() => import('./bus/sidebar'));
    const b = await secondCopy(() => import('./bus/sidebar'));
    expect(a.showSidebar).not.toBe(b.showSidebar);
    expect(a.$sidebar).toBe(b.$sidebar);
    a.showSidebar({ name: 'journey' });
    expect(b.$sidebar.get()).toEqual({ name: 'journey' });
    b.hideSidebar();
    expect(a.$sidebar.get()).toBeNull();
    expect(Object.getOwnPropertySymbols(globalThis)).toContain(Symbol.for('salon.bus@1/sidebar'));
  });
});
