import type { Modal } from '@salon/shared';
import { ModalFrame } from '@salon/shared/dialogs';

// Placeholder until this modal is built.
export function Contest(_props: { modal: Extract<Modal, { name: 'contest' }> }) {
  return <ModalFrame name="contest" title="contest">{null}</ModalFrame>;
}
