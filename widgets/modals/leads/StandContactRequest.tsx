import type { Modal } from '@salon/shared';
import { ModalFrame } from '@salon/shared/dialogs';

// Placeholder until this modal is built.
export function StandContactRequest(_props: { modal: Extract<Modal, { name: 'stand-contact-request' }> }) {
  return <ModalFrame name="stand-contact-request" title="stand-contact-request">{null}</ModalFrame>;
}
