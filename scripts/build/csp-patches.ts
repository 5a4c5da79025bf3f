/**
 * Third-party code patched at build time (`patch-loader.cjs`) so the widgets run under the pages'
 * Content-Security-Policy without `style-src 'unsafe-inline'` (see host-shell/server/README.md, "Content-Security-Policy").
 */

/** Modules the patches apply to. */
export const EMOJI_PICKER_MODULE = /[\\/]node_modules[\\/]emoji-picker-element[\\/]picker\.js$/;

/**
 * emoji-picker-element renders with its own small template framework, which writes dynamic `style` attributes with
 * `setAttribute` (the category bar's columns, its indicator's position, the grid's rows, CSS variables): a CSP
 * without `style-src-attr 'unsafe-inline'` refuses each one. Through CSSOM (`style.cssText`) the same declarations
 * apply, and CSP does not govern CSSOM.
 */
export const EMOJI_PICKER_PATCHES = [
  {
    search: 'targetNode.setAttribute(attributeName, newValue);',
    replace:
      "if (attributeName === 'style') targetNode.style.cssText = newValue; /* CSSOM: allowed by the salon's CSP */\n        else targetNode.setAttribute(attributeName, newValue);",
  },
] as const;
