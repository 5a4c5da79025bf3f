/**
 * The panoramas' images, made by the server (`RoomFrameData.images`): the 2048 px one shown first, then, in a frame
 * wide enough to need it, the 4096 px one in its place; and the places a visitor is likely to open next (`likelyNext`), whose images the viewer
 * fetches and decodes ahead once the current one is shown, so that a move is only a texture's upload and the fade.
 */
import type { PanoramaSources } from './data';
import type { Salon } from './layout';
import type { PanoramaImage } from './view';

/** Below this frame width (CSS pixels) the 2048 px image is enough (no 4096 one after it). */
export const NARROW_FRAME = 600;

/** How many places are fetched ahead after each move (the viewer keeps as many decoded images: `AHEAD_IMAGES`). */
export const PRELOADED_PLACES = 3;

/**
 * Where a visitor is likely to go from `slug`, most likely first, at most `PRELOADED_PLACES`:
 * - from a stand: the plan, then its two neighbours (the hotspots on its sides), then the other doors;
 * - from the plan: its doors (home, the conference room); any of its stands may be next, none more than another;
 * - from the entrance or the conference room: the plan, then the other door.
 */
export function likelyNext(salon: Salon, slug: string): string[] {
  const place = salon.place(slug);
  const layout = salon.layout(slug);
  if (!place || !layout) return [];
  const doors = layout.gates.map((gate) => gate.target);
  const neighbours = place.kind === 'stand' ? layout.booths.filter((booth) => !booth.main).map((booth) => booth.stand.panorama) : [];
  const order = place.kind === 'plan' ? doors : ['plan', ...neighbours, ...doors];
  const next = new Set(order.filter((target) => target !== slug && salon.place(target)));
  return [...next].slice(0, PRELOADED_PLACES);
}

export class PanoramaImages {
  constructor(
    private readonly images: Readonly<Record<string, PanoramaSources>>,
    private readonly frameWidth: () => number,
    /** Fetches and decodes the images ahead (the viewer's `fetchAhead`), most likely first. */
    private readonly fetchAhead: (urls: readonly string[]) => void,
  ) {}

  /**
   * The image of `slug` for this frame: the 2048 px one first (a quarter of the 4096's pixels to fetch, decode and
   * upload: what makes a move quick), then, in a wide frame, the 4096 px one; rejects for a panorama without one.
   */
  image(slug: string): Promise<PanoramaImage> {
    const sources = this.images[slug];
    if (!sources) return Promise.reject(new Error(`no image for panorama ${slug}`));
    return Promise.resolve(this.frameWidth() < NARROW_FRAME ? { url: sources.small } : { url: sources.small, sharper: sources.large });
  }

  /** Has the first images of `slugs` (most likely first) fetched and decoded ahead; the viewer keeps the last ones asked for. */
  preload(slugs: readonly string[]): void {
    const urls = slugs.flatMap((slug) => this.images[slug]?.small ?? []);
    if (urls.length > 0) this.fetchAhead(urls);
  }
}
