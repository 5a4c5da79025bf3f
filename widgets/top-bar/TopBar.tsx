import { useStore } from '@nanostores/react';
import { useLingui } from '@lingui/react/macro';
import { $locale } from '@salon/shared';
import { $topBar } from './store';
import { LanguageSwitcher } from './LanguageSwitcher';
import { injectTopBarStyles } from './styles';

/** The room's top bar (spec §2.3, first subset): logo, Home, language, account or profile, leave. */
export function TopBar() {
  injectTopBarStyles();
  const { t } = useLingui();
  const view = useStore($topBar);
  const { multilingual } = useStore($locale);
  return (
    <nav className="salon-top-bar" aria-label={t`Main menu`} style={view.background}>
      <span className="salon-top-bar__logo">{view.roomName}</span>
      <ul className="salon-top-bar__items">
        <li>
          <a className="salon-top-bar__link" href={view.homeHref}>
            {t`Home`}
          </a>
        </li>
        {multilingual && (
          <li>
            <LanguageSwitcher />
          </li>
        )}
        {view.account?.kind === 'account' && (
          <li>
            <a className="salon-top-bar__link" href={view.account.href}>
              {t`My account`}
            </a>
          </li>
        )}
        {view.account?.kind === 'profile' && (
          <li>
            <a className="salon-top-bar__link" href={view.account.href}>
              {t`Profile`}
            </a>
          </li>
        )}
        {view.logoutHref && (
          <li>
            <a className="salon-top-bar__link" href={view.logoutHref}>
              {t`Leave the room`}
            </a>
          </li>
        )}
      </ul>
    </nav>
  );
}
