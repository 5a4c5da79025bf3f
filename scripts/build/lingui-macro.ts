/**
 * An esbuild plugin running the Lingui macro (`@lingui/core/macro`) through Babel on the files that import it, the
 * way Jest (babel.config.js) and the development start (host-shell/server/i18n/macro-hook.ts) do; the other files
 * are esbuild's alone. Used by the server's build (server.ts).
 */
import fs from 'node:fs';
import { transformAsync } from '@babel/core';
import type { Plugin } from 'esbuild';

const MACRO = /from ['"]@lingui\/(core|react)\/macro['"]/;

export const linguiMacro: Plugin = {
  name: 'lingui-macro',
  setup(build) {
    build.onLoad({ filter: /\.tsx?$/ }, async ({ path }) => {
      if (path.includes('node_modules')) return undefined;
      const source = await fs.promises.readFile(path, 'utf8');
      if (!MACRO.test(source)) return undefined;
      const result = await transformAsync(source, {
        filename: path,
        babelrc: false,
        configFile: false,
        presets: [['@babel/preset-typescript', { allExtensions: true, isTSX: path.endsWith('.tsx') }]],
        plugins: ['@lingui/babel-plugin-lingui-macro'],
      });
      return { contents: result?.code ?? '', loader: path.endsWith('.tsx') ? 'jsx' : 'js' };
    });
  },
};
