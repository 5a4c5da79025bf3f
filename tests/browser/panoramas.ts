/**
 * `node --import tsx tests/browser/panoramas.ts`: draws every panorama image of the demo salon, both languages, into
 * the folder the browser tests' servers share (harness.ts's PANORAMA_DIR), and returns once they all exist. `npm test`
 * runs it before the browser tests: otherwise the first test to open a place waits while its server draws it (2–4 s of
 * CPU an image), and two test files opening the same place at once each draw it. The drawing is the operator's own
 * command, compiled (dist/server/render-panoramas.js, as deploy/render-panoramas.sh runs it), on a SQLite file holding
 * the demo salon: compiled, a drawing takes two thirds of the CPU it takes run from the sources through tsx.
 */
import '../../host-shell/server/i18n/macro-hook';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../host-shell/server/db/connect';
import { migrateToLatest } from '../../host-shell/server/db/migrate';
import { seedDemo } from '../../host-shell/server/db/seed';
import { buildCompiled, runCompiled } from '../server/compiled';
import { TEST_PANORAMA_DIR } from './harness';

export async function drawDemoPanoramas(): Promise<void> {
  buildCompiled();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'salon-panoramas-demo-'));
  try {
    const sqlite = path.join(dir, 'salon.sqlite');
    const database = openDatabase({ dialect: 'sqlite', filename: sqlite });
    try {
      await migrateToLatest(database);
      await seedDemo(database.db);
    } finally {
      await database.close();
    }
    // Minutes on a loaded machine (34 images of 2–4 s of CPU each, one at a time).
    const drawn = await runCompiled(
      'render-panoramas',
      { SQLITE_PATH: sqlite, UPLOAD_DIR: path.join(dir, 'uploads'), PANORAMA_DIR: TEST_PANORAMA_DIR, DATABASE_URL: '', REDIS_URL: '' },
      [],
      900_000,
    );
    if (drawn.code !== 0) throw new Error(`render-panoramas exited with ${drawn.code}:\n${drawn.stdout}\n${drawn.stderr}`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (require.main === module) {
  const started = Date.now();
  drawDemoPanoramas().then(
    () => console.log(`the demo's panorama images are in ${TEST_PANORAMA_DIR} (${((Date.now() - started) / 1000).toFixed(1)} s)`),
    (err: unknown) => {
      console.error(err);
      process.exitCode = 1;
    },
  );
}
