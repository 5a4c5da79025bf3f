/**
 * A panorama's picture, from the salon's data: what it depends on (`panoramaInputs`, hashed by the server into the
 * image's address, so a change of a stand's name, colour or neighbours gives a new image and an unchanged panorama
 * keeps its address) and the drawing itself (`renderPanorama`, the scene of its layout ray cast into equirectangular
 * pixels). The server runs it in a worker thread (`host-shell/server/panoramas/`); the same slug and data always give
 * the same picture.
 */
import { TEXTS } from '../i18n';
import type { Salon } from '../layout';
import { renderEquirectangular, type MakeCanvas, type Pixels } from './raytrace';
import { buildScene } from './scene';

/** Width of the drawn panoramas (height: half); phones get a copy scaled down by the server. */
export const PANORAMA_WIDTH = 4096;

/**
 * Everything the picture of `slug` shows (JSON-serialisable), or null for an unknown panorama. The server adds the
 * renderer's own version (a hash of its code) to the key.
 */
export function panoramaInputs(salon: Salon, slug: string): object | null {
  const layout = salon.layout(slug);
  if (!layout) return null;
  const places = [...salon.places.values()].filter((p) => p.kind !== 'stand').map((p) => [p.slug, p.name]);
  return { lang: salon.data.lang, roomName: salon.data.roomName, places, layout };
}

/** Draws the panorama of `slug` at `width`×`width/2`; null for an unknown panorama. */
export function renderPanorama(salon: Salon, slug: string, width: number, makeCanvas: MakeCanvas): Pixels | null {
  const layout = salon.layout(slug);
  if (!layout) return null;
  return renderEquirectangular(buildScene(layout, { salon, texts: TEXTS[salon.data.lang] }), width, makeCanvas);
}
