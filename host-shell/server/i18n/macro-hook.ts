/**
 * Under tsx (the development start, the browser tests' servers), compiles the server's files that use the Lingui
 * macro (`@lingui/core/macro`) with Babel, as Jest (babel.config.js) and the production build
 * (scripts/build/lingui-macro.ts) do: tsx's esbuild cannot run a Babel macro. Imported first by each entry
 * (server.ts, create-admin.ts, panoramas/worker.ts), so it is in place before any file with a macro loads; in the
 * compiled server and in Jest's own module system there is no `.ts` loader to wrap and it does nothing (a panorama
 * worker that Jest's server starts from the sources registers tsx, and so is compiled here).
 */
import fs from 'node:fs';
import Module, { createRequire } from 'node:module';
import type * as Babel from '@babel/core';

interface CompilingModule {
  _compile(code: string, filename: string): void;
}
type Loader = (module: CompilingModule, filename: string) => void;

const extensions = (Module as unknown as { _extensions: Record<string, Loader | undefined> })._extensions;
const tsLoader = extensions['.ts'];
const MACRO = /from ['"]@lingui\/(core|react)\/macro['"]/;

if (tsLoader) {
  // Required here only: the compiled server never loads Babel.
  const { transformSync } = createRequire(__filename)('@babel/core') as typeof Babel;
  extensions['.ts'] = (module, filename) => {
    const source = fs.readFileSync(filename, 'utf8');
    if (filename.includes('node_modules') || !MACRO.test(source)) return tsLoader(module, filename);
    const result = transformSync(source, {
      filename,
      babelrc: false,
      configFile: false,
      sourceMaps: 'inline',
      presets: ['@babel/preset-typescript'],
      plugins: ['@lingui/babel-plugin-lingui-macro', '@babel/plugin-transform-modules-commonjs'],
    });
    module._compile(result?.code ?? '', filename);
  };
}
