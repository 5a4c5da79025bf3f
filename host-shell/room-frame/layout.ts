/**
 * Where everything stands in each panorama: the one source both the drawing (render/scene.ts) and the hotspots
 * (markers) are made from, so a hotspot always sits on what it names.
 *
 * - home: the entrance hall, with doors to the floor plan and the conference room;
 * - plan: the exhibition hall, every stand in a ring around the visitor, a map on the floor, doors back;
 * - conference: an auditorium with a stage, doors back;
 * - a stand's panorama: its booth up close, its two neighbours of the ring, doors to the plan, home and conference.
 */
import { SPECIAL_PANORAMAS } from '@salon/shared/contracts/room-frame';
import type { FrameLang, FramePanorama, FrameStand, PanoramaKind, RoomFrameData } from './data';
import { facingViewer, hashString, sphericalOf, toWorld, wrapAngle, type Placement } from './geometry';
import { TEXTS } from './i18n';

export type SpecialSlug = (typeof SPECIAL_PANORAMAS)[number];

export interface Stand extends FrameStand {
  /** The stand's name in the page language (niceNameEn in English, the French name otherwise). */
  label: string;
  /** The booth's colour (hue, degrees), fixed by the stand's panorama slug. */
  hue: number;
  /** Its number on the floor plan, from 1. */
  number: number;
}

export interface Place {
  slug: string;
  kind: PanoramaKind;
  /** In the page language. */
  name: string;
}

export interface BoothSize {
  width: number;
  depth: number;
  height: number;
}

export interface BoothSpot {
  stand: Stand;
  yaw: number;
  placement: Placement;
  size: BoothSize;
  /** The stand whose panorama this is (drawn up close, with its actions), or one seen from elsewhere. */
  main: boolean;
  /**
   * The row of its hotspot's label: 0 just above the booth, 1 and 2 higher by `LABEL_ROW_PITCH` each. On the plan,
   * neighbours of the ring alternate rows, so that their labels, wider than a booth seen from the centre, never overlap.
   */
  labelRow: number;
}

export interface GateSpot {
  target: SpecialSlug;
  yaw: number;
  placement: Placement;
  width: number;
  height: number;
  /** The row of its label: 0 in the doorway, 1 lower by `LABEL_ROW_PITCH` (the plan's second door, next to the first). */
  labelRow: number;
}

export const STAND_ACTIONS = ['contact', 'offer', 'exhibitors', 'companySheet', 'journey', 'share'] as const;
export type StandAction = (typeof STAND_ACTIONS)[number];
/** What a special place offers: the contest, at the entrance hall where every visit starts. */
export type PlaceAction = 'contest';
export type FrameAction = StandAction | PlaceAction;

/** Which point of a hotspot's label sits on its position (view.ts places it there). */
export type Anchor = 'center center' | 'center left' | 'center right' | 'bottom center';

export interface ActionSpot {
  action: FrameAction;
  yaw: number;
  pitch: number;
  /** The labels extend away from what they point at, so the booth's name stays readable. */
  anchor: Anchor;
}

export interface PanoramaLayout {
  place: Place;
  booths: BoothSpot[];
  gates: GateSpot[];
  actions: ActionSpot[];
  /** Ring radius of the plan (where its booths' fronts are). */
  ringRadius: number;
  hall: { halfX: number; halfZ: number; height: number };
}

const STANDARD_BOOTH: BoothSize = { width: 4.4, depth: 2.6, height: 3 };
const MAIN_BOOTH: BoothSize = { width: 6.4, depth: 3.4, height: 3.3 };
const GATE = { width: 3.2, height: 3.3 };

/** The entrance hall's contest board: right of the reception desk, on the way to the conference room. */
export const CONTEST_BOARD = { placement: facingViewer(0.7, 6.5), width: 1, height: 2.1 };

export const isSpecial = (slug: string): slug is SpecialSlug => (SPECIAL_PANORAMAS as readonly string[]).includes(slug);

/** The host's aliases of goToPanorama: 'map' is the plan, 'conferences' the conference room. */
export function canonicalSlug(slug: string): string {
  if (slug === 'map') return 'plan';
  if (slug === 'conferences') return 'conference';
  return slug;
}

/**
 * How much higher each row of booth labels sits (radians): more than a label's height (34 px) in a frame 500 px tall
 * at the widest field of view (100°: 210 px a radian), so rows never overlap; zooming in only moves them apart.
 */
export const LABEL_ROW_PITCH = (9.5 * Math.PI) / 180;

/** A booth's hotspot: just above its back wall (below its banner), so it hides none of the booth; higher on other rows. */
export function boothHotspot(spot: BoothSpot): { yaw: number; pitch: number; anchor: Anchor } {
  const { yaw, pitch } = sphericalOf(toWorld(spot.placement, 0, spot.size.height + 0.12, spot.size.depth));
  return { yaw, pitch: pitch + spot.labelRow * LABEL_ROW_PITCH, anchor: 'bottom center' };
}

/**
 * The label row of the plan's slot k of `count`: rows alternate around the ring; with an odd count the ring's last
 * slot neighbours both the one before it and slot 0 (row 0 and row 0 or 1): it takes a third row when the ring is full.
 */
export function planLabelRow(k: number, count: number, full: boolean): number {
  if (full && count % 2 === 1 && k === count - 1) return 2;
  return k % 2;
}

export function gateHotspot(spot: GateSpot): { yaw: number; pitch: number; anchor: Anchor } {
  const { yaw, pitch } = sphericalOf(toWorld(spot.placement, 0, spot.height * 0.5, 0.6));
  // Lower, away from the booths' labels, which are all above the booths.
  return { yaw, pitch: pitch - spot.labelRow * LABEL_ROW_PITCH, anchor: 'center center' };
}

/** Where a booth's counter and its exhibitor stand, in the booth's frame (x right, y up, z away from the viewer). */
export function boothParts(size: BoothSize) {
  const counter = { x: size.width * 0.12, z: size.depth * 0.36, width: Math.min(2, size.width * 0.42), depth: 0.6, height: 1.06 };
  return {
    counter,
    staff: { x: counter.x + counter.width * 0.28, z: counter.z + counter.depth + 0.35 },
    rollup: { x: -size.width * 0.36, z: 0.45, width: 0.8, height: 2 },
    // On the inner face of the right side wall.
    poster: { x: size.width / 2 - 0.02, y: 1.8, z: size.depth * 0.45, depth: 1.1, height: 0.75 },
  };
}

/** Positions of the stand actions on the main booth, on what render/scene.ts draws there. */
function actionSpots(spot: BoothSpot, journey: boolean): ActionSpot[] {
  const { width: w, depth: d, height: h } = spot.size;
  const { counter, staff, rollup, poster } = boothParts(spot.size);
  const local: Record<StandAction, [number, number, number, Anchor]> = {
    // On the leaflets on the counter, the label towards the aisle.
    contact: [counter.x - counter.width * 0.3, counter.height + 0.15, counter.z + 0.25, 'center right'],
    // On the offer poster of the right side wall, the label along the wall, clear of the exhibitor's.
    offer: [poster.x, poster.y, poster.z - poster.depth * 0.5, 'center left'],
    // On the exhibitor behind the counter.
    exhibitors: [staff.x, 1.72, staff.z, 'center left'],
    // On the company's logo, at the top of the back wall.
    companySheet: [0, h * 0.74, d, 'center left'],
    // Above the roll-up banner.
    journey: [rollup.x, rollup.height + 0.2, rollup.z, 'bottom center'],
    // At the end of the hanging banner.
    share: [w * 0.36, h + 1.2, d * 0.5, 'center left'],
  };
  return STAND_ACTIONS.filter((a) => journey || a !== 'journey').map((action) => {
    const [x, y, z, anchor] = local[action];
    return { action, anchor, ...sphericalOf(toWorld(spot.placement, x, y, z)) };
  });
}

export class Salon {
  readonly stands: Stand[];
  readonly places = new Map<string, Place>();
  private readonly byPanorama = new Map<string, Stand>();
  private readonly byId = new Map<string, Stand>();
  private readonly layouts = new Map<string, PanoramaLayout>();

  constructor(readonly data: RoomFrameData) {
    const texts = TEXTS[data.lang];
    const named = (p: FramePanorama | undefined, fallback: string) => (p ? (data.lang === 'en' ? p.name_en : p.name) : fallback);
    for (const slug of SPECIAL_PANORAMAS) {
      const row = data.panoramas.find((p) => p.slug === slug);
      this.places.set(slug, { slug, kind: slug, name: named(row, texts[slug]) });
    }
    // One booth per panorama: a second stand claiming the same panorama is ignored.
    this.stands = [];
    for (const stand of data.stands) {
      if (isSpecial(stand.panorama) || this.byPanorama.has(stand.panorama)) continue;
      const label = labelOf(stand, data.lang);
      const full: Stand = { ...stand, label, hue: hashString(stand.panorama) % 360, number: this.stands.length + 1 };
      this.stands.push(full);
      this.byPanorama.set(stand.panorama, full);
      this.byId.set(stand.id, full);
      this.places.set(stand.panorama, { slug: stand.panorama, kind: 'stand', name: label });
    }
  }

  place(slug: string): Place | undefined {
    return this.places.get(canonicalSlug(slug));
  }

  standOfPanorama(slug: string): Stand | undefined {
    return this.byPanorama.get(slug);
  }

  standById(id: string): Stand | undefined {
    return this.byId.get(id);
  }

  layout(slug: string): PanoramaLayout | undefined {
    const place = this.place(slug);
    if (!place) return undefined;
    let layout = this.layouts.get(place.slug);
    if (!layout) {
      layout = this.build(place);
      this.layouts.set(place.slug, layout);
    }
    return layout;
  }

  /** The plan's ring: every stand, and the doors home and to the conference room behind the visitor. */
  private ring(): { radius: number; size: BoothSize; slots: ({ stand: Stand } | { gate: SpecialSlug })[]; angle: number } {
    const count = this.stands.length + 2;
    const angle = (2 * Math.PI) / Math.max(count, 6);
    // Farther away when there are many stands, so each keeps a readable width.
    const radius = Math.max(10, 1.9 / Math.tan(angle / 2));
    const width = Math.min(STANDARD_BOOTH.width, 2 * radius * Math.tan(angle / 2) * 0.82);
    const slots: ({ stand: Stand } | { gate: SpecialSlug })[] = [];
    const gateSlot = Math.floor(count / 2);
    let next = 0;
    for (let k = 0; k < count; k += 1) {
      if (k === gateSlot) slots.push({ gate: 'conference' });
      else if (k === gateSlot + 1) slots.push({ gate: 'home' });
      else {
        const stand = this.stands[next];
        next += 1;
        if (stand) slots.push({ stand });
      }
    }
    return { radius, size: { ...STANDARD_BOOTH, width }, slots, angle };
  }

  /** Yaw of a stand's booth on the plan: where the plan looks when the visitor comes back from that stand. */
  yawOnPlan(stand: Stand): number {
    const spot = this.layout('plan')?.booths.find((b) => b.stand.id === stand.id);
    return spot ? spot.yaw : 0;
  }

  private gate(target: SpecialSlug, yaw: number, distance: number, width: number = GATE.width, labelRow = 0): GateSpot {
    return { target, yaw, placement: facingViewer(yaw, distance), width, height: GATE.height, labelRow };
  }

  private build(place: Place): PanoramaLayout {
    const journey = this.data.features.journey;
    if (place.kind === 'home') {
      return {
        place,
        booths: [],
        gates: [this.gate('plan', (-52 * Math.PI) / 180, 9), this.gate('conference', (52 * Math.PI) / 180, 9)],
        actions: [
          {
            action: 'contest',
            anchor: 'bottom center',
            ...sphericalOf(toWorld(CONTEST_BOARD.placement, 0, CONTEST_BOARD.height + 0.15, 0)),
          },
        ],
        ringRadius: 0,
        hall: { halfX: 13, halfZ: 14, height: 7.5 },
      };
    }
    if (place.kind === 'conference') {
      return {
        place,
        booths: [],
        gates: [this.gate('plan', (152 * Math.PI) / 180, 11), this.gate('home', (-152 * Math.PI) / 180, 11)],
        actions: [],
        ringRadius: 0,
        hall: { halfX: 11, halfZ: 15.5, height: 8 },
      };
    }
    if (place.kind === 'plan') {
      const ring = this.ring();
      const booths: BoothSpot[] = [];
      const gates: GateSpot[] = [];
      ring.slots.forEach((slot, k) => {
        const yaw = wrapAngle(k * ring.angle);
        // A door as wide as a booth, frame included.
        // The two doors are neighbours on the ring: the second one's label goes a row lower.
        if ('gate' in slot) gates.push(this.gate(slot.gate, yaw, ring.radius, Math.min(GATE.width, ring.size.width - 0.9), gates.length));
        else
          booths.push({
            stand: slot.stand,
            yaw,
            placement: facingViewer(yaw, ring.radius),
            size: ring.size,
            main: false,
            labelRow: planLabelRow(k, ring.slots.length, ring.slots.length >= 6),
          });
      });
      const half = ring.radius + ring.size.depth + 8;
      return { place, booths, gates, actions: [], ringRadius: ring.radius, hall: { halfX: half, halfZ: half, height: 9 } };
    }
    // A stand: its booth ahead, its neighbours on the plan's ring to the sides.
    const stand = this.standOfPanorama(place.slug);
    const booths: BoothSpot[] = [];
    if (stand) {
      booths.push({ stand, yaw: 0, placement: facingViewer(0, 3), size: MAIN_BOOTH, main: true, labelRow: 0 });
      const index = this.stands.indexOf(stand);
      const n = this.stands.length;
      const neighbours = n > 1 ? [this.stands[(index - 1 + n) % n], n > 2 ? this.stands[(index + 1) % n] : undefined] : [];
      neighbours.forEach((neighbour, side) => {
        if (!neighbour) return;
        const yaw = ((side === 0 ? -70 : 70) * Math.PI) / 180;
        booths.push({ stand: neighbour, yaw, placement: facingViewer(yaw, 8.5), size: STANDARD_BOOTH, main: false, labelRow: 0 });
      });
    }
    const main = booths[0];
    return {
      place,
      booths,
      gates: [
        this.gate('plan', Math.PI, 9),
        this.gate('home', (138 * Math.PI) / 180, 9),
        this.gate('conference', (-138 * Math.PI) / 180, 9),
      ],
      actions: main ? actionSpots(main, journey) : [],
      ringRadius: 0,
      hall: { halfX: 16, halfZ: 16, height: 8 },
    };
  }
}

export function labelOf(stand: FrameStand, lang: FrameLang): string {
  return lang === 'en' ? stand.niceNameEn || stand.name : stand.name || stand.niceNameEn;
}
