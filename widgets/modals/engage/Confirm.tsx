import { useLingui } from '@lingui/react/macro';
import { $modal, closeModal, type Modal } from '@salon/shared';
import { ModalFrame } from '@salon/shared/dialogs';
import { injectEngageStyles } from './styles';

type ConfirmModal = Extract<Modal, { name: 'confirm' }>;

/** Confirm runs the action, then closes, unless the action itself opened another modal (it then stays). */
export function confirmAction(modal: ConfirmModal): void {
  modal.onConfirm();
  if ($modal.get() === modal) closeModal();
}

/** The generic confirmation (spec §2.4): the question, Confirm and Cancel; Cancel, Escape and × just close. */
export function Confirm({ modal }: { modal: ConfirmModal }) {
  injectEngageStyles();
  const { t, i18n } = useLingui();
  const message = typeof modal.message === 'string' ? modal.message : i18n._(modal.message);
  return (
    <ModalFrame name="confirm" title={t`Please confirm`}>
      <div className="salon-engage">
        <p className="salon-engage__intro">{message}</p>
        <div className="salon-engage__actions">
          {/* Cancel first: it gets the focus when the dialog opens, so Enter does not confirm by accident. */}
          <button type="button" className="salon-engage__button" onClick={() => closeModal()}>
            {t`Cancel`}
          </button>
          <button type="button" className="salon-engage__button salon-engage__button--primary" onClick={() => confirmAction(modal)}>
            {t`Confirm`}
          </button>
        </div>
      </div>
    </ModalFrame>
  );
}
