import type { ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import { Plural, useLingui } from '@lingui/react/macro';
import { $locale, $sidebar, openModal, toggleSidebar, VisuallyHidden } from '@salon/shared';
import { $currentPanorama, $fullscreen, $sound, goToPanorama, toggleFullscreen, toggleSound } from '@salon/shared/room';
import { $topBar } from './store';
import { LanguageSwitcher } from './LanguageSwitcher';
import { OverflowMenu, type MenuItem } from './OverflowMenu';
import { Icon, type IconName } from './icons';
import { injectTopBarStyles } from './styles';

interface BarButtonProps {
  icon: IconName;
  label: string;
  onClick: () => void;
  pressed?: boolean;
  expanded?: boolean;
  current?: boolean;
  extra?: ReactNode;
}

/** An icon and its label; on narrow screens the label is for screen readers only (and the tooltip). */
function BarButton({ icon, label, onClick, pressed, expanded, current, extra }: BarButtonProps) {
  return (
    <button
      type="button"
      className="salon-top-bar__button"
      title={label}
      aria-pressed={pressed}
      aria-expanded={expanded}
      aria-current={current ? 'location' : undefined}
      onClick={onClick}
    >
      <Icon name={icon} />
      <span className="salon-top-bar__label">{label}</span>
      {extra}
    </button>
  );
}

/** The room's top bar (spec §2.3). What it shows is computed in `store.ts`; what it does is bus actions. */
export function TopBar() {
  injectTopBarStyles();
  const { t } = useLingui();
  const view = useStore($topBar);
  const { multilingual } = useStore($locale);
  const sidebar = useStore($sidebar);
  const panorama = useStore($currentPanorama);
  const sound = useStore($sound);
  const fullscreen = useStore($fullscreen);
  const { compact } = view;

  const conferences = { icon: 'conference', label: t`Conferences`, onSelect: () => goToPanorama('conference') } as const;
  const activity = { icon: 'activity', label: t`Activity`, onSelect: () => toggleSidebar({ name: 'activity-stream' }) } as const;
  const feedback = { icon: 'feedback', label: t`Feedback`, onSelect: () => openModal({ name: 'feedback' }) } as const;
  const accountLabel = view.account?.kind === 'account' ? t`My account` : t`Profile`;

  const menu: MenuItem[] = [];
  if (compact) {
    menu.push({ key: 'conferences', kind: 'action', ...conferences });
    if (view.activity) menu.push({ key: 'activity', kind: 'action', ...activity });
    menu.push({ key: 'feedback', kind: 'action', ...feedback });
    if (view.account) menu.push({ key: 'account', kind: 'link', icon: 'account', label: accountLabel, href: view.account.href });
  }
  menu.push({ key: 'share', kind: 'action', icon: 'share', label: t`Share on social media`, onSelect: () => openModal({ name: 'social-share' }) });
  if (view.screenCapture) menu.push({ key: 'capture', kind: 'action', icon: 'capture', label: t`Screen capture`, onSelect: () => openModal({ name: 'screen-capture' }) });
  if (view.fullscreenAvailable) {
    menu.push({ key: 'fullscreen', kind: 'check', icon: 'fullscreen', label: t`Fullscreen`, checked: fullscreen.on, onSelect: () => void toggleFullscreen() });
  }
  menu.push(
    { key: 'news', kind: 'action', icon: 'news', label: t`Today’s news`, onSelect: () => openModal({ name: 'todays-news' }) },
    { key: 'contact', kind: 'action', icon: 'mail', label: t`Contact the organizer`, onSelect: () => openModal({ name: 'contact-organizer' }) },
    { key: 'legal', kind: 'link', icon: 'document', label: t`Legal notice`, href: view.legal.legalNotice, newTab: true },
    { key: 'privacy', kind: 'link', icon: 'document', label: t`Privacy policy`, href: view.legal.privacyPolicy, newTab: true },
    { key: 'cookies', kind: 'link', icon: 'document', label: t`Cookie policy`, href: view.legal.cookiePolicy, newTab: true },
  );
  if (view.logoutHref) menu.push({ key: 'logout', kind: 'link', icon: 'logout', label: t`Leave the room`, href: view.logoutHref });

  const toVisit = view.journey?.toVisit ?? 0;
  return (
    <nav className={compact ? 'salon-top-bar salon-top-bar--compact' : 'salon-top-bar'} aria-label={t`Main menu`} style={view.background}>
      <a className="salon-top-bar__logo" href={view.roomHref}>
        {view.roomName}
      </a>
      <ul className="salon-top-bar__items">
        <li>
          <BarButton icon="home" label={t`Home`} current={panorama === 'home'} onClick={() => goToPanorama('home')} />
        </li>
        {view.journey && (
          <li>
            <BarButton
              icon="journey"
              label={t`Journey`}
              expanded={sidebar?.name === 'journey'}
              onClick={() => toggleSidebar({ name: 'journey' })}
              extra={
                toVisit > 0 && (
                  <>
                    <span className="salon-top-bar__badge" aria-hidden="true">
                      {toVisit}
                    </span>
                    <VisuallyHidden>
                      {' ('}
                      <Plural value={toVisit} one="# stand to visit" other="# stands to visit" />
                      {')'}
                    </VisuallyHidden>
                  </>
                )
              }
            />
          </li>
        )}
        <li>
          <BarButton icon="map" label={t`Map`} current={panorama === 'plan'} onClick={() => goToPanorama('plan')} />
        </li>
        {!compact && (
          <li>
            <BarButton icon={conferences.icon} label={conferences.label} current={panorama === 'conference'} onClick={conferences.onSelect} />
          </li>
        )}
        {!compact && view.activity && (
          <li>
            <BarButton icon={activity.icon} label={activity.label} expanded={sidebar?.name === 'activity-stream'} onClick={activity.onSelect} />
          </li>
        )}
        {!compact && (
          <li>
            <BarButton icon={feedback.icon} label={feedback.label} onClick={feedback.onSelect} />
          </li>
        )}
        <li>
          <BarButton icon="chat" label={t({ message: 'Chat', context: 'the chat sidebar' })} expanded={sidebar?.name === 'chat'} onClick={() => toggleSidebar({ name: 'chat' })} />
        </li>
        <li>
          {/* The label says what pressing does (no aria-pressed: a toggle whose name changes would say it twice). */}
          <BarButton icon={sound.muted ? 'muted' : 'sound'} label={sound.muted ? t`Turn the sound on` : t`Mute the sound`} onClick={toggleSound} />
        </li>
        {multilingual && (
          <li>
            <LanguageSwitcher />
          </li>
        )}
        {!compact && view.account && (
          <li>
            <a className="salon-top-bar__link" href={view.account.href} title={accountLabel}>
              <Icon name="account" />
              <span className="salon-top-bar__label">{accountLabel}</span>
            </a>
          </li>
        )}
        <li>
          <OverflowMenu items={menu} />
        </li>
      </ul>
    </nav>
  );
}
