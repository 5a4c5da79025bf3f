import { injectStyles } from '@salon/shared';

export function injectTopBarStyles(): void {
  injectStyles(
    'salon-top-bar-styles',
    `.salon-top-bar{display:flex;align-items:center;gap:var(--salon-space-l);min-height:3.25rem;padding:0 1rem;color:var(--salon-text);font:14px/1.4 system-ui,sans-serif;box-shadow:0 1px 4px rgba(0,0,0,.12)}
.salon-top-bar__logo{flex:0 1 auto;min-width:5rem;font-weight:700;font-size:1.05rem;white-space:nowrap;overflow:hidden;text-overflow:ellipsis;color:inherit;text-decoration:none}
.salon-top-bar__measure{position:absolute;top:0;left:0;width:0;height:0;overflow:hidden;visibility:hidden;pointer-events:none}
.salon-top-bar__measure>*{position:absolute;top:0;left:0;width:max-content;min-width:0;margin:0;overflow:visible}
.salon-top-bar__items{flex:none;display:flex;align-items:center;gap:.125rem;margin:0 0 0 auto;padding:0;list-style:none}
.salon-top-bar__link,.salon-top-bar__button{position:relative;display:inline-flex;align-items:center;gap:.35rem;padding:.4rem .6rem;border:0;border-radius:var(--salon-radius-s);background:transparent;color:inherit;font:inherit;text-decoration:none;white-space:nowrap;cursor:pointer}
.salon-top-bar__link:hover,.salon-top-bar__button:hover,.salon-menu__item:hover{background:rgba(0,0,0,.07)}
.salon-top-bar__link:focus-visible,.salon-top-bar__button:focus-visible,.salon-menu__item:focus-visible{outline:2px solid currentColor;outline-offset:1px}
.salon-top-bar__button[disabled]{opacity:.6;cursor:progress}
.salon-top-bar__button[aria-pressed="true"],.salon-top-bar__button[aria-expanded="true"],.salon-top-bar__button[aria-current]{background:rgba(0,0,0,.1)}
.salon-top-bar__icon{flex:none}
.salon-top-bar__badge{min-width:1.1rem;height:1.1rem;padding:0 .25rem;border-radius:.55rem;background:#b3261e;color:var(--salon-text-inverse);font-size:.7rem;font-weight:700;line-height:1.1rem;text-align:center}
.salon-top-bar--compact{gap:var(--salon-space-s);padding:0 .5rem}
.salon-top-bar--compact .salon-top-bar__label{position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;border:0}
.salon-top-bar--compact .salon-top-bar__items>li>.salon-top-bar__button,.salon-top-bar--compact .salon-top-bar__items>li>*>.salon-top-bar__button{padding:.45rem}
.salon-top-bar--compact .salon-top-bar__badge{position:absolute;top:-2px;right:-6px}
@media (max-width:1280px){.salon-top-bar__label{position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;border:0}
.salon-top-bar__items>li>.salon-top-bar__button,.salon-top-bar__items>li>.salon-top-bar__link,.salon-top-bar__items>li>*>.salon-top-bar__button{padding:.45rem}
.salon-top-bar__badge{position:absolute;top:-2px;right:-6px}}
.salon-lang,.salon-menu{position:relative}
.salon-lang__list,.salon-menu__list{position:absolute;right:0;top:calc(100% + .25rem);z-index:10;min-width:12rem;width:max-content;margin:0;padding:var(--salon-space-xs);list-style:none;background:var(--salon-surface);border-radius:var(--salon-radius-m);box-shadow:var(--salon-shadow-popup)}
.salon-lang__list .salon-top-bar__button{width:100%;justify-content:flex-start}
.salon-lang__list [aria-current="true"]{font-weight:700}
.salon-menu__item{display:flex;align-items:center;gap:var(--salon-space-s);width:100%;white-space:nowrap;padding:.5rem .6rem;border:0;border-radius:var(--salon-radius-s);background:transparent;color:inherit;font:inherit;text-align:left;text-decoration:none;cursor:pointer;box-sizing:border-box}
.salon-menu__item[aria-checked="true"]{font-weight:700}`,
  );
}
