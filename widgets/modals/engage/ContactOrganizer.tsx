import type { Modal } from '@salon/shared';
import { ModalFrame } from '@salon/shared/dialogs';

// Placeholder until this modal is built.
export function ContactOrganizer(_props: { modal: Extract<Modal, { name: 'contact-organizer' }> }) {
  return <ModalFrame name="contact-organizer" title="contact-organizer">{null}</ModalFrame>;
}
