/**
 * `npm run build:server` (also the last step of `npm run build`): compiles the server, the create-admin command, the
 * render-panoramas command (deploy/render-panoramas.sh) and the panorama renderer's and SQLite's threads into dist/server/{server,create-admin,panorama-worker,sqlite-worker}.js, what `npm run start:production` and `npm run create-admin` run.
 *
 * One CommonJS file per entry with our own code (host-shell/server and the shared/ modules it imports); packages stay
 * in node_modules (better-sqlite3 is native, and the versions are package-lock's). The files sit two folders under the
 * repository, like host-shell/server's sources, so REPO_ROOT (config.ts) finds data/, dist/spa and node_modules the
 * same way. Each file is written under a temporary name and renamed: a server starting meanwhile reads the old file
 * or the new one, never half of one.
 */
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { hashRendererSources } from '../../host-shell/server/panoramas/version';
import { linguiMacro } from './lingui-macro';

const root = path.resolve(__dirname, '..', '..');
const outdir = path.join(root, 'dist', 'server');

async function main(): Promise<void> {
  const result = await build({
    absWorkingDir: root,
    entryPoints: {
      server: 'host-shell/server/server.ts',
      'create-admin': 'host-shell/server/create-admin.ts',
      // Draws the panoramas once per deploy (deploy/render-panoramas.sh).
      'render-panoramas': 'host-shell/server/render-panoramas.ts',
      // The panorama renderer's worker thread (host-shell/server/panoramas/images.ts starts it by this name).
      'panorama-worker': 'host-shell/server/panoramas/worker.ts',
      // The SQLite thread (host-shell/server/db/sqlite-thread.ts starts it by this name).
      'sqlite-worker': 'host-shell/server/db/sqlite-worker.ts',
    },
    outdir,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    // Packages stay in node_modules, except @salon/shared: TypeScript, compiled in here like our own code. The Lingui
    // macro is run where it is imported (lingui-macro.ts).
    plugins: [
      linguiMacro,
      {
        name: 'packages-external-but-shared',
        setup(esbuild) {
          esbuild.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path === '@salon/shared' || args.path.startsWith('@salon/shared/') ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
    // The panoramas' renderer version as run from the sources (host-shell/server/panoramas/version.ts): the same keys.
    define: { SALON_PANORAMA_RENDERER_VERSION: JSON.stringify(hashRendererSources(path.join(root, 'host-shell', 'room-frame'))) },
    sourcemap: 'linked',
    sourcesContent: false,
    legalComments: 'none',
    logLevel: 'warning',
    write: false,
  });
  fs.mkdirSync(outdir, { recursive: true });
  for (const file of result.outputFiles) {
    const temporary = `${file.path}.${process.pid}.tmp`;
    fs.writeFileSync(temporary, file.contents);
    fs.renameSync(temporary, file.path);
  }
  const names = result.outputFiles.map((f) => path.relative(root, f.path)).filter((f) => f.endsWith('.js'));
  console.log(`compiled ${names.join(', ')}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
