import { afterEach, describe, expect, jest, test } from '@jest/globals';
import { BUNDLER_RUNTIME_KEY, type ProvidedBundlerRuntime } from './bundler-runtime';

const slot = globalThis as unknown as Record<symbol, ProvidedBundlerRuntime | undefined>;
const key = Symbol.for(BUNDLER_RUNTIME_KEY);

async function load<T>(importer: () => Promise<T>): Promise<T> {
  let loaded: T | undefined;
  await jest.isolateModulesAsync(async () => {
    loaded = await importer();
  });
  return loaded as T;
}

afterEach(() => {
  delete slot[key];
});

describe('the bundler runtime the loader provides to the remotes', () => {
  test('the loader provides every function a remote calls, initContainerEntry included', async () => {
    await load(() => import('./provide-bundler-runtime'));
    const provided = slot[key];
    for (const name of ['remotes', 'consumes', 'I', 'installInitialConsumes', 'initContainerEntry', 'init', 'getSharedFallbackGetter'] as const) {
      expect(typeof provided?.bundlerRuntime[name]).toBe('function');
    }
    expect(typeof provided?.attachShareScopeMap).toBe('function');
  });

  test('each remote gets its own federation object on the loader functions', async () => {
    await load(() => import('./provide-bundler-runtime'));
    const first = (await load(() => import('./remote-bundler-runtime'))).default;
    const second = (await load(() => import('./remote-bundler-runtime'))).default;
    expect(first).not.toBe(second);
    expect(first.bundlerRuntime).not.toBe(second.bundlerRuntime);
    expect(first.bundlerRuntime?.S).not.toBe(second.bundlerRuntime?.S);
    expect(first.bundlerRuntimeOptions).not.toBe(second.bundlerRuntimeOptions);
    expect(first.bundlerRuntime?.consumes).toBe(slot[key]?.bundlerRuntime.consumes);
    expect(first.instance).toBeUndefined();
    expect(typeof first.runtime?.init).toBe('function');
  });

  test('a remote loaded without the loader fails at once', async () => {
    await expect(load(() => import('./remote-bundler-runtime'))).rejects.toThrow('/spa/loader.js');
  });
});
