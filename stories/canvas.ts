/**
 * A picture address (an SVG data address) drawn on a canvas of its size, and a way to draw it again: for what a
 * person would give a widget, a photo file or a screen to capture.
 */
export async function drawnOnCanvas(
  address: string,
  width: number,
  height: number,
): Promise<{ canvas: HTMLCanvasElement; draw: () => void }> {
  const image = new Image();
  image.src = address;
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d')!;
  const draw = () => context.drawImage(image, 0, 0);
  draw();
  return { canvas, draw };
}
