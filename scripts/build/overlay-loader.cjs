/**
 * webpack loader of SALON_BUILD_OVERLAY (webpack.config.ts): returns the overlay's copy of the module's file
 * instead of the file itself. The module keeps its path, so its relative imports resolve from the tree.
 */
const fs = require('node:fs');
const path = require('node:path');

module.exports = function overlayLoader() {
  const { root, overlay } = this.getOptions();
  const replacement = path.join(overlay, path.relative(root, this.resourcePath));
  this.addDependency(replacement);
  return fs.readFileSync(replacement, 'utf8');
};
