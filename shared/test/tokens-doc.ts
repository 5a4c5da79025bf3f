/**
 * What each design token is for, and its group: the designers' page in Storybook (stories/tokens.stories.tsx) and
 * the tokens' test read it; the widgets never load it. Typed by the token list, so a token cannot go without its use.
 */
import type { TokenName } from '@salon/shared';

export type TokenGroup = 'colour' | 'space' | 'radius' | 'shadow' | 'font-size';

export const TOKEN_USES: Record<TokenName, string> = {
  '--salon-text': 'text of the bars, sidebars and modals',
  '--salon-text-muted': 'secondary text: hints, dates, counters',
  '--salon-text-inverse': 'text on the accent and on dark fills',
  '--salon-surface': 'background of menus, sidebars, modals and cards',
  '--salon-accent': "the visitor's accent: primary buttons, links, focus rings",
  '--salon-accent-back-office': 'the back office accent: imports, stats, the exhibitor profile',
  '--salon-border': 'lines between and around parts',
  '--salon-danger': 'field errors',
  '--salon-danger-text': 'text of an error notice (on the danger surface)',
  '--salon-danger-surface': 'background of an error notice',
  '--salon-space-xs': 'gap between small inline items',
  '--salon-space-s': 'gap between items, padding of compact parts',
  '--salon-space-m': 'padding of cards and notices',
  '--salon-space-l': 'padding of panels, gap between sections',
  '--salon-radius-s': 'buttons and menu items',
  '--salon-radius-back-office': 'buttons, fields and notices of the back office',
  '--salon-radius-m': 'menus, fields, cards',
  '--salon-radius-l': 'modals and toasts',
  '--salon-radius-pill': 'pills, switches, badges',
  '--salon-shadow-popup': 'menus and pop-ups over the page',
  '--salon-font-xs': 'badges, fine print',
  '--salon-font-s': 'hints, dates, secondary lines',
  '--salon-font-m': 'lists and form text',
  '--salon-font-l': 'body of cards and messages',
  '--salon-font-xl': 'titles of sidebars and modals',
};

/** A token's group, from its name (`--salon-space-…`, `--salon-radius-…`, `--salon-shadow-…`, `--salon-font-…`; the rest are colours). */
export function tokenGroup(name: TokenName): TokenGroup {
  const kind = /^--salon-(space|radius|shadow|font)-/.exec(name)?.[1];
  return kind === 'font' ? 'font-size' : ((kind as TokenGroup | undefined) ?? 'colour');
}

/**
 * Custom properties the widgets set at run time from measured layout (not tokens): the top bar's height, the toasts',
 * the cookie banner's, and the width of the room's corner that the exhibitor's activity widget covers (on the live
 * stream only, which starts right of it).
 */
export const LAYOUT_PROPERTIES: readonly string[] = [
  '--salon-top-bar-height',
  '--salon-toasts-height',
  '--salon-consent-height',
  '--salon-room-corner-width',
];
