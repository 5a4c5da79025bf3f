import { injectStyles } from '@salon/shared';

export function injectEngageStyles(): void {
  injectStyles(
    'salon-engage-styles',
    `.salon-engage{display:flex;flex-direction:column;gap:var(--salon-space-xs)}
.salon-engage__intro{margin:0 0 .75rem}
.salon-engage__actions{display:flex;flex-wrap:wrap;justify-content:flex-end;gap:var(--salon-space-s);margin-top:.5rem}
.salon-engage__button{padding:.5rem 1.1rem;border:1px solid var(--salon-accent);border-radius:var(--salon-radius-pill);background:var(--salon-surface);color:var(--salon-accent);font:inherit;cursor:pointer;display:inline-block;text-decoration:none}
.salon-engage__button--primary{background:var(--salon-accent);color:var(--salon-text-inverse)}
.salon-engage__button:disabled{border-color:#a1a1aa;background:#e4e4e7;color:#71717a;cursor:not-allowed}
.salon-engage__button:focus-visible{outline:2px solid var(--salon-accent);outline-offset:2px}
.salon-engage__alert{margin:0 0 .75rem;padding:.6rem .75rem;border-radius:var(--salon-radius-s);background:var(--salon-danger-surface);color:var(--salon-danger)}
.salon-engage__done{margin:0 0 .75rem;padding:var(--salon-space-m);border-radius:var(--salon-radius-s);background:#eef7ee;color:#1e6b34}
.salon-engage__done:focus,.salon-engage__alert:focus{outline:2px solid currentColor;outline-offset:2px}
.salon-score{display:grid;grid-template-columns:1fr auto;align-items:center;gap:.25rem 1rem;margin:0 0 .75rem}
.salon-score label{grid-column:1/-1;font-weight:600}
.salon-score input{width:100%;margin:0;accent-color:var(--salon-accent)}
.salon-score input[data-unset]{-webkit-appearance:none;appearance:none;height:.5rem;margin:.4rem 0;border-radius:var(--salon-radius-pill);background:#e4e4e7;box-shadow:inset 0 0 0 1px #a1a1aa;cursor:pointer}
.salon-score input[data-unset]::-webkit-slider-thumb{opacity:0}
.salon-score input[data-unset]::-moz-range-thumb{opacity:0}
.salon-score__ends{grid-column:1;display:flex;justify-content:space-between;color:var(--salon-text-muted);font-size:var(--salon-font-s)}
.salon-score__value{grid-row:2;grid-column:2;min-width:2.5rem;padding:.25rem .5rem;border-radius:var(--salon-radius-s);text-align:center;font-weight:700;font-size:var(--salon-font-xl);background:#f4f4f5;color:var(--salon-text-muted)}
.salon-score__value[data-colour=red]{background:#b42318;color:var(--salon-text-inverse)}
.salon-score__value[data-colour=orange]{background:#b54708;color:var(--salon-text-inverse)}
.salon-score__value[data-colour=green]{background:#1e6b34;color:var(--salon-text-inverse)}
.salon-share{display:flex;flex-wrap:wrap;gap:var(--salon-space-s);margin:0;padding:0;list-style:none}
.salon-share__button{display:inline-flex;align-items:center;gap:var(--salon-space-s);padding:.6rem 1rem;border:0;border-radius:var(--salon-radius-m);color:var(--salon-text-inverse);font:inherit;font-weight:600;cursor:pointer}
.salon-share__button[aria-busy=true]{opacity:.6;cursor:progress}
.salon-share__button:focus-visible{outline:2px solid var(--salon-text);outline-offset:2px}
.salon-share__button[data-platform=facebook]{background:#0866ff}
.salon-share__button[data-platform=linkedin]{background:#0a66c2}
.salon-share__button[data-platform=twitter]{background:var(--salon-text)}
.salon-capture{display:flex;flex-direction:column;gap:var(--salon-space-m);height:100%}
.salon-capture__workspace{flex:1;min-height:0;position:relative;background:#27272a}
.salon-capture__workspace cropper-canvas{width:100%;height:100%}
.salon-capture__toolbar{display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:var(--salon-space-s)}
.salon-capture__toolbar p{margin:0;color:var(--salon-text-muted)}`,
  );
}
