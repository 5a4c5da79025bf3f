import { jest } from '@jest/globals';

/** Forgets every `Symbol.for('salon.…')` global: the next module copy starts a fresh page. */
export function clearSalonGlobals(): void {
  const registry = globalThis as unknown as Record<symbol, unknown>;
  for (const symbol of Object.getOwnPropertySymbols(globalThis)) {
    if (symbol.description?.startsWith('salon.')) delete registry[symbol];
  }
}

/** A fresh copy of a module on a fresh "page" (no stores created yet): `await freshModule(() => import('./x'))`. */
export async function freshModule<T>(load: () => Promise<T>): Promise<T> {
  clearSalonGlobals();
  let loaded: T | undefined;
  await jest.isolateModulesAsync(async () => {
    loaded = await load();
  });
  return loaded as T;
}

/** A second copy of a module on the same page, as a second remote bundling @salon/shared would load it. */
export async function secondCopy<T>(load: () => Promise<T>): Promise<T> {
  let loaded: T | undefined;
  await jest.isolateModulesAsync(async () => {
    loaded = await load();
  });
  return loaded as T;
}
