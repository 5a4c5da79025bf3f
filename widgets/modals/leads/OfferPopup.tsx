import { useStore } from '@nanostores/react';
import { useLingui } from '@lingui/react/macro';
import { $locale, $parameters, closeModal, openModal, type Modal } from '@salon/shared';
import { ModalFrame } from '@salon/shared/dialogs';
import { $stands, standName } from '@salon/shared/exhibitors';
import { standMarketingShown } from './standContact';
import { injectLeadStyles } from './styles';

/**
 * Spec §2.4 "Offer popup" (the room frame's showPopupOffer; its contents are not specified): the offer the frame
 * names, and, when it names the stand too, the way to the offer's contact flow (§4.11).
 */
export function OfferPopup({ modal }: { modal: Extract<Modal, { name: 'offer-popup' }> }) {
  injectLeadStyles();
  const { t } = useLingui();
  const { locale } = useStore($locale);
  const stands = useStore($stands);
  const parameters = useStore($parameters);
  const { standId, offer } = modal;
  const stand = standId ? standName(stands.stands, standId, locale) : null;
  // The frame names the offer by an identifier (also the tracking subject): the visitor reads who offers it.
  return (
    <ModalFrame name="offer-popup" title={t`A special offer`}>
      <p className="salon-lead__intro">
        {stand ? t`${stand} has a special offer for the salon's visitors.` : t`A special offer is waiting for you on this stand.`}
      </p>
      {standId && <p className="salon-lead__note">{t`Leave your details and the stand's exhibitors will send it to you.`}</p>}
      <div className="salon-lead__actions">
        <button type="button" className="salon-lead__button" onClick={closeModal}>
          {t`Close`}
        </button>
        {standId && (
          <button
            type="button"
            className="salon-lead__button salon-lead__button--primary"
            onClick={() =>
              openModal({
                name: 'offer-confirm',
                standId,
                subject: offer,
                displayMarketing: standMarketingShown(stands, standId, parameters) === true,
              })
            }
          >
            {t`I'm interested`}
          </button>
        )}
      </div>
    </ModalFrame>
  );
}
