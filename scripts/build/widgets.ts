import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Compilation, Compiler } from 'webpack';
import type { Contracts, ManifestLine } from '../../host-shell/client/contract';

/** A widget is a folder of widgets/ with a mount.tsx. */
export function listWidgets(widgetsDir: string): string[] {
  if (!fs.existsSync(widgetsDir)) return [];
  return fs
    .readdirSync(widgetsDir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && fs.existsSync(path.join(widgetsDir, d.name, 'mount.tsx')))
    .map((d) => d.name)
    .sort();
}

export { containerName } from '../../host-shell/client/container-name';

export const MANIFEST = 'widgets.json';

function hashDir(dir: string): string {
  const hash = crypto.createHash('sha256');
  const walk = (d: string): string[] =>
    fs.readdirSync(d, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(d, e.name)) : [path.join(d, e.name)]));
  for (const file of walk(dir).sort()) {
    hash.update(path.relative(dir, file));
    hash.update(fs.readFileSync(file));
  }
  return hash.digest('hex').slice(0, 10);
}

/** The line of a version folder, written next to its remoteEntry.js: what a rollback puts back. */
export const LINE_FILE = 'line.json';

/**
 * Reads, changes and atomically rewrites the manifest (a temporary file, then a rename): only `widget`'s line
 * changes. Its precompressed copies are removed, so the server never sends a stale one.
 */
export function updateManifest(spaDir: string, widget: string, line: ManifestLine): void {
  const file = path.join(spaDir, MANIFEST);
  const manifest: Record<string, unknown> = fs.existsSync(file)
    ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>)
    : {};
  manifest[widget] = line;
  const sorted = Object.fromEntries(Object.entries(manifest).sort(([a], [b]) => a.localeCompare(b)));
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, `${JSON.stringify(sorted, null, 2)}\n`);
  fs.renameSync(tmp, file);
  for (const copy of [`${file}.gz`, `${file}.br`]) fs.rmSync(copy, { force: true });
}

/** Points `widget`'s line back at one of its version folders (a rollback, or a redeploy of an older build). */
export function restoreLine(spaDir: string, widget: string, version: string): ManifestLine {
  const lineFile = path.join(spaDir, widget, version, LINE_FILE);
  if (!fs.existsSync(lineFile)) throw new Error(`no ${widget}/${version}/${LINE_FILE} in ${spaDir}`);
  const line = JSON.parse(fs.readFileSync(lineFile, 'utf8')) as ManifestLine;
  updateManifest(spaDir, widget, line);
  return line;
}

/**
 * After a remote's build: moves its output into a folder named by the hash of its content
 * (so every file in it can be cached forever) and points the manifest at it, with the contracts it was built for
 * (host-shell/client/contract.ts). Older versions stay for pages that still reference them, and for rollbacks.
 */
export class VersionedRemotePlugin {
  constructor(private readonly options: { widget: string; spaDir: string; contracts: Contracts }) {}

  apply(compiler: Compiler): void {
    compiler.hooks.done.tap('VersionedRemotePlugin', (stats) => {
      if (stats.hasErrors()) return;
      const { widget, spaDir, contracts } = this.options;
      const outDir = compiler.options.output.path;
      if (!outDir || !fs.existsSync(outDir)) return;
      const version = hashDir(outDir);
      const target = path.join(spaDir, widget, version);
      fs.rmSync(target, { recursive: true, force: true });
      fs.renameSync(outDir, target);
      const line: ManifestLine = { entry: `${widget}/${version}/remoteEntry.js`, ...contracts };
      fs.writeFileSync(path.join(target, LINE_FILE), `${JSON.stringify(line, null, 2)}\n`);
      updateManifest(spaDir, widget, line);
      writeSizeReport(stats.compilation, widget, version, target);
    });
  }
}

export interface SizeReport {
  widget: string;
  version: string;
  files: { file: string; kind: 'entry' | 'own' | 'shared' | 'copy'; raw: number; gzip: number }[];
}

export function gzipSize(buffer: Buffer): number {
  return zlib.gzipSync(buffer, { level: 9 }).length;
}

/**
 * dist/size-report/<widget>.json: every JS file of the remote, classified for scripts/size/check.ts:
 * `entry` (remoteEntry.js), `own` (holds the widget's own modules), `shared` (only shared code: React,
 * @salon/shared and their libraries, downloaded once per page from whichever remote offers them first),
 * `copy` (the same modules as an earlier chunk: the federation plugin emits a shared module both as the
 * provided version and as the fallback; a page loads one of them).
 */
function writeSizeReport(compilation: Compilation, widget: string, version: string, dir: string): void {
  const files: SizeReport['files'] = [];
  const seen = new Set<string>();
  const ownPath = `${path.sep}widgets${path.sep}${widget}${path.sep}`;
  for (const chunk of compilation.chunks) {
    const resources = compilation.chunkGraph
      .getChunkModules(chunk)
      .map((m) => m.nameForCondition() ?? '')
      .filter(Boolean)
      .sort();
    const key = resources.join('\n');
    for (const file of chunk.files) {
      if (!file.endsWith('.js')) continue;
      const buffer = fs.readFileSync(path.join(dir, file));
      let kind: SizeReport['files'][number]['kind'];
      if (file === 'remoteEntry.js') kind = 'entry';
      else if (resources.some((r) => r.includes(ownPath))) kind = 'own';
      else if (resources.length > 0 && seen.has(key)) kind = 'copy';
      else kind = 'shared';
      seen.add(key);
      files.push({ file, kind, raw: buffer.length, gzip: gzipSize(buffer) });
    }
  }
  const reportDir = path.join(path.dirname(path.dirname(dir)), '..', 'size-report');
  fs.mkdirSync(reportDir, { recursive: true });
  const report: SizeReport = { widget, version, files: files.sort((a, b) => a.file.localeCompare(b.file)) };
  fs.writeFileSync(path.join(reportDir, `${widget}.json`), `${JSON.stringify(report, null, 2)}\n`);
}
