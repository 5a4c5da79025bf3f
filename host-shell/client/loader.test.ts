import { afterEach, beforeEach, describe, expect, jest, test } from '@jest/globals';
import type { Manifest } from './manifest';
import type * as Loader from './loader';
import { YIELDING_PLUGIN_NAME } from './federation/yielding-plugin';

const mockRuntime = {
  registerRemotes: jest.fn(),
  registerPlugins: jest.fn(),
  registerGlobalPlugins: jest.fn(),
  loadRemote: jest.fn(async (_id: string) => ({ mount: () => () => undefined })),
};
let mockManifest: Manifest = {};

jest.mock('@module-federation/enhanced/runtime', () => mockRuntime);
jest.mock('./federation/provide-bundler-runtime', () => ({}));
jest.mock('./manifest', () => ({ fetchManifest: async () => mockManifest }));

const contracts = { runtimeContract: '1+mf2.9.2', sharedContract: '0.1' };
const line = (widget: string, overrides: Partial<typeof contracts> = {}) => ({
  entry: `${widget}/0123456789/remoteEntry.js`,
  ...contracts,
  ...overrides,
});

/** Loads a fresh loader on the page's slots and waits until every slot is settled. */
async function runLoader(slots: string[]): Promise<Record<string, string | undefined>> {
  document.body.innerHTML = slots.map((w) => `<div data-salon-widget="${w}"></div>`).join('');
  let loader: typeof Loader | undefined;
  jest.isolateModules(() => {
    loader = jest.requireActual<typeof Loader>('./loader');
  });
  await loader?.mountAll();
  return Object.fromEntries(slots.map((w) => [w, document.querySelector<HTMLElement>(`[data-salon-widget="${w}"]`)?.dataset.salonState]));
}

let errors: jest.SpiedFunction<typeof console.error>;

beforeEach(() => {
  (globalThis as unknown as { __SALON_BUILD__: unknown }).__SALON_BUILD__ = { widget: 'loader', ...contracts };
  mockRuntime.registerRemotes.mockClear();
  mockRuntime.registerPlugins.mockClear();
  mockRuntime.registerGlobalPlugins.mockClear();
  mockRuntime.loadRemote.mockClear();
  errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  errors.mockRestore();
  delete (globalThis as unknown as { __SALON_BUILD__?: unknown }).__SALON_BUILD__;
});

const registered = () => (mockRuntime.registerRemotes.mock.calls.at(-1)?.[0] as { name: string }[]).map((r) => r.name);
const loaded = () => mockRuntime.loadRemote.mock.calls.map(([id]) => id);

describe('the loader mounts what it can run and isolates the rest', () => {
  test('every widget of the loader’s contracts is registered and mounted', async () => {
    mockManifest = { 'top-bar': line('top-bar'), toaster: line('toaster') };
    expect(await runLoader(['top-bar', 'toaster'])).toEqual({ 'top-bar': 'mounted', toaster: 'mounted' });
    expect(registered()).toEqual(['salon_top_bar', 'salon_toaster']);
    expect(errors).not.toHaveBeenCalled();
  });

  test('the plugin that yields between the steps of a remote’s loading is on the loader’s instance and the remotes’', async () => {
    mockManifest = { 'top-bar': line('top-bar') };
    await runLoader(['top-bar']);
    const names = (calls: unknown[][]) => calls.flatMap(([plugins]) => (plugins as { name: string }[]).map((p) => p.name));
    expect(names(mockRuntime.registerPlugins.mock.calls)).toEqual([YIELDING_PLUGIN_NAME]);
    expect(names(mockRuntime.registerGlobalPlugins.mock.calls)).toEqual([YIELDING_PLUGIN_NAME]);
    // Before any remote is registered, so that no remote's instance is created without it.
    expect(mockRuntime.registerGlobalPlugins.mock.invocationCallOrder[0]).toBeLessThan(
      mockRuntime.registerRemotes.mock.invocationCallOrder[0] ?? 0,
    );
  });

  test('a widget of another @salon/shared contract fails alone, never registered nor loaded, with one error', async () => {
    mockManifest = { 'top-bar': line('top-bar'), toaster: line('toaster', { sharedContract: '0.2' }), room: line('room') };
    expect(await runLoader(['top-bar', 'toaster', 'room'])).toEqual({ 'top-bar': 'mounted', toaster: 'failed', room: 'mounted' });
    expect(registered()).toEqual(['salon_top_bar', 'salon_room']);
    expect(loaded()).not.toContain('salon_toaster/mount');
    expect(errors).toHaveBeenCalledTimes(1);
    expect(String(errors.mock.calls[0]?.[0])).toMatch(/widget "toaster".*@salon\/shared 0\.2.*@salon\/shared 0\.1/);
  });

  test('when the first slot is the one refused, the next one loads first and the others still mount', async () => {
    mockManifest = { 'top-bar': line('top-bar', { runtimeContract: '2+mf3.0.0' }), toaster: line('toaster'), room: line('room') };
    expect(await runLoader(['top-bar', 'toaster', 'room'])).toEqual({ 'top-bar': 'failed', toaster: 'mounted', room: 'mounted' });
    expect(loaded()[0]).toBe('salon_toaster/mount');
    expect(String(errors.mock.calls[0]?.[0])).toContain('runtime contract 2+mf3.0.0');
  });

  test('a lazy widget of another contract is refused when the bus first opens it', async () => {
    mockManifest = { 'top-bar': line('top-bar'), chat: line('chat', { sharedContract: '0.2' }) };
    document.body.innerHTML = '<div data-salon-widget="top-bar"></div><div data-salon-widget="chat" data-salon-lazy></div>';
    let loader: typeof Loader | undefined;
    jest.isolateModules(() => {
      loader = jest.requireActual<typeof Loader>('./loader');
    });
    await loader?.mountAll();
    const chat = document.querySelector<HTMLElement>('[data-salon-widget="chat"]');
    expect(chat?.dataset.salonState).toBe('idle');
    expect(errors).not.toHaveBeenCalled();
    const api = (globalThis as unknown as Record<symbol, Loader.LoaderApi>)[Symbol.for(loader?.LOADER_KEY ?? '')];
    await expect(api?.ensure('chat')).resolves.toBe(false);
    expect(chat?.dataset.salonState).toBe('failed');
    expect(loaded()).toEqual(['salon_top_bar/mount']);
    expect(errors).toHaveBeenCalledTimes(1);
    expect(String(errors.mock.calls[0]?.[0])).toContain('widget "chat"');
  });

  test('a line written before the contracts is refused', async () => {
    mockManifest = { 'top-bar': { entry: 'top-bar/0123456789/remoteEntry.js' }, toaster: line('toaster') };
    expect(await runLoader(['top-bar', 'toaster'])).toEqual({ 'top-bar': 'failed', toaster: 'mounted' });
    expect(String(errors.mock.calls[0]?.[0])).toContain('(none)');
  });
});
