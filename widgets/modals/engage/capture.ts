import { atom, readonlyType, type ReadableAtom } from 'nanostores';
import { screenCaptureSupported } from '@salon/shared';

/** Spec §9: the capture's canvas is at most 1000 px wide. */
export const CAPTURE_MAX_WIDTH = 1000;

/** The canvas size for a frame: its own size, or 1000 px wide with the same ratio when it is wider. */
export function captureSize(width: number, height: number, maxWidth = CAPTURE_MAX_WIDTH): { width: number; height: number } {
  if (!(width > 0) || !(height > 0)) return { width: 0, height: 0 };
  if (width <= maxWidth) return { width: Math.round(width), height: Math.round(height) };
  return { width: maxWidth, height: Math.max(1, Math.round((height * maxWidth) / width)) };
}

export type CaptureState =
  /** Before the capture: the button that asks the browser (it needs the visitor's click). */
  | { step: 'start'; problem: 'cancelled' | 'failed' | null }
  /** The browser's picker is open, then one frame is taken; the modal hides so it is not in the picture. */
  | { step: 'capturing' }
  /** The cropping workspace on the captured image (a PNG data address). */
  | { step: 'workspace'; image: string; width: number; height: number };

type DisplayMediaOptions = DisplayMediaStreamOptions & { preferCurrentTab?: boolean; selfBrowserSurface?: 'include' | 'exclude' };

/** Resolves once the video shows a frame (after the page repainted without the modal). */
function nextFrame(video: HTMLVideoElement): Promise<void> {
  return new Promise((resolve) => {
    const withFrames = video as HTMLVideoElement & { requestVideoFrameCallback?: (callback: () => void) => number };
    if (typeof withFrames.requestVideoFrameCallback === 'function') withFrames.requestVideoFrameCallback(() => resolve());
    else requestAnimationFrame(() => requestAnimationFrame(() => resolve()));
  });
}

/** Draws one frame of the stream to a canvas at most 1000 px wide; the tracks are stopped whatever happens. */
export async function grabFrame(stream: MediaStream): Promise<{ image: string; width: number; height: number }> {
  try {
    const video = document.createElement('video');
    video.muted = true;
    video.playsInline = true;
    video.srcObject = stream;
    await video.play();
    await nextFrame(video);
    const size = captureSize(video.videoWidth, video.videoHeight);
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext('2d');
    if (!context || size.width === 0) throw new Error('The capture gave no picture');
    context.drawImage(video, 0, 0, size.width, size.height);
    video.srcObject = null;
    return { image: canvas.toDataURL('image/png'), ...size };
  } finally {
    for (const track of stream.getTracks()) track.stop();
  }
}

/** `capture-2026-11-21-1405.png`. */
export function captureFileName(now = new Date()): string {
  const two = (value: number) => String(value).padStart(2, '0');
  return `capture-${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}-${two(now.getHours())}${two(now.getMinutes())}.png`;
}

/** Saves an address (a data or blob address) as a file through a temporary link. */
export function saveAs(address: string, fileName = captureFileName()): void {
  const link = document.createElement('a');
  link.href = address;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
}

/** Saves a canvas as a PNG file. */
export function downloadCanvas(canvas: HTMLCanvasElement, fileName = captureFileName()): Promise<void> {
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => {
      if (!blob) {
        reject(new Error('The cropped area could not be encoded'));
        return;
      }
      const address = URL.createObjectURL(blob);
      saveAs(address, fileName);
      // Revoked later: some browsers read the address after click() returns.
      setTimeout(() => URL.revokeObjectURL(address), 10_000);
      resolve();
    }, 'image/png');
  });
}

/** What the download needs of the cropper: its selection (null once deleted) and the image's display scale. */
export interface CropSelection {
  width: number;
  height: number;
  $toCanvas(options?: { width?: number; height?: number }): Promise<HTMLCanvasElement>;
}

/**
 * Downloads the selected area at the capture's own resolution (the workspace shows the image scaled); without a
 * selection, the whole capture.
 */
export async function downloadCrop(selection: CropSelection | null, imageScale: number, capture: string): Promise<void> {
  if (!selection || selection.width < 1 || selection.height < 1) {
    saveAs(capture);
    return;
  }
  const scale = imageScale > 0 ? imageScale : 1;
  const canvas = await selection.$toCanvas({ width: Math.max(1, Math.round(selection.width / scale)) });
  await downloadCanvas(canvas);
}

export interface CaptureStore {
  $state: ReadableAtom<CaptureState>;
  supported: boolean;
  /** Call from the visitor's click: the browser asks which screen (the current tab where it can). */
  capture(): Promise<void>;
}

/** A capture from its first step; whether the browser can capture is asked once, when it is made. */
export function createCaptureStore(): CaptureStore {
  const supported = screenCaptureSupported();
  const $state = atom<CaptureState>({ step: 'start', problem: null });
  async function capture(): Promise<void> {
    if (!supported || $state.get().step === 'capturing') return;
    $state.set({ step: 'capturing' });
    let stream: MediaStream;
    try {
      const options: DisplayMediaOptions = { video: true, audio: false, preferCurrentTab: true, selfBrowserSurface: 'include' };
      stream = await navigator.mediaDevices.getDisplayMedia(options);
    } catch (error) {
      const cancelled = error instanceof DOMException && (error.name === 'NotAllowedError' || error.name === 'AbortError');
      if (!cancelled) console.error('[salon] screen capture failed', error);
      $state.set({ step: 'start', problem: cancelled ? 'cancelled' : 'failed' });
      return;
    }
    try {
      $state.set({ step: 'workspace', ...(await grabFrame(stream)) });
    } catch (error) {
      console.error('[salon] screen capture failed', error);
      $state.set({ step: 'start', problem: 'failed' });
    }
  }
  return { $state: readonlyType($state), supported, capture };
}
