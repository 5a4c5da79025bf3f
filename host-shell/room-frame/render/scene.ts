/**
 * Turns a panorama's layout into a scene for the ray caster: the hall's surfaces (tiled or carpeted floor, ceiling
 * with light panels, walls with windows) and the quads of booths, doors, desks, stage and seats.
 */
import { EYE, UP, placementAt, toWorld, type Placement } from '../geometry';
import type { Texts } from '../i18n';
import { CONTEST_BOARD, boothParts, type BoothSpot, type GateSpot, type PanoramaLayout, type Salon } from '../layout';
import {
  drawBackWall,
  drawBackdrop,
  drawBanner,
  drawContestBoard,
  drawCorridor,
  drawCounter,
  drawOfferPoster,
  drawDesk,
  drawFloorMap,
  drawLectern,
  drawRollup,
  drawSign,
  drawSlide,
  drawTotem,
  hsl,
  type BoothLook,
} from './draw';
import type { Draw, Hall, Material, Quad, Rgb, Scene, Shader } from './raytrace';

const smoothstep = (a: number, b: number, x: number): number => {
  const t = Math.min(1, Math.max(0, (x - a) / (b - a)));
  return t * t * (3 - 2 * t);
};
const clamp01 = (x: number): number => Math.min(1, Math.max(0, x));
const hash2 = (x: number, y: number): number => ((((x * 73856093) ^ (y * 19349663)) >>> 0) % 1024) / 1023;
const mix = (a: number, b: number, t: number): number => a + (b - a) * t;

const color = (rgb: Rgb, emissive = false): Material => ({ kind: 'color', rgb, emissive });
const shader = (shade: Shader, emissive = false): Material => ({ kind: 'shader', shade, emissive });
const texture = (draw: Draw, emissive = false, minWidth?: number): Material => ({ kind: 'texture', draw, emissive, minWidth });

/** Upright, facing the viewer, centred on (x, y, z) of the placement. */
const facing = (p: Placement, x: number, y: number, z: number, w: number, h: number, material: Material): Quad => ({
  c: toWorld(p, x, y, z),
  u: p.right,
  v: UP,
  hu: w / 2,
  hv: h / 2,
  material,
});
/** Upright, along the line of sight (a booth's side wall). */
const sideways = (p: Placement, x: number, y: number, z: number, depth: number, h: number, material: Material): Quad => ({
  c: toWorld(p, x, y, z),
  u: p.forward,
  v: UP,
  hu: depth / 2,
  hv: h / 2,
  material,
});
/** Horizontal (a carpet, a counter top). */
const flat = (p: Placement, x: number, y: number, z: number, w: number, d: number, material: Material): Quad => ({
  c: toWorld(p, x, y, z),
  u: p.right,
  v: p.forward,
  hu: w / 2,
  hv: d / 2,
  material,
});

/** How a hall looks, in the three parts a ray can meet (the `Hall`'s floor, ceiling and walls). */
interface HallStyle {
  floor: {
    /** Tiles: their size in metres, the two colours of the checkerboard, the joints'. */
    tile: number;
    tileA: Rgb;
    tileB: Rgb;
    grout: Rgb;
    /** How much the polished floor mirrors the ceiling lights (0: not at all). */
    gloss: number;
    /** The whole floor is carpet (the auditorium). */
    carpet?: Rgb;
    /** A carpeted ring around the visitor (the plan's aisle), radii in metres. */
    ring?: { inner: number; outer: number; rgb: Rgb };
    /** A carpeted aisle across the hall between two z values (a stand's panorama). */
    aisle?: { zMin: number; zMax: number; rgb: Rgb };
  };
  /** The ceiling's colour, and its lights: a grid `lightSpacing` metres apart, each `lightHalf` metres from its centre. */
  ceiling: { rgb: Rgb; lightSpacing: number; lightHalf: readonly [number, number]; lightColor: Rgb };
  walls: {
    /** Below and above 3.2 m. */
    low: Rgb;
    high: Rgb;
    /** A band of windows high on the walls. */
    windows: boolean;
    /** The wall behind the visitor is the glass front of the building (the entrance hall). */
    glassBehind?: boolean;
    /** Vertical light strips on the walls (the auditorium). */
    strips?: boolean;
  };
}

function makeHall(layout: PanoramaLayout, style: HallStyle): Hall {
  const { halfX, halfZ, height } = layout.hall;
  const [lw, lh] = style.ceiling.lightHalf;
  const spacing = style.ceiling.lightSpacing;
  const lightAt = (x: number, z: number, blur: number): number => {
    const cx = x - Math.round(x / spacing) * spacing;
    const cz = z - Math.round(z / spacing) * spacing;
    const ox = Math.max(0, Math.abs(cx) - lw);
    const oz = Math.max(0, Math.abs(cz) - lh);
    return Math.exp(-(ox * ox + oz * oz) / (blur * blur));
  };
  const carpet = (rgb: Rgb, x: number, z: number, footprint: number, out: Float32Array) => {
    const grain = footprint < 0.03 ? (hash2(Math.floor(x * 40), Math.floor(z * 40)) - 0.5) * 0.05 : 0;
    out[0] = rgb[0] + grain;
    out[1] = rgb[1] + grain;
    out[2] = rgb[2] + grain;
  };

  return {
    halfX,
    halfZ,
    height,
    floor(x, z, dir, footprint, out) {
      const r = Math.hypot(x, z);
      let glossy = style.floor.gloss;
      if (style.floor.carpet) {
        carpet(style.floor.carpet, x, z, footprint, out);
        glossy = 0;
      } else if (style.floor.ring && r > style.floor.ring.inner && r < style.floor.ring.outer) {
        carpet(style.floor.ring.rgb, x, z, footprint, out);
        // A light border line on both edges of the aisle.
        const edge = Math.min(r - style.floor.ring.inner, style.floor.ring.outer - r);
        const line = 1 - smoothstep(0.05, 0.05 + Math.max(footprint, 0.01), edge);
        out[0] = mix(out[0] as number, 0.85, line * 0.6);
        out[1] = mix(out[1] as number, 0.75, line * 0.6);
        out[2] = mix(out[2] as number, 0.45, line * 0.6);
        glossy = 0;
      } else if (style.floor.aisle && z > style.floor.aisle.zMin && z < style.floor.aisle.zMax) {
        carpet(style.floor.aisle.rgb, x, z, footprint, out);
        glossy = 0;
      } else {
        const fx = x / style.floor.tile;
        const fz = z / style.floor.tile;
        const ix = Math.floor(fx);
        const iz = Math.floor(fz);
        const base = (ix + iz) & 1 ? style.floor.tileA : style.floor.tileB;
        const variation = (hash2(ix, iz) - 0.5) * 0.05;
        const edge = Math.min(fx - ix, 1 - (fx - ix), fz - iz, 1 - (fz - iz)) * style.floor.tile;
        const aa = Math.max(footprint, 0.002);
        const inTile = smoothstep(0.008 - aa * 0.5, 0.008 + aa * 0.5, edge);
        // Far away a pixel covers several tiles: show their average rather than moiré.
        const detail = clamp01(1 - (footprint - 0.04) / (style.floor.tile * 0.4));
        for (let c = 0; c < 3; c += 1) {
          const average = ((style.floor.tileA[c] as number) + (style.floor.tileB[c] as number)) / 2;
          const tile = mix(style.floor.grout[c] as number, (base[c] as number) + variation, inTile);
          out[c] = mix(average, tile, detail);
        }
      }
      // Polished floor: the ceiling lights mirrored, stronger at grazing angles.
      if (glossy > 0 && dir[1] < 0) {
        const s = height / -dir[1];
        const rx = x + dir[0] * s;
        const rz = z + dir[2] * s;
        if (Math.abs(rx) < halfX && Math.abs(rz) < halfZ) {
          const fresnel = 0.12 + 0.7 * Math.pow(1 + dir[1], 4);
          const light = lightAt(rx, rz, 0.35 + s * 0.02) * fresnel * glossy;
          out[0] = (out[0] as number) + light * (style.ceiling.lightColor[0] as number);
          out[1] = (out[1] as number) + light * (style.ceiling.lightColor[1] as number);
          out[2] = (out[2] as number) + light * (style.ceiling.lightColor[2] as number);
        }
      }
      // Darker where the floor meets the walls.
      const wallDistance = Math.min(halfX - Math.abs(x), halfZ - Math.abs(z));
      const occlusion = 1 - 0.35 * Math.exp(-wallDistance / 0.7);
      out[0] = (out[0] as number) * occlusion;
      out[1] = (out[1] as number) * occlusion;
      out[2] = (out[2] as number) * occlusion;
    },
    ceiling(x, z, footprint, out) {
      const light = lightAt(x, z, Math.max(0.015, footprint));
      if (light > 0.98) {
        out[0] = style.ceiling.lightColor[0];
        out[1] = style.ceiling.lightColor[1];
        out[2] = style.ceiling.lightColor[2];
        return true;
      }
      // Truss lines every 3 m, and the glow around each light.
      const tx = Math.abs(x / 3 - Math.round(x / 3)) * 3;
      const tz = Math.abs(z / 3 - Math.round(z / 3)) * 3;
      const truss = (1 - smoothstep(0.06, 0.06 + Math.max(footprint, 0.01), Math.min(tx, tz))) * clamp01(1 - footprint / 0.3);
      for (let c = 0; c < 3; c += 1)
        out[c] = (style.ceiling.rgb[c] as number) * (1 - 0.45 * truss) + light * 0.5 * (style.ceiling.lightColor[c] as number);
      return false;
    },
    wall(side, s, y, footprint, out) {
      const aa = Math.max(footprint, 0.01);
      if (style.walls.glassBehind && side === 2) {
        // The glass front: mullions every 2.4 m, a transom at 3.2 m, glass doors in the middle.
        const m = Math.abs(s / 2.4 - Math.round(s / 2.4)) * 2.4;
        const frame = 1 - smoothstep(0.07, 0.07 + aa, m);
        const transom = 1 - smoothstep(0.07, 0.07 + aa, Math.abs(y - 3.2));
        const bar = Math.max(frame, transom, y < 0.15 ? 1 : 0);
        const sky = clamp01(y / height);
        const door = Math.abs(s) < 2.4 && y < 3.2 ? 0.85 : 1;
        out[0] = mix((0.86 - sky * 0.18) * door, 0.3, bar);
        out[1] = mix((0.9 - sky * 0.1) * door, 0.32, bar);
        out[2] = mix(0.96 * door, 0.36, bar);
        return bar < 0.5;
      }
      if (style.walls.windows && y > height - 2.4 && y < height - 0.9) {
        const m = Math.abs(s / 2 - Math.round(s / 2)) * 2;
        const frame = 1 - smoothstep(0.08, 0.08 + aa, m);
        out[0] = mix(0.74, 0.25, frame);
        out[1] = mix(0.83, 0.27, frame);
        out[2] = mix(0.95, 0.32, frame);
        return frame < 0.5;
      }
      if (style.walls.strips) {
        const m = Math.abs(s / 4 - Math.round(s / 4)) * 4;
        if (m < 0.07 && y > 0.6 && y < height - 1.5) {
          out[0] = 1;
          out[1] = 0.78;
          out[2] = 0.5;
          return true;
        }
      }
      const pillar = Math.abs(s / 8 - Math.round(s / 8)) * 8 < 0.45;
      if (y < 0.12) {
        out[0] = 0.18;
        out[1] = 0.19;
        out[2] = 0.22;
      } else if (pillar) {
        out[0] = 0.6;
        out[1] = 0.62;
        out[2] = 0.68;
      } else {
        const base = y < 3.2 ? style.walls.low : style.walls.high;
        const seam =
          y < 3.2 ? (1 - smoothstep(0.01, 0.01 + aa, Math.abs(s / 2 - Math.round(s / 2)) * 2)) * clamp01(1 - footprint / 0.1) : 0;
        out[0] = (base[0] as number) * (1 - 0.25 * seam);
        out[1] = (base[1] as number) * (1 - 0.25 * seam);
        out[2] = (base[2] as number) * (1 - 0.25 * seam);
      }
      return false;
    },
  };
}

/** A standing person seen from the front (alpha-tested): exhibitors behind their counters, a speaker. */
function person(shirt: Rgb): Shader {
  return (u, v, out) => {
    const h = v + 0.85;
    const x = Math.abs(u);
    const head = Math.hypot(u, h - 1.58);
    if (head < 0.115) {
      const hair = h > 1.6 && head > 0.07;
      out[0] = hair ? 0.2 : 0.86;
      out[1] = hair ? 0.14 : 0.68;
      out[2] = hair ? 0.1 : 0.56;
      return true;
    }
    if (h > 1.4 && h < 1.48 && x < 0.05) {
      out[0] = 0.8;
      out[1] = 0.62;
      out[2] = 0.52;
      return true;
    }
    if (h >= 0.85 && h <= 1.46) {
      const half = h > 1.36 ? 0.21 - (h - 1.36) * 1.6 : 0.16 + (h - 0.85) * 0.1;
      if (x > half) return false;
      const shade = 0.85 + 0.15 * Math.cos((u / half) * 1.4);
      out[0] = (shirt[0] as number) * shade;
      out[1] = (shirt[1] as number) * shade;
      out[2] = (shirt[2] as number) * shade;
      return true;
    }
    if (h < 0.85 && Math.abs(x - 0.075) < 0.065) {
      const shoe = h < 0.06;
      out[0] = shoe ? 0.06 : 0.16;
      out[1] = shoe ? 0.06 : 0.17;
      out[2] = shoe ? 0.07 : 0.22;
      return true;
    }
    return false;
  };
}

/** A potted plant (alpha-tested), 1.5 m tall. */
const plant: Shader = (u, v, out) => {
  const h = v + 0.75;
  if (h < 0.45) {
    if (Math.abs(u) > 0.16 + h * 0.1) return false;
    out[0] = 0.58;
    out[1] = 0.32;
    out[2] = 0.2;
    return true;
  }
  const blobs: [number, number, number][] = [
    [0, 0.95, 0.32],
    [-0.2, 0.78, 0.22],
    [0.2, 0.8, 0.22],
    [0, 1.28, 0.2],
  ];
  for (const [bx, by, br] of blobs) {
    if (Math.hypot(u - bx, h - by) < br) {
      const leaf = hash2(Math.floor(u * 30), Math.floor(h * 30));
      out[0] = 0.12 + leaf * 0.1;
      out[1] = 0.36 + leaf * 0.2;
      out[2] = 0.14 + leaf * 0.06;
      return true;
    }
  }
  return false;
};

const spotLight: Shader = (u, v, out) => {
  if (Math.hypot(u, v) > 0.17) return false;
  out[0] = 1;
  out[1] = 0.95;
  out[2] = 0.82;
  return true;
};

/** Seat backs (or cushions) of one block of a row, alpha-tested so the floor shows between seats. */
function seats(halfWidth: number, halfHeight: number, cushion: boolean): Shader {
  const pitch = 0.55;
  return (u, v, out) => {
    const su = ((((u + halfWidth) % pitch) + pitch) % pitch) - pitch / 2;
    if (Math.abs(su) > 0.245) return false;
    const h = v + halfHeight;
    if (!cushion && h > halfHeight * 2 - 0.09 && Math.abs(su) > 0.16 && Math.hypot(Math.abs(su) - 0.16, h - (halfHeight * 2 - 0.09)) > 0.09)
      return false;
    const round = 0.82 + 0.18 * Math.cos(su * 6);
    const k = cushion ? 0.8 : 1;
    out[0] = 0.56 * round * k;
    out[1] = 0.1 * round * k;
    out[2] = 0.15 * round * k;
    return true;
  };
}

function planks(base: Rgb): Shader {
  return (u, v, out) => {
    const row = Math.floor(v / 0.22);
    const seam = Math.abs(v / 0.22 - Math.round(v / 0.22)) < 0.04 ? 0.7 : 1;
    const tone = 0.9 + hash2(row, Math.floor((u + row * 1.3) / 2.4)) * 0.2;
    out[0] = (base[0] as number) * tone * seam;
    out[1] = (base[1] as number) * tone * seam;
    out[2] = (base[2] as number) * tone * seam;
    return true;
  };
}

function booth(spot: BoothSpot, texts: Texts): Quad[] {
  const { placement: p, size, stand, main } = spot;
  const { width: W, depth: D, height: H } = size;
  const { counter, staff, rollup, poster } = boothParts(size);
  const look: BoothLook = { hue: stand.hue, company: stand.companyName, label: stand.label };
  const accent = hsl(stand.hue, 0.6, 0.42);
  const carpetRgb = hsl(stand.hue, 0.25, 0.22);
  const carpet: Shader = (u, v, out) => {
    // Shadows: along the back wall and the sides, and under the counter.
    const z = v + D / 2;
    const dx = Math.max(0, Math.abs(u - counter.x) - counter.width / 2);
    const dz = Math.max(0, counter.z - z, z - (counter.z + counter.depth));
    const shadow =
      1 - 0.45 * Math.exp(-Math.hypot(dx, dz) / 0.18) - 0.3 * Math.exp(-(D - z) / 0.35) - 0.25 * Math.exp(-(W / 2 - Math.abs(u)) / 0.3);
    out[0] = (carpetRgb[0] as number) * shadow;
    out[1] = (carpetRgb[1] as number) * shadow;
    out[2] = (carpetRgb[2] as number) * shadow;
    return true;
  };
  const side: Shader = (u, v, out) => {
    const stripe = u < -D / 2 + 0.22;
    const top = v > H * 0.4 - 0.08;
    const c: Rgb = stripe ? accent : top ? [0.97, 0.97, 0.98] : [0.88, 0.89, 0.91];
    out[0] = c[0];
    out[1] = c[1];
    out[2] = c[2];
    return true;
  };
  const quads: Quad[] = [
    flat(p, 0, 0.015, D / 2, W, D, shader(carpet)),
    facing(p, 0, H / 2, D, W, H, texture(drawBackWall(look, main, texts.standWelcome))),
    sideways(p, -W / 2, H * 0.4, D / 2, D, H * 0.8, shader(side)),
    sideways(p, W / 2, H * 0.4, D / 2, D, H * 0.8, shader(side)),
    facing(p, counter.x, counter.height / 2, counter.z, counter.width, counter.height, texture(drawCounter(look))),
    flat(
      p,
      counter.x,
      counter.height,
      counter.z + counter.depth / 2,
      counter.width + 0.06,
      counter.depth + 0.04,
      color([0.95, 0.95, 0.97]),
    ),
    sideways(
      p,
      counter.x - counter.width / 2,
      counter.height / 2,
      counter.z + counter.depth / 2,
      counter.depth,
      counter.height,
      color([0.82, 0.83, 0.87]),
    ),
    sideways(
      p,
      counter.x + counter.width / 2,
      counter.height / 2,
      counter.z + counter.depth / 2,
      counter.depth,
      counter.height,
      color([0.82, 0.83, 0.87]),
    ),
    facing(p, 0, H + 1.2, D * 0.5, W * 0.72, 0.9, texture(drawBanner(look), true)),
    facing(p, rollup.x, rollup.height / 2, rollup.z, rollup.width, rollup.height, texture(drawRollup(look, texts.standWelcome))),
    facing(p, staff.x, 0.85, staff.z, 0.6, 1.7, shader(person(hsl(stand.hue, 0.5, 0.35)))),
  ];
  if (main) {
    quads.push(
      // Seen from inside the booth: its texture runs towards the viewer.
      {
        c: toWorld(p, poster.x, poster.y, poster.z),
        u: [-p.forward[0], 0, -p.forward[2]],
        v: UP,
        hu: poster.depth / 2,
        hv: poster.height / 2,
        material: texture(drawOfferPoster(look, texts.offerPoster)),
      },
      facing(p, W / 2 - 0.5, 0.75, 0.6, 0.8, 1.5, shader(plant)),
      facing(p, counter.x - counter.width * 0.3, counter.height + 0.12, counter.z + 0.25, 0.22, 0.24, color([0.98, 0.98, 1])),
    );
  }
  return quads;
}

const GATE_HUES = { home: 40, plan: 215, conference: 280 } as const;

function gate(spot: GateSpot, label: string): Quad[] {
  const p = spot.placement;
  const W = spot.width;
  const H = spot.height;
  const F = 0.45;
  const hue = GATE_HUES[spot.target];
  const frame = color([0.86, 0.87, 0.9]);
  const reveal = color([0.42, 0.45, 0.52]);
  return [
    facing(p, 0, H / 2, 0.6, W, H, texture(drawCorridor(hue), true)),
    sideways(p, -W / 2, H / 2, 0.3, 0.6, H, reveal),
    sideways(p, W / 2, H / 2, 0.3, 0.6, H, reveal),
    flat(p, 0, H, 0.3, W, 0.6, reveal),
    facing(p, -(W + F) / 2, (H + 1) / 2, 0, F, H + 1, frame),
    facing(p, (W + F) / 2, (H + 1) / 2, 0, F, H + 1, frame),
    facing(p, 0, H + 0.5, -0.01, W, 1, texture(drawSign(label, hue), true)),
    flat(p, 0, 0.012, -0.7, W, 1.4, color(hsl(hue, 0.3, 0.3))),
  ];
}

export interface SceneContext {
  salon: Salon;
  texts: Texts;
}

function placeName(ctx: SceneContext, slug: string): string {
  return ctx.salon.place(slug)?.name ?? slug;
}

/** The entrance hall: light tiles, a bright ceiling, the glass front behind the visitor. */
const ENTRANCE_HALL: HallStyle = {
  floor: { tile: 1.5, tileA: [0.91, 0.89, 0.85], tileB: [0.84, 0.82, 0.78], grout: [0.62, 0.6, 0.57], gloss: 0.6 },
  ceiling: { rgb: [0.82, 0.84, 0.88], lightSpacing: 5, lightHalf: [0.9, 0.9], lightColor: [1, 0.98, 0.93] },
  walls: { low: [0.9, 0.9, 0.92], high: [0.93, 0.94, 0.96], windows: true, glassBehind: true },
};

/** The auditorium: carpet, a dark ceiling with warm spots, light strips on the walls. */
const AUDITORIUM_HALL: HallStyle = {
  floor: { tile: 1, tileA: [0.3, 0.14, 0.16], tileB: [0.3, 0.14, 0.16], grout: [0.3, 0.14, 0.16], carpet: [0.27, 0.13, 0.16], gloss: 0 },
  ceiling: { rgb: [0.08, 0.08, 0.1], lightSpacing: 4, lightHalf: [0.22, 0.22], lightColor: [1, 0.92, 0.8] },
  walls: { low: [0.24, 0.18, 0.24], high: [0.13, 0.11, 0.18], windows: false, strips: true },
};

/** The plan and the stands' panoramas: grey tiles, long lights, a carpeted ring or aisle added by the scene. */
const PLAN_HALL: HallStyle = {
  floor: { tile: 1.2, tileA: [0.8, 0.81, 0.84], tileB: [0.72, 0.74, 0.78], grout: [0.5, 0.52, 0.56], gloss: 0.55 },
  ceiling: { rgb: [0.2, 0.22, 0.27], lightSpacing: 6, lightHalf: [1.2, 0.35], lightColor: [1, 0.97, 0.9] },
  walls: { low: [0.76, 0.78, 0.82], high: [0.2, 0.26, 0.42], windows: true },
};
const CARPET_BLUE: Rgb = [0.15, 0.22, 0.42];
const PLAN_HAZE: Rgb = [0.62, 0.66, 0.74];

export function buildScene(layout: PanoramaLayout, ctx: SceneContext): Scene {
  const { texts, salon } = ctx;
  const roomName = salon.data.roomName;
  const quads: Quad[] = [];
  for (const spot of layout.booths) quads.push(...booth(spot, texts));
  for (const spot of layout.gates) quads.push(...gate(spot, placeName(ctx, spot.target)));
  const origin = placementAt(0, 0, 0);

  if (layout.place.kind === 'home') {
    const desk = placementAt(0, 6.2, 0);
    quads.push(
      facing(desk, 0, 0.55, 0, 4.4, 1.1, texture(drawDesk(texts.reception))),
      flat(desk, 0, 1.1, 0.4, 4.5, 0.85, color([0.97, 0.97, 0.99])),
      sideways(desk, -2.2, 0.55, 0.4, 0.8, 1.1, color([0.85, 0.87, 0.92])),
      sideways(desk, 2.2, 0.55, 0.4, 0.8, 1.1, color([0.85, 0.87, 0.92])),
      facing(desk, -0.9, 0.85, 1.15, 0.6, 1.7, shader(person([0.17, 0.25, 0.5]))),
      facing(desk, 1.1, 0.85, 1.2, 0.6, 1.7, shader(person([0.6, 0.2, 0.25]))),
      facing(desk, 0, 2.9, 2.6, 9, 5.4, texture(drawBackdrop(texts.welcome, roomName))),
      facing(desk, 0, 6.2, 1.4, 6.5, 0.9, texture(drawSign(roomName, 45), true)),
    );
    // A totem on each side of the desk, pointing to the plan and to the auditorium.
    const toPlan = { text: placeName(ctx, 'plan'), arrow: 'left' } as const;
    const toConference = { text: placeName(ctx, 'conference'), arrow: 'right' } as const;
    for (const [x, yaw, lines] of [
      [-2.4, -0.5, [toPlan, toConference]],
      [2.4, 0.5, [toConference, toPlan]],
    ] as const) {
      quads.push(facing(placementAt(x, 4.4, yaw), 0, 1.2, 0, 0.95, 2.4, texture(drawTotem([...lines], texts.welcome))));
    }
    const board = CONTEST_BOARD;
    quads.push(
      facing(
        board.placement,
        0,
        board.height / 2,
        0,
        board.width,
        board.height,
        texture(drawContestBoard(texts.quizTitle, texts.contestBoard)),
      ),
      flat(board.placement, 0, 0.02, 0.12, board.width + 0.2, 0.45, color([0.2, 0.22, 0.3])),
    );
    for (const [x, z] of [
      [-4.2, 6.6],
      [4.2, 6.6],
      [-9.5, 3.4],
      [9.5, 3.4],
    ] as const) {
      quads.push(facing(placementAt(x, z, Math.atan2(x, z)), 0, 0.75, 0, 0.8, 1.5, shader(plant)));
    }
    return { hall: makeHall(layout, ENTRANCE_HALL), quads, haze: [0.85, 0.87, 0.9], hazeDensity: 0.012 };
  }

  if (layout.place.kind === 'conference') {
    quads.push(
      facing(origin, 0, 0.4, 8.5, 16, 0.8, color([0.16, 0.12, 0.1])),
      flat(origin, 0, 0.8, 10.9, 16, 4.8, shader(planks([0.5, 0.34, 0.22]))),
      sideways(origin, -8, 0.4, 10.9, 4.8, 0.8, color([0.16, 0.12, 0.1])),
      sideways(origin, 8, 0.4, 10.9, 4.8, 0.8, color([0.16, 0.12, 0.1])),
      facing(origin, 0, 4.5, 13.45, 10.6, 5.8, color([0.05, 0.05, 0.06])),
      facing(origin, 0, 4.5, 13.4, 10, 5.2, texture(drawSlide(placeName(ctx, 'conference'), texts.liveTalks, roomName), true)),
      facing(origin, -4.6, 1.4, 9.5, 0.9, 1.2, texture(drawLectern(roomName))),
      flat(origin, -4.6, 2.0, 9.75, 1, 0.6, color([0.2, 0.15, 0.12])),
      facing(origin, -4.6, 0.8 + 0.85, 10.1, 0.6, 1.7, shader(person([0.12, 0.14, 0.2]))),
      facing(origin, 0, 7, 8, 18, 0.3, color([0.18, 0.18, 0.2])),
    );
    for (let x = -7; x <= 7; x += 2) quads.push(facing(origin, x, 6.7, 7.95, 0.36, 0.36, shader(spotLight, true)));
    const rows = [1.8, 2.8, 3.8, 4.8, 5.8, 6.8, -1.6, -2.6, -3.6, -4.6];
    for (const z of rows) {
      for (const xc of [-3.9, 3.9]) {
        quads.push(facing(origin, xc, 0.72, z, 6, 0.56, shader(seats(3, 0.28, false))));
        quads.push(flat(origin, xc, 0.45, z + 0.25, 6, 0.42, shader(seats(3, 0.21, true))));
      }
    }
    return { hall: makeHall(layout, AUDITORIUM_HALL), quads, haze: [0.1, 0.09, 0.12], hazeDensity: 0.01 };
  }

  if (layout.place.kind === 'plan') {
    const mapRadius = Math.min(4.6, layout.ringRadius * 0.45);
    const map = drawFloorMap(
      layout.booths.map((b) => ({ yaw: b.yaw, number: b.stand.number, hue: b.stand.hue, label: b.stand.label })),
      layout.gates.map((g) => ({ yaw: g.yaw, label: placeName(ctx, g.target) })),
      placeName(ctx, 'plan'),
      texts.youAreHere,
    );
    quads.push({ c: [0, -EYE + 0.01, 0], u: [1, 0, 0], v: [0, 0, 1], hu: mapRadius, hv: mapRadius, material: texture(map, false, 1024) });
    for (let k = 0; k < 4; k += 1) {
      const yaw = (k * Math.PI) / 2 + Math.PI / 4;
      const p = placementAt(Math.sin(yaw) * 2.6, Math.cos(yaw) * 2.6, yaw);
      quads.push(facing(p, 0, 6.4, 0, 3.6, 0.9, texture(drawSign(roomName, 45), true)));
    }
    const ring = { inner: mapRadius + 0.8, outer: layout.ringRadius - 0.9, rgb: CARPET_BLUE };
    return { hall: makeHall(layout, { ...PLAN_HALL, floor: { ...PLAN_HALL.floor, ring } }), quads, haze: PLAN_HAZE, hazeDensity: 0.014 };
  }

  // A stand's panorama.
  quads.push(facing(placementAt(-5.2, 2.4, -0.9), 0, 0.75, 0, 0.8, 1.5, shader(plant)));
  const aisle = { zMin: -2.2, zMax: 2.2, rgb: CARPET_BLUE };
  return { hall: makeHall(layout, { ...PLAN_HALL, floor: { ...PLAN_HALL.floor, aisle } }), quads, haze: PLAN_HAZE, hazeDensity: 0.014 };
}
