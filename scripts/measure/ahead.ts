/**
 * Running ahead of whatever else the machine does, for a measure that judges time (`lighthouse.ts`): a higher
 * priority for this process, its children and their sessions, as root.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';

/** The niceness of the runs: the scheduler gives them about 28 times the share of a process at the default 0. */
export const AHEAD_NICENESS = -15;

/**
 * Linux shares the CPU between sessions first (the scheduler's autogroups, `/proc/sys/kernel/sched_autogroup_enabled`),
 * and a process's niceness only weighs against the processes of its own session. Chromium starts in a session of its
 * own (chrome-launcher detaches it): at niceness 0 for its session, it had half the machine beside `npm test`'s other
 * steps, and runs whose first frame waited a second (mostly with a low CPU benchmark: docs/performance.md, 2026-11-30)
 * read an LCP of 3.5 s instead of 1 s. So the session of each process that is timed is given the same priority
 * (`/proc/PID/autogroup`), the measuring script's own included: it runs in a session of its own (`ownSession`).
 * Nothing to do where autogroups are off (no such file).
 */
export function sessionAhead(pid: number): void {
  try {
    fs.writeFileSync(`/proc/${pid}/autogroup`, String(AHEAD_NICENESS));
  } catch {
    // Autogroups off, or not root: the niceness alone.
  }
}

/**
 * Runs this script again in a session of its own (so that its autogroup holds its server and nothing else of the
 * caller's), and answers with its exit code; false when it already is a session's leader, or there is no point
 * (not root, or no autogroups).
 */
export async function ownSession(): Promise<boolean> {
  const session = Number(fs.readFileSync('/proc/self/stat', 'utf8').split(') ')[1]?.split(' ')[3]);
  if (session === process.pid || process.getuid?.() !== 0 || !fs.existsSync('/proc/self/autogroup')) return false;
  const child = spawn(process.execPath, [...process.execArgv, ...process.argv.slice(1)], { detached: true, stdio: 'inherit' });
  const forward = (signal: NodeJS.Signals) => () => child.pid && process.kill(-child.pid, signal);
  process.once('SIGINT', forward('SIGINT')).once('SIGTERM', forward('SIGTERM'));
  process.exitCode = await new Promise<number>((resolve) => child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))));
  return true;
}

/** Raises this process's priority (its children inherit it) and its session's; false where it may not (a user other than root). */
export function runAhead(): boolean {
  try {
    os.setPriority(AHEAD_NICENESS);
    sessionAhead(process.pid);
    return true;
  } catch {
    return false;
  }
}
