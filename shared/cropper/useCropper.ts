import { useEffect, useRef, useState, type RefObject } from 'react';
import Cropper from 'cropperjs';

const EIGHT_HANDLES = ['n', 'e', 's', 'w', 'ne', 'nw', 'se', 'sw']
  .map((side) => `<cropper-handle action="${side}-resize"></cropper-handle>`)
  .join('');

/**
 * Cropper.js's workspace: the image fixed, a selection (80 % at first) that moves and resizes, by pointer or keys;
 * with `square`, the selection keeps a square's shape.
 */
function template(square: boolean): string {
  const ratio = square ? ' aspect-ratio="1" initial-aspect-ratio="1"' : '';
  return (
    '<cropper-canvas background>' +
    '<cropper-image></cropper-image>' +
    '<cropper-shade></cropper-shade>' +
    '<cropper-handle action="select" plain></cropper-handle>' +
    `<cropper-selection initial-coverage="0.8"${ratio} movable resizable keyboard outlined>` +
    '<cropper-grid bordered covered aria-hidden="true"></cropper-grid>' +
    '<cropper-crosshair centered></cropper-crosshair>' +
    '<cropper-handle action="move" theme-color="rgba(255, 255, 255, 0.35)"></cropper-handle>' +
    EIGHT_HANDLES +
    '</cropper-selection>' +
    '</cropper-canvas>'
  );
}

export type CropperSelection = NonNullable<ReturnType<Cropper['getCropperSelection']>>;

/** The workspace once made: Cropper.js and the image element it shows. */
export interface CropperWorkspace {
  instance: Cropper;
  image: HTMLImageElement;
}

export interface Cropping {
  /** The element the workspace is made in. */
  container: RefObject<HTMLDivElement | null>;
  /** True while `run`'s action runs. */
  busy: boolean;
  /** Runs `action` on the workspace once it is made, one action at a time; a failure goes to `onFailure`. */
  run: (action: (workspace: CropperWorkspace) => Promise<void>, onFailure: (error: unknown) => void) => void;
}

/**
 * Cropper.js on `image` (an address, described by `alt`), in the element `container` is given to: made when the
 * component mounts or the image changes, destroyed with it.
 */
export function useCropper(image: string, alt: string, { square = false }: { square?: boolean } = {}): Cropping {
  const container = useRef<HTMLDivElement>(null);
  const workspace = useRef<CropperWorkspace | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!container.current) return undefined;
    const element = new Image();
    element.alt = alt;
    element.src = image;
    const instance = new Cropper(element, { container: container.current, template: template(square) });
    workspace.current = { instance, image: element };
    return () => {
      // A selection listens for keys on the document and keeps listening once removed (cropperjs 2.2.0): it would
      // swallow the next workspace's Delete and arrow keys. Turning its keyboard off unbinds it.
      for (const selection of instance.getCropperSelections() ?? []) selection.keyboard = false;
      instance.destroy();
      workspace.current = null;
    };
  }, [image, alt, square]);

  function run(action: (workspace: CropperWorkspace) => Promise<void>, onFailure: (error: unknown) => void) {
    const current = workspace.current;
    if (!current || busy) return;
    setBusy(true);
    action(current)
      .catch(onFailure)
      .finally(() => setBusy(false));
  }

  return { container, busy, run };
}
