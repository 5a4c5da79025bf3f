import { useEffect, useId, useRef, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import Cropper from 'cropperjs';

/** The uploaded picture: a square this many pixels wide (the card shows it in a circle). */
export const PICTURE_SIZE = 512;
const JPEG_QUALITY = 0.9;

const EIGHT_HANDLES = ['n', 'e', 's', 'w', 'ne', 'nw', 'se', 'sw']
  .map((side) => `<cropper-handle action="${side}-resize"></cropper-handle>`)
  .join('');

/** Cropper.js's workspace (as the screen capture's), the selection a square. */
const TEMPLATE =
  '<cropper-canvas background>' +
  '<cropper-image></cropper-image>' +
  '<cropper-shade></cropper-shade>' +
  '<cropper-handle action="select" plain></cropper-handle>' +
  '<cropper-selection initial-coverage="0.8" aspect-ratio="1" initial-aspect-ratio="1" movable resizable keyboard outlined>' +
  '<cropper-grid bordered covered aria-hidden="true"></cropper-grid>' +
  '<cropper-crosshair centered></cropper-crosshair>' +
  '<cropper-handle action="move" theme-color="rgba(255, 255, 255, 0.35)"></cropper-handle>' +
  EIGHT_HANDLES +
  '</cropper-selection>' +
  '</cropper-canvas>';

type Selection = NonNullable<ReturnType<Cropper['getCropperSelection']>>;

function canvasToJpeg(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('the picture could not be encoded'))), 'image/jpeg', JPEG_QUALITY);
  });
}

/** The middle square of the image (what is kept when the selection has no size). */
function centreSquare(image: HTMLImageElement): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = PICTURE_SIZE;
  canvas.height = PICTURE_SIZE;
  const side = Math.min(image.naturalWidth, image.naturalHeight);
  const context = canvas.getContext('2d');
  if (context && side > 0) {
    context.fillStyle = '#fff';
    context.fillRect(0, 0, PICTURE_SIZE, PICTURE_SIZE);
    context.drawImage(
      image,
      (image.naturalWidth - side) / 2,
      (image.naturalHeight - side) / 2,
      side,
      side,
      0,
      0,
      PICTURE_SIZE,
      PICTURE_SIZE,
    );
  }
  return canvas;
}

/** The chosen square as a JPEG, PICTURE_SIZE wide. */
export async function cropToJpeg(selection: Selection | null, image: HTMLImageElement): Promise<Blob> {
  // No size (nothing laid out yet, or NaN): the middle square.
  if (!selection || !(selection.width >= 1 && selection.height >= 1)) return canvasToJpeg(centreSquare(image));
  const canvas = await selection.$toCanvas({
    width: PICTURE_SIZE,
    height: PICTURE_SIZE,
    beforeDraw: (context) => {
      context.fillStyle = '#fff';
      context.fillRect(0, 0, PICTURE_SIZE, PICTURE_SIZE);
    },
  });
  return canvasToJpeg(canvas);
}

/**
 * The picture's cropping step: the chosen file in Cropper.js, a square selection moved and resized by pointer or
 * keys, then "Use this picture" gives the square as a JPEG.
 */
export function PictureCropper({
  image,
  onCropped,
  onCancel,
}: {
  image: string;
  onCropped: (picture: Blob) => void;
  onCancel: () => void;
}) {
  const { t } = useLingui();
  const container = useRef<HTMLDivElement>(null);
  const cropper = useRef<{ instance: Cropper; image: HTMLImageElement } | null>(null);
  const [busy, setBusy] = useState(false);
  const helpId = useId();
  const alt = t`Your new picture`;

  useEffect(() => {
    if (!container.current) return undefined;
    const element = new Image();
    element.alt = alt;
    element.src = image;
    const instance = new Cropper(element, { container: container.current, template: TEMPLATE });
    cropper.current = { instance, image: element };
    return () => {
      // A selection keeps listening to the document's keys once removed (cropperjs 2.2.0): turn its keyboard off.
      for (const selection of instance.getCropperSelections() ?? []) selection.keyboard = false;
      instance.destroy();
      cropper.current = null;
    };
  }, [image, alt]);

  async function use() {
    const current = cropper.current;
    if (!current || busy) return;
    setBusy(true);
    try {
      onCropped(await cropToJpeg(current.instance.getCropperSelection(), current.image));
    } catch (error) {
      console.error('[salon] the picture could not be cropped', error);
      onCancel();
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="salon-profile__cropper" role="group" aria-label={t`Crop your picture`}>
      <p
        id={helpId}
        className="salon-profile__hint"
      >{t`Move and resize the square to choose what visitors see. The arrow keys move it, + and − resize it.`}</p>
      <div ref={container} className="salon-profile__workspace" role="group" aria-label={t`Cropping area`} aria-describedby={helpId} />
      <div className="salon-profile__row">
        <button type="button" className="salon-profile__button" onClick={onCancel}>
          {t`Cancel`}
        </button>
        <button
          type="button"
          className="salon-profile__button salon-profile__button--primary"
          aria-busy={busy || undefined}
          onClick={() => void use()}
        >
          {t`Use this picture`}
        </button>
      </div>
    </div>
  );
}
