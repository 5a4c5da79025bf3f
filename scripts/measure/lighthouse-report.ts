/**
 * What `lighthouse.ts` reads from a Lighthouse report: each run's figures (`summarise`), their medians and what of
 * them is over the budget.
 */
import type { Result } from 'lighthouse';
import { scoreWithTbt } from './cpu-blocking';

export const BUDGET = { score: 90, tbt: 200, lcp: 2500 } as const;

interface Task {
  url: string;
  startTime: number;
  duration: number;
}

interface ScriptTime {
  url: string;
  total: number;
  scripting: number;
}

export interface Run {
  /** The performance score with the TBT on CPU time (`cpu-blocking.ts`): judged. */
  score: number;
  /** The Total Blocking Time on the main thread's CPU time at the run's slowdown: judged. */
  tbt: number;
  /** Lighthouse's own score and TBT, on the tasks' wall-clock time: reported. */
  lighthouseScore: number;
  lighthouseTbt: number;
  lcp: number;
  fcp: number;
  tti: number;
  speedIndex: number;
  /** Lighthouse's measure of the CPU the page had, taken at the start of the run (higher is faster). */
  benchmarkIndex: number;
  /** The CPU slowdown the run simulated (`cpuSlowdown`). */
  cpuSlowdown: number;
  /** Bytes of JavaScript transferred (as the server sends them: gzip), host page and frame. */
  scriptBytes: number;
  scriptFiles: number;
  lcpElement: string;
  longTasks: Task[];
  scriptTime: ScriptTime[];
}

type Details = { items?: Record<string, unknown>[] } | undefined;

function items(lhr: Result, audit: string): Record<string, unknown>[] {
  return ((lhr.audits[audit]?.details as Details)?.items ?? []) as Record<string, unknown>[];
}

function numeric(lhr: Result, audit: string): number {
  const value = lhr.audits[audit]?.numericValue;
  if (typeof value !== 'number')
    throw new Error(`Lighthouse gave no ${audit}: ${lhr.audits[audit]?.errorMessage ?? lhr.runtimeError?.message ?? 'no reason given'}`);
  return value;
}

/** The LCP element as Lighthouse names it: its selector and the start of its markup. */
function lcpElement(lhr: Result): string {
  for (const item of items(lhr, 'largest-contentful-paint-element')) {
    const nested = (item.items as Record<string, unknown>[] | undefined) ?? [item];
    for (const row of nested) {
      const node = row.node as { selector?: string; snippet?: string; nodeLabel?: string } | undefined;
      if (node) return `${node.selector ?? '?'} ${node.snippet ?? ''} "${(node.nodeLabel ?? '').slice(0, 60)}"`;
    }
  }
  return 'none reported';
}

export async function summarise({ lhr, cpuTbt }: { lhr: Result; cpuTbt: number }, origin: string): Promise<Run> {
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const strip = (url: unknown) => String(url ?? '').replace(origin, '');
  const scripts = items(lhr, 'resource-summary').find((i) => i.resourceType === 'script');
  return {
    score: await scoreWithTbt(lhr, cpuTbt),
    tbt: cpuTbt,
    lighthouseScore: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lighthouseTbt: numeric(lhr, 'total-blocking-time'),
    lcp: numeric(lhr, 'largest-contentful-paint'),
    fcp: numeric(lhr, 'first-contentful-paint'),
    tti: numeric(lhr, 'interactive'),
    speedIndex: numeric(lhr, 'speed-index'),
    benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
    cpuSlowdown: lhr.configSettings.throttling.cpuSlowdownMultiplier,
    scriptBytes: Number(scripts?.transferSize ?? 0),
    scriptFiles: Number(scripts?.requestCount ?? 0),
    lcpElement: lcpElement(lhr),
    longTasks: items(lhr, 'long-tasks').map((t) => ({ url: strip(t.url), startTime: Number(t.startTime), duration: Number(t.duration) })),
    scriptTime: items(lhr, 'bootup-time').map((t) => ({ url: strip(t.url), total: Number(t.total), scripting: Number(t.scripting) })),
  };
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

export const ms = (n: number) => `${Math.round(n)} ms`;
export const s = (n: number) => `${(n / 1000).toFixed(2)} s`;
export const kb = (n: number) => `${(n / 1000).toFixed(1)} kB`;

type Medians = Pick<Run, 'score' | 'tbt' | 'lcp' | 'fcp' | 'tti' | 'speedIndex' | 'scriptBytes'>;

export function medians(results: Run[]): Medians {
  const of = (key: keyof Medians) => median(results.map((r) => r[key]));
  return {
    score: of('score'),
    tbt: of('tbt'),
    lcp: of('lcp'),
    fcp: of('fcp'),
    tti: of('tti'),
    speedIndex: of('speedIndex'),
    scriptBytes: of('scriptBytes'),
  };
}

/** What is over the budget in these medians (nothing: within it). */
export function overBudget(med: Medians): string[] {
  const problems: string[] = [];
  if (med.score < BUDGET.score) problems.push(`performance score ${med.score} is below ${BUDGET.score}`);
  if (med.tbt > BUDGET.tbt) problems.push(`Total Blocking Time ${ms(med.tbt)} is over ${BUDGET.tbt} ms`);
  if (med.lcp > BUDGET.lcp) problems.push(`Largest Contentful Paint ${s(med.lcp)} is over ${s(BUDGET.lcp)}`);
  return problems;
}
