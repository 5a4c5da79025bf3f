import { injectStyles } from '@salon/shared';

const ACCENT = { success: '#1b7f3b', error: '#b3261e', info: '#1f5fa8', warning: '#a15c00', news: '#5b3cc4' } as const;

export function injectToasterStyles(): void {
  injectStyles(
    'salon-toaster-styles',
    `.salon-toaster{position:fixed;right:.5rem;top:calc(var(--salon-top-bar-height,3.25rem) + .25rem);z-index:1000;box-sizing:border-box;display:flex;flex-direction:column;gap:var(--salon-space-s);width:min(25rem,calc(100vw - 1rem));max-height:calc(50vh - var(--salon-top-bar-height,3.25rem));padding:0 .5rem;overflow-y:auto;font:14px/1.4 system-ui,sans-serif;pointer-events:none}
.salon-toaster:empty{display:none}
:root:has([data-salon-popover]) .salon-toaster{z-index:1}
.salon-toaster--beside-sidebar{right:calc(min(24rem,100vw) + .5rem)}
.salon-toaster--over-modal{right:.5rem}
@media (max-width:750px){.salon-toaster,.salon-toaster--beside-sidebar,.salon-toaster--over-modal{right:0;left:0;width:100vw;max-height:25vh;padding:0 .25rem;gap:var(--salon-space-xs)}.salon-toast{padding:.4rem .25rem .4rem .5rem}.salon-toast__message{max-height:4.5rem}.salon-toast--news .salon-toast__body{flex-basis:calc(100% - 2rem)}}
.salon-toast{display:flex;align-items:center;gap:var(--salon-space-s);padding:.75rem .5rem .75rem .75rem;border-radius:var(--salon-radius-m);border-left:4px solid;background:var(--salon-surface);color:var(--salon-text);box-shadow:var(--salon-shadow-popup);pointer-events:auto}
.salon-toast__body{flex:1;min-width:0;display:flex;gap:var(--salon-space-s)}
.salon-toast__message{margin:0;overflow-wrap:anywhere;white-space:pre-line;max-height:12rem;overflow-y:auto}
.salon-toast--news{flex-wrap:wrap}.salon-toast__title{display:block}
.salon-toast__actions{display:flex;align-items:center;gap:var(--salon-space-xs);margin-left:auto}
.salon-toast__action{padding:.3rem .6rem;border:1px solid currentColor;border-radius:var(--salon-radius-s);background:transparent;color:#5b3cc4;font:inherit;cursor:pointer}
.salon-toast__action:focus-visible{outline:2px solid #5b3cc4;outline-offset:2px}
${Object.entries(ACCENT)
  .map(([kind, color]) => `.salon-toast--${kind}{border-left-color:${color}}.salon-toast--${kind} .salon-toast__icon{color:${color}}`)
  .join('\n')}
.salon-cookies{position:fixed;left:.5rem;bottom:.5rem;z-index:30;box-sizing:border-box;display:flex;flex-wrap:wrap;align-items:center;gap:.75rem 1rem;width:min(40rem,calc(100vw - 1rem));padding:.75rem 1rem;border-radius:var(--salon-radius-m);background:var(--salon-text);color:var(--salon-text-inverse);font:14px/1.4 system-ui,sans-serif;box-shadow:0 4px 16px rgba(0,0,0,.3)}
.salon-cookies__text{flex:1 1 16rem;margin:0}
.salon-cookies__text a{color:inherit}
.salon-cookies__actions{display:flex;gap:var(--salon-space-s);margin-left:auto}
.salon-cookies__button{padding:.45rem .9rem;border:1px solid #fff;border-radius:var(--salon-radius-s);background:transparent;color:inherit;font:inherit;cursor:pointer}
.salon-cookies__button--primary{background:var(--salon-surface);color:var(--salon-text)}
.salon-cookies__button:focus-visible,.salon-cookies__text a:focus-visible{outline:2px solid #fff;outline-offset:2px}`,
  );
}
