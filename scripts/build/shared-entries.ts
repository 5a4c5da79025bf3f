/** The entries that hold no state and are small enough to be bundled in each remote that uses them. */
const BUNDLED_WHERE_USED = new Set(['./cropper', './parts']);

/**
 * The entries of `@salon/shared` that module federation shares as page singletons: every entry of its exports map
 * (shared/package.json) but those that hold no state and are bundled where used: the contracts, the test helpers,
 * the cropper (only two remotes, never on the same page, carry it) and the small UI parts.
 */
export function singletonEntries(exportsMap: Record<string, string>): string[] {
  return Object.keys(exportsMap)
    .filter((key) => !/^\.\/(contracts|test)\//.test(key) && !BUNDLED_WHERE_USED.has(key))
    .map((key) => `@salon/shared${key.slice(1)}`);
}
