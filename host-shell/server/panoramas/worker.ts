/**
 * The panorama renderer's thread: draws one panorama per message with the room frame's own renderer
 * (host-shell/room-frame/render/) on `@napi-rs/canvas` (Skia, the 2D canvas engine Chromium draws with), and sends
 * the RGBA pixels back (transferred, not copied). Ray casting a 4096×2048 panorama takes seconds of CPU: here it
 * never holds up the event loop. Started by `queue.ts` (through `renderer.ts`); compiled to dist/server/panorama-worker.js.
 */
// First: the Lingui macro under tsx (the frame's texts, i18n.ts).
import '../i18n/macro-hook';
import { parentPort } from 'node:worker_threads';
import { createCanvas } from '@napi-rs/canvas';
import type { RoomFrameData } from '../../room-frame/data';
import { Salon } from '../../room-frame/layout';
import { renderPanorama } from '../../room-frame/render/panorama';

export interface DrawRequest {
  id: number;
  data: RoomFrameData;
  slug: string;
  width: number;
}

export type DrawResult = { id: number; width: number; height: number; pixels: ArrayBuffer } | { id: number; error: string };

parentPort?.on('message', (request: DrawRequest) => {
  try {
    const image = renderPanorama(new Salon(request.data), request.slug, request.width, (width, height) => createCanvas(width, height));
    if (!image) throw new Error(`unknown panorama ${request.slug}`);
    const pixels = image.data.buffer as ArrayBuffer;
    const result: DrawResult = { id: request.id, width: image.width, height: image.height, pixels };
    parentPort?.postMessage(result, [pixels]);
  } catch (error) {
    parentPort?.postMessage({ id: request.id, error: error instanceof Error ? error.message : String(error) } satisfies DrawResult);
  }
});
