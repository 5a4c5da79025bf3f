import { useState } from 'react';
import { useStore } from '@nanostores/react';
import { useLingui } from '@lingui/react/macro';
import { $locale, $parameters, $user, closeModal, type Modal } from '@salon/shared';
import { ModalFrame } from '@salon/shared/dialogs';
import { $contestScore } from '@salon/shared/room';
import { CONTEST_ALREADY_RECORDED, CONTEST_NOT_ALLOWED } from '@salon/shared/forms';
import { ConsentBox, FormText, FormEnd, onSubmitForm } from './fields';
import { contestMarketingShown, createContest, mayEnterContest } from './contest';
import { injectLeadStyles } from './styles';

function CloseButton() {
  const { t } = useLingui();
  return (
    <div className="salon-lead__actions">
      <button type="button" className="salon-lead__button salon-lead__button--primary" onClick={closeModal}>
        {t`Close`}
      </button>
    </div>
  );
}

/** Spec §2.4 "Contest participation", §4.10, §5 contest form. */
export function Contest(_props: { modal: Extract<Modal, { name: 'contest' }> }) {
  injectLeadStyles();
  const { t, i18n } = useLingui();
  const user = useStore($user);
  const [contest] = useState(() => createContest($user.get()));
  const view = useStore(contest.form.$view);
  const step = useStore(contest.$step);
  const message = useStore(contest.$message);
  const score = useStore($contestScore);
  const parameters = useStore($parameters);
  const { locale } = useStore($locale);
  const marketing = contestMarketingShown(parameters);
  const bound = { form: contest.form, view };
  const title = t`Contest`;

  if (!mayEnterContest(user)) {
    return (
      <ModalFrame name="contest" title={title}>
        <p className="salon-lead__alert" role="alert">
          {i18n._(CONTEST_NOT_ALLOWED)}
        </p>
      </ModalFrame>
    );
  }

  if (step !== 'form') {
    return (
      <ModalFrame name="contest" title={title}>
        <p className="salon-lead__done" role="status">
          {step === 'thanks' ? t`Thank you, your participation has been recorded. Good luck!` : i18n._(CONTEST_ALREADY_RECORDED)}
        </p>
        <CloseButton />
      </ModalFrame>
    );
  }

  const submit = onSubmitForm(() => contest.submit(() => ({ score, marketingShown: marketing, locale })));

  return (
    <ModalFrame name="contest" title={title} size="wide">
      <form className="salon-lead" noValidate onSubmit={submit}>
        <p className="salon-lead__intro">{t`Answer the 5 questions of the game, then leave your details to take part in the draw.`}</p>
        {score !== null && <p className="salon-lead__intro">{t`Your score: ${score}`}</p>}
        {message && (
          <p className="salon-lead__alert" role="alert">
            {message}
          </p>
        )}
        <div className="salon-lead__grid">
          <FormText {...bound} name="firstname" label={t`First name`} required autoComplete="given-name" />
          <FormText {...bound} name="lastname" label={t`Last name`} required autoComplete="family-name" />
          <FormText {...bound} name="email" label={t`Email`} type="email" required autoComplete="email" />
          <FormText {...bound} name="mobile" label={t`Mobile`} type="tel" required autoComplete="tel" />
        </div>
        <ConsentBox {...bound} name="contest_rules" consent="contest_rules" locale={locale} required />
        <ConsentBox {...bound} name="data" consent="privacy" locale={locale} required />
        {marketing && <ConsentBox {...bound} name="marketing" consent="marketing" locale={locale} />}
        <FormEnd disabled={view.sending} sending={view.sending} />
      </form>
    </ModalFrame>
  );
}
