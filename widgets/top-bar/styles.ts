import { injectStyles } from '@salon/shared';

export function injectTopBarStyles(): void {
  injectStyles(
    'salon-top-bar-styles',
    `.salon-top-bar{display:flex;align-items:center;gap:1rem;min-height:3.25rem;padding:0 1rem;color:#1d1d1f;font:14px/1.4 system-ui,sans-serif;box-shadow:0 1px 4px rgba(0,0,0,.12)}
.salon-top-bar__logo{font-weight:700;font-size:1.05rem;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.salon-top-bar__items{display:flex;align-items:center;gap:.25rem;margin:0 0 0 auto;padding:0;list-style:none}
.salon-top-bar__link,.salon-top-bar__button{display:inline-flex;align-items:center;gap:.25rem;padding:.4rem .7rem;border:0;border-radius:4px;background:transparent;color:inherit;font:inherit;text-decoration:none;cursor:pointer}
.salon-top-bar__link:hover,.salon-top-bar__button:hover{background:rgba(0,0,0,.07)}
.salon-top-bar__link:focus-visible,.salon-top-bar__button:focus-visible{outline:2px solid currentColor;outline-offset:1px}
.salon-top-bar__button[disabled]{opacity:.6;cursor:progress}
.salon-lang{position:relative}
.salon-lang__list{position:absolute;right:0;top:calc(100% + .25rem);z-index:10;min-width:10rem;margin:0;padding:.25rem;list-style:none;background:#fff;border-radius:6px;box-shadow:0 4px 16px rgba(0,0,0,.18)}
.salon-lang__list .salon-top-bar__button{width:100%;justify-content:flex-start}
.salon-lang__list [aria-current="true"]{font-weight:700}`,
  );
}
