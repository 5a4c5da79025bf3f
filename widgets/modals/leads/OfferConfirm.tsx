import type { Modal } from '@salon/shared';
import { ModalFrame } from '@salon/shared/dialogs';

// Placeholder until this modal is built.
export function OfferConfirm(_props: { modal: Extract<Modal, { name: 'offer-confirm' }> }) {
  return <ModalFrame name="offer-confirm" title="offer-confirm">{null}</ModalFrame>;
}
