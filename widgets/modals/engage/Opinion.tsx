import type { Modal } from '@salon/shared';
import { ModalFrame } from '@salon/shared/dialogs';

// Placeholder until this modal is built.
export function Opinion(_props: { modal: Extract<Modal, { name: 'feedback' }> }) {
  return <ModalFrame name="feedback" title="feedback">{null}</ModalFrame>;
}
