import { injectStyles } from '@salon/shared';

export function injectEngageStyles(): void {
  injectStyles(
    'salon-engage-styles',
    `.salon-engage{display:flex;flex-direction:column;gap:.25rem}
.salon-engage__intro{margin:0 0 .75rem}
.salon-engage__actions{display:flex;flex-wrap:wrap;justify-content:flex-end;gap:.5rem;margin-top:.5rem}
.salon-engage__button{padding:.5rem 1.1rem;border:1px solid #1f5fa8;border-radius:999px;background:#fff;color:#1f5fa8;font:inherit;cursor:pointer;display:inline-block;text-decoration:none}
.salon-engage__button--primary{background:#1f5fa8;color:#fff}
.salon-engage__button:disabled{border-color:#a1a1aa;background:#e4e4e7;color:#71717a;cursor:not-allowed}
.salon-engage__button:focus-visible{outline:2px solid #1f5fa8;outline-offset:2px}
.salon-engage__alert{margin:0 0 .75rem;padding:.6rem .75rem;border-radius:4px;background:#fdecea;color:#b42318}
.salon-engage__done{margin:0 0 .75rem;padding:.75rem;border-radius:4px;background:#eef7ee;color:#1e6b34}
.salon-engage__done:focus,.salon-engage__alert:focus{outline:2px solid currentColor;outline-offset:2px}
.salon-score{display:grid;grid-template-columns:1fr auto;align-items:center;gap:.25rem 1rem;margin:0 0 .75rem}
.salon-score label{grid-column:1/-1;font-weight:600}
.salon-score input{width:100%;margin:0;accent-color:#1f5fa8}
.salon-score input[data-unset]{-webkit-appearance:none;appearance:none;height:.5rem;margin:.4rem 0;border-radius:999px;background:#e4e4e7;box-shadow:inset 0 0 0 1px #a1a1aa;cursor:pointer}
.salon-score input[data-unset]::-webkit-slider-thumb{opacity:0}
.salon-score input[data-unset]::-moz-range-thumb{opacity:0}
.salon-score__ends{grid-column:1;display:flex;justify-content:space-between;color:#52525b;font-size:.85rem}
.salon-score__value{grid-row:2;grid-column:2;min-width:2.5rem;padding:.25rem .5rem;border-radius:4px;text-align:center;font-weight:700;font-size:1.25rem;background:#f4f4f5;color:#52525b}
.salon-score__value[data-colour=red]{background:#b42318;color:#fff}
.salon-score__value[data-colour=orange]{background:#b54708;color:#fff}
.salon-score__value[data-colour=green]{background:#1e6b34;color:#fff}
.salon-share{display:flex;flex-wrap:wrap;gap:.5rem;margin:0;padding:0;list-style:none}
.salon-share__button{display:inline-flex;align-items:center;gap:.5rem;padding:.6rem 1rem;border:0;border-radius:6px;color:#fff;font:inherit;font-weight:600;cursor:pointer}
.salon-share__button[aria-busy=true]{opacity:.6;cursor:progress}
.salon-share__button:focus-visible{outline:2px solid #1d1d1f;outline-offset:2px}
.salon-share__button[data-platform=facebook]{background:#1877f2}
.salon-share__button[data-platform=linkedin]{background:#0a66c2}
.salon-share__button[data-platform=twitter]{background:#1d1d1f}
.salon-capture{display:flex;flex-direction:column;gap:.75rem;height:100%}
.salon-capture__workspace{flex:1;min-height:0;position:relative;background:#27272a}
.salon-capture__workspace cropper-canvas{width:100%;height:100%}
.salon-capture__toolbar{display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:.5rem}
.salon-capture__toolbar p{margin:0;color:#52525b}`,
  );
}
