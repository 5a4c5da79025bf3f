/** Lighthouse's CPU slowdown for the host it runs on (`lighthouse.ts`). */

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
