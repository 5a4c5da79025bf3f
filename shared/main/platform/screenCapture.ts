import { singleton } from '../singleton';

/**
 * Whether the browser can capture the screen (spec §2.4 "Screen capture": `getDisplayMedia`). When it cannot,
 * the capture button is hidden and the console says why, once per page however often this is asked.
 */
export function screenCaptureSupported(): boolean {
  const devices = globalThis.navigator?.mediaDevices as Partial<MediaDevices> | undefined;
  const supported = typeof devices?.getDisplayMedia === 'function';
  if (!supported) {
    const said = singleton('salon.page@1/screen-capture-unsupported', () => ({ done: false }));
    if (!said.done) {
      said.done = true;
      console.info(
        '[salon] Screen capture is not supported by this browser (navigator.mediaDevices.getDisplayMedia): the capture button is hidden.',
      );
    }
  }
  return supported;
}
