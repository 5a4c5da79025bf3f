/**
 * The viewer's drawing: one WebGL shader that draws an equirectangular image as seen from its centre, the images'
 * fetch, decoding (the places a visitor is likely to open next decoded ahead, `AheadImages`) and upload as textures,
 * and the fade from one panorama to the next. No DOM: it draws on an
 * `OffscreenCanvas` in the frame's worker (render-worker.ts), or on the page's canvas where that is not possible
 * (view.ts). The view (where it looks, the canvas's size) comes from the main thread, which owns the input and the
 * hotspots.
 */

/** What the main thread sends with each render request. */
export interface ViewState {
  yaw: number;
  pitch: number;
  /** tan of the half horizontal and vertical fields of view. */
  tangents: [number, number];
  /**
   * Where the view's centre is, across the canvas (−1 left edge, 0 middle, 1 right edge): right of the middle while the
   * panel covers the frame's left, so that what the view looks at is in the part left free.
   */
  centre?: number;
  /** The canvas's size in device pixels. */
  width: number;
  height: number;
}

/** Main thread → worker. */
export type ToRenderer =
  /** The transferred canvas: answered `ready`, or `unavailable` without WebGL in the worker. */
  | { type: 'init'; canvas: OffscreenCanvas }
  /** At each frame where the view changed: the worker sizes the canvas and draws at its own animation frame. */
  | { type: 'view'; view: ViewState }
  /** Fetch, decode and upload an image: answered `loaded` or `failed`. */
  | { type: 'load'; id: number; url: string }
  /** The images to fetch and decode ahead, most likely first. */
  | { type: 'ahead'; urls: string[] }
  | { type: 'show'; id: number; yaw: number; pitch: number; fade: boolean }
  /** The same panorama's larger image in place of the shown one: no fade, the view kept. */
  | { type: 'sharpen'; id: number }
  /** A later move replaced this load: a fetch under way stops, and the image is never uploaded. */
  | { type: 'drop'; id: number };

/** Worker → main thread. */
export type FromRenderer =
  | { type: 'ready' }
  | { type: 'unavailable'; message: string }
  | { type: 'loaded'; id: number }
  | { type: 'failed'; id: number; message: string };

const BACKGROUND = [0x12 / 255, 0x18 / 255, 0x26 / 255] as const; // #121826
/** How long a new panorama takes to fade in over the previous one. */
const FADE_MS = 450;

const VERTEX = `attribute vec2 p; varying vec2 v; void main() { v = p; gl_Position = vec4(p, 0.0, 1.0); }`;
// For each pixel: the ray through it (camera basis f, r, u; tangents of the half fields of view), then the
// equirectangular texel it meets: u = yaw / 2π + ½, v = ½ − pitch / π (the image's first row on top).
const FRAGMENT = `precision highp float;
varying vec2 v;
uniform sampler2D image;
uniform vec3 f, r, u;
uniform vec2 tangents;
uniform float centre;
uniform float alpha;
void main() {
  vec3 d = normalize(f + r * ((v.x - centre) * tangents.x) + u * (v.y * tangents.y));
  vec2 t = vec2(atan(d.x, d.z) * 0.15915494 + 0.5, 0.5 - asin(clamp(d.y, -1.0, 1.0)) * 0.31830989);
  gl_FragColor = vec4(texture2D(image, t).rgb, alpha);
}`;

interface Layer {
  texture: WebGLTexture;
  yaw: number;
  pitch: number;
}

type GL = WebGLRenderingContext | WebGL2RenderingContext;
type Uniforms = Record<'f' | 'r' | 'u' | 'tangents' | 'centre' | 'alpha', WebGLUniformLocation | null>;
/** The page's canvas or an OffscreenCanvas: both have a size, WebGL contexts and the context-loss events. */
type Surface = HTMLCanvasElement | OffscreenCanvas;

function compile(gl: GL, type: number, source: string): WebGLShader {
  const shader = gl.createShader(type);
  if (!shader) throw new Error('WebGL: no shader');
  gl.shaderSource(shader, source);
  gl.compileShader(shader);
  if (!gl.getShaderParameter(shader, gl.COMPILE_STATUS)) throw new Error(`WebGL: ${gl.getShaderInfoLog(shader) ?? 'shader error'}`);
  return shader;
}

type Decoded = ImageBitmap | HTMLImageElement;

/**
 * Fetches and decodes an image off the main thread (`createImageBitmap` of the bytes), `img.decode()` otherwise.
 * `low`: a fetch ahead, which must not slow down the image of a move. The bitmap's default options: the panoramas are
 * opaque, and Chromium decodes a 4096 px one 2–3 times faster than with `premultiplyAlpha: 'none'`.
 */
async function decodeImage(url: string, low = false, signal?: AbortSignal): Promise<Decoded> {
  if (typeof createImageBitmap === 'function') {
    const response = await fetch(url, { ...(low && { priority: 'low' }), ...(signal && { signal }) });
    if (!response.ok) throw new Error(`panorama ${url}: HTTP ${response.status}`);
    return createImageBitmap(await response.blob());
  }
  const image = new Image();
  image.decoding = 'async';
  if (low) image.fetchPriority = 'low';
  image.src = url;
  await image.decode();
  return image;
}

const release = (image: Decoded): void => {
  if ('close' in image) image.close();
};

/** An image fetched ahead; `dropped` when evicted (closed once decoded, not fetched when its turn had not come). */
interface Ahead {
  image: Promise<Decoded>;
  dropped: boolean;
  started: boolean;
}

/** How many decoded images are kept ahead (a 4096×2048 one is 32 MB of memory). */
export const AHEAD_IMAGES = 3;

/**
 * The images of the places a visitor is likely to open next, fetched and decoded ahead, one after the other, so that a
 * move to one of them is only its texture's upload and the fade. At most `size` are kept, the most recently asked
 * for; an evicted one is closed (or, not started yet, never fetched).
 */
export class AheadImages {
  private readonly entries = new Map<string, Ahead>();
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly size = AHEAD_IMAGES,
    private readonly decode: (url: string, low: boolean) => Promise<Decoded> = decodeImage,
  ) {}

  /** Fetches and decodes `urls` ahead (most likely first); those already kept stay, and are the most recent. */
  want(urls: readonly string[]): void {
    const wanted = urls.slice(0, this.size);
    for (const url of wanted) {
      if (this.entries.has(url)) continue;
      const entry: Ahead = {
        dropped: false,
        started: false,
        image: this.queue.then(() => {
          if (entry.dropped) throw new Error(`${url}: no longer wanted`);
          entry.started = true;
          return this.decode(url, true);
        }),
      };
      this.queue = entry.image.catch(() => undefined);
      this.entries.set(url, entry);
    }
    // The most likely last: the first to be kept.
    for (const url of [...wanted].reverse()) {
      const entry = this.entries.get(url);
      if (!entry) continue;
      this.entries.delete(url);
      this.entries.set(url, entry);
    }
    for (const [url, entry] of this.entries) {
      if (this.entries.size <= this.size) break;
      this.entries.delete(url);
      entry.dropped = true;
      entry.image.then(release, () => undefined);
    }
  }

  /**
   * The image of `url`, decoded ahead or under way, no longer kept: the caller closes it. Undefined when it was not asked
   * for, or when its turn has not come (the caller fetches it at once rather than after the others).
   */
  take(url: string): Promise<Decoded> | undefined {
    const entry = this.entries.get(url);
    this.entries.delete(url);
    if (entry && !entry.started) {
      entry.dropped = true;
      return undefined;
    }
    return entry?.image;
  }

  /** Which images are kept, least recent first. */
  get urls(): string[] {
    return [...this.entries.keys()];
  }

  clear(): void {
    for (const url of this.urls) this.take(url)?.then(release, () => undefined);
  }
}

/** `requestAnimationFrame` of the page or of the worker (dedicated workers have it in Chromium and Firefox). */
const nextFrame = (callback: (now: number) => void): void => {
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(callback);
  else setTimeout(() => callback(performance.now()), 16);
};

type Vec3 = [number, number, number];

export const direction = (yaw: number, pitch: number): Vec3 => [
  Math.sin(yaw) * Math.cos(pitch),
  Math.sin(pitch),
  Math.cos(yaw) * Math.cos(pitch),
];

export const dot = (a: Vec3, b: Vec3): number => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];

/** The camera's forward, right and up vectors looking at (yaw, pitch). */
export function basis(yaw: number, pitch: number): [Vec3, Vec3, Vec3] {
  return [
    direction(yaw, pitch),
    [Math.cos(yaw), 0, -Math.sin(yaw)],
    [-Math.sin(yaw) * Math.sin(pitch), Math.cos(pitch), -Math.cos(yaw) * Math.sin(pitch)],
  ];
}

export class GlRenderer {
  private readonly gl: GL;
  private uniforms: Uniforms;
  /** Uploaded images not shown yet, by load id. */
  private readonly loaded = new Map<number, WebGLTexture>();
  private current: Layer | null = null;
  private fading: { layer: Layer; start: number } | null = null;
  private view: ViewState = { yaw: 0, pitch: 0, tangents: [1, 1], width: 1, height: 1 };
  private scheduled = false;
  private lost = false;
  private readonly ahead = new AheadImages();
  /** Images being fetched and decoded, by load id: `drop` stops them. */
  private readonly loading = new Map<number, AbortController>();

  /** Throws when the canvas gives no WebGL context. */
  constructor(private readonly canvas: Surface) {
    const options: WebGLContextAttributes = { alpha: false, antialias: false, depth: false, premultipliedAlpha: false };
    const gl = (canvas.getContext('webgl2', options) ?? canvas.getContext('webgl', options)) as GL | null;
    if (!gl) throw new Error('WebGL: no context');
    this.gl = gl;
    this.uniforms = this.link();
    // Lost (the GPU was reset): asking for it back; the shader and the textures are gone with it, so the next move
    // loads its image again.
    (canvas as HTMLCanvasElement).addEventListener('webglcontextlost', (event) => {
      event.preventDefault();
      this.lost = true;
    });
    (canvas as HTMLCanvasElement).addEventListener('webglcontextrestored', () => {
      this.lost = false;
      this.uniforms = this.link();
      this.loaded.clear();
      this.current = null;
      this.fading = null;
      this.render();
    });
  }

  /** Fetches, decodes and uploads an image (at once when it was decoded ahead), kept under `id` until `show(id)` or `drop(id)`. */
  async load(id: number, url: string): Promise<void> {
    const abort = new AbortController();
    this.loading.set(id, abort);
    try {
      const early = this.ahead.take(url);
      const image = early ? await early.catch(() => decodeImage(url, false, abort.signal)) : await decodeImage(url, false, abort.signal);
      try {
        // Dropped meanwhile (a move): not uploaded, the upload of a 4096 px image being the costly part.
        if (abort.signal.aborted) throw new Error(`${url}: dropped`);
        this.loaded.set(id, this.upload(image));
      } finally {
        release(image);
      }
    } finally {
      this.loading.delete(id);
    }
  }

  /** Fetches and decodes ahead the images of the places a visitor is likely to open next (most likely first). */
  fetchAhead(urls: readonly string[]): void {
    this.ahead.want(urls);
  }

  /** Forgets an image that will not be shown (a later move replaced it): uploaded, or still fetched or decoded (then never uploaded). */
  drop(id: number): void {
    this.loading.get(id)?.abort();
    const texture = this.loaded.get(id);
    this.loaded.delete(id);
    if (texture) this.gl.deleteTexture(texture);
  }

  /** Shows the image loaded under `id`, looked at from (yaw, pitch), fading from the one shown before. */
  show(id: number, yaw: number, pitch: number, fade: boolean): void {
    const texture = this.loaded.get(id);
    if (!texture) return;
    this.loaded.delete(id);
    for (const older of [...this.loaded.keys()].filter((other) => other < id)) this.drop(older);
    if (this.fading) this.gl.deleteTexture(this.fading.layer.texture);
    this.fading = null;
    if (this.current && fade) this.fading = { layer: this.current, start: performance.now() };
    else if (this.current) this.gl.deleteTexture(this.current.texture);
    this.current = { texture, yaw, pitch };
    this.view = { ...this.view, yaw, pitch };
    this.render();
  }

  /**
   * Replaces the image shown by the one loaded under `id`, the same panorama at a larger width, without a fade and
   * without moving the view (the caller sends it only while that panorama is still the one shown).
   */
  sharpen(id: number): void {
    const texture = this.loaded.get(id);
    this.loaded.delete(id);
    if (!texture) return;
    if (!this.current) {
      this.gl.deleteTexture(texture);
      return;
    }
    this.gl.deleteTexture(this.current.texture);
    this.current = { ...this.current, texture };
    this.render();
  }

  /** A new view (a move, a turn, a zoom, a resize): drawn at the next frame, several requests coalesced. */
  setView(view: ViewState): void {
    this.view = view;
    if (this.canvas.width !== view.width || this.canvas.height !== view.height) {
      this.canvas.width = view.width;
      this.canvas.height = view.height;
    }
    this.render();
  }

  /** Draws at the next animation frame, once however many changes ask, and again while a fade runs: no loop otherwise. */
  private render(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    nextFrame((now) => this.draw(now));
  }

  /** Compiles and links the shader, sets up the triangle; returns the uniforms' locations. */
  private link(): Uniforms {
    const gl = this.gl;
    const program = gl.createProgram();
    if (!program) throw new Error('WebGL: no program');
    gl.attachShader(program, compile(gl, gl.VERTEX_SHADER, VERTEX));
    gl.attachShader(program, compile(gl, gl.FRAGMENT_SHADER, FRAGMENT));
    gl.linkProgram(program);
    if (!gl.getProgramParameter(program, gl.LINK_STATUS)) throw new Error(`WebGL: ${gl.getProgramInfoLog(program) ?? 'link error'}`);
    gl.useProgram(program);
    // One triangle that covers the screen.
    gl.bindBuffer(gl.ARRAY_BUFFER, gl.createBuffer());
    gl.bufferData(gl.ARRAY_BUFFER, new Float32Array([-1, -1, 3, -1, -1, 3]), gl.STATIC_DRAW);
    const p = gl.getAttribLocation(program, 'p');
    gl.enableVertexAttribArray(p);
    gl.vertexAttribPointer(p, 2, gl.FLOAT, false, 0, 0);
    gl.blendFunc(gl.SRC_ALPHA, gl.ONE_MINUS_SRC_ALPHA);
    const at = (name: string) => gl.getUniformLocation(program, name);
    return { f: at('f'), r: at('r'), u: at('u'), tangents: at('tangents'), centre: at('centre'), alpha: at('alpha') };
  }

  /** The image as one texture: in the worker, its upload is no longer a task of the page's main thread. */
  private upload(image: ImageBitmap | HTMLImageElement): WebGLTexture {
    const gl = this.gl;
    const texture = gl.createTexture();
    if (!texture) throw new Error('WebGL: no texture');
    gl.bindTexture(gl.TEXTURE_2D, texture);
    gl.pixelStorei(gl.UNPACK_FLIP_Y_WEBGL, false);
    gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGBA, gl.RGBA, gl.UNSIGNED_BYTE, image);
    // Repeat across the seam at yaw ±π (WebGL 1 repeats only power-of-two sizes).
    const pot = (n: number) => (n & (n - 1)) === 0;
    const repeat = 'texStorage2D' in gl || (pot(image.width) && pot(image.height));
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_S, repeat ? gl.REPEAT : gl.CLAMP_TO_EDGE);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_T, gl.CLAMP_TO_EDGE);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.LINEAR);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.LINEAR);
    return texture;
  }

  private draw(now: number): void {
    this.scheduled = false;
    if (this.lost) return;
    const gl = this.gl;
    const { view } = this;
    gl.viewport(0, 0, this.canvas.width, this.canvas.height);
    gl.clearColor(BACKGROUND[0], BACKGROUND[1], BACKGROUND[2], 1);
    gl.clear(gl.COLOR_BUFFER_BIT);
    gl.uniform2f(this.uniforms.tangents, view.tangents[0], view.tangents[1]);
    gl.uniform1f(this.uniforms.centre, view.centre ?? 0);
    const fade = this.fading ? Math.min(1, (now - this.fading.start) / FADE_MS) : 1;
    gl.disable(gl.BLEND);
    if (this.fading && fade < 1) {
      // The previous panorama stays where it was looked at while the new one fades in over it.
      this.drawLayer(this.fading.layer.texture, this.fading.layer.yaw, this.fading.layer.pitch, 1);
      gl.enable(gl.BLEND);
    }
    if (this.current) this.drawLayer(this.current.texture, view.yaw, view.pitch, fade);
    if (this.fading && fade >= 1) {
      gl.deleteTexture(this.fading.layer.texture);
      this.fading = null;
    }
    if (this.fading) this.render();
  }

  private drawLayer(texture: WebGLTexture, yaw: number, pitch: number, alpha: number): void {
    const gl = this.gl;
    const [f, r, u] = basis(yaw, pitch);
    gl.uniform3fv(this.uniforms.f, f);
    gl.uniform3fv(this.uniforms.r, r);
    gl.uniform3fv(this.uniforms.u, u);
    gl.uniform1f(this.uniforms.alpha, alpha);
    gl.bindTexture(gl.TEXTURE_2D, texture);
    gl.drawArrays(gl.TRIANGLES, 0, 3);
  }
}
