import { describe, expect, test } from '@jest/globals';
import { PRESET_CPU_SLOWDOWN, cpuSlowdown } from '../../scripts/measure/cpu-slowdown';

describe("Lighthouse's CPU slowdown for the host (scripts/measure/lighthouse.ts)", () => {
  test("follows Lighthouse's calculator on a host slower than the preset's reference", () => {
    expect(cpuSlowdown(1300)).toBe(3);
    expect(cpuSlowdown(1533)).toBe(4);
    expect(cpuSlowdown(1150)).toBe(2.7);
    expect(cpuSlowdown(800)).toBe(2);
    expect(cpuSlowdown(475)).toBe(1.5);
  });

  test("keeps the preset's slowdown on a faster host, and never goes under 1×", () => {
    expect(PRESET_CPU_SLOWDOWN).toBe(4);
    expect(cpuSlowdown(1766)).toBe(4);
    expect(cpuSlowdown(2400)).toBe(4);
    expect(cpuSlowdown(100)).toBe(1);
    expect(cpuSlowdown(Number.NaN)).toBe(4);
  });
});
