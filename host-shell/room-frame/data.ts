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
  /**
   * An uploaded equirectangular image (`/api/medias/<str>`, this server) shown instead of the drawn panorama;
   * absent: the frame draws it.
   */
  image?: string;
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
const MEDIA_IMAGE = /^\/api\/medias\/[A-Za-z0-9_-]{24}$/;

function panoramaOf(v: unknown): FramePanorama | null {
  if (!isRecord(v) || !isString(v.slug) || !isString(v.name) || !isString(v.name_en)) return null;
  const kind = KINDS.find((k) => k === v.kind);
  if (!kind) return null;
  const panorama: FramePanorama = { slug: v.slug, kind, name: v.name, name_en: v.name_en };
  // Only this server's medias: anything else is drawn.
  if (isString(v.image) && MEDIA_IMAGE.test(v.image)) panorama.image = v.image;
  return panorama;
}

function standOf(v: unknown): FrameStand | null {
  if (!isRecord(v)) return null;
  const { id, name, niceNameEn, panorama, companyId, companyName } = v;
  if (!isString(id) || !isString(name) || !isString(niceNameEn) || !isString(panorama) || !isString(companyId) || !isString(companyName)) return null;
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
    hostOrigins: Array.isArray(raw.hostOrigins) ? raw.hostOrigins.filter(isString) : [],
    features: { journey: features.journey === true },
  };
}
