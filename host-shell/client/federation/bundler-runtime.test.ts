import { afterEach, beforeEach, describe, expect, jest, test } from '@jest/globals';
import { BUNDLER_RUNTIME_KEY, type ProvidedBundlerRuntime } from './bundler-runtime';
import type { BuildInfo } from '../contract';

const slot = globalThis as unknown as Record<symbol, ProvidedBundlerRuntime | undefined>;
const key = Symbol.for(BUNDLER_RUNTIME_KEY);
const build = globalThis as unknown as { __SALON_BUILD__?: BuildInfo };

async function load<T>(importer: () => Promise<T>): Promise<T> {
  let loaded: T | undefined;
  await jest.isolateModulesAsync(async () => {
    loaded = await importer();
  });
  return loaded as T;
}

/** What webpack's DefinePlugin puts in the bundle being loaded next. */
function builtAs(widget: string, runtimeContract = '1+mf2.9.2'): void {
  build.__SALON_BUILD__ = { widget, runtimeContract, sharedContract: '0.1' };
}

beforeEach(() => builtAs('loader'));

afterEach(() => {
  delete slot[key];
  delete build.__SALON_BUILD__;
});

describe('the bundler runtime the loader provides to the remotes', () => {
  test('the loader provides every function a remote calls, initContainerEntry included, and names its runtime contract', async () => {
    await load(() => import('./provide-bundler-runtime'));
    const provided = slot[key];
    for (const name of [
      'remotes',
      'consumes',
      'I',
      'installInitialConsumes',
      'initContainerEntry',
      'init',
      'getSharedFallbackGetter',
    ] as const) {
      expect(typeof provided?.bundlerRuntime[name]).toBe('function');
    }
    expect(typeof provided?.attachShareScopeMap).toBe('function');
    expect(provided?.runtimeContract).toBe('1+mf2.9.2');
  });

  test('each remote gets its own federation object on the loader functions', async () => {
    await load(() => import('./provide-bundler-runtime'));
    builtAs('top-bar');
    const first = (await load(() => import('./remote-bundler-runtime'))).default;
    builtAs('toaster');
    const second = (await load(() => import('./remote-bundler-runtime'))).default;
    expect(first).not.toBe(second);
    expect(first.bundlerRuntime).not.toBe(second.bundlerRuntime);
    expect(first.bundlerRuntime?.S).not.toBe(second.bundlerRuntime?.S);
    expect(first.bundlerRuntimeOptions).not.toBe(second.bundlerRuntimeOptions);
    expect(first.bundlerRuntime?.consumes).toBe(slot[key]?.bundlerRuntime.consumes);
    expect(first.instance).toBeUndefined();
    expect(typeof first.runtime?.init).toBe('function');
  });

  test('a remote gets the same fields and bundler-runtime functions as the package’s own federation object', async () => {
    // The glue reads these (webpack-bundler-runtime/dist/bundler.js, which the build swaps): a release that adds one
    // must be added to remote-bundler-runtime.ts or the loader's provided functions.
    const { default: original } = await import('@module-federation/webpack-bundler-runtime');
    await load(() => import('./provide-bundler-runtime'));
    builtAs('top-bar');
    const ours = (await load(() => import('./remote-bundler-runtime'))).default;
    expect(Object.keys(ours).sort()).toEqual(Object.keys(original).sort());
    expect(Object.keys(ours.bundlerRuntime ?? {}).sort()).toEqual(Object.keys(original.bundlerRuntime ?? {}).sort());
  });

  test('a remote loaded without the loader fails at once', async () => {
    builtAs('top-bar');
    await expect(load(() => import('./remote-bundler-runtime'))).rejects.toThrow('/spa/loader.js');
  });

  test('a remote built for another runtime contract than the loader provides refuses to start, naming both', async () => {
    await load(() => import('./provide-bundler-runtime'));
    builtAs('top-bar', '2+mf2.10.0');
    const start = load(() => import('./remote-bundler-runtime'));
    await expect(start).rejects.toThrow(
      'widget "top-bar" not started: it was built for runtime contract 2+mf2.10.0; the loader on this page provides 1+mf2.9.2',
    );
  });

  test('a loader built before the contracts (no runtimeContract) is refused too', async () => {
    await load(() => import('./provide-bundler-runtime'));
    const { runtimeContract: _omitted, ...older } = slot[key] as ProvidedBundlerRuntime;
    slot[key] = older as ProvidedBundlerRuntime;
    builtAs('toaster');
    await expect(load(() => import('./remote-bundler-runtime'))).rejects.toThrow('provides undefined');
  });
});
