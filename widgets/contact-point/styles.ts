import { injectStyles } from '@salon/shared';

export function injectContactPointStyles(): void {
  injectStyles(
    'salon-contact-point-styles',
    `.salon-contact-point{display:flex;flex-direction:column;gap:var(--salon-space-m);padding:var(--salon-space-m)}
.salon-contact-point__group h3{margin:0}
.salon-contact-point__toggle{display:flex;align-items:center;gap:var(--salon-space-s);width:100%;padding:.5rem 0;border:0;background:none;color:inherit;font:inherit;font-weight:600;text-align:left;cursor:pointer}
.salon-contact-point__toggle::before{content:'▸' / '';transition:transform .15s}
.salon-contact-point__toggle[aria-expanded=true]::before{transform:rotate(90deg)}
.salon-contact-point__count{margin-left:auto;min-width:1.5rem;padding:0 .4rem;border-radius:var(--salon-radius-pill);background:#eef3fb;color:var(--salon-accent);text-align:center}
.salon-contact-point__list{display:flex;flex-direction:column;gap:var(--salon-space-s);margin:0;padding:0;list-style:none}
.salon-contact-point__empty,.salon-contact-point__status{margin:0;color:var(--salon-text-muted)}
.salon-contact-point__footer{display:flex;flex-direction:column;gap:var(--salon-space-s);padding-top:.75rem;border-top:1px solid var(--salon-border)}
.salon-contact-point__footer p{margin:0}
.salon-contact-point__request{align-self:flex-start;padding:.45rem .9rem;border:0;border-radius:var(--salon-radius-pill);background:var(--salon-accent);color:var(--salon-text-inverse);font:inherit;cursor:pointer}
.salon-contact-point__book{padding:.3rem .7rem;border:1px solid var(--salon-accent);border-radius:var(--salon-radius-pill);background:var(--salon-surface);color:var(--salon-accent);font:inherit;cursor:pointer}
.salon-contact-point__retry{padding:.35rem .75rem;border:1px solid var(--salon-accent);border-radius:var(--salon-radius-s);background:var(--salon-surface);color:var(--salon-accent);font:inherit;cursor:pointer}
@media (prefers-reduced-motion:reduce){.salon-contact-point__toggle::before{transition:none}}`,
  );
}
