/**
 * The frame's styles, the viewer's (view.ts) included. `--rf-corner-width` and `--rf-corner-height` (set by main.ts
 * from the host's `setCoveredCorner`) are what the host page lays over the bottom-left corner: the panel ends 12 px
 * above it and the bar's buttons start right of it.
 */
export const FRAME_CSS = `
#room-frame { position: relative; height: 100%; }
.rf-viewer { position: absolute; inset: 0; overflow: hidden; background: #121826; touch-action: none; user-select: none; cursor: grab; }
.rf-viewer:active { cursor: grabbing; }
.rf-viewer__canvas { position: absolute; inset: 0; width: 100%; height: 100%; display: block; }
.rf-viewer__spots { position: absolute; inset: 0 0 40px; overflow: hidden; pointer-events: none; }
.rf-viewer__loader {
  position: absolute; left: 50%; top: 50%; transform: translate(-50%, -50%); display: flex; flex-direction: column;
  align-items: center; gap: 10px; color: #fff; font: 600 14px/1.2 system-ui, sans-serif; pointer-events: none;
  text-shadow: 0 1px 4px rgba(0, 0, 0, 0.6);
}
.rf-viewer__loader::before {
  content: ''; width: 44px; height: 44px; border-radius: 50%; border: 4px solid rgba(255, 255, 255, 0.25);
  border-top-color: #fff; animation: rf-spin 0.9s linear infinite;
}
.rf-viewer__loader[hidden] { display: none; }
@keyframes rf-spin { to { transform: rotate(360deg); } }
@media (prefers-reduced-motion: reduce) { .rf-viewer__loader::before { animation-duration: 3s; } }
.rf-viewer__bar {
  position: absolute; left: 0; right: 0; bottom: 0; height: 40px; display: flex; align-items: center; gap: 2px;
  padding: 0 6px 0 calc(6px + var(--rf-corner-width, 0px)); background: rgba(40, 44, 52, 0.7); color: rgba(255, 255, 255, 0.9); cursor: default;
  font: 16px/1.2 system-ui, sans-serif;
}
.rf-viewer__button {
  all: unset; flex: none; width: 34px; height: 34px; display: inline-flex; align-items: center; justify-content: center;
  border-radius: 6px; cursor: pointer;
}
.rf-viewer__button svg { fill: none; stroke: currentColor; stroke-width: 2; stroke-linecap: round; stroke-linejoin: round; }
.rf-viewer__button:hover { background: rgba(255, 255, 255, 0.16); }
.rf-viewer__button:focus-visible { outline: 3px solid #f2b632; outline-offset: -3px; }
.rf-viewer__caption { flex: 1; min-width: 0; text-align: center; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; padding: 0 8px; }
.rf-viewer:focus-visible { outline: 3px solid #f2b632; outline-offset: -3px; }
.rf-panel {
  position: absolute; top: 12px; left: 12px; z-index: 200; width: 270px; max-width: calc(100% - 24px);
  max-height: max(44px, calc(100% - max(76px, var(--rf-corner-height, 0px) + 24px))); display: flex; flex-direction: column;
  background: rgba(14, 19, 34, 0.88); color: #fff; border-radius: 10px; box-shadow: 0 6px 24px rgba(0, 0, 0, 0.35);
  font: 14px/1.35 system-ui, sans-serif; backdrop-filter: blur(6px);
}
.rf-panel--collapsed { width: auto; }
.rf-panel__toggle {
  all: unset; box-sizing: border-box; cursor: pointer; padding: 10px 14px; font-weight: 700; display: flex; gap: 8px;
  align-items: center; border-radius: 10px;
}
.rf-panel__toggle::before { content: '▾'; display: inline-block; transition: transform .15s; }
.rf-panel__toggle[aria-expanded="false"]::before { transform: rotate(-90deg); }
.rf-panel__toggle:focus-visible, .rf-button:focus-visible, .rf-panel__title:focus-visible { outline: 3px solid #f2b632; outline-offset: 2px; }
.rf-panel__body { overflow: auto; padding: 0 12px 12px; }
.rf-panel__body[hidden] { display: none; }
.rf-panel__title { font-size: 17px; margin: 0 0 2px; }
.rf-panel__status { margin: 0 0 8px; color: #c9d5ff; font-size: 13px; }
.rf-panel__empty { margin: 6px 0 10px; color: #dfe6ff; }
.rf-section__title { font-size: 12px; text-transform: uppercase; letter-spacing: .06em; color: #f2b632; margin: 10px 0 6px; }
.rf-list { list-style: none; margin: 0; padding: 0; display: grid; gap: 5px; }
.rf-button {
  all: unset; box-sizing: border-box; width: 100%; cursor: pointer; display: flex; align-items: center; gap: 8px;
  padding: 7px 10px; border-radius: 6px; background: rgba(255, 255, 255, 0.08); border: 1px solid rgba(255, 255, 255, 0.16);
}
.rf-button:hover { background: rgba(255, 255, 255, 0.18); }
.rf-button[aria-current] { border-color: #f2b632; background: rgba(242, 182, 50, 0.18); }
.rf-button--sound { margin-top: 12px; }
.rf-button--sound svg { flex: none; }
.rf-button--sound[aria-pressed="true"] .rf-sound-off, .rf-button--sound:not([aria-pressed="true"]) .rf-sound-on { display: none; }
.rf-button:disabled { opacity: .5; cursor: not-allowed; }
.rf-badge {
  flex: none; min-width: 22px; height: 22px; border-radius: 11px; background: #f2b632; color: #1b2540; font-weight: 800;
  font-size: 12px; display: inline-flex; align-items: center; justify-content: center;
}
.rf-quiz { display: grid; gap: 8px; margin-top: 6px; }
.rf-quiz p { margin: 0; }
.rf-quiz__progress { color: #f2b632; font-weight: 700; }
.rf-quiz__fieldset { border: 0; margin: 0; padding: 0; display: grid; gap: 5px; }
.rf-quiz__question { padding: 0; margin-bottom: 6px; font-weight: 700; font-size: 15px; }
.rf-choice { display: flex; gap: 8px; align-items: center; padding: 6px 9px; border-radius: 6px; cursor: pointer; background: rgba(255, 255, 255, 0.08); border: 1px solid rgba(255, 255, 255, 0.16); }
.rf-choice:has(:checked) { border-color: #f2b632; background: rgba(242, 182, 50, 0.18); }
.rf-choice input { accent-color: #f2b632; margin: 0; flex: none; }
.rf-choice:has(:focus-visible) { outline: 3px solid #f2b632; outline-offset: 2px; }
.rf-quiz__error:empty { display: none; }
.rf-quiz__error { color: #ffb4a8; font-weight: 600; }
.rf-quiz__score { font-size: 18px; font-weight: 800; }
.rf-quiz__score:focus-visible { outline: 3px solid #f2b632; outline-offset: 2px; }
.rf-marker {
  position: absolute; left: 0; top: 0; width: max-content; pointer-events: auto; cursor: pointer; visibility: hidden;
}
.rf-marker--visible { visibility: visible; }
.rf-marker .rf-spot { transition: transform .12s; }
.rf-marker:hover .rf-spot { transform: scale(1.08); }
.rf-spot {
  display: inline-flex; align-items: center; gap: 6px; padding: 3px 11px 3px 3px; border-radius: 999px; white-space: nowrap;
  background: rgba(14, 19, 34, 0.82); color: #fff; border: 2px solid rgba(255, 255, 255, 0.9);
  font: 600 13px/1.2 system-ui, sans-serif; box-shadow: 0 3px 12px rgba(0, 0, 0, 0.4);
}
.rf-spot--reverse { flex-direction: row-reverse; padding: 3px 3px 3px 11px; }
.rf-spot__icon { display: inline-flex; width: 24px; height: 24px; border-radius: 50%; align-items: center; justify-content: center; background: #f2b632; color: #1b2540; }
.rf-spot--place .rf-spot__icon { background: #4c8dff; color: #fff; }
.rf-spot--action .rf-spot__icon { background: #3ccf91; color: #0d2a1e; }
.rf-marker:hover .rf-spot { background: rgba(43, 89, 195, 0.95); }
@media (max-width: 560px) { .rf-panel { width: calc(100% - 24px); } .rf-spot__label { display: none; } .rf-spot { padding: 3px; } }
`;
