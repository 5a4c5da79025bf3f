import { injectStyles } from '@salon/shared';

export function injectCompanySheetStyles(): void {
  injectStyles(
    'salon-company-sheet-styles',
    `.salon-company-sheet{display:flex;flex-direction:column;gap:.75rem;padding:.75rem}
.salon-company-sheet__description{margin:0;white-space:pre-line;overflow-wrap:anywhere}
.salon-company-sheet__card{padding:.75rem;border:1px solid #e4e4e7;border-radius:8px;background:#fafafa}
.salon-company-sheet__card h3{margin:0 0 .5rem;font-size:.95rem}
.salon-company-sheet__card ul{display:flex;flex-direction:column;gap:.4rem;margin:0;padding:0;list-style:none}
.salon-company-sheet__entry{display:grid;grid-template-columns:6.5rem 1fr auto;align-items:center;gap:.5rem}
.salon-company-sheet__label{color:#52525b}
.salon-company-sheet__entry a{min-width:0;overflow:hidden;text-overflow:ellipsis;white-space:nowrap;color:#1f5fa8}
.salon-company-sheet__status{margin:0;padding:.75rem}
.salon-company-sheet__retry,.salon-company-sheet__status button{padding:.35rem .75rem;border:1px solid #1f5fa8;border-radius:4px;background:#fff;color:#1f5fa8;font:inherit;cursor:pointer}`,
  );
}
