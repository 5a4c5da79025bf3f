/** Waiting for a quiet machine before a measure that times things (`lighthouse.ts`). */
import os from 'node:os';

/** The share of the machine's CPU time spent busy over `ms` (all cores). */
async function busyShare(ms: number): Promise<number> {
  const total = () =>
    os.cpus().reduce(
      (sum, cpu) => {
        const t = cpu.times;
        return { idle: sum.idle + t.idle, all: sum.all + t.user + t.nice + t.sys + t.irq + t.idle };
      },
      { idle: 0, all: 0 },
    );
  const before = total();
  await new Promise((resolve) => setTimeout(resolve, ms));
  const after = total();
  const all = after.all - before.all;
  return all > 0 ? 1 - (after.idle - before.idle) / all : 0;
}

/**
 * Waits (at most `limitMs`) until the machine is less than half busy over 2 s: in `npm test` the previous step's
 * browsers and servers may still be winding down, and Lighthouse's simulated throttling multiplies what they cost.
 * Returns the seconds waited and the last busy share seen.
 */
export async function quietMachine(limitMs: number): Promise<{ waited: number; busy: number }> {
  const started = Date.now();
  let busy = await busyShare(2000);
  while (busy >= 0.5 && Date.now() - started < limitMs) busy = await busyShare(2000);
  return { waited: (Date.now() - started) / 1000, busy };
}
