/**
 * Draws an equirectangular panorama of a scene by casting one ray per pixel: a box-shaped hall (floor, ceiling,
 * four walls, each a shading function) and flat rectangles (quads) for everything in it. Flat shapes keep the
 * projection exact (straight edges bend as they must in an equirectangular image) at a cost a browser can pay:
 * the server renders each panorama once (`host-shell/server/panoramas/`), in a worker thread, with a canvas made for
 * Node; nothing here needs a browser.
 */
import { EYE, cross, dot, length, type Vec3 } from '../geometry';

export type Rgb = readonly [number, number, number];
/** Writes a colour (0..1) into `out`; returns false where the surface is transparent (alpha-tested shapes). */
export type Shader = (u: number, v: number, out: Float32Array) => boolean;

/** A gradient of either context (`createLinearGradient`). */
export interface Gradient2D {
  addColorStop(offset: number, color: string): void;
}

/**
 * The 2D context the pictures draw on: the part of the browser's `CanvasRenderingContext2D` they use, which the
 * server's `@napi-rs/canvas` context has too (it draws the panoramas, `host-shell/server/panoramas/`). Written out
 * so that the server type-checks without the DOM's types; `tests/server/canvas-2d.test.ts` checks both fit it.
 */
export interface Canvas2D {
  font: string;
  /** A colour, a gradient, or a pattern (each context's own). */
  fillStyle: string | Gradient2D | object;
  strokeStyle: string | Gradient2D | object;
  lineWidth: number;
  textAlign: 'center' | 'end' | 'left' | 'right' | 'start';
  textBaseline: 'alphabetic' | 'bottom' | 'hanging' | 'ideographic' | 'middle' | 'top';
  measureText(text: string): { width: number };
  fillText(text: string, x: number, y: number, maxWidth?: number): void;
  fillRect(x: number, y: number, w: number, h: number): void;
  clearRect(x: number, y: number, w: number, h: number): void;
  createLinearGradient(x0: number, y0: number, x1: number, y1: number): Gradient2D;
  beginPath(): void;
  closePath(): void;
  moveTo(x: number, y: number): void;
  lineTo(x: number, y: number): void;
  arc(x: number, y: number, radius: number, startAngle: number, endAngle: number, counterclockwise?: boolean): void;
  roundRect(x: number, y: number, w: number, h: number, radii?: number): void;
  fill(): void;
  stroke(): void;
  save(): void;
  restore(): void;
  translate(x: number, y: number): void;
  rotate(angle: number): void;
  getImageData(sx: number, sy: number, sw: number, sh: number): { readonly data: Uint8ClampedArray };
}

export type Draw = (ctx: Canvas2D, width: number, height: number) => void;

export type Material =
  | { kind: 'color'; rgb: Rgb; emissive?: boolean }
  | { kind: 'shader'; shade: Shader; emissive?: boolean }
  /** Drawn on a canvas at about the size it covers in the panorama; transparent pixels let the ray through. */
  | { kind: 'texture'; draw: Draw; emissive?: boolean; minWidth?: number };

/** A rectangle centred on `c`, spanning ±hu along the unit vector `u` (the viewer's right) and ±hv along `v` (up). */
export interface Quad {
  c: Vec3;
  u: Vec3;
  v: Vec3;
  hu: number;
  hv: number;
  material: Material;
}

export interface Hall {
  /** Half sizes of the hall's floor along x and z, and its ceiling height above the floor, in metres. */
  halfX: number;
  halfZ: number;
  height: number;
  /** Floor colour at (x, z); `dir` is the ray (for reflections), `footprint` the pixel's size on the floor. */
  floor: (x: number, z: number, dir: Vec3, footprint: number, out: Float32Array) => void;
  /** Ceiling colour at (x, z); returns true when it is a light (not shaded). */
  ceiling: (x: number, z: number, footprint: number, out: Float32Array) => boolean;
  /**
   * Wall colour. `side`: 0 ahead (+z), 1 right (+x), 2 behind (−z), 3 left (−x); `s` runs along the wall from the
   * viewer's left to right when facing it, `y` is the height above the floor. Returns true for lights.
   */
  wall: (side: 0 | 1 | 2 | 3, s: number, y: number, footprint: number, out: Float32Array) => boolean;
}

export interface Scene {
  hall: Hall;
  quads: Quad[];
  /** Colour of the air far away, and how fast things fade into it (per metre). */
  haze: Rgb;
  hazeDensity: number;
}

/** RGBA pixels, row by row. */
export interface Pixels {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

type Texture = Pixels;

/** A 2D canvas of the given size: the browser's, or one made for Node (`@napi-rs/canvas`), whose context is the same API. */
export type MakeCanvas = (width: number, height: number) => { getContext(kind: '2d'): unknown };

const QUAD_STRIDE = 17;

function textureOf(material: Extract<Material, { kind: 'texture' }>, quad: Quad, imageWidth: number, makeCanvas: MakeCanvas): Texture {
  // About one texel per panorama pixel at the quad's distance, so text stays crisp without wasting time.
  const distance = Math.max(0.5, length(quad.c) - Math.hypot(quad.hu, quad.hv) * 0.5);
  const angular = 2 * Math.atan(quad.hu / distance);
  const wanted = Math.round((angular / (2 * Math.PI)) * imageWidth * 1.3);
  const width = Math.max(material.minWidth ?? 64, Math.min(2048, wanted));
  const height = Math.max(16, Math.min(2048, Math.round((width * quad.hv) / quad.hu)));
  const ctx = makeCanvas(width, height).getContext('2d') as Canvas2D | null;
  if (!ctx) throw new Error('no 2D canvas');
  material.draw(ctx, width, height);
  return { width, height, data: ctx.getImageData(0, 0, width, height).data };
}

/** Renders `scene` into `width`×`width/2` RGBA pixels; `makeCanvas` gives the canvases its pictures are drawn on. */
export function renderEquirectangular(scene: Scene, width: number, makeCanvas: MakeCanvas): Pixels {
  const height = width / 2;
  const { hall, quads } = scene;
  const px = new Uint8ClampedArray(width * height * 4);

  // Per column and row: the ray's direction terms.
  const sinYaw = new Float64Array(width);
  const cosYaw = new Float64Array(width);
  for (let x = 0; x < width; x += 1) {
    const yaw = ((x + 0.5) / width - 0.5) * 2 * Math.PI;
    sinYaw[x] = Math.sin(yaw);
    cosYaw[x] = Math.cos(yaw);
  }
  const sinPitch = new Float64Array(height);
  const cosPitch = new Float64Array(height);
  for (let y = 0; y < height; y += 1) {
    const pitch = (0.5 - (y + 0.5) / height) * Math.PI;
    sinPitch[y] = Math.sin(pitch);
    cosPitch[y] = Math.cos(pitch);
  }

  // Quads as flat numbers, plus the columns and rows each can cover (its bounding cap), so a pixel only tests
  // the few quads that can be in its direction.
  const q = new Float64Array(quads.length * QUAD_STRIDE);
  const columns: number[][] = Array.from({ length: width }, () => []);
  const textures: (Texture | null)[] = [];
  quads.forEach((quad, i) => {
    const n = normalize(cross(quad.u, quad.v));
    const o = i * QUAD_STRIDE;
    q.set([...quad.c, ...quad.u, ...quad.v, ...n, quad.hu, quad.hv, dot(quad.c, n)], o);
    textures.push(quad.material.kind === 'texture' ? textureOf(quad.material, quad, width, makeCanvas) : null);
    const d = length(quad.c);
    const radius = Math.hypot(quad.hu, quad.hv) * 1.02;
    let rowMin = 0;
    let rowMax = height - 1;
    let yawSpan = Math.PI;
    const yawCentre = Math.atan2(quad.c[0], quad.c[2]);
    if (d > radius) {
      const alpha = Math.asin(radius / d);
      const pitch = Math.asin(quad.c[1] / d);
      rowMin = Math.max(0, Math.floor((0.5 - (pitch + alpha) / Math.PI) * height) - 1);
      rowMax = Math.min(height - 1, Math.ceil((0.5 - (pitch - alpha) / Math.PI) * height) + 1);
      const c = Math.cos(Math.min(Math.PI / 2, Math.abs(pitch) + alpha));
      if (c > 1e-6 && Math.sin(alpha) < Math.cos(pitch)) yawSpan = Math.asin(Math.min(1, Math.sin(alpha) / Math.cos(pitch))) + 0.01;
    }
    q[o + 15] = rowMin;
    q[o + 16] = rowMax;
    if (yawSpan >= Math.PI) {
      for (const list of columns) list.push(i);
    } else {
      const first = Math.floor(((yawCentre - yawSpan) / (2 * Math.PI) + 0.5) * width) - 1;
      const last = Math.ceil(((yawCentre + yawSpan) / (2 * Math.PI) + 0.5) * width) + 1;
      for (let x = first; x <= last; x += 1) columns[((x % width) + width) % width]?.push(i);
    }
  });
  const columnLists = columns.map((list) => Int32Array.from(list));

  const out = new Float32Array(3);
  const pixelAngle = (2 * Math.PI) / width;
  const [hazeR, hazeG, hazeB] = scene.haze;
  const eyeToCeiling = hall.height - EYE;
  const dir: [number, number, number] = [0, 0, 0];
  let hitR = 0;
  let hitG = 0;
  let hitB = 0;

  for (let y = 0; y < height; y += 1) {
    const sp = sinPitch[y] ?? 0;
    const cp = cosPitch[y] ?? 1;
    for (let x = 0; x < width; x += 1) {
      const dx = cp * (sinYaw[x] ?? 0);
      const dy = sp;
      const dz = cp * (cosYaw[x] ?? 1);
      dir[0] = dx;
      dir[1] = dy;
      dir[2] = dz;

      // The hall: the nearest of the planes the ray goes towards.
      let tHall = Infinity;
      let surface = -1;
      if (dy < -1e-9) {
        tHall = -EYE / dy;
        surface = 4;
      } else if (dy > 1e-9) {
        tHall = eyeToCeiling / dy;
        surface = 5;
      }
      const tz = toWall(hall.halfZ, dz);
      if (tz < tHall) {
        tHall = tz;
        surface = dz > 0 ? 0 : 2;
      }
      const tx = toWall(hall.halfX, dx);
      if (tx < tHall) {
        tHall = tx;
        surface = dx > 0 ? 1 : 3;
      }

      // The quads in this direction: the nearest opaque hit.
      let best = tHall;
      let hit = -1;
      let emissive = false;
      let nx = 0;
      let ny = 0;
      let nz = 0;
      const list = columnLists[x] as Int32Array;
      for (let k = 0; k < list.length; k += 1) {
        const i = list[k] as number;
        const o = i * QUAD_STRIDE;
        if (y < (q[o + 15] as number) || y > (q[o + 16] as number)) continue;
        const qnx = q[o + 9] as number;
        const qny = q[o + 10] as number;
        const qnz = q[o + 11] as number;
        const denom = dx * qnx + dy * qny + dz * qnz;
        if (denom > -1e-9 && denom < 1e-9) continue;
        const t = (q[o + 14] as number) / denom;
        if (t <= 0.05 || t >= best) continue;
        const rx = dx * t - (q[o] as number);
        const ry = dy * t - (q[o + 1] as number);
        const rz = dz * t - (q[o + 2] as number);
        const lu = rx * (q[o + 3] as number) + ry * (q[o + 4] as number) + rz * (q[o + 5] as number);
        const hu = q[o + 12] as number;
        if (lu < -hu || lu > hu) continue;
        const lv = rx * (q[o + 6] as number) + ry * (q[o + 7] as number) + rz * (q[o + 8] as number);
        const hv = q[o + 13] as number;
        if (lv < -hv || lv > hv) continue;
        const material = (quads[i] as Quad).material;
        if (material.kind === 'color') {
          out[0] = material.rgb[0];
          out[1] = material.rgb[1];
          out[2] = material.rgb[2];
        } else if (material.kind === 'shader') {
          if (!material.shade(lu, lv, out)) continue;
        } else {
          const tex = textures[i] as Texture;
          const tx = Math.min(tex.width - 1, Math.max(0, Math.floor((lu / hu + 1) * 0.5 * tex.width)));
          const ty = Math.min(tex.height - 1, Math.max(0, Math.floor((1 - lv / hv) * 0.5 * tex.height)));
          const p = (ty * tex.width + tx) * 4;
          if ((tex.data[p + 3] as number) < 128) continue;
          out[0] = (tex.data[p] as number) / 255;
          out[1] = (tex.data[p + 1] as number) / 255;
          out[2] = (tex.data[p + 2] as number) / 255;
        }
        best = t;
        hit = i;
        emissive = material.emissive === true;
        // The face turned to the viewer.
        const flip = denom > 0 ? -1 : 1;
        nx = qnx * flip;
        ny = qny * flip;
        nz = qnz * flip;
        hitR = out[0] as number;
        hitG = out[1] as number;
        hitB = out[2] as number;
      }

      let r: number;
      let g: number;
      let b: number;
      const t = best;
      if (hit >= 0) {
        r = hitR;
        g = hitG;
        b = hitB;
      } else {
        const hx = dx * t;
        const hy = dy * t + EYE;
        const hz = dz * t;
        // How much of the surface one pixel covers: patterns fade out where they would alias.
        if (surface === 4) {
          const footprint = (t * pixelAngle) / Math.max(0.05, -dy);
          hall.floor(hx, hz, dir, footprint, out);
          nx = 0;
          ny = 1;
          nz = 0;
        } else if (surface === 5) {
          const footprint = (t * pixelAngle) / Math.max(0.05, dy);
          emissive = hall.ceiling(hx, hz, footprint, out);
          nx = 0;
          ny = -1;
          nz = 0;
        } else {
          const side = surface as 0 | 1 | 2 | 3;
          const across = side === 0 ? dz : side === 2 ? -dz : side === 1 ? dx : -dx;
          const footprint = (t * pixelAngle) / Math.max(0.05, across);
          const s = side === 0 ? hx : side === 1 ? -hz : side === 2 ? -hx : hz;
          emissive = hall.wall(side, s, hy, footprint, out);
          nx = side === 1 ? -1 : side === 3 ? 1 : 0;
          ny = 0;
          nz = side === 0 ? -1 : side === 2 ? 1 : 0;
        }
        r = out[0] as number;
        g = out[1] as number;
        b = out[2] as number;
      }

      if (!emissive) {
        // Light from the ceiling and from where the visitor looks (a soft frontal light), darker far away.
        const facing = -(nx * dx + ny * dy + nz * dz);
        const light = (0.6 + 0.32 * Math.max(0, facing) + 0.16 * ny) * (1 - Math.min(0.3, t / 90));
        r *= light;
        g *= light;
        b *= light;
      }
      const fog = 1 - Math.exp(-t * scene.hazeDensity);
      r += (hazeR - r) * fog;
      g += (hazeG - g) * fog;
      b += (hazeB - b) * fog;

      const p = (y * width + x) * 4;
      px[p] = r * 255;
      px[p + 1] = g * 255;
      px[p + 2] = b * 255;
      px[p + 3] = 255;
    }
  }
  return { width, height, data: px };
}

/** How far a ray going `d` along an axis (its direction's component) meets the wall `half` metres away on that axis. */
function toWall(half: number, d: number): number {
  return Math.abs(d) > 1e-9 ? half / Math.abs(d) : Infinity;
}

function normalize(a: Vec3): Vec3 {
  const l = length(a) || 1;
  return [a[0] / l, a[1] / l, a[2] / l];
}
