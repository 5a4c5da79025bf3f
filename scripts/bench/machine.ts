/**
 * What the machine itself does, apart from the salon: its speed that day, and what it charges for sharing its cores
 * between processes. The visitors scenario prints both beside its figures (README, "The whole-visitor load test").
 */
import { execFile, execFileSync } from 'node:child_process';

/**
 * The same fixed work (JSON written and read, as a server's requests do) timed on core 0 in a node of its own, before the
 * server starts: the best of 12 rounds, in ms. The shared machine's speed changes from day to day (a bare node:http
 * server's CPU per request has ranged from 40 to 70 µs); runs are comparable only at a similar figure.
 */
export function coreSpeedMs(): number {
  const work = `
    const rows = Array.from({ length: 2000 }, (_, i) => ({ id: 'u' + i, name: 'Visiteur ' + i, stand: i % 40, at: new Date(i * 1e6).toISOString() }));
    let best = Infinity;
    for (let round = 0; round < 12; round += 1) {
      const started = performance.now();
      for (let i = 0; i < 10; i += 1) JSON.parse(JSON.stringify(rows));
      best = Math.min(best, performance.now() - started);
    }
    process.stdout.write(String(Math.round(best)));`;
  try {
    return Number(execFileSync('taskset', ['-c', '0', process.execPath, '-e', work], { encoding: 'utf8' }));
  } catch {
    return NaN;
  }
}

/** One process's part of `sharingCost`: `units` a wake-up, every `tickMs`, `ticks` times; prints its CPU time (µs). */
const SHARING_WORK = `
  const [units, ticks, tickMs] = process.argv.slice(1).map(Number);
  const row = { id: 'u1', name: 'Visiteur 1', stand: 3, at: new Date(0).toISOString() };
  let started = null;
  let woken = 0;
  const timer = setInterval(() => {
    started ??= process.cpuUsage();
    for (let i = 0; i < units; i += 1) JSON.parse(JSON.stringify(row));
    woken += 1;
    if (woken < ticks) return;
    clearInterval(timer);
    const { user, system } = process.cpuUsage(started);
    process.stdout.write(String(user + system));
  }, tickMs);`;

function sharingPart(core: number, units: number, ticks: number, tickMs: number): Promise<number> {
  return new Promise((resolve) => {
    execFile(
      'taskset',
      ['-c', String(core), process.execPath, '-e', SHARING_WORK, String(units), String(ticks), String(tickMs)],
      (err, out) => resolve(err ? NaN : Number(out)),
    );
  });
}

/**
 * What sharing the cores costs this machine, the salon left out: the same fixed work (JSON written and read, 2,000
 * wake-ups of the same size, as a server is woken by its sockets) done by one process on `coreOf(0)`, then split over
 * `processes` processes pinned as the salon's (each woken `processes` times less often: as many wake-ups in all).
 * Their CPU time together against the one's, alternated twice, the median ratio. About 1 where switching between
 * processes costs little; above it, the same work costs more CPU split over processes, whatever the code.
 */
export async function sharingCost(
  processes: number,
  coreOf: (i: number) => number,
): Promise<{ one_cpu_ms: number; split_cpu_ms: number; ratio: number }> {
  const wakeUps = 2000;
  const units = 150;
  const ratios: { one: number; split: number }[] = [];
  for (let round = 0; round < 3; round += 1) {
    const one = await sharingPart(coreOf(0), units, wakeUps, 2);
    const parts = await Promise.all(
      Array.from({ length: processes }, (_, i) => sharingPart(coreOf(i), units, Math.round(wakeUps / processes), 2 * processes)),
    );
    ratios.push({ one, split: parts.reduce((sum, part) => sum + part, 0) });
  }
  const median = [...ratios].sort((a, b) => a.split / a.one - b.split / b.one)[1] as { one: number; split: number };
  return {
    one_cpu_ms: Math.round(median.one / 1000),
    split_cpu_ms: Math.round(median.split / 1000),
    ratio: Math.round((100 * median.split) / median.one) / 100,
  };
}
