import { atom, readonlyType } from 'nanostores';
import { msg } from '@lingui/core/macro';
import { busSingleton, showToast } from '@salon/shared';
import { sendRoomCommand } from './framePort';

/** Spec §4.12 "Sound: muted/unmuted". `available`: the room frame said it can play sound. */
export interface SoundState {
  muted: boolean;
  available: boolean;
}

const $slot = busSingleton('sound', () => atom<SoundState>({ muted: false, available: false }));

/** The room's sound, as the frame last reported it (its checkSound message). */
export const $sound = readonlyType($slot);

/** The frame's checkSound: sent when it loads and after each change. */
export function setSoundState(next: SoundState): void {
  $slot.set({ muted: next.muted, available: next.available });
}

const SOUND_UNAVAILABLE = msg`Sound manipulation not available`;

/**
 * Mutes or unmutes the room (the frame's setSound). Shown at once; the frame confirms with checkSound.
 * Without a frame, or a frame without sound: the toast of spec §8. Returns whether the command was sent.
 */
export function setMuted(muted: boolean): boolean {
  const current = $slot.get();
  if (!current.available) {
    showToast({ kind: 'error', message: SOUND_UNAVAILABLE, unique: true });
    return false;
  }
  const result = sendRoomCommand('setSound', { muted });
  if (result === 'no-frame') showToast({ kind: 'error', message: SOUND_UNAVAILABLE, unique: true });
  if (result !== 'sent') return false;
  $slot.set({ ...current, muted });
  return true;
}

export function toggleSound(): boolean {
  return setMuted(!$slot.get().muted);
}
