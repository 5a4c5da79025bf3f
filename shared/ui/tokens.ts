/**
 * The salon's design tokens: the colours, spacing, radii, shadows and type sizes the widgets share, as CSS custom
 * properties (`var(--salon-…)` in the widgets' styles). Defined once here; `createMount` adds them to the page
 * (`:root`, and `:host` for a shadow root) with `injectStyles`, a constructed stylesheet the pages' CSP allows.
 * Storybook's "Design tokens" page lists this same list. A value used by one widget only stays a literal there.
 */
import { injectStyles } from './styles';

export type TokenGroup = 'colour' | 'space' | 'radius' | 'shadow' | 'font-size';

export interface Token {
  /** The custom property, `--salon-…`. */
  name: `--salon-${string}`;
  value: string;
  group: TokenGroup;
  /** Where it is used, for the designers' page. */
  use: string;
}

export const TOKENS: readonly Token[] = [
  { name: '--salon-color-text', value: '#1d1d1f', group: 'colour', use: 'text of the bars, sidebars and modals' },
  { name: '--salon-color-text-muted', value: '#52525b', group: 'colour', use: 'secondary text: hints, dates, counters' },
  { name: '--salon-color-text-inverse', value: '#fff', group: 'colour', use: 'text on the accent and on dark fills' },
  { name: '--salon-color-surface', value: '#fff', group: 'colour', use: 'background of menus, sidebars, modals and cards' },
  { name: '--salon-color-accent', value: '#1f5fa8', group: 'colour', use: "the visitor's accent: primary buttons, links, focus rings" },
  { name: '--salon-color-accent-back-office', value: '#2b59c3', group: 'colour', use: 'the back office accent: imports, stats, the exhibitor profile' },
  { name: '--salon-color-border', value: '#e4e4e7', group: 'colour', use: 'lines between and around parts' },
  { name: '--salon-color-danger', value: '#b42318', group: 'colour', use: 'field errors' },
  { name: '--salon-color-danger-text', value: '#7a1020', group: 'colour', use: 'text of an error notice (on the danger surface)' },
  { name: '--salon-color-danger-surface', value: '#fdecea', group: 'colour', use: 'background of an error notice' },
  { name: '--salon-space-xs', value: '.25rem', group: 'space', use: 'gap between small inline items' },
  { name: '--salon-space-s', value: '.5rem', group: 'space', use: 'gap between items, padding of compact parts' },
  { name: '--salon-space-m', value: '.75rem', group: 'space', use: 'padding of cards and notices' },
  { name: '--salon-space-l', value: '1rem', group: 'space', use: 'padding of panels, gap between sections' },
  { name: '--salon-radius-s', value: '4px', group: 'radius', use: 'buttons and menu items' },
  { name: '--salon-radius-back-office', value: '.3rem', group: 'radius', use: 'buttons, fields and notices of the back office' },
  { name: '--salon-radius-m', value: '6px', group: 'radius', use: 'menus, fields, cards' },
  { name: '--salon-radius-l', value: '8px', group: 'radius', use: 'modals and toasts' },
  { name: '--salon-radius-pill', value: '999px', group: 'radius', use: 'pills, switches, badges' },
  { name: '--salon-shadow-popup', value: '0 4px 16px rgba(0,0,0,.18)', group: 'shadow', use: 'menus and pop-ups over the page' },
  { name: '--salon-font-xs', value: '.8rem', group: 'font-size', use: 'badges, fine print' },
  { name: '--salon-font-s', value: '.85rem', group: 'font-size', use: 'hints, dates, secondary lines' },
  { name: '--salon-font-m', value: '.9rem', group: 'font-size', use: 'lists and form text' },
  { name: '--salon-font-l', value: '.95rem', group: 'font-size', use: 'body of cards and messages' },
  { name: '--salon-font-xl', value: '1.25rem', group: 'font-size', use: 'titles of sidebars and modals' },
];

/**
 * Custom properties the widgets set at run time from measured layout (not tokens): the top bar's height, the toasts',
 * the cookie banner's, the activity panel's width.
 */
export const LAYOUT_PROPERTIES: readonly string[] = ['--salon-top-bar-height', '--salon-toasts-height', '--salon-consent-height', '--salon-activity-width'];

/** The tokens' stylesheet, for the document (`:root`) and for shadow roots (`:host`). */
export const TOKENS_CSS = `:root,:host{${TOKENS.map((t) => `${t.name}:${t.value}`).join(';')}}`;

/** Adds the tokens to `doc` once (several remotes may call it). */
export function injectTokens(doc: Document | undefined = globalThis.document): void {
  injectStyles('salon-tokens', TOKENS_CSS, doc);
}
