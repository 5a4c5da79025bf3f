/**
 * The drawing's version, part of every drawn image's key, so that a new renderer draws again what an older one drew:
 * the hash of the sources the drawing runs (the room frame's `render/`, its layout, geometry and texts with their
 * compiled catalogs). Run from the sources (tsx, Jest) it is worked out here; the compiled server gets the same value
 * from the build (`scripts/build/server.ts` defines `SALON_PANORAMA_RENDERER_VERSION`), so that both give a panorama
 * the same key: a folder drawn by one serves the other.
 */
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

declare const SALON_PANORAMA_RENDERER_VERSION: string | undefined;

/** The files the drawing's code comes from, relative to the room frame's folder, in a fixed order. */
function rendererSources(roomFrame: string): string[] {
  const render = readdirSync(path.join(roomFrame, 'render')).map((f) => path.join('render', f));
  return [...render, 'layout.ts', 'geometry.ts', 'i18n.ts', 'locales/en/messages.ts', 'locales/fr/messages.ts'].sort();
}

/** The hash of the renderer's sources under `roomFrame` (host-shell/room-frame). */
export function hashRendererSources(roomFrame: string): string {
  const digest = createHash('sha256');
  for (const file of rendererSources(roomFrame)) digest.update(`${file}\n`).update(readFileSync(path.join(roomFrame, file)));
  return digest.digest('hex');
}

let version: string | null = null;
export function rendererVersion(): string {
  version ??=
    typeof SALON_PANORAMA_RENDERER_VERSION === 'string'
      ? SALON_PANORAMA_RENDERER_VERSION
      : hashRendererSources(path.join(__dirname, '..', '..', 'room-frame'));
  return version;
}
