import { useState } from 'react';
import { useStore } from '@nanostores/react';
import { useLingui } from '@lingui/react/macro';
import { $locale, $user, type Modal } from '@salon/shared';
import { ModalFrame } from '@salon/shared/dialogs';
import { $stands, standName } from '@salon/shared/exhibitors';
import { FIELD_MAX, offerFormRules } from '@salon/shared/forms';
import { createLeadForm } from './leadForm';
import { ConsentBox, FormText, FormTextArea, FormEnd, onSubmitForm } from './fields';
import { offerInitial, sendOfferForm } from './offer';
import { injectLeadStyles } from './styles';

/** Spec §2.4 "Contact-info form for an offer", §5 contact-info (offer) form, §4.11. */
export function OfferContactInfo({ modal }: { modal: Extract<Modal, { name: 'offer-contact-info' }> }) {
  injectLeadStyles();
  const { t } = useLingui();
  const [form] = useState(() => createLeadForm(offerFormRules, offerInitial($user.get())));
  const view = useStore(form.$view);
  const { locale } = useStore($locale);
  const stands = useStore($stands);
  const stand = standName(stands.stands, modal.standId, locale);
  const bound = { form, view };

  const submit = onSubmitForm(() => form.submit((values) => sendOfferForm(values, { modal, standName: stand, locale })));

  return (
    <ModalFrame name="offer-contact-info" title={t`Your contact details`} size="wide">
      <form className="salon-lead" noValidate onSubmit={submit}>
        <p className="salon-lead__intro">
          {stand
            ? t`The exhibitors of ${stand} will contact you about this offer.`
            : t`The stand's exhibitors will contact you about this offer.`}
        </p>
        <div className="salon-lead__grid">
          <FormText {...bound} name="firstname" label={t`First name`} required autoComplete="given-name" />
          <FormText {...bound} name="lastname" label={t`Last name`} required autoComplete="family-name" />
          <FormText {...bound} name="birthdate" label={t`Date of birth`} type="date" required autoComplete="bday" />
          <FormText {...bound} name="phone" label={t`Phone`} type="tel" required autoComplete="tel" />
          <FormText {...bound} name="email" label={t`Email`} type="email" autoComplete="email" />
        </div>
        <FormTextArea {...bound} name="comments" label={t`Comments`} maxLength={FIELD_MAX.comments} />
        <ConsentBox {...bound} name="opt_in" consent="opt_in" locale={locale} required />
        {modal.displayMarketing === true && <ConsentBox {...bound} name="optin_marketing" consent="marketing" locale={locale} />}
        <FormEnd disabled={!view.canSend} sending={view.sending} />
      </form>
    </ModalFrame>
  );
}
