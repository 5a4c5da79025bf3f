/**
 * The salon's design tokens: the colours, spacing, radii, shadows and type sizes the widgets share, as CSS custom
 * properties (`var(--salon-…)` in the widgets' styles). Defined once here; `createMount` adds them to the page
 * (`:root`, and `:host` for a shadow root) with `injectStyles`, a constructed stylesheet the pages' CSP allows.
 * Storybook's "Design tokens" page lists them with their uses (`tokens-doc.ts`, kept out of the widgets' code). A
 * value used by one widget only stays a literal there.
 */
import { injectStyles } from './styles';

export const TOKENS = {
  '--salon-text': '#1d1d1f',
  '--salon-text-muted': '#52525b',
  '--salon-text-inverse': '#fff',
  '--salon-surface': '#fff',
  '--salon-accent': '#1f5fa8',
  '--salon-accent-back-office': '#2b59c3',
  '--salon-border': '#e4e4e7',
  '--salon-danger': '#b42318',
  '--salon-danger-text': '#7a1020',
  '--salon-danger-surface': '#fdecea',
  '--salon-space-xs': '.25rem',
  '--salon-space-s': '.5rem',
  '--salon-space-m': '.75rem',
  '--salon-space-l': '1rem',
  '--salon-radius-s': '4px',
  '--salon-radius-back-office': '.3rem',
  '--salon-radius-m': '6px',
  '--salon-radius-l': '8px',
  '--salon-radius-pill': '999px',
  '--salon-shadow-popup': '0 4px 16px rgba(0,0,0,.18)',
  '--salon-font-xs': '.8rem',
  '--salon-font-s': '.85rem',
  '--salon-font-m': '.9rem',
  '--salon-font-l': '.95rem',
  '--salon-font-xl': '1.25rem',
} as const satisfies Record<`--salon-${string}`, string>;

export type TokenName = keyof typeof TOKENS;

/** The tokens' stylesheet, for the document (`:root`) and for shadow roots (`:host`). */
export const TOKENS_CSS = `:root,:host{${Object.entries(TOKENS)
  .map(([name, value]) => `${name}:${value}`)
  .join(';')}}`;

/** Adds the tokens to `doc` once (several remotes may call it). */
export function injectTokens(doc: Document | undefined = globalThis.document): void {
  injectStyles('salon-tokens', TOKENS_CSS, doc);
}
