import type { Modal } from '@salon/shared';
import { ModalFrame } from '@salon/shared/dialogs';

// Placeholder until this modal is built.
export function OfferPopup(_props: { modal: Extract<Modal, { name: 'offer-popup' }> }) {
  return <ModalFrame name="offer-popup" title="offer-popup">{null}</ModalFrame>;
}
