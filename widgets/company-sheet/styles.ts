import { injectStyles } from '@salon/shared';

export function injectCompanySheetStyles(): void {
  injectStyles(
    'salon-company-sheet-styles',
    `.salon-company-sheet{display:flex;flex-direction:column;gap:var(--salon-space-m);padding:var(--salon-space-m)}
.salon-company-sheet__description{margin:0;white-space:pre-line;overflow-wrap:anywhere}
.salon-company-sheet__card{padding:var(--salon-space-m);border:1px solid var(--salon-border);border-radius:var(--salon-radius-l);background:#fafafa}
.salon-company-sheet__card h3{margin:0 0 .5rem;font-size:var(--salon-font-l)}
.salon-company-sheet__card ul{display:flex;flex-direction:column;gap:.4rem;margin:0;padding:0;list-style:none}
.salon-company-sheet__entry{display:grid;grid-template-columns:6.5rem 1fr auto;align-items:center;gap:var(--salon-space-s)}
.salon-company-sheet__label{color:var(--salon-text-muted)}
.salon-company-sheet__entry a{min-width:0;overflow:hidden;text-overflow:ellipsis;white-space:nowrap;color:var(--salon-accent)}
.salon-company-sheet__status{margin:0;padding:var(--salon-space-m)}
.salon-company-sheet__retry,.salon-company-sheet__status button{padding:.35rem .75rem;border:1px solid var(--salon-accent);border-radius:var(--salon-radius-s);background:var(--salon-surface);color:var(--salon-accent);font:inherit;cursor:pointer}`,
  );
}
