import { injectStyles } from '@salon/shared';

/**
 * The editor beside its preview on wide screens; one column (the preview first) on narrow ones. The back-office
 * pages' own button styles (`views/layout.ts`) are undone inside, so the card looks as it does in the salon.
 */
export function injectProfileStyles(): void {
  injectStyles(
    'salon-exhibitor-profile-styles',
    `.salon-profile{display:grid;grid-template-columns:minmax(0,1fr) 22rem;gap:1.5rem;align-items:start;color:#1d2433;font:15px/1.5 system-ui,sans-serif}
.salon-profile__notice{margin:.75rem 0 0;padding:.75rem 1rem;border-radius:var(--salon-radius-back-office);background:var(--salon-danger-surface);color:var(--salon-danger-text)}
.salon-profile__form,.salon-profile__preview{background:var(--salon-surface);border:1px solid #e2e5ee;border-radius:.5rem;padding:1.25rem;min-width:0}
.salon-profile__preview{position:sticky;top:1rem}
.salon-profile h2{margin:0 0 .75rem;font-size:1.2rem}
.salon-profile__group{margin:0 0 1.25rem;padding:0;border:0;min-width:0}
.salon-profile__group legend{padding:0;margin-bottom:.5rem;font-weight:700;font-size:1.05rem}
.salon-profile__pair{display:grid;grid-template-columns:repeat(auto-fit,minmax(14rem,1fr));gap:0 1rem}
.salon-profile__field{margin-top:.6rem}
.salon-profile__label-row{display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:.25rem .75rem}
.salon-profile__label-row label{font-weight:600}
.salon-profile input:not([type=checkbox]),.salon-profile textarea{display:block;width:100%;box-sizing:border-box;margin-top:.2rem;padding:.45rem;border:1px solid #b8bfd0;border-radius:var(--salon-radius-back-office);font:inherit;background:var(--salon-surface);color:inherit}
.salon-profile textarea{resize:vertical}
.salon-profile [aria-invalid=true]{border-color:#b00020}
.salon-profile [hidden]{display:none!important}
.salon-profile button{margin:0}
.salon-profile label{margin-top:0}
.salon-profile__card [role=menuitem]{color:var(--salon-text)}
.salon-profile__muted{color:var(--salon-text-muted)}
.salon-profile__label-row .salon-profile__publish,.salon-profile__publish{display:inline-flex;align-items:center;gap:.35rem;font-weight:400;font-size:var(--salon-font-m);color:#3f4657;cursor:pointer}
.salon-profile__publish input{width:1rem;height:1rem;margin:0}
.salon-profile__names{display:grid;grid-template-columns:minmax(0,1fr) auto;gap:.4rem 1rem;align-items:center}
.salon-profile__hint{margin:.4rem 0 0;color:var(--salon-text-muted);font-size:var(--salon-font-m)}
.salon-profile__count{margin:.2rem 0 0;color:var(--salon-text-muted);font-size:var(--salon-font-s)}
.salon-profile__count--over,.salon-profile__error{color:#b00020}
.salon-profile__error{margin:.3rem 0 0;font-size:var(--salon-font-m)}
.salon-profile__row{display:flex;flex-wrap:wrap;gap:var(--salon-space-s);margin-top:.5rem}
.salon-profile__button{display:inline-block;padding:.5rem 1rem;border:1px solid var(--salon-accent-back-office);border-radius:var(--salon-radius-back-office);background:var(--salon-surface);color:var(--salon-accent-back-office);font:inherit;cursor:pointer}
.salon-profile__button--primary{background:var(--salon-accent-back-office);color:var(--salon-text-inverse)}
.salon-profile__button--quiet{border-color:#b8bfd0;color:#3f4657}
.salon-profile__button:disabled{opacity:.55;cursor:default}
.salon-profile__button:focus-visible,.salon-profile a:focus-visible,.salon-profile input:focus-visible,.salon-profile textarea:focus-visible{outline:2px solid var(--salon-accent-back-office);outline-offset:2px}
.salon-profile__actions{display:flex;flex-wrap:wrap;align-items:center;gap:.5rem 1rem;padding-top:.75rem;border-top:1px solid #e2e5ee}
.salon-profile__actions .salon-profile__error{flex-basis:100%}
.salon-profile__saved{color:#0f5b2a;font-weight:600}
.salon-profile__workspace{height:22rem;max-height:60vh;margin-top:.5rem;background:#f0f2f7}
.salon-profile__workspace cropper-canvas{width:100%;height:100%}
.salon-profile__card{margin-top:.75rem}
.salon-profile__status{padding:var(--salon-space-l)}
@media (max-width:56rem){.salon-profile{grid-template-columns:minmax(0,1fr)}.salon-profile__preview{position:static;grid-row:2}.salon-profile__form{grid-row:3}}`,
  );
}
