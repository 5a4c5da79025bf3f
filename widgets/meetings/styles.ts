import { injectStyles } from '@salon/shared';

export function injectMeetingsStyles(): void {
  injectStyles(
    'salon-meetings-styles',
    `.salon-meetings{display:flex;flex-direction:column;gap:1rem;margin:1.5rem 0;font:14px/1.4 system-ui,sans-serif}
.salon-meetings h2,.salon-meetings h3{margin:0}
.salon-meetings__figures{margin:0;font-weight:600}
.salon-meetings__form{display:flex;flex-wrap:wrap;gap:.5rem;align-items:flex-end}
.salon-meetings__form label{display:flex;flex-direction:column;gap:.2rem}
.salon-meetings__form input,.salon-meetings__form select{font:inherit;padding:.35rem;border:1px solid #d4d4d8;border-radius:6px}
.salon-meetings__list{display:flex;flex-direction:column;gap:.4rem;margin:0;padding:0;list-style:none}
.salon-meetings__item{display:flex;flex-wrap:wrap;gap:.5rem;align-items:center;padding:.5rem .75rem;border-radius:8px;background:#f4f6fa;overflow-wrap:anywhere}
.salon-meetings__item > span:first-child{flex:1 1 12rem}
.salon-meetings__status{padding:.05rem .5rem;border-radius:999px;background:#e4e4e7;font-size:12px}
.salon-meetings__button{padding:.3rem .75rem;border:1px solid #1d4ed8;border-radius:999px;background:#fff;color:#1d4ed8;font:inherit;cursor:pointer}
.salon-meetings__button--primary{background:#1d4ed8;color:#fff}
.salon-meetings__empty{margin:0;color:#52525b}
@media (max-width:600px){.salon-meetings__form{flex-direction:column;align-items:stretch}}`,
  );
}
