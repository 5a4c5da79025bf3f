import { injectStyles } from '@salon/shared';

export function injectChatStyles(): void {
  injectStyles(
    'salon-chat-styles',
    `.salon-chat__tabs{display:flex;border-bottom:1px solid var(--salon-border)}
.salon-chat__tabs [role=tab]{flex:1;padding:.6rem;border:0;border-bottom:2px solid transparent;background:none;font:inherit;cursor:pointer}
.salon-chat__tabs [aria-selected=true]{border-bottom-color:#1d4ed8;font-weight:600}
.salon-chat__panel{flex:1;overflow:auto}
.salon-chat__badge{display:inline-block;margin-left:.35rem;padding:0 .4rem;border-radius:.6rem;background:#b3261e;color:var(--salon-text-inverse);font-size:.75rem;font-weight:700}
.salon-chat__list{margin:0;padding:0;list-style:none}
.salon-chat__channel{display:flex;flex-wrap:wrap;gap:.15rem .5rem;width:100%;padding:.6rem .75rem;border:0;border-bottom:1px solid #f0f0f2;background:none;font:inherit;text-align:left;cursor:pointer}
.salon-chat__channel:hover{background:#f4f4f5}
.salon-chat__channel strong{flex:1 1 auto}
.salon-chat__preview{display:flex;gap:var(--salon-space-s);width:100%;color:var(--salon-text-muted)}
.salon-chat__preview span{flex:1;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.salon-chat__muted,.salon-chat__date,.salon-chat__author{color:#6b6b73;font-size:var(--salon-font-xs)}
.salon-chat__on{color:#15803d;font-size:var(--salon-font-xs)}
.salon-chat__empty{padding:1rem .75rem}
.salon-chat__button{padding:.3rem .7rem;border:1px solid #1d4ed8;border-radius:var(--salon-radius-s);background:var(--salon-surface);color:#1d4ed8;font:inherit;cursor:pointer}
.salon-chat__empty a.salon-chat__button{display:inline-block;margin:.25rem .5rem 0 0;text-decoration:none}
.salon-chat__filters{display:grid;gap:var(--salon-space-s);padding:var(--salon-space-m)}
.salon-chat__filters input[type=search]{padding:.4rem;font:inherit}
.salon-chat__filters fieldset{display:flex;flex-wrap:wrap;gap:.25rem .75rem;margin:0;padding:0;border:0}
.salon-chat__filters legend{padding:0 0 .15rem;font-weight:600}
.salon-chat__card{padding:0 .75rem .75rem}
.salon-chat__card h3{margin:.5rem 0;font-size:var(--salon-font-m)}
.salon-chat__who{flex:1;min-width:0}
.salon-chat__who p{margin:0}
.salon-chat__earlier{align-self:center;margin:.5rem}
.salon-chat__messages{flex:1;min-height:0;overflow:auto;margin:0;padding:.5rem .75rem;list-style:none}
.salon-chat__messages li{display:flex;flex-direction:column;align-items:flex-start}
.salon-chat__messages li.salon-chat__mine{align-items:flex-end}
.salon-chat__messages p{margin:0}
.salon-chat__date{align-self:center;margin:.75rem 0 .25rem!important}
.salon-chat__author{margin-top:.4rem!important}
.salon-chat__bubble{max-width:85%;margin:.15rem 0;padding:.4rem .65rem;border-radius:10px;background:#f1f1f4;overflow-wrap:anywhere}
.salon-chat__mine .salon-chat__bubble{background:#dbe6ff}
.salon-chat__image{display:block;max-width:100%;max-height:12rem;border-radius:var(--salon-radius-m)}
.salon-chat__details{margin:.25rem 0 0;padding-left:1rem}
.salon-chat__actions{display:flex;gap:var(--salon-space-s);margin-top:.35rem!important}
.salon-chat__state{font-style:italic;font-size:var(--salon-font-s)}
.salon-chat__failed{color:#b3261e;font-size:var(--salon-font-xs)}
.salon-chat__typing{min-height:1.2rem;margin:0;padding:0 .75rem;color:#6b6b73;font-size:var(--salon-font-xs);font-style:italic}
.salon-chat__composer{position:relative;display:grid;gap:.35rem;padding:.5rem .75rem;border-top:1px solid var(--salon-border)}
.salon-chat__composer textarea{resize:vertical;padding:.4rem;font:inherit}
.salon-chat__tools{display:flex;align-items:center;gap:var(--salon-space-xs)}
.salon-chat__send{margin-left:auto;padding:.4rem .9rem;border:0;border-radius:var(--salon-radius-s);background:#1d4ed8;color:var(--salon-text-inverse);font:inherit;cursor:pointer}
.salon-chat__send:disabled{opacity:.5;cursor:default}
.salon-chat__menu{position:relative}
.salon-chat__menu ul{position:absolute;bottom:100%;left:0;z-index:2;margin:0;padding:var(--salon-space-xs);list-style:none;background:var(--salon-surface);border-radius:var(--salon-radius-m);box-shadow:var(--salon-shadow-popup);white-space:nowrap}
.salon-chat__menu ul button{width:100%;padding:.45rem .6rem;border:0;background:none;font:inherit;text-align:left;cursor:pointer}
.salon-chat__menu ul button:hover{background:#f4f4f5}
.salon-chat__chip{display:flex;align-items:center;gap:.4rem;margin:0;padding:.2rem .5rem;border-radius:1rem;background:#f1f1f4}
.salon-chat__chip span:first-child{overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.salon-chat__notice{display:flex;align-items:flex-start;gap:.4rem;padding:.4rem .6rem;border-radius:var(--salon-radius-m);background:#eef4ff}
.salon-chat__notice p{flex:1;margin:0}
.salon-chat__notice--error{background:var(--salon-danger-surface);color:#8c1d18}
.salon-chat__emoji{position:absolute;bottom:100%;right:.5rem;z-index:2}
.salon-sidebar .salon-icon-button:disabled{opacity:.45;cursor:default}`,
  );
}
