import { useStore } from '@nanostores/react';
import { useLingui } from '@lingui/react/macro';
import { $consent, acceptConsent, refuseConsent, url, VisuallyHidden } from '@salon/shared';

/** Spec §2.4: shown while analytics consent is neither given nor refused; the choice is kept in `salon_consent`. */
export function CookieBanner() {
  const { t } = useLingui();
  const consent = useStore($consent);
  if (consent !== 'unset') return null;
  return (
    <section className="salon-cookies" aria-label={t`Cookie consent`}>
      <p className="salon-cookies__text">
        {t`With your consent, the salon uses analytics cookies to measure its audience.`}{' '}
        <a href={url('cookie-policy')} target="_blank" rel="noopener">
          {t`Cookie policy`}
          <VisuallyHidden>{` ${t`(opens in a new tab)`}`}</VisuallyHidden>
        </a>
      </p>
      <div className="salon-cookies__actions">
        <button type="button" className="salon-cookies__button" onClick={refuseConsent}>
          {t`Refuse`}
        </button>
        <button type="button" className="salon-cookies__button salon-cookies__button--primary" onClick={acceptConsent}>
          {t`Accept`}
        </button>
      </div>
    </section>
  );
}
