/**
 * A remote's side of `bundler-runtime.ts`: stands in for `@module-federation/webpack-bundler-runtime/dist/bundler.js`
 * in every remote's build (webpack.config.ts). Same shape as the package's `federation` object, with this remote's
 * own runtime wrapper and share scope object; the stateless functions are the loader's.
 */
import * as runtime from '@module-federation/runtime';
import type { Federation } from '@module-federation/webpack-bundler-runtime';
import { BUNDLER_RUNTIME_KEY, type ProvidedBundlerRuntime } from './bundler-runtime';

const provided = (globalThis as unknown as Record<symbol, ProvidedBundlerRuntime | undefined>)[Symbol.for(BUNDLER_RUNTIME_KEY)];
if (!provided) throw new Error('[salon] a remote loaded without /spa/loader.js: the loader provides the federation runtime');

const federation: Federation = {
  runtime,
  instance: undefined,
  initOptions: undefined,
  bundlerRuntime: { ...provided.bundlerRuntime, S: {} },
  attachShareScopeMap: provided.attachShareScopeMap,
  bundlerRuntimeOptions: {},
};

export default federation;
