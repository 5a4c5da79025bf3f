/**
 * A remote's side of `bundler-runtime.ts`: stands in for `@module-federation/webpack-bundler-runtime/dist/bundler.js`
 * in every remote's build (`webpack.ts`). Same shape as the package's `federation` object, with this remote's
 * own runtime wrapper and share scope object; the stateless functions are the loader's.
 *
 * It runs when the remote's `remoteEntry.js` starts: without the loader, or with a loader that provides another
 * runtime contract than the one this remote was built for (`../contract.ts`), it throws, so the remote never
 * initialises and the loader marks its slot failed; the other widgets are not affected.
 */
import * as runtime from '@module-federation/runtime';
import type { Federation } from '@module-federation/webpack-bundler-runtime';
import { BUNDLER_RUNTIME_KEY, type ProvidedBundlerRuntime } from './bundler-runtime';
import { builtFor } from '../contract';

const built = builtFor();
const provided = (globalThis as unknown as Record<symbol, ProvidedBundlerRuntime | undefined>)[Symbol.for(BUNDLER_RUNTIME_KEY)];
if (!provided)
  throw new Error(`[salon] widget "${built.widget}" loaded without /spa/loader.js: the loader provides the federation runtime`);
if (provided.runtimeContract !== built.runtimeContract) {
  throw new Error(
    `[salon] widget "${built.widget}" not started: it was built for runtime contract ${built.runtimeContract}; the loader on this page provides ${String(provided.runtimeContract)}`,
  );
}

const federation: Federation = {
  runtime,
  instance: undefined,
  initOptions: undefined,
  bundlerRuntime: { ...provided.bundlerRuntime, S: {} },
  attachShareScopeMap: provided.attachShareScopeMap,
  bundlerRuntimeOptions: {},
};

export default federation;
