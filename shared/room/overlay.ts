import { atom, readonlyType } from 'nanostores';
import { busSingleton } from '@salon/shared';

/** A box in the window's coordinates, CSS pixels (what `getBoundingClientRect` gives). */
export interface ScreenBox {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

const $slot = busSingleton('roomOverlay', () => atom<ScreenBox | null>(null));

/**
 * What the page lays over the room: the exhibitor's activity widget, floating at the bottom left (spec §2.10), or
 * null. The room tells its frame how much of the frame's bottom-left corner it covers (`coveredCorner`), and the frame
 * keeps its panel, its bar's buttons and its hotspots out of it.
 */
export const $roomOverlay = readonlyType($slot);

export function setRoomOverlay(box: ScreenBox | null): void {
  const current = $slot.get();
  if (
    box === null ? current === null : current !== null && (['left', 'top', 'right', 'bottom'] as const).every((k) => current[k] === box[k])
  )
    return;
  $slot.set(box === null ? null : { left: box.left, top: box.top, right: box.right, bottom: box.bottom });
}

/**
 * How much of the frame's bottom-left corner `overlay` covers: from the frame's left edge to the overlay's right, from
 * the frame's bottom edge up to the overlay's top, in whole CSS pixels within the frame; 0 and 0 when they do not meet.
 */
export function coveredCorner(overlay: ScreenBox | null, frame: ScreenBox): { width: number; height: number } {
  const meet =
    overlay !== null &&
    overlay.left < frame.right &&
    overlay.right > frame.left &&
    overlay.top < frame.bottom &&
    overlay.bottom > frame.top;
  if (!meet) return { width: 0, height: 0 };
  const clamp = (value: number, max: number) => Math.max(0, Math.min(Math.ceil(value), Math.floor(max)));
  return {
    width: clamp(overlay.right - frame.left, frame.right - frame.left),
    height: clamp(frame.bottom - overlay.top, frame.bottom - frame.top),
  };
}
