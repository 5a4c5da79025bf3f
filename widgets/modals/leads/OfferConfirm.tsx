import { useLingui } from '@lingui/react/macro';
import type { Modal } from '@salon/shared';
import { ModalFrame } from '@salon/shared/dialogs';
import { answerOffer } from './offer';
import { injectLeadStyles } from './styles';

/** Spec §2.4 "Offer contact confirmation (yes/no)", §4.11. */
export function OfferConfirm({ modal }: { modal: Extract<Modal, { name: 'offer-confirm' }> }) {
  injectLeadStyles();
  const { t } = useLingui();
  return (
    <ModalFrame name="offer-confirm" title={t`Be contacted about this offer`}>
      <p className="salon-lead__intro">{t`Would you like the stand's exhibitors to contact you about this offer?`}</p>
      <div className="salon-lead__actions">
        <button type="button" className="salon-lead__button" onClick={() => answerOffer(modal, false)}>
          {t`No`}
        </button>
        <button type="button" className="salon-lead__button salon-lead__button--primary" onClick={() => answerOffer(modal, true)}>
          {t`Yes`}
        </button>
      </div>
    </ModalFrame>
  );
}
