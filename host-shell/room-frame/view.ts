/**
 * The 360° viewer: the equirectangular image drawn by gl-renderer.ts (in a worker where the browser can: see
 * `WorkerDrawing`), and the hotspots, our own DOM nodes placed over it with the same projection. It owns the view
 * (yaw, pitch, zoom) and the input, shows a panorama with its hotspots and reports which hotspot was clicked; what a
 * hotspot does is the room's business (room.ts). README.md, "Why this viewer", says why it is ours.
 */
import { GlRenderer, basis, direction, dot, type FromRenderer, type ToRenderer, type ViewState } from './gl-renderer';
import type { Texts } from './i18n';
import type { Anchor, FrameAction } from './layout';

export type Hotspot = { type: 'stand'; standId: string } | { type: 'place'; slug: string } | { type: 'action'; action: FrameAction };

export interface HotspotSpec {
  hotspot: Hotspot;
  label: string;
  yaw: number;
  pitch: number;
  anchor: Anchor;
}

/** A panorama's image: `url` shown first, then `sharper` (the same at a larger width), if any, once the fade is over. */
export interface PanoramaImage {
  url: string;
  sharper?: string;
}

/** Where the view looks, in radians: yaw 0 is the image's centre column, growing to the right; pitch up. */
export interface Position {
  yaw: number;
  pitch: number;
}

const SVG_NS = 'http://www.w3.org/2000/svg';
/** Icon shapes: `d` of paths, or circles as [cx, cy, r]. */
const ICONS: Record<string, (string | [number, number, number])[]> = {
  stand: ['M4 20V9l8-5 8 5v11h-5v-6H9v6z'],
  place: ['M13 5l7 7-7 7v-4H4V9h9z'],
  contact: ['M3 6h18v12H3zm2 2v.5l7 4.5 7-4.5V8l-7 4.5z'],
  offer: ['M3 3h8l10 10-8 8L3 11zm4.5 2.5a2 2 0 1 0 0 4 2 2 0 0 0 0-4z'],
  contest: [
    'M7 3h10v2h3v3a4 4 0 0 1-4.2 4A5 5 0 0 1 13 14.9V18h3v3H8v-3h3v-3.1A5 5 0 0 1 8.2 12 4 4 0 0 1 4 8V5h3zm-1 4v1a2 2 0 0 0 1 1.7V7zm12 0v2.7A2 2 0 0 0 18 8V7z',
  ],
  exhibitors: [[12, 8, 4], 'M4 20c0-4 4-6 8-6s8 2 8 6z'],
  companySheet: ['M6 3h9l4 4v14H6zm3 7v2h7v-2zm0 4v2h7v-2z'],
  journey: ['M12 3l2.6 5.6 6 .7-4.5 4.1 1.2 6L12 16.5 6.7 19.4l1.2-6L3.4 9.3l6-.7z'],
  share: [[6, 12, 3], [18, 6, 3], [18, 18, 3], 'M8 11l8-4v2l-8 4zm0 2l8 4v-2l-8-4z'],
};

/** The viewer bar's buttons: stroked paths. */
const BUTTON_ICONS = {
  zoomOut: 'M10 3a7 7 0 1 1 0 14 7 7 0 0 1 0-14zm5 12l6 6M7 10h6',
  zoomIn: 'M10 3a7 7 0 1 1 0 14 7 7 0 0 1 0-14zm5 12l6 6M7 10h6M10 7v6',
  left: 'M20 12H5m6-6l-6 6 6 6',
  right: 'M4 12h15m-6-6l6 6-6 6',
  up: 'M12 20V5m-6 6l6-6 6 6',
  down: 'M12 4v15m-6-6l6 6 6-6',
} as const;

const iconOf = (hotspot: Hotspot): string => (hotspot.type === 'action' ? hotspot.action : hotspot.type);

export const markerId = (hotspot: Hotspot): string =>
  hotspot.type === 'stand' ? `stand-${hotspot.standId}` : hotspot.type === 'place' ? `place-${hotspot.slug}` : `action-${hotspot.action}`;

/** The hotspot element's id in the page: `rf-hotspot-<markerId>`. */
export const hotspotElementId = (hotspot: Hotspot): string => `rf-hotspot-${markerId(hotspot)}`;

/** Zoom limits and start, as vertical fields of view in degrees (the horizontal one follows the frame's shape). */
export const FOV = { min: 30, max: 100, start: 86 } as const;
/**
 * How long a panorama is shown from its 2048 px image before its 4096 px one is fetched: after the 450 ms fade and a
 * glance, for a visitor who stays. One who moves on at once does not pay for it: in the worker, decoding and
 * uploading a 4096×2048 image is what a move would otherwise wait behind.
 */
export const SHARPEN_AFTER_MS = 1000;
const KEY_STEP = (4 * Math.PI) / 180;
/** A press that moves further (CSS pixels) turns the view, and the hotspot under it gets no click. */
const DRAG_THRESHOLD = 5;
const PITCH_LIMIT = Math.PI / 2;

/** How much of a hotspot's width lies left of its point. */
const LEFT_OF_ANCHOR: Record<Anchor, number> = { 'center center': 0.5, 'center left': 0, 'center right': 1, 'bottom center': 0.5 };
/** How much of a hotspot's height lies above its point. */
const ABOVE_ANCHOR: Record<Anchor, number> = { 'center center': 0.5, 'center left': 0.5, 'center right': 0.5, 'bottom center': 1 };

/** Where a hotspot's point sits on its box (CSS translate of the box from the point). */
const ANCHOR_SHIFT: Record<Anchor, string> = {
  'center center': 'translate(-50%, -50%)',
  'center left': 'translate(0, -50%)',
  'center right': 'translate(-100%, -50%)',
  'bottom center': 'translate(-50%, -100%)',
};

function iconSvg(name: string): SVGSVGElement {
  const svg = document.createElementNS(SVG_NS, 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('width', '16');
  svg.setAttribute('height', '16');
  svg.setAttribute('fill', 'currentColor');
  for (const shape of ICONS[name] ?? []) {
    const node = document.createElementNS(SVG_NS, typeof shape === 'string' ? 'path' : 'circle');
    if (typeof shape === 'string') node.setAttribute('d', shape);
    else ['cx', 'cy', 'r'].forEach((attribute, i) => node.setAttribute(attribute, String(shape[i])));
    svg.append(node);
  }
  return svg;
}

/** A hotspot's element (placed by `transform`, its anchor on its point) and its pill: icon + label, as text. */
function hotspotElement(spec: HotspotSpec): HTMLElement {
  const marker = document.createElement('div');
  marker.className = `rf-marker rf-marker--${spec.hotspot.type}`;
  marker.id = hotspotElementId(spec.hotspot);
  // The list of the panel is the accessible way to the same actions: the hotspots are for the pointer.
  marker.setAttribute('aria-hidden', 'true');
  const spot = document.createElement('span');
  spot.className = `rf-spot rf-spot--${spec.hotspot.type}${spec.anchor === 'center right' ? ' rf-spot--reverse' : ''}`;
  const icon = document.createElement('span');
  icon.className = 'rf-spot__icon';
  icon.append(iconSvg(iconOf(spec.hotspot)));
  const label = document.createElement('span');
  label.className = 'rf-spot__label';
  label.textContent = spec.label;
  spot.append(icon, label);
  marker.append(spot);
  return marker;
}

interface Placed {
  element: HTMLElement;
  spec: HotspotSpec;
}

/** What draws: the renderer itself (on the page's canvas) or its worker behind messages. */
interface Drawing {
  load(id: number, url: string): Promise<void>;
  fetchAhead(urls: readonly string[]): void;
  show(id: number, yaw: number, pitch: number, fade: boolean): void;
  sharpen(id: number): void;
  drop(id: number): void;
  setView(view: ViewState): void;
}

/**
 * The renderer in a dedicated worker, drawing on the canvas's `OffscreenCanvas`. Where the worker has no WebGL
 * context, `fallback()` gives the renderer on the page's main thread instead (and then throws without WebGL), on a
 * new canvas: once transferred, the page's canvas is the worker's for good (the main thread must not size it, draw on
 * it or read it back). The worker is a second script (a chunk of its own): the frame's manifest lists it under
 * `scripts`, which `npm run size` counts, and the page's CSP must allow it (`worker-src`, here `script-src 'self'`)
 * as well as the images it fetches (`connect-src`).
 */
class WorkerDrawing implements Drawing {
  private readonly worker: Worker;
  private readonly pending = new Map<number, { resolve: () => void; reject: (error: Error) => void }>();
  private readonly ready: Promise<boolean>;
  private local: Drawing | null = null;
  private view: ViewState | null = null;

  constructor(canvas: HTMLCanvasElement, fallback: () => Drawing) {
    // Throws (and the page's canvas is still the page's) where a worker cannot start.
    this.worker = new Worker(new URL('./render-worker.ts', import.meta.url));
    const offscreen = canvas.transferControlToOffscreen();
    let settle: (ok: boolean) => void = () => undefined;
    this.ready = new Promise((resolve) => (settle = resolve));
    let started = false;
    // No WebGL in the worker, or no worker (its script did not load): the renderer on the main thread.
    const unavailable = (message: string) => {
      if (started) return;
      started = true;
      console.warn('[room-frame] the viewer draws on the main thread:', message);
      this.worker.terminate();
      try {
        this.local = fallback();
        if (this.view) this.local.setView(this.view);
      } catch (error) {
        console.error('[room-frame] the 360° viewer could not start', error);
      }
      settle(false);
    };
    this.worker.addEventListener('message', ({ data }: MessageEvent<FromRenderer>) => {
      if (data.type === 'ready') {
        started = true;
        settle(true);
      } else if (data.type === 'unavailable') unavailable(data.message);
      else {
        const call = this.pending.get(data.id);
        this.pending.delete(data.id);
        if (data.type === 'loaded') call?.resolve();
        else call?.reject(new Error(data.message));
      }
    });
    this.worker.addEventListener('error', (event) => {
      // Before it starts (its script did not load: blocked, or the page is being left), the page draws instead.
      if (!started) unavailable(event.message ?? 'its script did not load');
      else console.error('[room-frame] the viewer worker failed', event.message);
    });
    this.post({ type: 'init', canvas: offscreen }, [offscreen]);
  }

  async load(id: number, url: string): Promise<void> {
    if (!(await this.ready)) return this.localDrawing().load(id, url);
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.post({ type: 'load', id, url });
    });
  }

  fetchAhead(urls: readonly string[]): void {
    if (this.local) this.local.fetchAhead(urls);
    else this.post({ type: 'ahead', urls: [...urls] });
  }

  show(id: number, yaw: number, pitch: number, fade: boolean): void {
    if (this.local) this.local.show(id, yaw, pitch, fade);
    else this.post({ type: 'show', id, yaw, pitch, fade });
  }

  sharpen(id: number): void {
    if (this.local) this.local.sharpen(id);
    else this.post({ type: 'sharpen', id });
  }

  drop(id: number): void {
    if (this.local) this.local.drop(id);
    else this.post({ type: 'drop', id });
  }

  setView(view: ViewState): void {
    this.view = view;
    if (this.local) this.local.setView(view);
    else this.post({ type: 'view', view });
  }

  private localDrawing(): Drawing {
    if (!this.local) throw new Error('WebGL: no context');
    return this.local;
  }

  private post(message: ToRenderer, transfer: Transferable[] = []): void {
    this.worker.postMessage(message, transfer);
  }
}

export class PanoramaView {
  private readonly drawing: Drawing;
  private canvas: HTMLCanvasElement;
  private readonly spots: HTMLElement;
  private readonly loader: HTMLElement;
  private readonly caption: HTMLElement;
  private shown = false;
  /** The canvas's size in device pixels (the renderer sizes it: an OffscreenCanvas's is set in the worker). */
  private size: [number, number] = [1, 1];
  private placed: Placed[] = [];
  private yaw = 0;
  private pitch = 0;
  private fov: number = FOV.start;
  /** CSS pixels on the left that the open panel covers, and how far down: the view's centre is the middle of the rest. */
  private covered = 0;
  private coveredBottom = 0;
  /** What the host page lays over the frame's bottom-left corner (CSS pixels wide and high): no hotspot shows under it. */
  private corner: [number, number] = [0, 0];
  private frame = 0;
  /** Moves (`show`, `beginLoading`): a later one replaces those before. */
  private calls = 0;
  /** The renderer's image ids, growing. */
  private loads = 0;
  /** The sharper image being loaded, dropped by a move (its upload would slow the move down). */
  private sharpening: number | null = null;
  private readonly pointers = new Map<number, { x: number; y: number }>();
  private dragged = false;
  private pinch = 0;

  constructor(
    private readonly container: HTMLElement,
    texts: Texts,
    private readonly onHotspot: (hotspot: Hotspot) => void,
  ) {
    this.canvas = canvasElement();
    // The drawing runs in a worker on the canvas's OffscreenCanvas where the browser can, so that uploading an image
    // and drawing the fade's frames are not tasks of this thread; else here, on the canvas itself.
    const onPage = (): Drawing => {
      const canvas = canvasElement();
      this.canvas.replaceWith(canvas);
      this.canvas = canvas;
      return this.pageRenderer(texts);
    };
    let drawing: Drawing | null = null;
    if (typeof Worker === 'function' && 'transferControlToOffscreen' in this.canvas) {
      try {
        drawing = new WorkerDrawing(this.canvas, onPage);
      } catch (error) {
        console.warn('[room-frame] the viewer draws on the main thread:', error);
      }
    }
    this.drawing = drawing ?? this.pageRenderer(texts);

    this.spots = document.createElement('div');
    this.spots.className = 'rf-viewer__spots';
    this.loader = document.createElement('div');
    this.loader.className = 'rf-viewer__loader';
    this.loader.setAttribute('aria-hidden', 'true');
    const loaderText = document.createElement('span');
    loaderText.textContent = texts.viewer.loading;
    this.loader.append(loaderText);
    const bar = document.createElement('div');
    bar.className = 'rf-viewer__bar';
    this.caption = document.createElement('span');
    this.caption.className = 'rf-viewer__caption';
    const t = texts.viewer;
    bar.append(
      this.button('zoomOut', t.zoomOut, () => this.zoom(1.15)),
      this.button('zoomIn', t.zoomIn, () => this.zoom(1 / 1.15)),
      this.button('left', t.moveLeft, () => this.turn(-3 * KEY_STEP, 0)),
      this.button('right', t.moveRight, () => this.turn(3 * KEY_STEP, 0)),
      this.button('up', t.moveUp, () => this.turn(0, 3 * KEY_STEP)),
      this.button('down', t.moveDown, () => this.turn(0, -3 * KEY_STEP)),
      this.caption,
    );
    container.append(this.canvas, this.spots, this.loader, bar);

    this.listen();
    new ResizeObserver(() => this.resize()).observe(container);
    this.resize();
  }

  /** Leaving a panorama: its hotspots go (they must not be clicked while the next one loads), the loader shows. */
  beginLoading(): void {
    this.calls += 1;
    this.stopSharpening();
    this.setHotspots([]);
    this.loader.hidden = false;
  }

  /**
   * Shows a panorama image looking at `position`, then its hotspots; its sharper image replaces it if the visitor
   * stays (`SHARPEN_AFTER_MS`). False when a later call replaced it.
   */
  async show(image: PanoramaImage, caption: string, position: Position, hotspots: HotspotSpec[]): Promise<boolean> {
    const call = ++this.calls;
    this.stopSharpening();
    const id = ++this.loads;
    this.loader.hidden = false;
    try {
      await this.drawing.load(id, image.url);
    } catch (error) {
      if (call === this.calls) this.loader.hidden = true;
      throw error;
    }
    if (call !== this.calls) {
      this.drawing.drop(id);
      return false;
    }
    this.drawing.show(id, position.yaw, position.pitch, this.shown);
    this.shown = true;
    this.yaw = position.yaw;
    this.pitch = position.pitch;
    this.fov = FOV.start;
    this.caption.textContent = caption;
    this.loader.hidden = true;
    this.setHotspots(hotspots);
    this.render();
    if (image.sharper) this.sharpen(call, image.sharper);
    return true;
  }

  /**
   * After `SHARPEN_AFTER_MS` (a move made meanwhile skips it), the larger image of the panorama shown: fetched, decoded
   * and uploaded while the smaller one stays on screen, then swapped in place. A failure keeps the smaller one.
   */
  private sharpen(call: number, url: string): void {
    window.setTimeout(() => {
      if (call !== this.calls) return;
      const id = ++this.loads;
      this.sharpening = id;
      this.drawing.load(id, url).then(
        () => (call === this.calls ? this.drawing.sharpen(id) : this.drawing.drop(id)),
        (error: unknown) => {
          if (call === this.calls) console.warn('[room-frame] the sharper image could not be shown', error);
        },
      );
    }, SHARPEN_AFTER_MS);
  }

  private stopSharpening(): void {
    if (this.sharpening !== null) this.drawing.drop(this.sharpening);
    this.sharpening = null;
  }

  /** Fetches and decodes ahead (where the drawing runs) the images of the places a visitor may open next, most likely first. */
  fetchAhead(urls: readonly string[]): void {
    this.drawing.fetchAhead(urls);
  }

  /** The renderer on this thread, on the current canvas; throws without WebGL. */
  private pageRenderer(texts: Texts): GlRenderer {
    try {
      return new GlRenderer(this.canvas);
    } catch {
      throw new Error(texts.viewer.webglError);
    }
  }

  private button(icon: keyof typeof BUTTON_ICONS, label: string, onClick: () => void): HTMLButtonElement {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'rf-viewer__button';
    button.setAttribute('aria-label', label);
    button.title = label;
    const svg = document.createElementNS(SVG_NS, 'svg');
    svg.setAttribute('viewBox', '0 0 24 24');
    svg.setAttribute('width', '22');
    svg.setAttribute('height', '22');
    svg.setAttribute('aria-hidden', 'true');
    const path = document.createElementNS(SVG_NS, 'path');
    path.setAttribute('d', BUTTON_ICONS[icon]);
    svg.append(path);
    button.append(svg);
    button.addEventListener('click', onClick);
    return button;
  }

  private listen(): void {
    const { container } = this;
    container.addEventListener('pointerdown', (event) => {
      if ((event.target as Element).closest('button')) return;
      this.pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
      if (this.pointers.size === 1) this.dragged = false;
      this.pinch = this.pointers.size === 2 ? this.spread() : 0;
    });
    container.addEventListener('pointermove', (event) => {
      const last = this.pointers.get(event.pointerId);
      if (!last) return;
      const dx = event.clientX - last.x;
      const dy = event.clientY - last.y;
      if (!this.dragged && Math.hypot(dx, dy) < DRAG_THRESHOLD) return;
      if (!this.dragged) {
        this.dragged = true;
        // Keeps receiving the moves outside the frame's hotspots; a hotspot under the pointer gets no click.
        if (container.setPointerCapture && event.isPrimary) container.setPointerCapture(event.pointerId);
      }
      this.pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
      if (this.pointers.size === 2) {
        const spread = this.spread();
        if (this.pinch > 0 && spread > 0) this.zoom(this.pinch / spread);
        this.pinch = spread;
        return;
      }
      const perPixel = (2 * Math.atan(this.tangents()[1])) / Math.max(1, container.clientHeight);
      this.turn(-dx * perPixel, dy * perPixel);
    });
    const release = (event: PointerEvent) => {
      this.pointers.delete(event.pointerId);
      this.pinch = 0;
    };
    container.addEventListener('pointerup', release);
    container.addEventListener('pointercancel', release);
    container.addEventListener('click', (event) => {
      const marker = (event.target as Element).closest<HTMLElement>('.rf-marker');
      const placed = marker && !this.dragged ? this.placed.find((p) => p.element === marker) : undefined;
      if (placed) this.onHotspot(placed.spec.hotspot);
    });
    container.addEventListener(
      'wheel',
      (event) => {
        event.preventDefault();
        this.zoom(Math.exp(Math.max(-100, Math.min(100, event.deltaY)) * 0.002));
      },
      { passive: false },
    );
    // Only while the viewer itself has the focus: the panel (the quiz's radio buttons) is not inside it.
    container.addEventListener('keydown', (event) => {
      if (event.target !== container || event.altKey || event.ctrlKey || event.metaKey) return;
      const moves: Record<string, () => void> = {
        ArrowLeft: () => this.turn(-KEY_STEP, 0),
        ArrowRight: () => this.turn(KEY_STEP, 0),
        ArrowUp: () => this.turn(0, KEY_STEP),
        ArrowDown: () => this.turn(0, -KEY_STEP),
        '+': () => this.zoom(1 / 1.15),
        '=': () => this.zoom(1 / 1.15),
        '-': () => this.zoom(1.15),
      };
      const move = moves[event.key];
      if (!move) return;
      event.preventDefault();
      move();
    });
  }

  private spread(): number {
    const [a, b] = [...this.pointers.values()];
    return a && b ? Math.hypot(a.x - b.x, a.y - b.y) : 0;
  }

  private turn(dYaw: number, dPitch: number): void {
    this.yaw = ((this.yaw + dYaw + 3 * Math.PI) % (2 * Math.PI)) - Math.PI;
    this.pitch = Math.max(-PITCH_LIMIT, Math.min(PITCH_LIMIT, this.pitch + dPitch));
    this.render();
  }

  private zoom(factor: number): void {
    this.fov = Math.max(FOV.min, Math.min(FOV.max, this.fov * factor));
    this.render();
  }

  private resize(): void {
    const ratio = Math.min(2, window.devicePixelRatio || 1);
    const width = Math.max(1, Math.round(this.container.clientWidth * ratio));
    const height = Math.max(1, Math.round(this.container.clientHeight * ratio));
    this.size = [width, height];
    // The labels' sizes change with the frame's width (narrow frames show icons only).
    for (const placed of this.placed) placed.element.dataset.size = '';
    this.render();
  }

  /**
   * The panel covers `right` pixels of the frame's left down to `bottom` (0 when collapsed, or on a phone where it
   * collapses over a stand): the view looks at the middle of the part left free, and a hotspot that would still lie
   * under the panel is out of view, as one past the frame's edge. `corner`: the width and height of what the host
   * page lays over the frame's bottom-left corner (`setCoveredCorner`); a hotspot any part of which would lie under
   * it is out of view too.
   */
  setCovered(right: number, bottom: number, corner: readonly [number, number] = [0, 0]): void {
    const covered = Math.max(0, Math.min(right, this.container.clientWidth / 2));
    const coveredBottom = covered > 0 ? bottom : 0;
    const next: [number, number] = [Math.max(0, corner[0]), Math.max(0, corner[1])];
    const same = (a: number, b: number) => Math.abs(a - b) < 0.5;
    if (
      same(covered, this.covered) &&
      same(coveredBottom, this.coveredBottom) &&
      same(next[0], this.corner[0]) &&
      same(next[1], this.corner[1])
    )
      return;
    this.covered = covered;
    this.coveredBottom = coveredBottom;
    this.corner = next;
    this.render();
  }

  /** The view's centre across the canvas, from −1 (left edge) to 1 (right edge). */
  private centre(): number {
    return this.covered / Math.max(1, this.container.clientWidth);
  }

  /** tan of the half horizontal and vertical fields of view. */
  private tangents(): [number, number] {
    const vertical = Math.tan((this.fov * Math.PI) / 360);
    const aspect = this.container.clientWidth / Math.max(1, this.container.clientHeight);
    return [vertical * aspect, vertical];
  }

  private setHotspots(hotspots: HotspotSpec[]): void {
    for (const placed of this.placed) placed.element.remove();
    this.placed = hotspots.map((spec) => ({ spec, element: hotspotElement(spec) }));
    this.spots.append(...this.placed.map((p) => p.element));
  }

  private render(): void {
    if (!this.frame) this.frame = requestAnimationFrame(() => this.draw());
  }

  /** Once per frame at most: the renderer gets the new view, the hotspots go to their places. */
  private draw(): void {
    this.frame = 0;
    const tangents = this.tangents();
    const centre = this.centre();
    this.drawing.setView({ yaw: this.yaw, pitch: this.pitch, tangents, centre, width: this.size[0], height: this.size[1] });
    this.placeHotspots(tangents, centre);
  }

  /** Puts each hotspot on its point; those behind the viewer or out of the frame are hidden. */
  private placeHotspots([tanX, tanY]: [number, number], centre: number): void {
    const width = this.container.clientWidth;
    const height = this.container.clientHeight;
    const [f, r, u] = basis(this.yaw, this.pitch);
    for (const { element, spec } of this.placed) {
      const d = direction(spec.yaw, spec.pitch);
      const z = dot(d, f);
      let visible = z > 1e-3;
      if (visible) {
        const x = ((dot(d, r) / z / tanX + centre + 1) / 2) * width;
        const y = ((1 - dot(d, u) / z / tanY) / 2) * height;
        if (!element.dataset.size) {
          element.dataset.size = `${element.offsetWidth}`;
          element.dataset.height = `${element.offsetHeight}`;
        }
        const size = Number(element.dataset.size);
        const left = x - size * LEFT_OF_ANCHOR[spec.anchor];
        const reach = size + 40;
        visible = x > -reach && x < width + reach && y > -reach && y < height + reach;
        // Under the open panel: its left edge left of the panel's right, its point above the panel's bottom.
        if (visible && this.covered > 0) visible = left >= this.covered || y > this.coveredBottom;
        // Under what the host lays over the bottom-left corner: its box reaches into the corner's.
        const [cornerWidth, cornerHeight] = this.corner;
        if (visible && cornerWidth > 0 && cornerHeight > 0) {
          const bottomEdge = y + Number(element.dataset.height) * (1 - ABOVE_ANCHOR[spec.anchor]);
          visible = left >= cornerWidth || bottomEdge <= height - cornerHeight;
        }
        if (visible) element.style.transform = `translate(${x.toFixed(1)}px, ${y.toFixed(1)}px) ${ANCHOR_SHIFT[spec.anchor]}`;
      }
      element.classList.toggle('rf-marker--visible', visible);
    }
  }
}

function canvasElement(): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.className = 'rf-viewer__canvas';
  canvas.setAttribute('aria-hidden', 'true');
  return canvas;
}
