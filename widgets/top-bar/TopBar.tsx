import { useEffect, useRef, type ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import { Plural, useLingui } from '@lingui/react/macro';
import { $locale, $sidebar, CountBadge, openModal, showSidebar, toggleSidebar } from '@salon/shared';
import { $currentPanorama, $fullscreen, $sound, goToPanorama, loginHref, toggleFullscreen, toggleSound } from '@salon/shared/room';
import { $topBar, closeLanguageMenu, closeOverflowMenu } from './store';
import { LanguageSwitcher } from './LanguageSwitcher';
import { OverflowMenu, type MenuItem } from './OverflowMenu';
import { Icon, type IconName } from './icons';
import { injectTopBarStyles } from './styles';
import type { BarKey, MovableKey } from './fit';
import { useFit } from './useFit';

interface BarButtonProps {
  icon: IconName;
  label: string;
  onClick: () => void;
  expanded?: boolean;
  current?: boolean;
  extra?: ReactNode;
}

/** An icon and its label; on narrow screens the label is for screen readers only (and the tooltip). */
function BarButton({ icon, label, onClick, expanded, current, extra }: BarButtonProps) {
  return (
    <button
      type="button"
      className="salon-top-bar__button"
      title={label}
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

/** One item of the bar, and what it is once moved into the overflow menu. */
interface BarEntry {
  key: MovableKey;
  icon: IconName;
  label: string;
  link?: boolean;
  badge?: number;
  bar: ReactNode;
  menu: MenuItem;
}

/** The room's top bar (spec §2.3). What it shows is computed in `store.ts`; what it does is bus actions. */
export function TopBar() {
  injectTopBarStyles();
  const { t } = useLingui();
  const view = useStore($topBar);
  useTitleFollows(view.roomName);
  useMenusCloseWithTheBar();
  const { multilingual, langs, locale } = useStore($locale);
  const sidebar = useStore($sidebar);
  const panorama = useStore($currentPanorama);
  const sound = useStore($sound);
  const fullscreen = useStore($fullscreen);
  const { compact } = view;
  const nav = useRef<HTMLElement>(null);
  const measure = useRef<HTMLDivElement>(null);
  const logo = useRef<HTMLAnchorElement>(null);
  const { measurable, moved, nameCut } = useFit(nav, measure, logo, compact);

  const toVisit = view.journey?.toVisit ?? 0;
  // An anonymous visitor logs in where the account link is, and comes back to the panorama they are on.
  const accountLink = view.account
    ? { href: view.account.href, label: view.account.kind === 'account' ? t`My account` : t`Profile` }
    : view.signIn
      ? { href: loginHref(panorama), label: t`Log in` }
      : null;
  const soundLabel = sound.muted ? t`Turn the sound on` : t`Mute the sound`;
  const chatLabel = t({ message: 'Chat', context: 'the chat sidebar' });

  // The bar's items in their order. On a phone, Conferences, Activity, Feedback and the account are always in the menu.
  const entries: BarEntry[] = [];
  const action = (
    key: MovableKey,
    icon: IconName,
    label: string,
    onSelect: () => void,
    button: Pick<BarButtonProps, 'current' | 'expanded' | 'extra'> = {},
    badge?: number,
  ) =>
    entries.push({
      key,
      icon,
      label,
      badge,
      bar: <BarButton icon={icon} label={label} onClick={onSelect} {...button} />,
      menu: { key, kind: 'action', icon, label, onSelect },
    });
  action('home', 'home', t`Home`, () => goToPanorama('home'), { current: panorama === 'home' });
  if (view.journey) {
    const extra = toVisit > 0 && (
      <CountBadge
        className="salon-top-bar__badge"
        count={toVisit}
        spoken={<Plural value={toVisit} one="# stand to visit" other="# stands to visit" />}
      />
    );
    action(
      'journey',
      'journey',
      t`Journey`,
      () => toggleSidebar({ name: 'journey' }),
      { expanded: sidebar?.name === 'journey', extra },
      toVisit,
    );
  }
  action('map', 'map', t`Map`, () => goToPanorama('plan'), { current: panorama === 'plan' });
  action(
    'conferences',
    'conference',
    t`Conferences`,
    () => {
      goToPanorama('conference');
      // The programme (issue 38), as a sidebar under the one-sidebar rule.
      showSidebar({ name: 'programme' });
    },
    { current: panorama === 'conference' },
  );
  if (view.activity) {
    action('activity', 'activity', t`Activity`, () => toggleSidebar({ name: 'activity-stream' }), {
      expanded: sidebar?.name === 'activity-stream',
    });
  }
  action('feedback', 'feedback', t`Feedback`, () => openModal({ name: 'feedback' }));
  action('chat', 'chat', chatLabel, () => toggleSidebar({ name: 'chat' }), { expanded: sidebar?.name === 'chat' });
  // The label says what pressing does (no aria-pressed: a toggle whose name changes would say it twice).
  action('sound', sound.muted ? 'muted' : 'sound', soundLabel, toggleSound);
  if (accountLink) {
    const { href, label } = accountLink;
    entries.push({
      key: 'account',
      icon: 'account',
      label,
      link: true,
      menu: { key: 'account', kind: 'link', icon: 'account', label, href },
      bar: (
        <a className="salon-top-bar__link" href={href} title={label}>
          <Icon name="account" />
          <span className="salon-top-bar__label">{label}</span>
        </a>
      ),
    });
  }
  const alwaysInMenu: ReadonlySet<MovableKey> = new Set(compact ? ['conferences', 'activity', 'feedback', 'account'] : []);
  const candidates = entries.filter((entry) => !alwaysInMenu.has(entry.key));
  const inMenu = (entry: BarEntry) => alwaysInMenu.has(entry.key) || moved.has(entry.key);

  const menu: MenuItem[] = entries.filter(inMenu).map((entry) => entry.menu);
  if (view.signIn) {
    menu.push({ key: 'register', kind: 'link', icon: 'account', label: t`Create an account`, href: loginHref(panorama, true) });
  }
  menu.push({
    key: 'share',
    kind: 'action',
    icon: 'share',
    label: t`Share on social media`,
    onSelect: () => openModal({ name: 'social-share' }),
  });
  if (view.screenCapture)
    menu.push({
      key: 'capture',
      kind: 'action',
      icon: 'capture',
      label: t`Screen capture`,
      onSelect: () => openModal({ name: 'screen-capture' }),
    });
  if (view.fullscreenAvailable) {
    menu.push({
      key: 'fullscreen',
      kind: 'check',
      icon: 'fullscreen',
      label: t`Fullscreen`,
      checked: fullscreen.on,
      onSelect: () => void toggleFullscreen(),
    });
  }
  menu.push(
    { key: 'news', kind: 'action', icon: 'news', label: t`Today’s news`, onSelect: () => openModal({ name: 'todays-news' }) },
    {
      key: 'contact',
      kind: 'action',
      icon: 'mail',
      label: t`Contact the organizer`,
      onSelect: () => openModal({ name: 'contact-organizer' }),
    },
    { key: 'legal', kind: 'link', icon: 'document', label: t`Legal notice`, href: view.legal.legalNotice, newTab: true },
    { key: 'privacy', kind: 'link', icon: 'document', label: t`Privacy policy`, href: view.legal.privacyPolicy, newTab: true },
    { key: 'cookies', kind: 'link', icon: 'document', label: t`Cookie policy`, href: view.legal.cookiePolicy, newTab: true },
  );
  if (view.logoutHref) menu.push({ key: 'logout', kind: 'link', icon: 'logout', label: t`Leave the room`, href: view.logoutHref });

  const shown = (entry: BarEntry) => <li key={entry.key}>{entry.bar}</li>;
  const beforeLanguage = candidates.filter((entry) => entry.key !== 'account' && !moved.has(entry.key));
  const account = candidates.find((entry) => entry.key === 'account' && !moved.has(entry.key));

  // The hidden copy that the bar measures (every candidate, as the bar would show it): not seen, not read, not focusable.
  const ghost = (key: BarKey, icon: IconName, label: string, link = false, badge = 0) => (
    <li key={key} data-measure-key={key}>
      <span className={link ? 'salon-top-bar__link' : 'salon-top-bar__button'}>
        <Icon name={icon} />
        <span className="salon-top-bar__label">{label}</span>
        {badge > 0 && <span className="salon-top-bar__badge">{badge}</span>}
      </span>
    </li>
  );
  const currentName = langs.find((lang) => lang.prefix_all === locale)?.name ?? locale;

  return (
    <nav
      ref={nav}
      className={compact ? 'salon-top-bar salon-top-bar--compact' : 'salon-top-bar'}
      aria-label={t`Main menu`}
      style={view.background}
    >
      <a ref={logo} className="salon-top-bar__logo" href={view.roomHref} title={nameCut ? view.roomName : undefined}>
        {view.roomName}
      </a>
      <ul className="salon-top-bar__items">
        {beforeLanguage.map(shown)}
        {multilingual && (
          <li>
            <LanguageSwitcher />
          </li>
        )}
        {account && shown(account)}
        <li>
          <OverflowMenu items={menu} />
        </li>
      </ul>
      {measurable && (
        <div ref={measure} className="salon-top-bar__measure" aria-hidden="true">
          <span className="salon-top-bar__logo" data-measure="name">
            {view.roomName}
          </span>
          <ul className="salon-top-bar__items" data-measure="items">
            {candidates.filter((entry) => !entry.link).map((entry) => ghost(entry.key, entry.icon, entry.label, false, entry.badge))}
            {multilingual && ghost('language', 'language', t`Language: ${currentName}`)}
            {candidates.filter((entry) => entry.link).map((entry) => ghost(entry.key, entry.icon, entry.label, true))}
            {ghost('more', 'more', t`More`)}
          </ul>
        </div>
      )}
    </nav>
  );
}

/** A bar mounted again (the host page mounts its widgets anew) shows its menus closed, whatever they were before. */
function useMenusCloseWithTheBar(): void {
  useEffect(
    () => () => {
      closeOverflowMenu();
      closeLanguageMenu();
    },
    [],
  );
}

/**
 * The tab's title follows the fair's name as the bar does (an administrator renames it, the language changes): the
 * old name in the page's title becomes the new one. A host page whose title does not hold the name keeps its own.
 */
function useTitleFollows(roomName: string): void {
  const shown = useRef(roomName);
  useEffect(() => {
    const previous = shown.current;
    shown.current = roomName;
    if (previous === roomName || previous === '' || !document.title.includes(previous)) return;
    document.title = document.title.split(previous).join(roomName);
  }, [roomName]);
}
