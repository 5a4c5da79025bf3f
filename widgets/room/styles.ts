import { injectStyles } from '@salon/shared';

/**
 * The room leaves free what the page lays around it: the exhibitor's activity dock at the left, on a phone the toast
 * stack at the top, and the cookie banner at the bottom (its height plus the .5rem it stands above the window's edge;
 * the min() makes that 0 without a banner).
 */
export function injectRoomStyles(): void {
  injectStyles(
    'salon-room-styles',
    `.salon-room{position:relative;box-sizing:border-box;display:flex;flex-direction:column;width:100%;height:100%;padding-left:var(--salon-activity-width,0px);padding-bottom:min(calc(var(--salon-consent-height,0px) + .5rem),calc(var(--salon-consent-height,0px) * 100));min-height:20rem;font:14px/1.4 system-ui,sans-serif;color:#1d1d1f;background:#10131a}
.salon-room__stage{position:relative;flex:1;display:flex;min-height:20rem}
.salon-room__frame,.salon-room__video{flex:1;width:100%;min-height:20rem;border:0;display:block}
.salon-room__loader{position:absolute;inset:0;display:flex;flex-direction:column;align-items:center;justify-content:center;gap:.75rem;color:#fff;background:#10131a}
.salon-room__spinner{width:2rem;height:2rem;border:3px solid rgba(255,255,255,.3);border-top-color:#fff;border-radius:50%;animation:salon-room-spin 1s linear infinite}
@keyframes salon-room-spin{to{transform:rotate(360deg)}}
@media (prefers-reduced-motion:reduce){.salon-room__spinner{animation:none}}
.salon-room__banners{display:flex;flex-direction:column;align-items:center;gap:.5rem;padding:.5rem}
.salon-room__banner{width:min(40rem,100%);box-sizing:border-box}
.salon-room__banner{display:flex;align-items:center;gap:.5rem;padding:.5rem .5rem .5rem .75rem;border-radius:6px;border-left:4px solid #a15c00;background:#fff;box-shadow:0 4px 16px rgba(0,0,0,.18)}
.salon-room__banner p{flex:1;margin:0}
.salon-room__banner a,.salon-room__link{color:#1f5fa8;font:inherit;text-decoration:underline;background:none;border:0;padding:0;cursor:pointer}
.salon-room__stream{position:relative;flex:1;display:flex;min-height:20rem}
.salon-room__chat{width:min(22rem,40%);border:0;border-left:1px solid #333;background:#fff}
.salon-room__chat-toggle{position:absolute;left:.5rem;bottom:.5rem;z-index:1;padding:.4rem .7rem;border:0;border-radius:4px;background:#fff;color:#1d1d1f;font:inherit;cursor:pointer}
.salon-room__missing{margin:auto;padding:1rem;color:#fff}
@media (max-width:750px){.salon-room{padding-top:var(--salon-toasts-height,0px)}.salon-room__stream{flex-direction:column}.salon-room__chat{width:100%;height:45%;border-left:0}}`,
  );
}
