/*
 * Draws every panorama image the room's content needs into PANORAMA_DIR, once, then exits: what a deploy runs
 * (deploy/render-panoramas.sh) so that the salon processes start with PANORAMA_PRERENDER=0 instead of each drawing the
 * missing ones at start (2–3 s of CPU per image compiled, every process at once, beside live traffic). An image the content
 * needs later (a new stand) is drawn by the process first asked for it.
 *   bash scripts/compiled.sh render-panoramas          (compiled: dist/server/render-panoramas.js)
 *   npx tsx host-shell/server/render-panoramas.ts
 */
// First: the Lingui macro under tsx (i18n/macro-hook.ts).
import './i18n/macro-hook';
import fs from 'node:fs';
import { loadConfig } from './config';
import { openDatabase } from './db/connect';
import { directUrlOf, migrateAtStart } from './db/migrate';
import { salonLogger } from './ops/logger';
import { PanoramaImages } from './panoramas/images';
import { mediaDir } from './services/medias';
import { loadRoomContent } from './services/room-frame';

const log = salonLogger(process.env.LOG_LEVEL || 'info');
const count = (dir: string) => (fs.existsSync(dir) ? fs.readdirSync(dir).filter((name) => name.endsWith('.webp')).length : 0);

async function main(): Promise<void> {
  const config = loadConfig();
  const handle = openDatabase(config.database);
  const images = new PanoramaImages({
    dir: config.panoramaDir,
    mediaDir: mediaDir(config.uploadDir),
    load: () => loadRoomContent(handle.db),
    log,
    prerender: false,
  });
  try {
    await migrateAtStart(handle, directUrlOf(config.database));
    const before = count(config.panoramaDir);
    const started = Date.now();
    await images.ready();
    const files = count(config.panoramaDir);
    log.info(
      { event: 'panoramas', dir: config.panoramaDir, drawn: files - before, files, tookMs: Date.now() - started },
      `panoramas: ${files - before} image files drawn, ${files} in ${config.panoramaDir}`,
    );
  } finally {
    await images.close();
    await handle.close();
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    log.fatal({ event: 'failed', err }, 'panoramas: drawing failed');
    process.exit(1);
  },
);
