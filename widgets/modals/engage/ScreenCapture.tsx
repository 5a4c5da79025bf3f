import type { Modal } from '@salon/shared';
import { ModalFrame } from '@salon/shared/dialogs';

// Placeholder until this modal is built.
export function ScreenCapture(_props: { modal: Extract<Modal, { name: 'screen-capture' }> }) {
  return <ModalFrame name="screen-capture" title="screen-capture">{null}</ModalFrame>;
}
