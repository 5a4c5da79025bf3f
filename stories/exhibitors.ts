/** Shared by the exhibitor stories: page data for a given main-action configuration, and a recorded video. */
import type { PageDataInput } from '@salon/shared';
import { visitorPageData } from '@salon/shared/test/fixtures';

export function withParameters(data: PageDataInput, parameters: Record<string, unknown>): PageDataInput {
  return { ...data, parameters: { ...data.parameters, ...parameters } };
}

export const visitorWith = (parameters: Record<string, unknown>): PageDataInput => withParameters(visitorPageData(), parameters);

let recorded: Promise<string | null> | null = null;

/**
 * A short video made in the browser (a canvas recorded by MediaRecorder): Storybook has no server and the
 * repository no video file. null where MediaRecorder cannot record (the card then hides its video).
 */
export function recordedVideo(): Promise<string | null> {
  recorded ??= (async () => {
    if (typeof MediaRecorder === 'undefined' || typeof HTMLCanvasElement.prototype.captureStream !== 'function') return null;
    const canvas = document.createElement('canvas');
    canvas.width = 160;
    canvas.height = 160;
    const context = canvas.getContext('2d');
    if (!context) return null;
    const recorder = new MediaRecorder(canvas.captureStream(25), { mimeType: 'video/webm' });
    const chunks: Blob[] = [];
    recorder.ondataavailable = (event) => chunks.push(event.data);
    const stopped = new Promise((resolve) => (recorder.onstop = resolve));
    let frame = 0;
    const draw = () => {
      context.fillStyle = `hsl(${(frame * 9) % 360} 60% 55%)`;
      context.fillRect(0, 0, 160, 160);
      context.fillStyle = '#fff';
      context.font = 'bold 28px system-ui';
      context.fillText(`Acme ${frame % 25}`, 20, 90);
      frame += 1;
    };
    draw();
    recorder.start();
    const timer = setInterval(draw, 40);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    recorder.stop();
    clearInterval(timer);
    await stopped;
    return URL.createObjectURL(new Blob(chunks, { type: 'video/webm' }));
  })().catch(() => null);
  return recorded;
}
