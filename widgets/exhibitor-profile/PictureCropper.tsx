import { useId } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useCropper, type CropperSelection } from '@salon/shared/cropper';

/** The uploaded picture: a square this many pixels wide (the card shows it in a circle). */
export const PICTURE_SIZE = 512;
const JPEG_QUALITY = 0.9;

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
export async function cropToJpeg(selection: CropperSelection | null, image: HTMLImageElement): Promise<Blob> {
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
  const helpId = useId();
  const { container, busy, run } = useCropper(image, t`Your new picture`, { square: true });
  const use = () =>
    run(
      async ({ instance, image: element }) => onCropped(await cropToJpeg(instance.getCropperSelection(), element)),
      (error) => {
        console.error('[salon] the picture could not be cropped', error);
        onCancel();
      },
    );

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
        <button type="button" className="salon-profile__button salon-profile__button--primary" aria-busy={busy || undefined} onClick={use}>
          {t`Use this picture`}
        </button>
      </div>
    </div>
  );
}
