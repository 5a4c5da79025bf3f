/**
 * Writes `.gz` and `.br` next to every text asset of dist/spa whose compressed copies are missing or stale,
 * so the server sends them precompressed (@fastify/static `preCompressed`) at the best level, at no cost per request.
 * Not widgets.json: a deploy or a rollback rewrites it in place, and a stale compressed copy would be served instead.
 * SALON_SPA_DIR chooses another folder than dist/spa.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const spa = path.resolve(process.env.SALON_SPA_DIR || path.join(__dirname, '..', '..', 'dist', 'spa'));
const MANIFEST = path.join(spa, 'widgets.json');
const TEXT = /\.(js|json|css|svg|html|txt)$/;

function walk(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
}

let written = 0;
for (const file of walk(spa)) {
  if (!TEXT.test(file)) continue;
  if (file === MANIFEST) {
    for (const copy of [`${file}.gz`, `${file}.br`]) fs.rmSync(copy, { force: true });
    continue;
  }
  const mtime = fs.statSync(file).mtimeMs;
  const fresh = (copy: string) => fs.existsSync(copy) && fs.statSync(copy).mtimeMs >= mtime;
  if (fresh(`${file}.gz`) && fresh(`${file}.br`)) continue;
  const body = fs.readFileSync(file);
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(body, { level: 9 }));
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
  written += 1;
}
console.log(`compressed ${written} assets in dist/spa`);
