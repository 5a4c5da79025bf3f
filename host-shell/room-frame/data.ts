/**
 * The data the server injects into the room frame's page (`<script type="application/json" id="room-frame-data">`),
 * written by host-shell/server/routes/room-frame.ts and read by the frame bundle. Ids are obfuscated ids.
 */
export const FRAME_DATA_ELEMENT_ID = 'room-frame-data';

export type FrameLang = 'en' | 'fr';
export type PanoramaKind = 'home' | 'plan' | 'conference' | 'stand';

export interface FramePanorama {
  slug: string;
  kind: PanoramaKind;
  /** French name. */
  name: string;
  name_en: string;
}

/**
 * A panorama's equirectangular image, made by the server (`host-shell/server/panoramas/`): its drawing, or the image an
 * organiser uploaded for it, at two widths (`/media/panoramas/<key>-4096.webp` and `-2048.webp`, for narrow screens).
 */
export interface PanoramaSources {
  large: string;
  small: string;
}

export interface FrameStand {
  id: string;
  /** French name. */
  name: string;
  niceNameEn: string;
  /** The stand's own panorama. */
  panorama: string;
  companyId: string;
  companyName: string;
  /** Whether its forms show the marketing opt-in: the stand's own setting, else the global stands_optin_marketing. */
  optinMarketing: boolean;
}

export interface RoomFrameData {
  version: 1;
  lang: FrameLang;
  /** The panorama shown first (`/room/{panorama}`, else 'home'). */
  initialPanorama: string;
  /** The salon's name in the page language (drawn on the signs of the halls). */
  roomName: string;
  panoramas: FramePanorama[];
  stands: FrameStand[];
  /** The image of every panorama (the special ones and each stand's), by slug. */
  images: Record<string, PanoramaSources>;
  /**
   * Origins of the pages allowed to embed the frame, the only ones it talks to (the server's own origin unless
   * ROOM_HOST_ORIGINS says otherwise). The frame picks its parent's among them.
   */
  hostOrigins: string[];
  /** Feature flags the frame's UI depends on. */
  features: { journey: boolean };
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isString = (v: unknown): v is string => typeof v === 'string';
const KINDS: readonly PanoramaKind[] = ['home', 'plan', 'conference', 'stand'];
const PANORAMA_SLUG = /^[a-z0-9][a-z0-9-]{0,79}$/;
/** Only this server's panorama images. */
const PANORAMA_IMAGE = /^\/media\/panoramas\/[0-9a-f]{24}-(?:4096|2048)\.webp$/;

function panoramaOf(v: unknown): FramePanorama | null {
  if (!isRecord(v) || !isString(v.slug) || !isString(v.name) || !isString(v.name_en)) return null;
  const kind = KINDS.find((k) => k === v.kind);
  if (!kind) return null;
  return { slug: v.slug, kind, name: v.name, name_en: v.name_en };
}

function imagesOf(v: unknown): Record<string, PanoramaSources> {
  const images: Record<string, PanoramaSources> = {};
  if (!isRecord(v)) return images;
  for (const [slug, sources] of Object.entries(v)) {
    if (!PANORAMA_SLUG.test(slug) || !isRecord(sources) || !isString(sources.large) || !isString(sources.small)) continue;
    if (PANORAMA_IMAGE.test(sources.large) && PANORAMA_IMAGE.test(sources.small))
      images[slug] = { large: sources.large, small: sources.small };
  }
  return images;
}

function standOf(v: unknown): FrameStand | null {
  if (!isRecord(v)) return null;
  const { id, name, niceNameEn, panorama, companyId, companyName } = v;
  if (!isString(id) || !isString(name) || !isString(niceNameEn) || !isString(panorama) || !isString(companyId) || !isString(companyName))
    return null;
  return { id, name, niceNameEn, panorama, companyId, companyName, optinMarketing: v.optinMarketing === true };
}

/** Tolerant reading: malformed entries are dropped, missing fields get defaults; null only without an object. */
export function parseFrameData(text: string | null | undefined): RoomFrameData | null {
  let raw: unknown;
  try {
    raw = JSON.parse(text ?? '');
  } catch {
    return null;
  }
  if (!isRecord(raw)) return null;
  const panoramas = Array.isArray(raw.panoramas) ? raw.panoramas.map(panoramaOf).filter((p): p is FramePanorama => p !== null) : [];
  const stands = Array.isArray(raw.stands) ? raw.stands.map(standOf).filter((s): s is FrameStand => s !== null) : [];
  const features = isRecord(raw.features) ? raw.features : {};
  return {
    version: 1,
    lang: raw.lang === 'fr' ? 'fr' : 'en',
    initialPanorama: isString(raw.initialPanorama) ? raw.initialPanorama : 'home',
    roomName: isString(raw.roomName) ? raw.roomName : 'Salon',
    panoramas,
    stands,
    images: imagesOf(raw.images),
    hostOrigins: Array.isArray(raw.hostOrigins) ? raw.hostOrigins.filter(isString) : [],
    features: { journey: features.journey === true },
  };
}
