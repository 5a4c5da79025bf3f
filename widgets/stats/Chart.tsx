import { useEffect, useRef } from 'react';
import { useStore } from '@nanostores/react';
import { $locale } from '@salon/shared';
import type uPlot from 'uplot';

export interface ChartSeries {
  label: string;
  values: readonly number[];
  color: string;
  /** Bars (counts per hour), else a line with points. */
  bars?: boolean;
}

const HOUR_S = 3600;

/**
 * An hourly chart drawn by uPlot on a canvas. uPlot is imported when the first chart mounts (its own chunk of this
 * remote), so no other page and no other widget downloads it. The canvas is decoration for screen readers: the
 * figures are in the summary and the table next to it.
 */
export function Chart({
  hours,
  series,
  timeLabel,
  height = 220,
}: {
  hours: readonly string[];
  series: readonly ChartSeries[];
  timeLabel: string;
  height?: number;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const { locale } = useStore($locale);
  const key = JSON.stringify([hours, series, locale, timeLabel]);

  useEffect(() => {
    let plot: uPlot | null = null;
    let observer: ResizeObserver | null = null;
    let cancelled = false;
    const element = ref.current;
    void import('uplot').then(({ default: UPlot }) => {
      if (cancelled || !element) return;
      const times = hours.map((hour) => Date.parse(hour) / 1000);
      const first = times[0] ?? Date.now() / 1000;
      const last = times.at(-1) ?? first;
      const tag = locale === 'fr_FR' ? 'fr-FR' : 'en-GB';
      const hourLabel = new Intl.DateTimeFormat(tag, { hour: '2-digit', minute: '2-digit' });
      const dayLabel = new Intl.DateTimeFormat(tag, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });
      const manyDays = last - first >= 24 * HOUR_S;
      const widthOf = () => Math.max(260, element.clientWidth);
      plot = new UPlot(
        {
          width: widthOf(),
          height,
          scales: {
            x: { time: true, range: [first - HOUR_S / 2, last + HOUR_S / 2] },
            y: { range: (_u, _min, max) => [0, Math.max(1, Math.ceil(max * 1.1))] },
          },
          axes: [
            // Ticks on whole hours only: the figures are per hour.
            {
              incrs: [HOUR_S, 2 * HOUR_S, 3 * HOUR_S, 6 * HOUR_S, 12 * HOUR_S, 24 * HOUR_S, 48 * HOUR_S, 168 * HOUR_S],
              values: (_u, splits) => splits.map((s) => (manyDays ? dayLabel : hourLabel).format(new Date(s * 1000))),
            },
            { values: (_u, splits) => splits.map((s) => (Number.isInteger(s) ? String(s) : '')) },
          ],
          series: [
            { label: timeLabel, value: (_u, v) => (v === null ? '' : dayLabel.format(new Date(v * 1000))) },
            ...series.map((s) => ({
              label: s.label,
              stroke: s.color,
              width: 2,
              ...(s.bars && UPlot.paths.bars
                ? { paths: UPlot.paths.bars({ size: [0.6, 40] }), fill: `${s.color}55` }
                : { points: { show: true, size: 6 } }),
            })),
          ],
        },
        [times, ...series.map((s) => [...s.values])],
        element,
      );
      if (typeof ResizeObserver !== 'undefined') {
        observer = new ResizeObserver(() => plot?.setSize({ width: widthOf(), height }));
        observer.observe(element);
      }
    });
    return () => {
      cancelled = true;
      observer?.disconnect();
      plot?.destroy();
    };
    // `key` stands for hours, series, locale and the label.
  }, [key, height]);

  return <div ref={ref} className="salon-stats__chart" aria-hidden="true" data-chart="" />;
}
