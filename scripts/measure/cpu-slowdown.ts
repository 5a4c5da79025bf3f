/**
 * Lighthouse's CPU slowdown for the host it runs on (`lighthouse.ts`). The preset's 4× makes a phone out of a host
 * whose benchmark is about 1,533; on a slower host it emulates a slower phone than the preset means. So each run
 * simulates the slowdown Lighthouse's CPU throttling calculator gives (never above the preset's 4×: on a fast host the
 * check is the preset itself) for the median of the benchmarks taken so far, that run's included (each is taken at
 * its run's start, before the slowdown is chosen). Not the run's own benchmark alone: on this project's machine it
 * read 1,722 and 1,944 in two runs of an `npm test` whose other runs read 951–1,312, and those two runs, judged at
 * 4×, gave the step's highest TBT (356 and 235 ms, against 0–250 ms): a short loop's burst of speed is not the page
 * load's.
 */

/** The mobile preset's CPU slowdown. */
export const PRESET_CPU_SLOWDOWN = 4;
/** The benchmark index of the host the preset's slowdown is meant for (the calculator's 4×). */
export const PRESET_REFERENCE_BENCHMARK = 1533;

/**
 * The CPU slowdown that makes a host of this Lighthouse benchmark index emulate the mobile preset's phone, from
 * Lighthouse's CPU throttling calculator (its docs/throttling.md links it): 1,533 gives 4×, 1,300 3×, 800 2×, 150 1×,
 * linear in between; never above the preset's 4×, never under 1×. Rounded to a tenth.
 */
export function cpuSlowdown(benchmarkIndex: number): number {
  let multiplier: number;
  if (!Number.isFinite(benchmarkIndex)) return PRESET_CPU_SLOWDOWN;
  if (benchmarkIndex >= 1300) multiplier = 3 + (benchmarkIndex - 1300) / (PRESET_REFERENCE_BENCHMARK - 1300);
  else if (benchmarkIndex >= 800) multiplier = 2 + (benchmarkIndex - 800) / 500;
  else multiplier = 1 + (benchmarkIndex - 150) / 650;
  return Math.round(Math.min(PRESET_CPU_SLOWDOWN, Math.max(1, multiplier)) * 10) / 10;
}
