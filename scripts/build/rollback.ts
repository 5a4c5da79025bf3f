/**
 * Points one widget's line of widgets.json back at an older version folder (a rollback), atomically:
 *
 *   node --import tsx scripts/build/rollback.ts top-bar 3f9a1c2b7d
 *
 * The line is the one that folder's build wrote (`<widget>/<version>/line.json`), contracts included. Lists the
 * widget's versions when none is given. SALON_SPA_DIR chooses another folder than dist/spa.
 */
import fs from 'node:fs';
import path from 'node:path';
import { LINE_FILE, restoreLine } from './widgets';

const spaDir = path.resolve(process.env.SALON_SPA_DIR || path.join(__dirname, '..', '..', 'dist', 'spa'));
const [widget, version] = process.argv.slice(2);
if (!widget) {
  console.error('usage: rollback.ts WIDGET [VERSION]');
  process.exit(2);
}
if (!version) {
  const dir = path.join(spaDir, widget);
  const versions = fs.existsSync(dir) ? fs.readdirSync(dir).filter((v) => fs.existsSync(path.join(dir, v, LINE_FILE))) : [];
  const byAge = versions
    .map((v) => ({ v, at: fs.statSync(path.join(dir, v, LINE_FILE)).mtime }))
    .sort((a, b) => b.at.getTime() - a.at.getTime());
  for (const { v, at } of byAge) console.log(`${v}  built ${at.toISOString()}`);
  process.exit(byAge.length ? 0 : 1);
}
const line = restoreLine(spaDir, widget, version);
console.log(`${widget} → ${line.entry} (runtime contract ${line.runtimeContract}, @salon/shared ${line.sharedContract})`);
