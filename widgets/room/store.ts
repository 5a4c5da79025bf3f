import { atom, computed, readonlyType } from 'nanostores';
import {
  $consent,
  $liveStream,
  $locale,
  $myAvailability,
  $pageData,
  toLinguiLocale,
  url,
  type Consent,
  type LocaleCode,
  type PageData,
} from '@salon/shared';
import { getActiveStream, type StreamData } from '@salon/shared/room';

/**
 * The live stream as GET /api/stream/active said ('checking' while it answers), or as the live activity said since
 * (an administrator switched it on or off: the latest word wins, so the room follows without a reload).
 */
export interface StreamState {
  status: 'idle' | 'checking' | 'done';
  data: StreamData | null;
}

const $streamSlot = atom<StreamState>({ status: 'idle', data: null });
export const $stream = readonlyType($streamSlot);
$liveStream.listen((data) => {
  if (data) $streamSlot.set({ status: 'done', data });
});

/** Asks the server whether a live stream replaces the room (spec §2.2). Never toasts: the room is the fallback. */
export async function checkStream(): Promise<void> {
  if ($streamSlot.get().status === 'checking') return;
  $streamSlot.set({ status: 'checking', data: $streamSlot.get().data });
  const live = $liveStream.get();
  let data: StreamData | null;
  try {
    data = await getActiveStream({ notify: false });
  } catch {
    data = null;
  }
  // The live activity spoke while the answer was on its way: its word is the newer one.
  if ($liveStream.get() !== live) return;
  $streamSlot.set({ status: 'done', data });
}

/** Stories and tests: a stream answer without the server. */
export function setStream(state: StreamState): void {
  $streamSlot.set(state);
}

export type BannerName = 'hidden-profile' | 'unavailable';
const $dismissedSlot = atom<readonly BannerName[]>([]);
export function dismissBanner(name: BannerName): void {
  if (!$dismissedSlot.get().includes(name)) $dismissedSlot.set([...$dismissedSlot.get(), name]);
}
export function resetBanners(): void {
  $dismissedSlot.set([]);
}

/** The chat beside the live stream; shown until the visitor hides it. */
const $chatOpenSlot = atom(true);
export const $chatOpen = readonlyType($chatOpenSlot);
export function toggleStreamChat(): void {
  $chatOpenSlot.set(!$chatOpenSlot.get());
}

/** The frame's address: the tracked one once analytics consent is given, always with the page's language. */
export function roomFrameSource(
  data: Pick<PageData, 'room_url' | 'tracked_room_url'>,
  consent: Consent,
  locale: LocaleCode,
): { src: string; origin: string } | null {
  const base = consent === 'accepted' && data.tracked_room_url ? data.tracked_room_url : data.room_url;
  if (!base) return null;
  try {
    const address = new URL(base, globalThis.location?.href);
    address.searchParams.set('lang', toLinguiLocale(locale));
    return { src: address.href, origin: address.origin };
  } catch {
    return null;
  }
}

export type RoomMode =
  /** The 360° room frame. */
  | 'room'
  /** A live stream replaces the room. */
  | 'stream'
  /** The page says a stream is on; waiting for its address. */
  | 'stream-loading'
  /** No room address in the page data. */
  | 'missing';

export interface RoomViewState {
  mode: RoomMode;
  frame: { src: string; origin: string } | null;
  stream: { videoUrl: string; chatUrl: string | null } | null;
  /** Own exhibitor profile sheet, when the exhibitor's profile is hidden (spec §2.2). */
  hiddenProfileHref: string | null;
  /** The exhibitor is registered as unavailable. */
  unavailable: boolean;
}

/** What the room shows (spec §2.2), from the page data, the consent, the language and the stream answer. */
export const $roomView = computed(
  [$pageData, $consent, $locale, $streamSlot, $dismissedSlot, $myAvailability],
  (data, consent, locale, stream, dismissed, available): RoomViewState => {
    const { user } = data;
    const exhibitor = user.profile === 'exhibitor' && !user.anonymous;
    const live =
      stream.data?.active && stream.data.video_url ? { videoUrl: stream.data.video_url, chatUrl: stream.data.chat_url || null } : null;
    const frame = roomFrameSource(data, consent, locale.locale);
    let mode: RoomMode = frame ? 'room' : 'missing';
    if (live) mode = 'stream';
    else if (data.is_streaming && stream.status !== 'done') mode = 'stream-loading';
    return {
      mode,
      frame,
      stream: live,
      hiddenProfileHref: exhibitor && user.hidden && !dismissed.includes('hidden-profile') ? url('exhibitor.profile.me') : null,
      unavailable: exhibitor && !available && !dismissed.includes('unavailable'),
    };
  },
);

/** What a Content-Security-Policy violation event says (the fields the room reads). */
export interface FrameViolation {
  effectiveDirective?: string;
  violatedDirective?: string;
  blockedURI?: string;
}

const RELOAD_KEY = 'salon.room@1/stream-reload';
const originOf = (address: string | null | undefined): string | null => {
  if (!address) return null;
  try {
    return new URL(address, globalThis.location?.href).origin;
  } catch {
    return null;
  }
};

/**
 * The page's Content-Security-Policy lists the stream's origins as they were when the page was served. A stream an
 * administrator switched on later with another video or chat origin is refused by it: the page is loaded again (its
 * new policy has them), once per pair of addresses, so a refusal that a reload would not cure never loops.
 * True when the page should reload; remembers it in `storage`.
 */
export function reloadForBlockedStream(
  violation: FrameViolation,
  view: Pick<RoomViewState, 'mode' | 'stream'>,
  storage: Pick<Storage, 'getItem' | 'setItem'> | null,
): boolean {
  if (view.mode !== 'stream' || !view.stream) return false;
  const directive = violation.effectiveDirective ?? violation.violatedDirective ?? '';
  if (!/^(frame-src|child-src|default-src)\b/.test(directive)) return false;
  const blocked = originOf(violation.blockedURI);
  if (!blocked || ![originOf(view.stream.videoUrl), originOf(view.stream.chatUrl)].includes(blocked)) return false;
  const key = `${view.stream.videoUrl} ${view.stream.chatUrl ?? ''}`;
  try {
    if (!storage || storage.getItem(RELOAD_KEY) === key) return false;
    storage.setItem(RELOAD_KEY, key);
  } catch {
    return false;
  }
  return true;
}
