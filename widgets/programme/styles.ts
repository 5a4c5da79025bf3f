import { injectStyles } from '@salon/shared';

export function injectProgrammeStyles(): void {
  injectStyles(
    'salon-programme-styles',
    `.salon-programme{display:flex;flex-direction:column;gap:var(--salon-space-m);padding:var(--salon-space-m)}
.salon-programme__tabs{display:flex;gap:var(--salon-space-xs);flex-wrap:wrap}
.salon-programme__tab{padding:.35rem .8rem;border:1px solid var(--salon-border);border-radius:var(--salon-radius-pill);background:var(--salon-surface);color:inherit;font:inherit;cursor:pointer}
.salon-programme__tab[aria-pressed=true]{background:var(--salon-accent);border-color:var(--salon-accent);color:#fff}
.salon-programme__zone{margin:0;color:var(--salon-text-muted);font-size:var(--salon-font-s,12px)}
.salon-programme__day{margin:0;font-size:var(--salon-font-l)}
.salon-programme__list{display:flex;flex-direction:column;gap:var(--salon-space-s,.5rem);margin:0;padding:0;list-style:none}
.salon-programme__item{display:flex;flex-direction:column;gap:.25rem;padding:.6rem .75rem;border-radius:var(--salon-radius-m);background:#f4f6fa;overflow-wrap:anywhere}
.salon-programme__item--live{box-shadow:inset 3px 0 0 #dc2626;background:#fef2f2}
.salon-programme__item--cancelled{opacity:.75}
.salon-programme__when{font-weight:600}
.salon-programme__salon-time{color:var(--salon-text-muted);font-weight:400}
.salon-programme__title{margin:0;font-size:var(--salon-font-m,15px)}
.salon-programme__meta{margin:0;color:#3f3f46}
.salon-programme__badge{align-self:flex-start;padding:.05rem .5rem;border-radius:var(--salon-radius-pill);background:#dc2626;color:#fff;font-size:12px;font-weight:600}
.salon-programme__status{align-self:flex-start;padding:.05rem .5rem;border-radius:var(--salon-radius-pill);background:#e4e4e7;font-size:12px}
.salon-programme__actions{display:flex;gap:var(--salon-space-xs);flex-wrap:wrap}
.salon-programme__button{padding:.35rem .8rem;border:1px solid var(--salon-accent);border-radius:var(--salon-radius-pill);background:var(--salon-surface);color:var(--salon-accent);font:inherit;cursor:pointer}
.salon-programme__button--primary{background:var(--salon-accent);color:#fff}
.salon-programme__button:disabled{opacity:.5;cursor:default}
.salon-programme__form{display:flex;flex-direction:column;gap:.4rem}
.salon-programme__form textarea,.salon-programme__form input[type=text]{font:inherit;padding:.4rem;border:1px solid var(--salon-border);border-radius:var(--salon-radius-m);width:100%;box-sizing:border-box}
.salon-programme__consent{display:flex;gap:.4rem;align-items:flex-start;font-size:12px}
.salon-programme__error{margin:0;padding:.5rem .75rem;border-radius:var(--salon-radius-m);background:#fef2f2;color:#b91c1c;font-weight:600}
.salon-programme__done{margin:0;padding:.5rem .75rem;border-radius:var(--salon-radius-m);background:#ecfdf3;color:#166534;font-weight:600}
.salon-programme__empty{margin:0;color:#3f3f46}
.salon-programme__link{color:var(--salon-accent)}`,
  );
}
