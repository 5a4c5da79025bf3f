/**
 * The entries of `@salon/shared` that module federation shares as page singletons: every entry of its exports map
 * (shared/package.json) but those that hold no state and are bundled where used: the contracts, the test helpers
 * and the cropper (only two remotes, never on the same page, carry it).
 */
export function singletonEntries(exportsMap: Record<string, string>): string[] {
  return Object.keys(exportsMap)
    .filter((key) => !/^\.\/(contracts|test)\//.test(key) && key !== './cropper')
    .map((key) => `@salon/shared${key.slice(1)}`);
}
