import { injectStyles } from '@salon/shared';

/**
 * The room leaves free what the page lays around it: on a phone the toast stack at the top, and the cookie banner at
 * the bottom (its height plus the .5rem it stands above the window's edge; the min() makes that 0 without a banner).
 * What floats over its bottom-left corner (the exhibitor's activity widget) the frame keeps clear of itself
 * (`setCoveredCorner`); a live stream, whose player cannot, starts right of it (`--salon-room-corner-width`, set on
 * the stream by Room.tsx), its chat toggle too. On a desktop the exhibitor's banners keep left of the toast stack
 * (26rem from the right edge while a toast shows) and of an open sidebar.
 */
export function injectRoomStyles(): void {
  injectStyles(
    'salon-room-styles',
    `.salon-room{position:relative;box-sizing:border-box;display:flex;flex-direction:column;width:100%;height:100%;padding-bottom:min(calc(var(--salon-consent-height,0px) + .5rem),calc(var(--salon-consent-height,0px) * 100));min-height:20rem;font:14px/1.4 system-ui,sans-serif;color:var(--salon-text);background:#10131a}
.salon-room__stage{position:relative;flex:1;display:flex;min-height:20rem}
.salon-room__frame,.salon-room__video{flex:1;width:100%;min-height:20rem;border:0;display:block}
.salon-room__loader{position:absolute;inset:0;display:flex;flex-direction:column;align-items:center;justify-content:center;gap:var(--salon-space-m);color:var(--salon-text-inverse);background:#10131a}
.salon-room__spinner{width:2rem;height:2rem;border:3px solid rgba(255,255,255,.3);border-top-color:#fff;border-radius:50%;animation:salon-room-spin 1s linear infinite}
@keyframes salon-room-spin{to{transform:rotate(360deg)}}
@media (prefers-reduced-motion:reduce){.salon-room__spinner{animation:none}}
.salon-room__banners{display:flex;flex-direction:column;align-items:center;gap:var(--salon-space-s);padding:var(--salon-space-s)}
@media (min-width:751px){.salon-room__banners{padding-right:calc(var(--salon-space-s) + min(26rem,calc(var(--salon-toasts-height,0px) * 100)))}.salon-room__banners--beside-sidebar{padding-right:calc(var(--salon-space-s) + min(24rem,100vw) + min(26rem,calc(var(--salon-toasts-height,0px) * 100)))}}
.salon-room__banner{width:min(40rem,100%);box-sizing:border-box}
.salon-room__banner{display:flex;align-items:center;gap:var(--salon-space-s);padding:.5rem .5rem .5rem .75rem;border-radius:var(--salon-radius-m);border-left:4px solid #a15c00;background:var(--salon-surface);box-shadow:var(--salon-shadow-popup)}
.salon-room__banner p{flex:1;margin:0}
.salon-room__banner a,.salon-room__link{color:var(--salon-accent);font:inherit;text-decoration:underline;background:none;border:0;padding:0;cursor:pointer}
.salon-room__stream{position:relative;box-sizing:border-box;flex:1;display:flex;min-height:20rem;padding-left:var(--salon-room-corner-width,0px)}
.salon-room__chat{width:min(22rem,40%);border:0;border-left:1px solid #333;background:var(--salon-surface)}
.salon-room__chat-toggle{position:absolute;left:calc(.5rem + var(--salon-room-corner-width,0px));bottom:.5rem;z-index:1;padding:.4rem .7rem;border:0;border-radius:var(--salon-radius-s);background:var(--salon-surface);color:var(--salon-text);font:inherit;cursor:pointer}
.salon-room__missing{margin:auto;padding:var(--salon-space-l);color:var(--salon-text-inverse)}
@media (max-width:750px){.salon-room{padding-top:var(--salon-toasts-height,0px)}.salon-room__stream{flex-direction:column}.salon-room__chat{width:100%;height:45%;border-left:0}}`,
  );
}
