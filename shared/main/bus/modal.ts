import { atom, readonlyType } from 'nanostores';
import type { MessageDescriptor } from '@lingui/core';
import { ensureWidget } from '../loader';
import { busSingleton } from '../singleton';

/** The one modal slot (spec §2.4): opening a modal closes the one showing. */
export type Modal =
  | { name: 'contact-organizer' }
  | { name: 'social-share' }
  | { name: 'screen-capture' }
  | { name: 'feedback' }
  | { name: 'todays-news' }
  /** Spec §2.11: every notification the organisers sent, paged as the list scrolls. */
  | { name: 'room-notifications' }
  | { name: 'stand-contact-request'; standId: string; companyId?: string }
  | { name: 'offer-contact-info'; standId: string; subject: string; codeApporteur?: string; displayMarketing?: boolean }
  /** Spec §4.11: the room frame's showContactFormInfos asks first; Yes opens 'offer-contact-info'. */
  | { name: 'offer-confirm'; standId: string; subject: string; codeApporteur?: string; displayMarketing?: boolean }
  | { name: 'confirm'; message: MessageDescriptor | string; onConfirm: () => void }
  | { name: 'contest' }
  /** What an anonymous visitor can do instead of an action kept for accounts (spec §6): log in or create one, then come back. */
  | { name: 'login-needed'; reason: 'chat' | 'contest' }
  /** The room frame's showPopupOffer; `offer` names the offer (its contents are not in the spec). */
  | { name: 'offer-popup'; standId?: string; offer: string };
export type ModalName = Modal['name'];

const $slot = busSingleton('modal', () => {
  const slot = atom<Modal | null>(null);
  // All modals live in the lazy 'modals' widget: opening the first one mounts it.
  slot.listen((value) => {
    if (value) void ensureWidget('modals');
  });
  return slot;
});

/** The open modal, or null. Written only through `openModal` / `closeModal`. */
export const $modal = readonlyType($slot);

export function openModal(modal: Modal): void {
  $slot.set(modal);
}

export function closeModal(): void {
  $slot.set(null);
}

/** Called once each time the slot goes from a modal to empty, with the modal that closed. */
export function onModalClosed(listener: (closed: Modal) => void): () => void {
  return $slot.listen((value, previous) => {
    if (value === null && previous) listener(previous);
  });
}
