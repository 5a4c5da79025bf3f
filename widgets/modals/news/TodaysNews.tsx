import type { Modal } from '@salon/shared';
import { ModalFrame } from '@salon/shared/dialogs';

// Placeholder until this modal is built.
export function TodaysNews(_props: { modal: Extract<Modal, { name: 'todays-news' }> }) {
  return <ModalFrame name="todays-news" title="todays-news">{null}</ModalFrame>;
}
