import type { Modal } from '@salon/shared';
import { ModalFrame } from '@salon/shared/dialogs';

// Placeholder until this modal is built.
export function SocialShare(_props: { modal: Extract<Modal, { name: 'social-share' }> }) {
  return <ModalFrame name="social-share" title="social-share">{null}</ModalFrame>;
}
