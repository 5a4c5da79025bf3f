/**
 * The viewer's worker: draws on the canvas the page transferred to it (`transferControlToOffscreen`), so the
 * images' upload and every drawn frame are not tasks of the frame's main thread. Messages: gl-renderer.ts's
 * `ToRenderer` in, `FromRenderer` out; view.ts starts it.
 */
import { GlRenderer, type FromRenderer, type ToRenderer } from './gl-renderer';

/** The dedicated worker's scope (the project's TypeScript libraries are the page's). */
const scope = self as unknown as {
  postMessage(message: FromRenderer): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<ToRenderer>) => void): void;
};

let renderer: GlRenderer | null = null;

scope.addEventListener('message', ({ data }) => {
  if (data.type === 'init') {
    try {
      renderer = new GlRenderer(data.canvas);
      scope.postMessage({ type: 'ready' });
    } catch (error) {
      scope.postMessage({ type: 'unavailable', message: error instanceof Error ? error.message : String(error) });
    }
    return;
  }
  if (!renderer) return;
  switch (data.type) {
    case 'view':
      renderer.setView(data.view);
      break;
    case 'load': {
      const { id } = data;
      renderer.load(id, data.url).then(
        () => scope.postMessage({ type: 'loaded', id }),
        (error: unknown) => scope.postMessage({ type: 'failed', id, message: error instanceof Error ? error.message : String(error) }),
      );
      break;
    }
    case 'ahead':
      renderer.fetchAhead(data.urls);
      break;
    case 'show':
      renderer.show(data.id, data.yaw, data.pitch, data.fade);
      break;
    case 'sharpen':
      renderer.sharpen(data.id);
      break;
    case 'drop':
      renderer.drop(data.id);
      break;
  }
});
