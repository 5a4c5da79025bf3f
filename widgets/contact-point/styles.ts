import { injectStyles } from '@salon/shared';

export function injectContactPointStyles(): void {
  injectStyles(
    'salon-contact-point-styles',
    `.salon-contact-point{display:flex;flex-direction:column;gap:.75rem;padding:.75rem}
.salon-contact-point__group h3{margin:0}
.salon-contact-point__toggle{display:flex;align-items:center;gap:.5rem;width:100%;padding:.5rem 0;border:0;background:none;color:inherit;font:inherit;font-weight:600;text-align:left;cursor:pointer}
.salon-contact-point__toggle::before{content:'▸' / '';transition:transform .15s}
.salon-contact-point__toggle[aria-expanded=true]::before{transform:rotate(90deg)}
.salon-contact-point__count{margin-left:auto;min-width:1.5rem;padding:0 .4rem;border-radius:999px;background:#eef3fb;color:#1f5fa8;text-align:center}
.salon-contact-point__list{display:flex;flex-direction:column;gap:.5rem;margin:0;padding:0;list-style:none}
.salon-contact-point__empty,.salon-contact-point__status{margin:0;color:#52525b}
.salon-contact-point__footer{display:flex;flex-direction:column;gap:.5rem;padding-top:.75rem;border-top:1px solid #e4e4e7}
.salon-contact-point__footer p{margin:0}
.salon-contact-point__request{align-self:flex-start;padding:.45rem .9rem;border:0;border-radius:999px;background:#1f5fa8;color:#fff;font:inherit;cursor:pointer}
.salon-contact-point__retry{padding:.35rem .75rem;border:1px solid #1f5fa8;border-radius:4px;background:#fff;color:#1f5fa8;font:inherit;cursor:pointer}
@media (prefers-reduced-motion:reduce){.salon-contact-point__toggle::before{transition:none}}`,
  );
}
