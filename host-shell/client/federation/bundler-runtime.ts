/**
 * The federation bundler runtime (`@module-federation/webpack-bundler-runtime`: the functions webpack's
 * generated glue calls to consume shared modules, load remotes and initialise a container), provided once per
 * page by the loader instead of bundled into every remote's `remoteEntry.js`, as the loader already provides
 * runtime-core (`experiments.externalRuntime`).
 *
 * The loader puts it under `globalThis[Symbol.for(BUNDLER_RUNTIME_KEY)]` (`provide-bundler-runtime.ts`); each
 * remote's build replaces the package's `bundler.js` with `remote-bundler-runtime.ts`, which builds that
 * remote's own `federation` object from it (its own `@module-federation/runtime`, instance, options and share
 * scope object; only stateless functions come from the loader). Types only here: the remote imports this file.
 *
 * The provided object names the runtime contract it fulfils (`../contract.ts`): a remote built for another one refuses
 * to start, so it fails alone instead of calling functions that do not match its glue.
 */
import type { Federation } from '@module-federation/webpack-bundler-runtime';

export const BUNDLER_RUNTIME_KEY = 'salon.federation.bundler@1';

export interface ProvidedBundlerRuntime {
  /** `../contract.ts`'s `runtimeContract` of the loader that provides it. */
  runtimeContract: string;
  bundlerRuntime: NonNullable<Federation['bundlerRuntime']>;
  attachShareScopeMap: NonNullable<Federation['attachShareScopeMap']>;
}
