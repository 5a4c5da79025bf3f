/** The loader's side of `bundler-runtime.ts`: imported first by `../loader.ts`, before any remote can load. */
import { attachShareScopeMap, bundlerRuntime } from '@module-federation/webpack-bundler-runtime';
// The loader exposes nothing, so its own copy of the bundler runtime leaves this one out: the remotes need it.
import { initContainerEntry } from '@module-federation/webpack-bundler-runtime/dist/initContainerEntry.js';
import { BUNDLER_RUNTIME_KEY, type ProvidedBundlerRuntime } from './bundler-runtime';
import { builtFor } from '../contract';

const provided: ProvidedBundlerRuntime = {
  runtimeContract: builtFor().runtimeContract,
  bundlerRuntime: { ...bundlerRuntime, initContainerEntry },
  attachShareScopeMap,
};
(globalThis as unknown as Record<symbol, ProvidedBundlerRuntime>)[Symbol.for(BUNDLER_RUNTIME_KEY)] = provided;
