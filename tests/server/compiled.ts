/**
 * The compiled server (dist/server, scripts/build/server.ts) as a child process, for the tests of the production
 * start: `buildCompiled()` compiles it when its sources changed since, `startCompiled(env)` starts dist/server/server.js on a free
 * port and resolves once it logs its banner, `runCompiled` waits for an exit (a refused start, create-admin).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from '../../host-shell/server/config';

export const DIST_SERVER = path.join(REPO_ROOT, 'dist', 'server');

/** The newest modification time of the files under these folders of the repository. */
function newestChange(folders: string[]): number {
  let newest = 0;
  for (const folder of folders)
    for (const entry of fs.readdirSync(path.join(REPO_ROOT, folder), { recursive: true, withFileTypes: true })) {
      if (!entry.isFile()) continue;
      newest = Math.max(newest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
    }
  return newest;
}

const ENTRIES = ['server.js', 'create-admin.js', 'render-panoramas.js', 'panorama-worker.js', 'sqlite-worker.js'];

/**
 * The compiled server, built again by the real build step (`npm run build:server`, a few seconds) when one of its
 * files is missing or older than a source of the server, of `shared/` or of the build: `npm test` builds it once (its
 * build step) and every later test runs that build, and a test started after an edit never runs the code before it.
 */
export function buildCompiled(): void {
  const built = Math.min(...ENTRIES.map((entry) => fs.statSync(path.join(DIST_SERVER, entry), { throwIfNoEntry: false })?.mtimeMs ?? 0));
  if (built < newestChange(['host-shell/server', 'shared', 'scripts/build']))
    execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build/server.ts'], { cwd: REPO_ROOT, stdio: 'pipe' });
  for (const entry of ENTRIES) {
    if (!fs.existsSync(path.join(DIST_SERVER, entry))) throw new Error(`the build did not write dist/server/${entry}`);
  }
}

/** A fresh folder for a SQLite file and uploads; `env()` points the server there. */
export function tempSalonDir(): { dir: string; env: Record<string, string>; remove(): void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'salon-prod-'));
  return {
    dir,
    // Panoramas are drawn only when asked for (no test of the compiled server asks): nothing runs in the background.
    env: {
      SQLITE_PATH: path.join(dir, 'salon.sqlite'),
      UPLOAD_DIR: path.join(dir, 'uploads'),
      PANORAMA_DIR: path.join(dir, 'panoramas'),
      PANORAMA_PRERENDER: '0',
      DATABASE_URL: '',
      // Production refuses to serve uploads unscanned unless told so (no clamd here).
      UPLOADS_UNSCANNED: '1',
    },
    remove: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

/** The child's environment: nothing of the test process's salon settings leaks in (NODE_ENV is 'test' under Jest). */
function childEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  const base: NodeJS.ProcessEnv = { ...process.env };
  for (const key of [
    'NODE_ENV',
    'SALON_DEMO',
    'SALON_ADMIN_EMAIL',
    'SALON_ADMIN_PASSWORD',
    'DATABASE_URL',
    'SQLITE_PATH',
    'REDIS_URL',
    'PORT',
    'HOST',
    'PUBLIC_URL',
    'CLAMAV_SOCKET',
    'UPLOADS_UNSCANNED',
    'COOKIE_SECURE',
    'TRUST_PROXY',
  ])
    delete base[key];
  return { ...base, HOST: '127.0.0.1', PORT: '0', SPA_DIR: path.join(os.tmpdir(), 'salon-no-spa'), LOG_LEVEL: 'warn', ...env };
}

export interface Exited {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `node dist/server/<entry>.js args…` to its end (60 s at most by default: a loaded machine). */
export function runCompiled(
  entry: 'server' | 'create-admin' | 'render-panoramas',
  env: Record<string, string>,
  args: string[] = [],
  timeoutMs = 60_000,
): Promise<Exited> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(DIST_SERVER, `${entry}.js`), ...args], {
      cwd: REPO_ROOT,
      env: childEnv(env),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${entry} did not exit within ${timeoutMs / 1000} s:\n${stdout}\n${stderr}`));
    }, timeoutMs);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

export interface Running {
  baseUrl: string;
  output(): string;
  stop(): Promise<void>;
}

/** Stops a child process: SIGTERM, then SIGKILL after 5 s; resolves once it has exited. */
export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}

/** Starts dist/server/server.js and resolves with its address once the banner is out; rejects if it exits first. */
export function startCompiled(env: Record<string, string>): Promise<Running> {
  const child: ChildProcess = spawn(process.execPath, [path.join(DIST_SERVER, 'server.js')], {
    cwd: REPO_ROOT,
    env: childEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const stop = () => stopChild(child);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the compiled server did not start within 60 s:\n${output}`));
    }, 60_000);
    const onData = (d: Buffer) => {
      output += d.toString();
      const match = /Salon is running at (http:\/\/127\.0\.0\.1:\d+)\//.exec(output);
      // The banner is one JSON line (ops/logger.ts): whole once its line ends.
      if (match?.[1] && output.slice(match.index).includes('\n')) {
        clearTimeout(timer);
        resolve({ baseUrl: match[1], output: () => output, stop });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the compiled server exited with ${code}:\n${output}`));
    });
  });
}

/** POST /connexion as the home page's form sends it; the status (303 logged in, 401 refused). */
export async function loginStatus(baseUrl: string, email: string, password: string): Promise<number> {
  const response = await fetch(`${baseUrl}/connexion`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: baseUrl },
    body: new URLSearchParams({ email, password }).toString(),
  });
  await response.arrayBuffer();
  return response.status;
}
