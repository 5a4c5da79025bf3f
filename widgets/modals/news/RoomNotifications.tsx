import type { Modal } from '@salon/shared';
import { ModalFrame } from '@salon/shared/dialogs';

// Placeholder until this modal is built.
export function RoomNotifications(_props: { modal: Extract<Modal, { name: 'room-notifications' }> }) {
  return <ModalFrame name="room-notifications" title="room-notifications">{null}</ModalFrame>;
}
