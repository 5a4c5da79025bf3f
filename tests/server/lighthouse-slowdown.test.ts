import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, test } from '@jest/globals';
import { cpuBlockingTime } from '../../scripts/measure/cpu-blocking';
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

describe('Total Blocking Time on CPU time (scripts/measure/cpu-blocking.ts)', () => {
  test("counts the renderer main thread's tasks from the first contentful paint, by their CPU time times the slowdown", () => {
    const main = { pid: 1, tid: 10 };
    const task = (ts: number, dur: number, tdur: number, where = main) => ({ name: 'RunTask', ph: 'X', ...where, ts, dur, tdur });
    const trace = {
      traceEvents: [
        { name: 'thread_name', ph: 'M', ...main, ts: 0, args: { name: 'CrRendererMain' } },
        { name: 'thread_name', ph: 'M', pid: 1, tid: 11, ts: 0, args: { name: 'DedicatedWorker thread' } },
        { name: 'firstContentfulPaint', ph: 'R', ...main, ts: 1_000_000 },
        task(500_000, 90_000, 80_000), // before the paint: not counted
        task(1_100_000, 90_000, 20_000), // 20 ms of CPU × 4 = 80: blocks 30 ms, whatever its 90 ms of wall clock
        task(1_200_000, 40_000, 10_000), // 40 ms at 4×: does not block
        task(1_300_000, 30_000, 30_000), // 120 at 4×: blocks 70 ms
        task(1_400_000, 300_000, 300_000, { pid: 1, tid: 11 }), // another thread: not counted
      ],
    };
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'salon-cpu-tbt-'));
    try {
      const file = path.join(dir, 'trace.json');
      fs.writeFileSync(file, JSON.stringify(trace));
      expect(cpuBlockingTime(file, 4)).toBe(100);
      expect(cpuBlockingTime(file, 2)).toBe(10);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
