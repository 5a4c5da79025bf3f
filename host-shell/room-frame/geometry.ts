/**
 * The panoramas' world: the viewer stands at the origin, eyes EYE metres above the floor; +y is up and yaw 0 (the
 * middle of the equirectangular image) looks along +z. Yaw grows to the right, as the viewer (view.ts) has it.
 */
export type Vec3 = readonly [number, number, number];

export const EYE = 1.6;

export const add = (a: Vec3, b: Vec3): Vec3 => [a[0] + b[0], a[1] + b[1], a[2] + b[2]];
export const scale = (a: Vec3, k: number): Vec3 => [a[0] * k, a[1] * k, a[2] * k];
export const dot = (a: Vec3, b: Vec3): number => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
export const length = (a: Vec3): number => Math.hypot(a[0], a[1], a[2]);
export const cross = (a: Vec3, b: Vec3): Vec3 => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];

/** The unit direction of a yaw on the horizon. */
export const horizontal = (yaw: number): Vec3 => [Math.sin(yaw), 0, Math.cos(yaw)];
/** The direction to the right of `yaw` (as seen by the viewer), on the horizon. */
export const rightOf = (yaw: number): Vec3 => [Math.cos(yaw), 0, -Math.sin(yaw)];

export const UP: Vec3 = [0, 1, 0];

/** Yaw and pitch (radians) of a point: where a marker placed on it must go. */
export function sphericalOf(p: Vec3): { yaw: number; pitch: number } {
  return { yaw: Math.atan2(p[0], p[2]), pitch: Math.atan2(p[1], Math.hypot(p[0], p[2])) };
}

/** Wraps an angle into [-π, π). */
export function wrapAngle(a: number): number {
  const t = (a + Math.PI) % (2 * Math.PI);
  return (t < 0 ? t + 2 * Math.PI : t) - Math.PI;
}

/**
 * A local frame standing on the floor and facing the viewer: `x` to the viewer's right, `y` up from the floor,
 * `z` away from the viewer. Booths, gates and desks are built in it.
 */
export interface Placement {
  origin: Vec3;
  right: Vec3;
  forward: Vec3;
}

/** A placement `distance` metres away at `yaw`, turned to face the viewer. */
export function facingViewer(yaw: number, distance: number, sideOffset = 0): Placement {
  const forward = horizontal(yaw);
  const right = rightOf(yaw);
  return { origin: add(add(scale(forward, distance), scale(right, sideOffset)), [0, -EYE, 0]), right, forward };
}

/** A placement with its own orientation (e.g. turned towards another point). */
export function placementAt(x: number, z: number, yaw: number): Placement {
  return { origin: [x, -EYE, z], right: rightOf(yaw), forward: horizontal(yaw) };
}

export function toWorld(p: Placement, x: number, y: number, z: number): Vec3 {
  return [p.origin[0] + p.right[0] * x + p.forward[0] * z, p.origin[1] + y, p.origin[2] + p.right[2] * x + p.forward[2] * z];
}

/** Small deterministic hash of a string (FNV-1a): the same slug always draws the same panorama. */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
