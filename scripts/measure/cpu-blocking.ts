/**
 * Total Blocking Time counted on CPU time (`lighthouse.ts`): Lighthouse's simulated throttling multiplies the
 * wall-clock length of each main-thread task it observed. On this 2-core machine a task's wall-clock length is its
 * CPU time plus the time the renderer's main thread waited for a core, taken by the page's other threads (the
 * panorama worker, the compositor, the GPU process), the browser, the server and Lighthouse itself: the same build
 * read 199–1,008 ms run after run on a quiet machine, while its main thread's CPU time per load varied by a fifth
 * (docs/performance.md, 2026-11-29). So the budget is judged on each task's CPU time (the trace's thread time,
 * `tdur`) times the run's slowdown, over the same window as Lighthouse's, from the first contentful paint on; and the
 * performance score is Lighthouse's with that TBT scored on Lighthouse's own curve.
 */
import fs from 'node:fs';
import type { Result } from 'lighthouse';

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

/** The CPU-time TBT (ms) of a Lighthouse trace file at this slowdown. */
export function cpuBlockingTime(traceFile: string, slowdown: number): number {
  const { traceEvents } = JSON.parse(fs.readFileSync(traceFile, 'utf8')) as { traceEvents: TraceEvent[] };
  const mainThreads = new Set(
    traceEvents.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`),
  );
  const fcp = Math.min(...traceEvents.filter((e) => e.name === 'firstContentfulPaint').map((e) => e.ts));
  if (!Number.isFinite(fcp)) throw new Error(`the trace ${traceFile} has no first contentful paint`);
  let tbt = 0;
  for (const e of traceEvents) {
    if (e.ph !== 'X' || e.name !== 'RunTask' || e.ts < fcp || !mainThreads.has(`${e.pid}:${e.tid}`)) continue;
    tbt += Math.max(0, ((e.tdur ?? e.dur ?? 0) / 1000) * slowdown - 50);
  }
  return tbt;
}

/** Lighthouse's performance score (0–100) with the TBT audit scored for `tbt` on Lighthouse's mobile curve. */
export async function scoreWithTbt(lhr: Result, tbt: number): Promise<number> {
  const { Util } = (await import('lighthouse/shared/util.js')) as {
    Util: { computeLogNormalScore: (points: { p10: number; median: number }, value: number) => number };
  };
  const { default: TotalBlockingTime } = (await import('lighthouse/core/audits/metrics/total-blocking-time.js')) as {
    default: { defaultOptions: { mobile: { scoring: { p10: number; median: number } } } };
  };
  const refs = lhr.categories.performance?.auditRefs ?? [];
  let weighted = 0;
  let weights = 0;
  for (const ref of refs) {
    if (!ref.weight) continue;
    const score =
      ref.id === 'total-blocking-time'
        ? Util.computeLogNormalScore(TotalBlockingTime.defaultOptions.mobile.scoring, tbt)
        : (lhr.audits[ref.id]?.score ?? 0);
    weighted += ref.weight * score;
    weights += ref.weight;
  }
  return Math.round((weights ? weighted / weights : 0) * 100);
}
