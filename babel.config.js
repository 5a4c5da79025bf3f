// The one compiler of our TypeScript and JSX, for the browser bundles (webpack.config.ts), Jest and Storybook:
// Babel's TypeScript and React (automatic runtime) presets and the Lingui macro. Types are only checked by
// `npm run typecheck`.
// - The bundles keep the syntax as written: the browsers we support run ES2022 (tsconfig.base.json's target), so
//   nothing is transpiled for them (no preset-env, no browserslist).
// - Jest (babel-jest) runs the same presets, and preset-env for CommonJS modules on the current Node.
// - The bundles' message descriptors carry no source text (`stripMessageField`): only their catalogs do.
// The options mirror tsconfig's `verbatimModuleSyntax` (only `import type` is removed) and ES2022's class fields (a
// field without initialiser stays a field; only `declare` ones go).
module.exports = (api) => {
  const jest = api.caller((caller) => caller?.name === 'babel-jest');
  return {
    presets: [
      ...(jest ? [['@babel/preset-env', { targets: { node: 'current' } }]] : []),
      ['@babel/preset-react', { runtime: 'automatic' }],
      ['@babel/preset-typescript', { onlyRemoveTypeImports: true, allowDeclareFields: true }],
    ],
    // In the bundles (webpack's babel-loader asks for the production env), a message descriptor keeps its id only: the
    // text is in the compiled catalogs, which `lingui compile --strict` fills for every id.
    plugins: [['@lingui/babel-plugin-lingui-macro', { stripMessageField: api.env('production') }]],
  };
};
