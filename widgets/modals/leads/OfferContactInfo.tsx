import type { Modal } from '@salon/shared';
import { ModalFrame } from '@salon/shared/dialogs';

// Placeholder until this modal is built.
export function OfferContactInfo(_props: { modal: Extract<Modal, { name: 'offer-contact-info' }> }) {
  return <ModalFrame name="offer-contact-info" title="offer-contact-info">{null}</ModalFrame>;
}
