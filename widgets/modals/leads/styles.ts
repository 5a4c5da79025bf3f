import { injectStyles } from '@salon/shared';

export function injectLeadStyles(): void {
  injectStyles(
    'salon-leads-styles',
    `.salon-lead{display:flex;flex-direction:column;gap:var(--salon-space-xs)}
.salon-lead__intro,.salon-lead__note{margin:0 0 .75rem}
.salon-lead__note{color:var(--salon-text-muted);font-size:var(--salon-font-s)}
.salon-lead__grid{display:grid;grid-template-columns:repeat(auto-fit,minmax(13rem,1fr));column-gap:1rem}
.salon-lead__actions{display:flex;flex-wrap:wrap;justify-content:flex-end;gap:var(--salon-space-s);margin-top:.5rem}
.salon-lead__button{padding:.5rem 1.1rem;border:1px solid var(--salon-accent);border-radius:var(--salon-radius-pill);background:var(--salon-surface);color:var(--salon-accent);font:inherit;cursor:pointer}
.salon-lead__button--primary{background:var(--salon-accent);color:var(--salon-text-inverse)}
.salon-lead__button:disabled{border-color:#a1a1aa;background:#e4e4e7;color:#71717a;cursor:not-allowed}
.salon-lead__button:focus-visible{outline:2px solid var(--salon-accent);outline-offset:2px}
.salon-lead__alert{margin:0 0 .75rem;padding:.6rem .75rem;border-radius:var(--salon-radius-s);background:var(--salon-danger-surface);color:var(--salon-danger)}
.salon-lead__done{margin:0 0 .75rem;padding:var(--salon-space-m);border-radius:var(--salon-radius-s);background:#eef7ee;color:#1e6b34}
.salon-field__hint a{color:var(--salon-accent)}`,
  );
}
