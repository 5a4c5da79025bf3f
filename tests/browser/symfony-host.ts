/**
 * The Symfony host of hosts/symfony for the browser tests and scripts/measure: `scripts/symfony.sh` (PHP's built-in
 * server behind nginx, what `npm run symfony` runs) on free ports against a salon started by `startSalon` with the
 * same host secret (`HOST_SECRET`).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { DEMO_PASSWORD, ROOT, freePort } from './harness';

/** One random secret per run: give it to the salon (`SALON_HOST_SECRET`), startSymfony gives it to the host. */
export const HOST_SECRET = randomBytes(32).toString('hex');

/** PHP and nginx are there (`npm test` and `npm run symfony` install them). */
export const symfonyInstalled = (): boolean => fs.existsSync('/usr/bin/php') && fs.existsSync('/usr/sbin/nginx');

export interface SymfonyHost {
  baseUrl: string;
  logs: () => string;
  stop: () => Promise<void>;
}

/** `scripts/symfony.sh` in its own process group (PHP, its workers and nginx are stopped together). */
export async function startSymfony(salonUrl: string): Promise<SymfonyHost> {
  const [port, phpPort] = [await freePort(), await freePort()];
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'salon-symfony-'));
  let output = '';
  const child: ChildProcess = spawn('bash', ['scripts/symfony.sh'], {
    cwd: ROOT,
    detached: true,
    env: {
      ...process.env,
      SYMFONY_PORT: String(port),
      SYMFONY_PHP_PORT: String(phpPort),
      SALON_URL: salonUrl,
      SALON_HOST_SECRET: HOST_SECRET,
      SYMFONY_RUN_DIR: runDir,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise((r) => child.once('exit', r));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null && child.pid) {
      process.kill(-child.pid, 'SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000).unref())]);
    }
    // Whatever is left of the group (nothing, normally).
    try {
      if (child.pid) process.kill(-child.pid, 'SIGKILL');
    } catch {
      // the group is gone
    }
    fs.rmSync(runDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 120_000;
  while (!output.includes('Symfony host: http://')) {
    if (child.exitCode !== null) throw new Error(`scripts/symfony.sh exited with ${child.exitCode}:\n${output}`);
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the Symfony host did not start within 120 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { baseUrl: `http://127.0.0.1:${port}`, logs: () => output, stop };
}

/** Logs in on the Symfony site's own form (/login) and lands on its /salon. */
export async function logInOnSymfony(page: Page, baseUrl: string, email: string): Promise<void> {
  await page.goto(`${baseUrl}/login?next=salon`);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await Promise.all([page.waitForURL(`${baseUrl}/salon`), page.getByRole('button', { name: 'Log in' }).click()]);
}
