/**
 * Builds every widget as its own production module-federation remote, and the host-page loader.
 *
 *   npx webpack                          all remotes + loader (what `npm run build` does)
 *   npx webpack --env widget=top-bar     one remote only: a new version folder and its line in widgets.json
 *   npx webpack --env widget=loader      the loader only
 *   npx webpack --env widget=room-frame  the 360° room frame only
 *
 *   SALON_SPA_DIR=/tmp/x/spa            build into another folder than dist/spa (a copy of it, to deploy to)
 *   SALON_BUILD_OVERLAY=/tmp/patch      files there replace the repository's files of the same relative path
 *                                        (sources and shared/package.json): a patched build without touching the tree
 *
 * Output (see scripts/build/README.md):
 *   dist/spa/loader.js                   the host-page loader (not versioned: served no-cache)
 *   dist/spa/loader/<hash>/…             its chunks (immutable)
 *   dist/spa/<widget>/<hash>/remoteEntry.js and chunks (immutable)
 *   dist/spa/widgets.json                widget name → versioned remoteEntry URL
 *   dist/spa/room-frame/<hash>/room-frame.js  the room frame (a plain bundle, not a remote)
 *   dist/spa/room-frame/<hash>/<id>.js   its 360° viewer's worker (drawing on an OffscreenCanvas)
 *   dist/spa/room-frame/manifest.json    its entry file, read by host-shell's /room/ page
 */
import path from 'node:path';
import fs from 'node:fs';
import { DefinePlugin, type Compiler, type Configuration, type RuleSetRule } from 'webpack';
import TerserPlugin from 'terser-webpack-plugin';
import { EMOJI_PICKER_MODULE, EMOJI_PICKER_PATCHES } from './scripts/build/csp-patches';
import { singletonEntries } from './scripts/build/shared-entries';
import { VersionedRemotePlugin, containerName, listWidgets } from './scripts/build/widgets';
import type { BuildInfo, Contracts } from './host-shell/client/contract';
import {
  FEDERATION_CONDITION_NAMES,
  contractsOf,
  hostFederation,
  remoteFederation,
  sharedModules,
} from './host-shell/client/federation/webpack';

const root = __dirname;
const spaDir = path.resolve(process.env.SALON_SPA_DIR || path.join(root, 'dist', 'spa'));
const overlayDir = process.env.SALON_BUILD_OVERLAY ? path.resolve(process.env.SALON_BUILD_OVERLAY) : null;

/** A repository file, or its replacement in SALON_BUILD_OVERLAY. */
function overlaid(file: string): string {
  if (!overlayDir) return file;
  const replacement = path.join(overlayDir, path.relative(root, file));
  return fs.existsSync(replacement) ? replacement : file;
}

const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
};
const sharedPkg = JSON.parse(fs.readFileSync(overlaid(path.join(root, 'shared', 'package.json')), 'utf8')) as {
  version: string;
  exports: Record<string, string>;
};
/** The contracts the loader provides and each remote needs (host-shell/client/contract.ts). */
const contracts: Contracts = contractsOf(sharedPkg.version);

/** `__SALON_BUILD__` in the bundle: what it was built for. */
function buildInfo(widget: string): DefinePlugin {
  const info: BuildInfo = { widget, ...contracts };
  return new DefinePlugin({ __SALON_BUILD__: JSON.stringify(info) });
}

/** The packages that must exist once per page (spec: one React, one bus, one i18n). */
const singletons = ['react', 'react-dom', 'nanostores', '@nanostores/react', '@lingui/core', '@lingui/react'];

/** What every remote shares. Each entry of @salon/shared holds stores: one copy per page. The contracts and the test
 * helpers hold none: they are bundled where they are used, as any module. */
const sharedConfig = () => sharedModules(singletons, pkg.dependencies, singletonEntries(sharedPkg.exports), sharedPkg.version);

/** TypeScript, JSX and the Lingui macros, by Babel alone (babel.config.js); types are checked by `npm run typecheck`. */
const scriptRule: RuleSetRule = {
  test: /\.[jt]sx?$/,
  exclude: /node_modules/,
  use: [{ loader: 'babel-loader', options: { babelrc: false, configFile: path.join(root, 'babel.config.js'), envName: 'production' } }],
};

/** Reads a source from SALON_BUILD_OVERLAY when it has one of the same path; imports still resolve from the tree. */
function overlayRule(dir: string): RuleSetRule {
  return {
    enforce: 'pre',
    test: (file: string) =>
      file.startsWith(root + path.sep) && !file.includes(`${path.sep}node_modules${path.sep}`) && overlaid(file) !== file,
    use: [{ loader: path.join(root, 'scripts', 'build', 'overlay-loader.cjs'), options: { root, overlay: dir } }],
  };
}

function base(name: string): Configuration {
  return {
    name,
    mode: 'production',
    context: root,
    target: 'web',
    devtool: 'source-map',
    resolve: {
      extensions: ['.tsx', '.ts', '.js', '.mjs'],
      conditionNames: FEDERATION_CONDITION_NAMES,
    },
    module: {
      rules: [
        ...(overlayDir ? [overlayRule(overlayDir)] : []),
        scriptRule,
        // emoji-picker-element's style attributes become CSSOM writes, which the pages' CSP allows.
        {
          test: EMOJI_PICKER_MODULE,
          use: [{ loader: path.join(root, 'scripts', 'build', 'patch-loader.cjs'), options: { patches: EMOJI_PICKER_PATCHES } }],
        },
      ],
    },
    performance: { hints: false },
    // SWC's minifier through terser-webpack-plugin: Terser's output or a little smaller, for under half its CPU time
    // (docs/performance.md, 2026-11-29). License headers (`comments: 'some'`, Terser's default) stay inline: they also
    // let the page-weight check count React copies.
    optimization: {
      minimizer: [
        new TerserPlugin({
          minify: TerserPlugin.swcMinify,
          extractComments: false,
          terserOptions: { format: { comments: 'some' } },
        }),
      ],
    },
    infrastructureLogging: { level: 'warn' },
    stats: 'errors-warnings',
  };
}

function remoteConfig(widget: string): Configuration {
  const container = containerName(widget);
  const outDir = path.join(spaDir, widget, '.next');
  return {
    ...base(widget),
    entry: {},
    output: {
      path: outDir,
      // The version folder is only known after the build: 'auto' resolves chunks relative to remoteEntry.js.
      publicPath: 'auto',
      uniqueName: container,
      filename: '[name].[contenthash:8].js',
      chunkFilename: '[name].[contenthash:8].js',
      clean: true,
    },
    plugins: [
      ...remoteFederation({ container, mount: `./widgets/${widget}/mount.tsx`, shared: sharedConfig() }),
      buildInfo(widget),
      new VersionedRemotePlugin({ widget, spaDir, contracts }),
    ],
  };
}

function loaderConfig(): Configuration {
  return {
    ...base('loader'),
    entry: { loader: './host-shell/client/loader.ts' },
    output: {
      path: spaDir,
      publicPath: 'auto',
      uniqueName: 'salon_loader',
      filename: '[name].js',
      chunkFilename: 'loader/[contenthash:8]/[id].js',
    },
    plugins: [hostFederation(), buildInfo('loader')],
  };
}

const ROOM_FRAME = 'room-frame';

/**
 * Writes dist/spa/room-frame/manifest.json (`{"entry": "room-frame/<hash>/room-frame.js", "scripts": [...]}`: the
 * entry, and every script of the build, its viewer's worker included) once the bundle is out.
 */
class RoomFrameManifestPlugin {
  apply(compiler: Compiler): void {
    compiler.hooks.afterEmit.tap('RoomFrameManifestPlugin', (compilation) => {
      const files = [...(compilation.entrypoints.get(ROOM_FRAME)?.getFiles() ?? [])].filter((f) => f.endsWith('.js'));
      if (files.length !== 1) throw new Error(`room-frame: expected one entry file, got ${files.join(', ') || 'none'}`);
      const outDir = compilation.outputOptions.path ?? path.join(spaDir, ROOM_FRAME);
      // Every script of the build, the entry and its viewer's worker: what `npm run size` counts.
      const scripts = Object.keys(compilation.assets)
        .filter((f) => f.endsWith('.js'))
        .sort()
        .map((f) => `${ROOM_FRAME}/${f}`);
      fs.writeFileSync(path.join(outDir, 'manifest.json'), `${JSON.stringify({ entry: `${ROOM_FRAME}/${files[0]}`, scripts }, null, 2)}\n`);
    });
  }
}

/**
 * The 360° room frame (host-shell/room-frame/): a page of its own inside an iframe, so a plain production bundle,
 * not a federated remote (it shares nothing with the widgets), with no dependency (its texts: its own compiled Lingui catalogs, read by room-frame/i18n.ts): its 360° viewer is its own
 * (view.ts) and its styles are a string it injects (styles.ts).
 */
function roomFrameConfig(): Configuration {
  return {
    ...base(ROOM_FRAME),
    entry: { [ROOM_FRAME]: './host-shell/room-frame/main.ts' },
    module: {
      // The same TypeScript and Lingui macro steps as the widgets (its texts are Lingui descriptors: i18n.ts).
      rules: [scriptRule],
    },
    output: {
      path: path.join(spaDir, ROOM_FRAME),
      publicPath: 'auto',
      uniqueName: 'salon_room_frame',
      // The hash is a folder: /spa/* serves what is under a hash folder as immutable.
      filename: '[contenthash:10]/[name].js',
      chunkFilename: '[contenthash:10]/[id].js',
    },
    optimization: { ...base(ROOM_FRAME).optimization, splitChunks: false },
    plugins: [new RoomFrameManifestPlugin()],
  };
}

export default (env: Record<string, string | boolean> = {}): Configuration[] => {
  const only = typeof env.widget === 'string' ? env.widget.split(',') : null;
  const widgets = listWidgets(path.join(root, 'widgets'));
  const configs: Configuration[] = [];
  if (!only || only.includes('loader')) configs.push(loaderConfig());
  for (const widget of widgets) if (!only || only.includes(widget)) configs.push(remoteConfig(widget));
  if (!only || only.includes(ROOM_FRAME)) configs.push(roomFrameConfig());
  if (only) {
    const unknown = only.filter((w) => w !== 'loader' && w !== ROOM_FRAME && !widgets.includes(w));
    if (unknown.length) throw new Error(`Unknown widget(s): ${unknown.join(', ')}. Known: ${widgets.join(', ')}`);
  }
  return configs;
};
