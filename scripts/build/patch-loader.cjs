'use strict';
/**
 * A webpack loader that applies exact text patches to one third-party module: options `{patches: [{search, replace}]}`.
 * Each `search` must occur exactly once in the source, or the build fails: a new version of the package then needs
 * its patch checked, instead of shipping without it.
 */

/** The source with every patch applied; throws when a search is missing or ambiguous. */
function applyPatches(source, patches, what) {
  let result = source;
  for (const { search, replace } of patches) {
    const first = result.indexOf(search);
    if (first === -1 || result.indexOf(search, first + 1) !== -1) {
      throw new Error(
        `${what}: the patched code ${first === -1 ? 'is not there' : 'occurs more than once'} (${JSON.stringify(search)}); check the patch against this version`,
      );
    }
    result = result.slice(0, first) + replace + result.slice(first + search.length);
  }
  return result;
}

function patchLoader(source) {
  const { patches } = this.getOptions();
  return applyPatches(source, patches, this.resourcePath);
}

module.exports = patchLoader;
module.exports.applyPatches = applyPatches;
