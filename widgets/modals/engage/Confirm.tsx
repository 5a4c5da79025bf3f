import type { Modal } from '@salon/shared';
import { ModalFrame } from '@salon/shared/dialogs';

// Placeholder until this modal is built.
export function Confirm(_props: { modal: Extract<Modal, { name: 'confirm' }> }) {
  return <ModalFrame name="confirm" title="confirm">{null}</ModalFrame>;
}
