import { atom, computed, readonlyType } from 'nanostores';
import { $locale, $pageData, changeLocale, pickLocalized, url, type LocaleCode, type PageUser, type SidebarStyle } from '@salon/shared';

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
  homeHref: string;
  logoutHref: string | null;
  account: AccountLink;
  background: ReturnType<typeof barBackground>;
}

/** Everything the bar shows, derived from the page data and the locale. */
export const $topBar = computed([$pageData, $locale], (data, locale): TopBarView => {
  const { user, parameters } = data;
  return {
    roomName: pickLocalized(locale.locale, parameters.room_name, parameters.room_name_en),
    homeHref: url('room'),
    logoutHref: user.anonymous ? null : url('logout'),
    account: accountLink(user),
    background: barBackground(parameters.styles.sidebar),
  };
});

const $menuOpen = atom(false);
/** Whether the language list is open. */
export const $languageMenuOpen = readonlyType($menuOpen);

export function toggleLanguageMenu(): void {
  $menuOpen.set(!$menuOpen.get());
}

export function closeLanguageMenu(): void {
  $menuOpen.set(false);
}

export function selectLanguage(code: LocaleCode): Promise<boolean> {
  closeLanguageMenu();
  return changeLocale(code);
}
