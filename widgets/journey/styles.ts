import { injectStyles } from '@salon/shared';

export function injectJourneyStyles(): void {
  injectStyles(
    'salon-journey-styles',
    `.salon-journey{display:flex;flex-direction:column;gap:var(--salon-space-l);padding:var(--salon-space-m)}
.salon-journey__section{display:flex;flex-direction:column;gap:.4rem}
.salon-journey__section h3{margin:0;font-size:var(--salon-font-l)}
.salon-journey__list{display:flex;flex-direction:column;gap:var(--salon-space-xs);margin:0;padding:0;list-style:none}
.salon-journey__stand{display:flex;align-items:center;gap:var(--salon-space-xs);padding:.25rem .25rem .25rem .6rem;border-radius:var(--salon-radius-m);background:#f4f6fa}
.salon-journey__stand--visiting{background:#eef3fb;box-shadow:inset 3px 0 0 var(--salon-accent)}
.salon-journey__stand--visited .salon-journey__name{color:var(--salon-text-muted)}
.salon-journey__name{flex:1;min-width:0;overflow-wrap:anywhere}
.salon-journey__message{margin:0;color:#3f3f46}
.salon-journey__done{margin:0;padding:.6rem .75rem;border-radius:var(--salon-radius-m);background:#ecfdf3;color:#166534;font-weight:600}
.salon-journey__link{align-self:flex-start;padding:0;border:0;background:none;color:var(--salon-accent);font:inherit;text-decoration:underline;cursor:pointer}
.salon-journey__footer{padding-top:.75rem;border-top:1px solid var(--salon-border)}
.salon-journey__reset{padding:.4rem .85rem;border:1px solid #b91c1c;border-radius:var(--salon-radius-pill);background:var(--salon-surface);color:#b91c1c;font:inherit;cursor:pointer}
.salon-journey__reset:hover{background:#fef2f2}`,
  );
}
