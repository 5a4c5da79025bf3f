/**
 * `node --import tsx tests/browser/panoramas.ts`: draws every panorama image of the demo salon, both languages, into
 * the folder the browser tests' servers share (harness.ts's PANORAMA_DIR), and returns once they all exist. `npm test`
 * runs it before the browser tests: otherwise the first test to open a place waits while its server draws it (4–6 s of
 * CPU an image), and two test files opening the same place at once each draw it.
 */
import '../../host-shell/server/i18n/macro-hook';
import { build } from '../../host-shell/server/app';
import { openDatabase } from '../../host-shell/server/db/connect';
import { migrateToLatest } from '../../host-shell/server/db/migrate';
import { seedDemo } from '../../host-shell/server/db/seed';
import { TEST_PANORAMA_DIR } from './harness';

export async function drawDemoPanoramas(): Promise<void> {
  const database = openDatabase({ dialect: 'sqlite', filename: ':memory:' });
  try {
    await migrateToLatest(database);
    await seedDemo(database.db);
    const app = build({ database, config: { panoramaDir: TEST_PANORAMA_DIR, panoramaPrerender: false, spaDir: '/nonexistent/salon-spa' } });
    try {
      await app.ready();
      await app.panoramas.ready();
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
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
