/**
 * Per-remote size limits (size-limits.json), checked on the built dist/: the loader, each remote's
 * remoteEntry.js (its federation glue), its own code, and the shared code it can provide (React, @salon/shared
 * and their libraries, downloaded once per page); and the room
 * frame's scripts (a page of its own, in an iframe): its entry and its viewer's worker.
 * Exits 1 when a limit is passed. Run after `npm run build`: `npm run size`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { gzipSize, type SizeReport } from '../build/widgets';

type PerWidget = Record<string, number> & { default: number };
interface Limits {
  loader: number;
  remoteEntry: PerWidget;
  shared: PerWidget;
  own: PerWidget;
  'room-frame'?: number;
}

const root = path.resolve(__dirname, '..', '..');
const limits = JSON.parse(fs.readFileSync(path.join(root, 'size-limits.json'), 'utf8')) as Limits;
const spa = path.join(root, 'dist', 'spa');
const manifest = JSON.parse(fs.readFileSync(path.join(spa, 'widgets.json'), 'utf8')) as Record<string, unknown>;

const rows: { what: string; gzip: number; limit: number }[] = [];
const jsUnder = (dir: string): string[] =>
  fs.existsSync(dir)
    ? fs
        .readdirSync(dir, { withFileTypes: true })
        .flatMap((e) => (e.isDirectory() ? jsUnder(path.join(dir, e.name)) : e.name.endsWith('.js') ? [path.join(dir, e.name)] : []))
    : [];
const loaderFiles = [path.join(spa, 'loader.js'), ...jsUnder(path.join(spa, 'loader'))];
rows.push({
  what: 'loader (loader.js + chunks)',
  gzip: loaderFiles.reduce((n, f) => n + gzipSize(fs.readFileSync(f)), 0),
  limit: limits.loader,
});

for (const widget of Object.keys(manifest).sort()) {
  const reportFile = path.join(root, 'dist', 'size-report', `${widget}.json`);
  if (!fs.existsSync(reportFile)) {
    console.error(`no size report for ${widget}: rebuild it`);
    process.exitCode = 1;
    continue;
  }
  const report = JSON.parse(fs.readFileSync(reportFile, 'utf8')) as SizeReport;
  const sum = (kind: string) => report.files.filter((f) => f.kind === kind).reduce((n, f) => n + f.gzip, 0);
  rows.push({ what: `${widget}: remoteEntry.js`, gzip: sum('entry'), limit: limits.remoteEntry[widget] ?? limits.remoteEntry.default });
  rows.push({ what: `${widget}: own code (all chunks)`, gzip: sum('own'), limit: limits.own[widget] ?? limits.own.default });
  rows.push({ what: `${widget}: shared code it can provide`, gzip: sum('shared'), limit: limits.shared[widget] ?? limits.shared.default });
}

const roomFrameLimit = limits['room-frame'];
if (roomFrameLimit !== undefined) {
  const manifestFile = path.join(spa, 'room-frame', 'manifest.json');
  const built = fs.existsSync(manifestFile)
    ? (JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as { entry?: unknown; scripts?: unknown })
    : {};
  // The entry and the viewer's worker script (`scripts`), which the frame loads at its start too.
  const scripts = Array.isArray(built.scripts) ? built.scripts.filter((f): f is string => typeof f === 'string') : [];
  const files = typeof built.entry === 'string' ? [...new Set([built.entry, ...scripts])] : [];
  if (!files.length || !files.every((f) => fs.existsSync(path.join(spa, f)))) {
    console.error('the room frame is not built (dist/spa/room-frame/manifest.json): rebuild it');
    process.exitCode = 1;
  } else {
    const gzip = files.reduce((n, f) => n + gzipSize(fs.readFileSync(path.join(spa, f))), 0);
    rows.push({ what: 'room-frame (viewer + its worker, panel, quiz)', gzip, limit: roomFrameLimit });
  }
}

const kb = (n: number) => `${(n / 1000).toFixed(1)} kB`;
let failed = false;
for (const row of rows) {
  const over = !(row.gzip <= row.limit);
  failed ||= over;
  console.log(`${over ? 'OVER' : 'ok  '}  ${row.what.padEnd(48)} ${kb(row.gzip).padStart(9)} / ${kb(row.limit)}`);
}
if (failed) {
  console.error('Size limits exceeded: see size-limits.json');
  process.exitCode = 1;
}
