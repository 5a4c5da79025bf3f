import { atom, computed, readonlyType } from 'nanostores';
import {
  $journey,
  $locale,
  $pageData,
  changeLocale,
  isFeatureOn,
  pickLocalized,
  screenCaptureSupported,
  url,
  type LocaleCode,
  type PageUser,
  type SidebarStyle,
} from '@salon/shared';
import { $fullscreen, $isMobile } from '@salon/shared/room';

/** Profiles whose Account link goes to their own area (spec §2.3, §6). */
const AREA_PROFILES: ReadonlySet<PageUser['profile']> = new Set(['administrator', 'promoter', 'exhibitor']);

export type AccountLink = { kind: 'account'; href: string } | { kind: 'profile'; href: string } | null;

export function accountLink(user: PageUser): AccountLink {
  if (!user.anonymous && AREA_PROFILES.has(user.profile)) return { kind: 'account', href: user.homeRoute };
  return user.profileRoute ? { kind: 'profile', href: user.profileRoute } : null;
}

/** Spec §2.3/§9: opacity (percent) and blur (px) from the sidebar style settings, each clamped to 0–100. */
export function clampStyleValue(value: unknown, fallback: number): number {
  const number = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(number)) return fallback;
  return Math.min(100, Math.max(0, number));
}

export function barBackground(style: SidebarStyle): { backgroundColor: string; backdropFilter: string } {
  const opacity = clampStyleValue(style.opacity, 100) / 100;
  const blur = clampStyleValue(style.blur, 0);
  return { backgroundColor: `rgba(255, 255, 255, ${opacity})`, backdropFilter: `blur(${blur}px)` };
}

export interface TopBarView {
  roomName: string;
  roomHref: string;
  /** Journey button (feature flag journey '1') and its badge: stands still to visit. */
  journey: { toVisit: number } | null;
  /** Activity button: exhibitors (the activity-stream sidebar decides what a hidden profile sees). */
  activity: boolean;
  account: AccountLink;
  /** Anonymous visitors: Log in (where the account link is) and Create an account (in the menu). */
  signIn: boolean;
  /** Leave the room: not for anonymous users. */
  logoutHref: string | null;
  legal: { legalNotice: string; privacyPolicy: string; cookiePolicy: string };
  fullscreenAvailable: boolean;
  /** Spec §2.4: the screen capture's item only where the browser can capture (otherwise a console message). */
  screenCapture: boolean;
  /** 750 px or less: icons only; Conferences, Activity, Feedback and the account move to the overflow menu. */
  compact: boolean;
  background: ReturnType<typeof barBackground>;
}

/** Everything the bar shows, derived from the page data, the locale, the journey and the viewport. */
export const $topBar = computed(
  [$pageData, $locale, $journey, $fullscreen, $isMobile],
  (data, locale, journey, fullscreen, mobile): TopBarView => {
    const { user, parameters } = data;
    return {
      roomName: pickLocalized(locale.locale, parameters.room_name, parameters.room_name_en),
      roomHref: url('room'),
      journey: isFeatureOn(data.features, 'journey') ? { toVisit: journey.standsToVisit.length } : null,
      activity: !user.anonymous && user.profile === 'exhibitor',
      account: accountLink(user),
      signIn: user.anonymous,
      logoutHref: user.anonymous ? null : url('logout'),
      legal: { legalNotice: url('legal-notice'), privacyPolicy: url('privacy-policy'), cookiePolicy: url('cookie-policy') },
      fullscreenAvailable: fullscreen.available,
      screenCapture: screenCaptureSupported(),
      compact: mobile,
      background: barBackground(parameters.styles.sidebar),
    };
  },
);

const $menuOpen = atom(false);
/** Whether the language list is open. */
export const $languageMenuOpen = readonlyType($menuOpen);

export function toggleLanguageMenu(): void {
  $menuOpen.set(!$menuOpen.get());
  if ($menuOpen.get()) closeOverflowMenu();
}

export function closeLanguageMenu(): void {
  $menuOpen.set(false);
}

export function selectLanguage(code: LocaleCode): Promise<boolean> {
  closeLanguageMenu();
  return changeLocale(code);
}

const $overflowSlot = atom(false);
/** Whether the overflow ("More") menu is open. */
export const $overflowOpen = readonlyType($overflowSlot);

export function openOverflowMenu(): void {
  closeLanguageMenu();
  $overflowSlot.set(true);
}

export function closeOverflowMenu(): void {
  $overflowSlot.set(false);
}
