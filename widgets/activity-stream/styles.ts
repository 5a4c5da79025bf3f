import { injectStyles } from '@salon/shared';

/**
 * The widget floats at the bottom left, over the room's corner (no more than 45 % of the window's height: the room
 * frame's panel keeps the rest above it); the panel is the sidebar's.
 *
 * The widget's geometry is whole pixels: its bottom is a whole number of pixels above the window's, so its top is one
 * too only if its height is. Every line is 18 px (16 px for the smaller text, 20 px for the title), every padding and
 * gap is in px, its header centres its items (a baseline alignment adds the fonts' fractional ascents) and its cap is
 * rounded down: a top at a fractional pixel (446.81, from 13 px × 1.4 lines) drew its text one way or the other from
 * one run to the next (tests/browser/overlap.test.ts checks the box).
 */
export function injectActivityStyles(): void {
  injectStyles(
    'salon-activity-styles',
    `.salon-activity{display:flex;flex-direction:column;gap:var(--salon-space-m);padding:var(--salon-space-m)}
.salon-activity__card{padding:var(--salon-space-m);border:1px solid var(--salon-border);border-radius:var(--salon-radius-l);background:#fafafa}
.salon-activity__card h3{margin:0 0 .5rem;font-size:var(--salon-font-l)}
.salon-activity__card p{margin:0 0 .5rem}
.salon-activity__card a,.salon-activity-widget a{color:var(--salon-accent)}
.salon-activity__empty{margin:0;color:var(--salon-text-muted)}
.salon-activity__people,.salon-activity__cards,.salon-activity__history{display:flex;flex-direction:column;gap:.4rem;margin:0;padding:0;list-style:none}
.salon-activity__people li{display:flex;align-items:center;gap:var(--salon-space-s)}
.salon-activity__person{flex:1;min-width:0;display:flex;flex-direction:column}
.salon-activity__company{color:var(--salon-text-muted);font-size:.85em}
.salon-activity__chat,.salon-activity__secondary,.salon-activity__more{padding:.25rem .65rem;border:1px solid var(--salon-accent);border-radius:var(--salon-radius-pill);background:var(--salon-surface);color:var(--salon-accent);font:inherit;cursor:pointer}
.salon-activity__more{align-self:center;margin-top:.5rem}
.salon-activity__scroller{display:flex;flex-direction:column;max-height:300px;overflow-y:auto}
.salon-activity__history li{display:flex;flex-wrap:wrap;gap:.1rem .5rem;font-size:.9em}
.salon-activity__history time{font-variant-numeric:tabular-nums;font-weight:600}
.salon-activity__ago,.salon-activity__stand{color:var(--salon-text-muted)}
.salon-activity__stand{font-style:italic}
.salon-activity__what{flex-basis:100%}
.salon-activity__switch-row{display:flex;flex-direction:column;gap:var(--salon-space-xs)}
.salon-activity__switch{display:inline-flex;align-items:center;gap:var(--salon-space-s);padding:0;border:0;background:none;color:inherit;font:inherit;cursor:pointer}
.salon-activity__track{position:relative;width:2.4rem;height:1.3rem;border-radius:var(--salon-radius-pill);background:#a1a1aa;transition:background .15s}
.salon-activity__thumb{position:absolute;top:.15rem;left:.15rem;width:1rem;height:1rem;border-radius:50%;background:var(--salon-surface);transition:transform .15s}
.salon-activity__switch[aria-checked=true] .salon-activity__track{background:#15803d}
.salon-activity__switch[aria-checked=true] .salon-activity__thumb{transform:translateX(1.1rem)}
.salon-activity__switch[aria-busy=true]{opacity:.7}
.salon-activity__switch:focus-visible{outline:2px solid var(--salon-accent);outline-offset:2px}
.salon-activity__switch-state{color:var(--salon-text-muted);font-size:.85em}
.salon-activity__link{padding:0;border:0;background:none;color:var(--salon-accent);font:inherit;text-decoration:underline;cursor:pointer}
.salon-activity-dock{position:fixed;z-index:5;left:12px;bottom:calc(var(--salon-consent-height,0px) + 12px);box-sizing:border-box;width:272px;max-height:min(384px,45vh);max-height:min(384px,round(down,45vh,1px));display:flex;flex-direction:column}
.salon-activity-dock--collapsed{width:auto}
.salon-activity-dock__show{padding:8px 14px;border:0;border-radius:var(--salon-radius-pill);background:var(--salon-surface);color:var(--salon-text);font:600 13px/16px system-ui,sans-serif;cursor:pointer;box-shadow:0 4px 16px rgba(0,0,0,.35)}
.salon-activity-dock__show:focus-visible,.salon-activity-widget__hide:focus-visible{outline:2px solid #f2b632;outline-offset:2px}
.salon-activity-widget{display:flex;flex-direction:column;gap:8px;min-height:0;overflow:auto;padding:12px;border-radius:10px;background:var(--salon-surface);color:var(--salon-text);font:13px/18px system-ui,sans-serif;box-shadow:0 6px 24px rgba(0,0,0,.35)}
.salon-activity-widget .salon-activity__link{align-self:flex-start}
.salon-activity-widget__hide{flex:none;padding:3px 9px;border:1px solid var(--salon-text-muted);border-radius:var(--salon-radius-pill);background:var(--salon-surface);color:var(--salon-text);font:inherit;font-size:.85em;line-height:16px;cursor:pointer}
.salon-activity-widget__header{display:flex;align-items:center;justify-content:space-between;gap:8px}
.salon-activity-widget h2{margin:0;font-size:var(--salon-font-l);line-height:20px}
.salon-activity-widget p{margin:0}
.salon-activity-widget__stands{margin:0;padding:0;list-style:none}
.salon-activity-widget .salon-activity__switch-row{gap:4px}
.salon-activity-widget .salon-activity__track{height:20px}
.salon-activity-widget .salon-activity__thumb{top:2px;left:2px}
.salon-activity-widget .salon-activity__history{gap:6px}
.salon-activity-widget .salon-activity__history li{gap:2px 8px;line-height:16px}
.salon-activity-widget .salon-activity__switch-state{line-height:16px}
@media (max-width:750px){.salon-activity-dock{display:none}}
@media (prefers-reduced-motion:reduce){.salon-activity__track,.salon-activity__thumb{transition:none}}`,
  );
}
