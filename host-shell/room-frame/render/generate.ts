/**
 * Panorama images, made in the browser: the scene of a panorama's layout, ray cast into an equirectangular
 * canvas, encoded as a JPEG blob and handed to the viewer as a `blob:` address (its EquirectangularAdapter loads
 * addresses). Each panorama is drawn once per page and kept; the same slug always gives the same picture.
 */
import type { Texts } from '../i18n';
import type { Salon } from '../layout';
import { renderEquirectangular } from './raytrace';
import { buildScene } from './scene';

export const PANORAMA_WIDTH = 4096;

function toBlob(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('the panorama could not be encoded'))), 'image/jpeg', 0.9);
  });
}

export class PanoramaImages {
  private readonly urls = new Map<string, Promise<string>>();

  constructor(
    private readonly salon: Salon,
    private readonly texts: Texts,
    private readonly width = PANORAMA_WIDTH,
    /** Uploaded images (slug → `/api/medias/<str>`), shown instead of the drawn ones. */
    private readonly uploaded: ReadonlyMap<string, string> = new Map(),
  ) {}

  /** The address of a panorama's image: its uploaded one, else the `blob:` of its drawing; rejects for an unknown slug. */
  url(slug: string): Promise<string> {
    const image = this.uploaded.get(slug);
    if (image) return Promise.resolve(image);
    let url = this.urls.get(slug);
    if (!url) {
      url = this.draw(slug);
      this.urls.set(slug, url);
      // A failure is not kept: the next visit tries again.
      url.catch(() => this.urls.delete(slug));
    }
    return url;
  }

  private async draw(slug: string): Promise<string> {
    const layout = this.salon.layout(slug);
    if (!layout) throw new Error(`unknown panorama ${slug}`);
    const canvas = await renderEquirectangular(buildScene(layout, { salon: this.salon, texts: this.texts }), this.width);
    return URL.createObjectURL(await toBlob(canvas));
  }
}
