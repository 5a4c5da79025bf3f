import { useState } from 'react';
import { useStore } from '@nanostores/react';
import { useLingui } from '@lingui/react/macro';
import { $locale, $parameters, $user, type Modal } from '@salon/shared';
import { ModalFrame } from '@salon/shared/dialogs';
import { $stands } from '@salon/shared/exhibitors';
import { standContactRules } from '@salon/shared/forms';
import { createLeadForm } from './leadForm';
import { ConsentBox, FormText, FormEnd, onSubmitForm } from './fields';
import { sendStandContact, standContactInitial, standMarketingShown } from './standContact';
import { injectLeadStyles } from './styles';

/** Spec §2.4 "Request to be contacted by a stand", §5 stand contact-request form. */
export function StandContactRequest({ modal }: { modal: Extract<Modal, { name: 'stand-contact-request' }> }) {
  injectLeadStyles();
  const { t } = useLingui();
  const [form] = useState(() => createLeadForm(standContactRules, standContactInitial($user.get())));
  const view = useStore(form.$view);
  const stands = useStore($stands);
  const parameters = useStore($parameters);
  const { locale } = useStore($locale);
  const marketing = standMarketingShown(stands, modal.standId, parameters) === true;
  const bound = { form, view };

  const submit = onSubmitForm(() =>
    form.submit((values) => sendStandContact(values, { modal, stand: stands.stands[modal.standId], marketingShown: marketing, locale })),
  );

  return (
    <ModalFrame name="stand-contact-request" title={t`Ask to be contacted`} size="wide">
      <form className="salon-lead" noValidate onSubmit={submit}>
        <p className="salon-lead__intro">{t`Leave your details and the stand's exhibitors will contact you.`}</p>
        <div className="salon-lead__grid">
          <FormText {...bound} name="firstname" label={t`First name`} required autoComplete="given-name" />
          <FormText {...bound} name="lastname" label={t`Last name`} required autoComplete="family-name" />
          <FormText {...bound} name="email" label={t`Email`} type="email" required autoComplete="email" />
          <FormText {...bound} name="phone" label={t`Phone`} type="tel" required autoComplete="tel" />
          <FormText {...bound} name="postal_code" label={t`Postal code`} required inputMode="numeric" autoComplete="postal-code" />
          <FormText {...bound} name="city" label={t`City`} required autoComplete="address-level2" />
        </div>
        <ConsentBox {...bound} name="data_sharing" consent="data_sharing" locale={locale} required />
        {marketing && <ConsentBox {...bound} name="optin_marketing" consent="marketing" locale={locale} />}
        <FormEnd disabled={!view.canSend} sending={view.sending} />
      </form>
    </ModalFrame>
  );
}
