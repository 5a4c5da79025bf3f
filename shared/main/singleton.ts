/**
 * One value per page, however many bundles carry this module: two remotes that each bundle
 * `@salon/shared` (a version mismatch, a misconfigured share scope) still get the same stores.
 * Keys are versioned contracts (`salon.bus@1/sidebar`): change a value's shape, bump the version.
 */
export function singleton<T>(key: string, factory: () => T): T {
  const symbol = Symbol.for(key);
  const registry = globalThis as unknown as Record<symbol, T | undefined>;
  const existing = registry[symbol];
  if (existing !== undefined) return existing;
  const created = factory();
  registry[symbol] = created;
  return created;
}

/** The bus contract version; part of every store's global key. */
export const BUS_VERSION = 1;

/** `busSingleton('sidebar', …)` lives under `Symbol.for('salon.bus@1/sidebar')`. */
export function busSingleton<T>(store: string, factory: () => T): T {
  return singleton(`salon.bus@${BUS_VERSION}/${store}`, factory);
}
