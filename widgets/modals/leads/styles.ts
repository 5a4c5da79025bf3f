import { injectStyles } from '@salon/shared';

export function injectLeadStyles(): void {
  injectStyles(
    'salon-leads-styles',
    `.salon-lead{display:flex;flex-direction:column;gap:.25rem}
.salon-lead__intro,.salon-lead__note{margin:0 0 .75rem}
.salon-lead__note{color:#52525b;font-size:.85rem}
.salon-lead__grid{display:grid;grid-template-columns:repeat(auto-fit,minmax(13rem,1fr));column-gap:1rem}
.salon-lead__actions{display:flex;flex-wrap:wrap;justify-content:flex-end;gap:.5rem;margin-top:.5rem}
.salon-lead__button{padding:.5rem 1.1rem;border:1px solid #1f5fa8;border-radius:999px;background:#fff;color:#1f5fa8;font:inherit;cursor:pointer}
.salon-lead__button--primary{background:#1f5fa8;color:#fff}
.salon-lead__button:disabled{border-color:#a1a1aa;background:#e4e4e7;color:#71717a;cursor:not-allowed}
.salon-lead__button:focus-visible{outline:2px solid #1f5fa8;outline-offset:2px}
.salon-lead__alert{margin:0 0 .75rem;padding:.6rem .75rem;border-radius:4px;background:#fdecea;color:#b42318}
.salon-lead__done{margin:0 0 .75rem;padding:.75rem;border-radius:4px;background:#eef7ee;color:#1e6b34}
.salon-field__hint a{color:#1f5fa8}`,
  );
}
