/** Types of patch-loader.cjs (a CommonJS webpack loader). */
export interface Patch {
  search: string;
  replace: string;
}
/** The source with every patch applied; throws when a search is missing or occurs more than once. */
export declare function applyPatches(source: string, patches: readonly Patch[], what: string): string;
