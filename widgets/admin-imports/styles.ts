import { injectStyles } from '@salon/shared';

export function injectAdminImportsStyles(): void {
  injectStyles(
    'salon-admin-imports-styles',
    `.salon-imports{display:grid;gap:1.5rem;font:inherit;color:#1d2433}
.salon-imports__panel{background:var(--salon-surface);border:1px solid #e2e5ee;border-radius:.5rem;padding:1.25rem;min-width:0}
.salon-imports__panel h2{margin:0 0 .5rem;font-size:var(--salon-font-xl)}.salon-imports__panel h3{margin:1rem 0 .5rem;font-size:1.05rem}
.salon-imports__hint{margin:.25rem 0 .75rem;color:#4a5365;font-size:var(--salon-font-l)}
.salon-imports__hint code{background:#f0f2f7;border-radius:.2rem;padding:0 .2rem}
.salon-imports__file{display:flex;flex-direction:column;gap:.35rem;font-weight:600}
.salon-imports__file input{font:inherit;font-weight:400;max-width:100%}
.salon-imports__counts{display:flex;flex-wrap:wrap;gap:.5rem 1.5rem;margin:.5rem 0;padding:0;list-style:none}
.salon-imports__counts li{display:flex;flex-direction:column;min-width:6rem}
.salon-imports__counts strong{font-size:1.4rem;line-height:1.2}
.salon-imports__skip{margin:.5rem 0;padding:.6rem .8rem;border-radius:var(--salon-radius-back-office);background:#fff6e0;color:#5c4300;overflow-wrap:anywhere}
.salon-imports__table{width:100%;border-collapse:collapse;margin:.5rem 0;font-size:var(--salon-font-l)}
.salon-imports__table caption{text-align:left;font-weight:600;padding:.25rem 0}
.salon-imports__table th,.salon-imports__table td{text-align:left;padding:.35rem .5rem;border-bottom:1px solid #e2e5ee;vertical-align:top;overflow-wrap:anywhere}
.salon-imports__table th:first-child,.salon-imports__table td:first-child{width:4.5rem;white-space:nowrap}
.salon-imports__scroll{max-height:18rem;overflow:auto}
.salon-imports__actions{display:flex;flex-wrap:wrap;gap:var(--salon-space-m);margin-top:1rem}
.salon-imports__button{font:inherit;padding:.5rem 1rem;border:0;border-radius:var(--salon-radius-back-office);background:var(--salon-accent-back-office);color:var(--salon-text-inverse);cursor:pointer}
.salon-imports__button:disabled{opacity:.6;cursor:default}
.salon-imports__button--secondary{background:var(--salon-surface);color:var(--salon-accent-back-office);border:1px solid var(--salon-accent-back-office)}
.salon-imports__error{margin:.75rem 0;padding:.75rem 1rem;border-radius:var(--salon-radius-back-office);background:var(--salon-danger-surface);color:var(--salon-danger-text);overflow-wrap:anywhere}
.salon-imports__status{margin:.75rem 0;color:#4a5365}
.salon-imports__progress{display:block;width:100%;height:1.1rem;margin:.5rem 0;accent-color:var(--salon-accent-back-office)}
.salon-imports__links{margin:1rem 0 0;padding:.75rem 1rem;border:1px solid #e2e5ee;border-radius:var(--salon-radius-back-office);background:#f7f9fc}
.salon-imports__links h4{margin:0 0 .25rem;font-size:1rem}
.salon-imports__links form{margin:0}
.salon-imports__done{margin:.75rem 0;padding:.75rem 1rem;border-radius:var(--salon-radius-back-office);background:#e7f6ec;color:#0f5b2a}`,
  );
}
