/**
 * The entries of `@salon/shared` that module federation shares as page singletons: every entry of its exports map
 * (shared/package.json) but the contracts and the test helpers, which hold no state and are bundled where used.
 */
export function singletonEntries(exportsMap: Record<string, string>): string[] {
  return Object.keys(exportsMap)
    .filter((key) => !/^\.\/(contracts|test)\//.test(key))
    .map((key) => `@salon/shared${key.slice(1)}`);
}
