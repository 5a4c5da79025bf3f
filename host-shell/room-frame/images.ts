/**
 * The panoramas' images, made by the server (`RoomFrameData.images`): the smaller one in a narrow frame (a phone), the
 * larger one otherwise; and the places a visitor is likely to open next, fetched ahead at low priority once the current
 * one is shown, so that a move finds its image in the browser's cache (the addresses are immutable).
 */
import type { PanoramaSources } from './data';

/** Below this frame width (CSS pixels) the 2048 px image is enough. */
export const NARROW_FRAME = 600;

export class PanoramaImages {
  private readonly fetched = new Set<string>();

  constructor(
    private readonly images: Readonly<Record<string, PanoramaSources>>,
    private readonly frameWidth: () => number,
    private readonly fetchAhead: (url: string) => void = fetchImage,
  ) {}

  /** The image of `slug` for this frame; rejects for a panorama without one. */
  url(slug: string): Promise<string> {
    const sources = this.images[slug];
    if (!sources) return Promise.reject(new Error(`no image for panorama ${slug}`));
    return Promise.resolve(this.pick(sources));
  }

  /** Fetches the images of `slugs` ahead, each once per page. */
  preload(slugs: readonly string[]): void {
    for (const slug of slugs) {
      const sources = this.images[slug];
      if (!sources) continue;
      const url = this.pick(sources);
      if (this.fetched.has(url)) continue;
      this.fetched.add(url);
      this.fetchAhead(url);
    }
  }

  private pick(sources: PanoramaSources): string {
    return this.frameWidth() < NARROW_FRAME ? sources.small : sources.large;
  }
}

function fetchImage(url: string): void {
  const image = new Image();
  image.fetchPriority = 'low';
  image.decoding = 'async';
  image.src = url;
}
