/**
 * The build's side of module federation, for `webpack.config.ts`: the plugins of the loader (the host) and of each
 * remote, the resolution the federation runtime needs, and the contracts computed from the installed packages.
 * Runs in Node at build time (the rest of this folder runs in the browser). What an upgrade of `@module-federation`
 * must check is in this folder's README.
 */
import fs from 'node:fs';
import path from 'node:path';
import { NormalModuleReplacementPlugin, type WebpackPluginInstance } from 'webpack';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import { runtimeContractOf, sharedContractOf, type Contracts } from '../contract';

const root = path.resolve(__dirname, '..', '..', '..');

/**
 * `resolve.conditionNames` of every bundle: the federation plugins inject their runtime plugins by CommonJS path;
 * resolving those to the ESM build too keeps one copy of the federation runtime per bundle (it halves the loader).
 */
export const FEDERATION_CONDITION_NAMES = ['import', 'module', 'browser', 'default'];

/** The installed `@module-federation/enhanced`'s version: a remote's glue is made for that release's runtime. */
export function federationVersion(): string {
  const file = path.join(root, 'node_modules', '@module-federation', 'enhanced', 'package.json');
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as { version: string }).version;
}

/** The contracts the loader provides and each remote needs (`../contract.ts`): computed, never hand-written. */
export function contractsOf(sharedVersion: string): Contracts {
  return { runtimeContract: runtimeContractOf(federationVersion()), sharedContract: sharedContractOf(sharedVersion) };
}

/** The package's bundler runtime, which the glue of every remote imports by this path. */
export const BUNDLER_JS = /[\\/]@module-federation[\\/]webpack-bundler-runtime[\\/]dist[\\/]bundler\.js$/;

/** What each remote imports instead of `BUNDLER_JS`: its own federation object on the loader's functions. */
export const REMOTE_BUNDLER_RUNTIME = path.join(__dirname, 'remote-bundler-runtime.ts');

type Shared = Record<string, { singleton: true; requiredVersion: string; version?: string }>;

/**
 * The `shared` modules of every remote: each package of `singletons` at its version in `dependencies`, with its
 * subpaths (react/jsx-runtime, react-dom/client…: else each remote bundles its own copy), and `entries`, our own
 * singletons, at `version`.
 */
export function sharedModules(
  singletons: readonly string[],
  dependencies: Record<string, string>,
  entries: readonly string[],
  version: string,
): Shared {
  const shared: Shared = {};
  for (const name of singletons) {
    const requiredVersion = dependencies[name];
    if (!requiredVersion) throw new Error(`${name} is not a dependency in package.json`);
    shared[name] = { singleton: true, requiredVersion };
    shared[`${name}/`] = { singleton: true, requiredVersion };
  }
  for (const entry of entries) shared[entry] = { singleton: true, requiredVersion: version, version };
  return shared;
}

/** The plugins of one remote: its container (`remoteEntry.js` exposing `./mount`) and the bundler-runtime swap. */
export function remoteFederation(options: { container: string; mount: string; shared: Shared }): WebpackPluginInstance[] {
  return [
    new ModuleFederationPlugin({
      name: options.container,
      filename: 'remoteEntry.js',
      exposes: { './mount': options.mount },
      shared: options.shared,
      // The first provider registered for a version is kept: with the default 'version-first', a remote that
      // registers while another one's React is still loading replaces it, and the page gets two Reacts.
      shareStrategy: 'loaded-first',
      dts: false,
      manifest: false,
      experiments: {
        // The loader provides the federation runtime: each remote carries only its bundler glue.
        externalRuntime: true,
        optimization: { disableSnapshot: true, target: 'web' },
      },
    }),
    // The loader provides the bundler runtime too (bundler-runtime.ts): the federation glue imports it by this
    // path, and gets the remote's own federation object built on the loader's functions.
    new NormalModuleReplacementPlugin(BUNDLER_JS, REMOTE_BUNDLER_RUNTIME),
  ];
}

/** The loader's plugin: the federation host, which provides the runtime to the remotes. */
export function hostFederation(): WebpackPluginInstance {
  return new ModuleFederationPlugin({
    name: 'salon_host',
    remotes: {},
    shared: {},
    shareStrategy: 'loaded-first',
    dts: false,
    manifest: false,
    experiments: {
      provideExternalRuntime: true,
      optimization: { disableSnapshot: true, target: 'web' },
    },
  });
}
