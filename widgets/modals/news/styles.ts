import { injectStyles } from '@salon/shared';

export function injectNewsStyles(): void {
  injectStyles(
    'salon-news-styles',
    `.salon-news__list{list-style:none;margin:0;padding:0;display:flex;flex-direction:column;gap:var(--salon-space-m)}
.salon-news__item{padding:var(--salon-space-m);border:1px solid var(--salon-border);border-left:4px solid #5b3cc4;border-radius:var(--salon-radius-m);background:#fafafa}
.salon-news__title{margin:0 0 .25rem;font-size:1rem}
.salon-news__at{margin:0 0 .25rem;color:#3f3f46;font-size:var(--salon-font-m);font-weight:600;overflow-wrap:anywhere}
.salon-news__message{margin:0 0 .35rem;white-space:pre-line;overflow-wrap:anywhere}
.salon-news__when{color:var(--salon-text-muted);font-size:var(--salon-font-s)}
.salon-news__state{margin:.75rem 0 0;color:#3f3f46}
.salon-news__error{margin:.75rem 0 0;padding:.6rem .75rem;border-radius:var(--salon-radius-s);background:var(--salon-danger-surface);color:var(--salon-danger)}
.salon-news__actions{display:flex;flex-wrap:wrap;justify-content:center;gap:var(--salon-space-s);margin-top:.75rem}
.salon-news__button{padding:.45rem 1rem;border:1px solid #5b3cc4;border-radius:var(--salon-radius-pill);background:var(--salon-surface);color:#5b3cc4;font:inherit;cursor:pointer}
.salon-news__button:focus-visible{outline:2px solid #5b3cc4;outline-offset:2px}
.salon-news__sentinel{height:1px}`,
  );
}
