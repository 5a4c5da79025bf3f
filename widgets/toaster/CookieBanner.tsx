import { useStore } from '@nanostores/react';
import { useLingui } from '@lingui/react/macro';
import { $consent, acceptConsent, refuseConsent, url, VisuallyHidden } from '@salon/shared';
import { usePublishedHeight } from './publishedHeight';

/** Spec §2.4: shown while analytics consent is neither given nor refused; the choice is kept in `salon_consent`. */
export function CookieBanner() {
  const consent = useStore($consent);
  return consent === 'unset' ? <Banner /> : null;
}

/** Its height is published as `--salon-consent-height`: the sidebars, the modal slot and the room keep it free. */
function Banner() {
  const { t } = useLingui();
  const banner = usePublishedHeight('--salon-consent-height');
  return (
    <section className="salon-cookies" aria-label={t`Cookie consent`} ref={(element) => void (banner.current = element)}>
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
