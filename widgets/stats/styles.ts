import { injectStyles } from '@salon/shared';

/** uPlot's own stylesheet (uplot/dist/uPlot.min.css, 1.6.32), as a constructed stylesheet: the pages' CSP refuses `<style>`. */
const UPLOT_CSS = `.uplot, .uplot *, .uplot *::before, .uplot *::after {box-sizing: border-box;}.uplot {font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif, "Apple Color Emoji", "Segoe UI Emoji", "Segoe UI Symbol", "Noto Color Emoji";line-height: 1.5;width: min-content;}.u-title {text-align: center;font-size: 18px;font-weight: bold;}.u-wrap {position: relative;user-select: none;}.u-over, .u-under {position: absolute;}.u-under {overflow: hidden;}.uplot canvas {display: block;position: relative;width: 100%;height: 100%;}.u-axis {position: absolute;}.u-legend {font-size: 14px;margin: auto;text-align: center;}.u-inline {display: block;}.u-inline * {display: inline-block;}.u-inline tr {margin-right: 16px;}.u-legend th {font-weight: 600;}.u-legend th > * {vertical-align: middle;display: inline-block;}.u-legend .u-marker {width: 1em;height: 1em;margin-right: 4px;background-clip: padding-box !important;}.u-inline.u-live th::after {content: ":";vertical-align: middle;}.u-inline:not(.u-live) .u-value {display: none;}.u-series > * {padding: 4px;}.u-series th {cursor: pointer;}.u-legend .u-off > * {opacity: 0.3;}.u-select {background: rgba(0,0,0,0.07);position: absolute;pointer-events: none;}.u-cursor-x, .u-cursor-y {position: absolute;left: 0;top: 0;pointer-events: none;will-change: transform;}.u-hz .u-cursor-x, .u-vt .u-cursor-y {height: 100%;border-right: 1px dashed #607D8B;}.u-hz .u-cursor-y, .u-vt .u-cursor-x {width: 100%;border-bottom: 1px dashed #607D8B;}.u-cursor-pt {position: absolute;top: 0;left: 0;border-radius: 50%;border: 0 solid;pointer-events: none;will-change: transform;/*this has to be !important since we set inline "background" shorthand */background-clip: padding-box !important;}.u-axis.u-off, .u-select.u-off, .u-cursor-x.u-off, .u-cursor-y.u-off, .u-cursor-pt.u-off {display: none;}`;

export function injectStatsStyles(): void {
  injectStyles('salon-uplot-styles', UPLOT_CSS);
  injectStyles(
    'salon-stats-styles',
    `.salon-stats{display:flex;flex-direction:column;gap:var(--salon-space-l);margin-top:1.5rem}
.salon-stats h2{margin:0}
.salon-stats__stand,.salon-stats__card{background:var(--salon-surface);border:1px solid #e2e5ee;border-radius:.5rem;padding:1.25rem;min-width:0}
.salon-stats__stand h3,.salon-stats__card h3{margin:0 0 .5rem}
.salon-stats__grid{display:grid;gap:var(--salon-space-l);grid-template-columns:repeat(auto-fit,minmax(18rem,1fr))}
.salon-stats__summary{font-weight:600;margin:.25rem 0 .75rem}
.salon-stats__big{font-size:1.6rem;font-weight:700;margin:.25rem 0}
.salon-stats__hint,.salon-stats__meta{color:var(--salon-text-muted);font-size:var(--salon-font-m)}
.salon-stats__empty,.salon-stats__status{color:var(--salon-text-muted)}
.salon-stats__warning{color:var(--salon-danger-text)}
.salon-stats__error{padding:.75rem 1rem;border-radius:var(--salon-radius-back-office);background:var(--salon-danger-surface);color:var(--salon-danger-text)}
.salon-stats__error p{margin:0 0 .5rem}
.salon-stats__chart{width:100%;overflow:hidden}
.salon-stats__chart .uplot{width:100%}
.salon-stats__details{margin-top:.75rem}
.salon-stats__details summary{cursor:pointer;color:var(--salon-accent-back-office)}
.salon-stats__details table{margin-top:.5rem;font-size:var(--salon-font-m)}
.salon-stats__details caption{text-align:left;color:var(--salon-text-muted);padding:.25rem 0}
.salon-stats__actions{display:flex;flex-wrap:wrap;align-items:center;gap:var(--salon-space-l);margin:.75rem 0 0}
.salon-stats__actions button,.salon-stats__error button{margin:0;font:inherit;padding:.4rem .9rem;border:1px solid var(--salon-accent-back-office);border-radius:var(--salon-radius-back-office);background:var(--salon-surface);color:var(--salon-accent-back-office);cursor:pointer}
.salon-stats__people{list-style:none;margin:.5rem 0 0;padding:0;max-height:20rem;overflow:auto}
.salon-stats__people li{display:flex;flex-wrap:wrap;justify-content:space-between;gap:.25rem .75rem;padding:.35rem 0;border-bottom:1px solid #e2e5ee}
.salon-stats__person{font-weight:600;overflow-wrap:anywhere}`,
  );
}
