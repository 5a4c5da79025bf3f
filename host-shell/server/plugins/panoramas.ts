import { globalPlugin } from '../lib/plugin';
import { PanoramaImages } from '../panoramas/images';
import { mediaDir } from '../services/medias';
import { loadRoomContent } from '../services/room-frame';

declare module 'fastify' {
  interface FastifyInstance {
    /** The room's panorama images (panoramas/images.ts): their addresses, their files, `refresh()` after a change. */
    panoramas: PanoramaImages;
  }
}

/**
 * The panorama images. With `panoramaPrerender`, `refresh()` draws what is missing in the background (server.ts calls
 * it once listening; content changes call it again); without, each image is drawn when first asked for.
 */
export const panoramasPlugin = globalPlugin('salon-panoramas', async (app) => {
  const images = new PanoramaImages({
    dir: app.config.panoramaDir,
    mediaDir: mediaDir(app.config.uploadDir),
    load: () => loadRoomContent(app.db),
    log: app.log,
    prerender: app.config.panoramaPrerender,
  });
  app.decorate('panoramas', images);
  app.addHook('onClose', async () => images.close());
});
