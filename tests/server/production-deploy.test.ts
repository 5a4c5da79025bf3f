/**
 * The production deployment of deploy/, as an operator runs it: two `npm run start:production` processes on one
 * PostgreSQL, through PgBouncer in transaction mode (scripts/pgbouncer.sh, pools of 4 per process), and one Redis,
 * behind nginx with deploy/nginx/salon.conf's upstream and salon-locations.conf (plain http here, and /spa/ from this
 * checkout's dist/), a visitor and an exhibitor in Chromium.
 * - a chat opened across the processes (the visitor's session on one, the exhibitor's on the other);
 * - the visitor's process stopped with SIGTERM sent to npm: no node process left behind, the visitor's chat panel stays
 *   open (its socket moves to the other process), every message written meanwhile, by both, arrives once, and a
 *   live-activity stream open there is ended (not broken), to be opened again on the other process;
 * - `GET /api/health/ready` answers 503 while PostgreSQL is stopped, 200 once it is back;
 * - `/metrics` answers on each process's port, 404 through nginx.
 * The refusals of a production start are cheaper and live in production.test.ts.
 *
 * It stops PostgreSQL, so it runs on a cluster of its own, only in the PostgreSQL step of `npm test` (SALON_TEST_POSTGRES,
 * after the build) or asked for (SALON_DEPLOY_TEST=1), with redis-server, nginx, Chromium and dist/spa; otherwise it
 * says why it did not run.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import type { Channel, ChatMessage } from '@salon/shared/contracts/chat';
import { REPO_ROOT } from '../../host-shell/server/config';
import { openDatabase } from '../../host-shell/server/db/connect';
import { migrateToLatest } from '../../host-shell/server/db/migrate';
import { seedDemo } from '../../host-shell/server/db/seed';
import { hashPassword } from '../../host-shell/server/lib/password';
import { api, storedHistory } from '../browser/chat-client';
import { buildCompiled, stopChild } from './compiled';
import { ON_POSTGRES, TEST_SCRYPT_COST } from './helpers';
import { REDIS_SERVER_INSTALLED, freePort, startRedis, type TestRedis } from './redis-server';
import { openSse } from './sse';

const run = promisify(execFile);
const NGINX = '/usr/sbin/nginx';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';
const SPA = path.join(REPO_ROOT, 'dist', 'spa');
/** The demo salon's people, with a password of their own (production refuses the demo one). */
const PASSWORD = 'deploy-test-password';
const WAIT_MS = 30_000;
/** A production start (npm, node, the migrations' check on PostgreSQL): 5 s on a quiet machine, 28 s seen beside the browser tests. */
const START_MS = 90_000;

const missing = [
  ON_POSTGRES || process.env.SALON_DEPLOY_TEST === '1'
    ? ''
    : 'it stops PostgreSQL: SALON_TEST_POSTGRES (scripts/test-postgres.sh) or SALON_DEPLOY_TEST=1',
  REDIS_SERVER_INSTALLED ? '' : 'redis-server is not installed',
  fs.existsSync(NGINX) ? '' : 'nginx is not installed',
  fs.existsSync('/usr/sbin/pgbouncer') ? '' : 'pgbouncer is not installed',
  fs.existsSync(CHROMIUM) ? '' : 'Chromium is not installed',
  fs.existsSync(path.join(SPA, 'widgets.json')) ? '' : 'dist/spa is not built (npm run build)',
].filter(Boolean);

async function until<T>(what: string, check: () => Promise<T | false | null | undefined>, ms = WAIT_MS): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check().catch(() => false as const);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`waited ${ms / 1000} s for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

interface Salon {
  port: number;
  npm: ChildProcess;
  /** The node process npm started (from the banner's `pid`). */
  pid: number;
  logs(): string;
}

/** `npm run start:production` on `port`; resolves once it has logged its banner. */
async function startProduction(port: number, env: Record<string, string>): Promise<Salon> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env };
  for (const key of ['NODE_ENV', 'SALON_TEST_POSTGRES', 'TEST_DATABASE_URL', 'TEST_REDIS_URL', 'SQLITE_PATH', 'SALON_DEMO'])
    delete childEnv[key];
  // A process group of its own: a start that fails is killed whole (npm and the node it started, which would keep
  // the pipes, and the test run, open).
  const npm = spawn('npm', ['run', '--silent', 'start:production'], {
    cwd: REPO_ROOT,
    env: { ...childEnv, ...env, HOST: '127.0.0.1', PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  npm.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  npm.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  npm.on('exit', (code, signal) => (output += `\n[npm exited: ${code ?? signal ?? ''}]\n`));
  const banner = await until(
    `the process on ${port} to start`,
    async () => {
      if (npm.exitCode !== null) throw new Error(`npm run start:production exited:\n${output}`);
      const line = output.split('\n').find((l) => l.includes('"event":"start"'));
      return line ? (JSON.parse(line) as { pid: number }) : null;
    },
    START_MS,
  ).catch((err: Error) => {
    if (npm.pid) process.kill(-npm.pid, 'SIGKILL');
    throw new Error(`${err.message}:\n${output}`);
  });
  return { port, npm, pid: banner.pid, logs: () => output };
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** The nginx of deploy/: salon.conf's http-level part (its upstream on these ports) and salon-locations.conf. */
function nginxConf(dir: string, listen: number, ports: number[]): string {
  const site = fs.readFileSync(path.join(REPO_ROOT, 'deploy', 'nginx', 'salon.conf'), 'utf8');
  // Without its two server blocks (ports 80 and 443 with TLS): the test serves plain http on a port of its own.
  const httpPart = site.slice(0, site.indexOf('\nserver {'));
  expect(httpPart).toContain('hash $cookie_salon_session consistent;');
  const upstream = httpPart.replace(
    /(\n\s*server 127\.0\.0\.1:\d+[^\n]*)+/,
    ports.map((port) => `\n    server 127.0.0.1:${port} max_fails=1 fail_timeout=5s;`).join(''),
  );
  const locations = fs
    .readFileSync(path.join(REPO_ROOT, 'deploy', 'nginx', 'salon-locations.conf'), 'utf8')
    .replaceAll('/srv/salon/dist', path.join(REPO_ROOT, 'dist'));
  fs.writeFileSync(path.join(dir, 'salon-locations.conf'), locations);
  for (const temp of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) fs.mkdirSync(path.join(dir, 'tmp', temp), { recursive: true });
  return `${process.getuid?.() === 0 ? 'user root root;\n' : ''}worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
    include /etc/nginx/mime.types;
    access_log off;
    client_body_temp_path ${dir}/tmp/body;
    proxy_temp_path ${dir}/tmp/proxy;
    fastcgi_temp_path ${dir}/tmp/fastcgi;
    uwsgi_temp_path ${dir}/tmp/uwsgi;
    scgi_temp_path ${dir}/tmp/scgi;
${upstream}
    server {
        listen 127.0.0.1:${listen};
        # Which process answered (the test's only addition).
        add_header X-Salon-Upstream $upstream_addr always;
        include ${dir}/salon-locations.conf;
    }
}
`;
}

/** POST /connexion through nginx; the session cookie. */
async function logIn(base: string, email: string): Promise<string> {
  const response = await fetch(`${base}/connexion`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base },
    body: new URLSearchParams({ email, password: PASSWORD }).toString(),
  });
  expect(response.status).toBe(303);
  return (response.headers.getSetCookie().find((c) => c.startsWith('salon_session=')) ?? '').split(';')[0] ?? '';
}

/** The process (port) that answered through nginx (the test's X-Salon-Upstream header). */
const upstreamPort = (headers: Headers): number => Number(/:(\d+)$/.exec(headers.get('x-salon-upstream') ?? '')?.[1]);

/** The process (port) nginx sends this session to. */
async function processOf(base: string, cookie: string): Promise<number> {
  const response = await fetch(`${base}/api/health/live`, { headers: { cookie } });
  await response.arrayBuffer();
  return upstreamPort(response.headers);
}

const chatPanel = (page: Page): Locator => page.getByRole('complementary', { name: 'Chat' });

/** Writes `text` in the open conversation; resolves once the conversation shows it. */
async function send(page: Page, text: string): Promise<void> {
  const box = chatPanel(page).getByRole('textbox', { name: 'Message' });
  await box.fill(text);
  await box.press('Enter');
  await chatPanel(page).getByText(text, { exact: true }).waitFor({ timeout: WAIT_MS });
}

if (missing.length === 0) {
  describe('deploy/: two production processes behind nginx, on PostgreSQL and Redis', () => {
    const pg = {
      PG_TEST_DIR: path.join(os.tmpdir(), `salon-pg-deploy-${randomBytes(4).toString('hex')}`),
      PG_TEST_PORT: '',
      PG_TEST_DB: 'salon_deploy',
    };
    const pgScript = (...args: string[]) =>
      run('bash', [path.join(REPO_ROOT, 'scripts', 'pg-test-server.sh'), ...args], { env: { ...process.env, ...pg } });
    let databaseUrl = '';
    const bouncerDir = path.join(os.tmpdir(), `salon-pgbouncer-deploy-${randomBytes(4).toString('hex')}`);
    let redis: TestRedis | null = null;
    let dir = '';
    let nginx: ChildProcess | null = null;
    let browser: Browser | null = null;
    let base = '';
    let env: Record<string, string> = {};
    const salons: Salon[] = [];

    beforeAll(async () => {
      buildCompiled();
      pg.PG_TEST_PORT = String(await freePort());
      databaseUrl = (await pgScript()).stdout.trim();
      const bouncerUrl = (
        await run('bash', [path.join(REPO_ROOT, 'scripts', 'pgbouncer.sh'), bouncerDir, String(await freePort()), databaseUrl])
      ).stdout.trim();
      redis = await startRedis();
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'salon-deploy-'));
      // The demo salon, its people given a password of their own: production refuses the published one.
      const handle = openDatabase({ dialect: 'postgres', connectionString: databaseUrl });
      try {
        await migrateToLatest(handle);
        await seedDemo(handle.db, { scryptCost: TEST_SCRYPT_COST });
        await handle.db
          .updateTable('users')
          .set({ password_hash: await hashPassword(PASSWORD, TEST_SCRYPT_COST) })
          .where('password_hash', 'is not', null)
          .execute();
      } finally {
        await handle.close();
      }
      const listen = await freePort();
      base = `http://127.0.0.1:${listen}`;
      const ports = [await freePort(), await freePort()];
      env = {
        DATABASE_URL: bouncerUrl,
        DATABASE_DIRECT_URL: databaseUrl,
        PG_POOL_MAX: '4',
        REDIS_URL: redis.url,
        PUBLIC_URL: base,
        TRUST_PROXY: '1',
        UPLOADS_UNSCANNED: '1',
        SPA_DIR: SPA,
        UPLOAD_DIR: path.join(dir, 'uploads'),
        PANORAMA_DIR: path.join(dir, 'panoramas'),
        PANORAMA_PRERENDER: '0',
        LOG_LEVEL: 'warn',
      };
      for (const port of ports) salons.push(await startProduction(port, env));
      fs.writeFileSync(path.join(dir, 'nginx.conf'), nginxConf(dir, listen, ports));
      nginx = spawn(NGINX, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'error.log'), '-g', 'daemon off;'], {
        stdio: 'ignore',
      });
      await until('nginx', async () => (await fetch(`${base}/api/health/live`)).ok);
      browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--no-first-run'] });
    }, 240_000);

    afterAll(async () => {
      await browser?.close();
      if (nginx) await stopChild(nginx);
      await Promise.all(salons.map((s) => stopChild(s.npm)));
      for (const s of salons) if (alive(s.pid)) process.kill(s.pid, 'SIGKILL');
      await redis?.stop();
      await run('bash', [path.join(REPO_ROOT, 'scripts', 'pgbouncer.sh'), 'stop', bouncerDir]).catch(() => undefined);
      await pgScript('stop').catch(() => undefined);
      if (dir) fs.rmSync(dir, { recursive: true, force: true });
    }, 60_000);

    it('keeps a chat across processes open and whole through a SIGTERM to npm; ready answers 503 without PostgreSQL', async () => {
      const lastLines = () => salons.map((s) => `${s.port}:\n${s.logs().trimEnd().split('\n').slice(-15).join('\n')}`).join('\n');
      try {
        // /metrics answers on each process's own port, and 404 through nginx (salon-locations.conf closes it).
        expect((await fetch(`http://127.0.0.1:${salons[0]?.port ?? 0}/metrics`)).status).toBe(200);
        const metrics = await fetch(`${base}/metrics`);
        expect(metrics.status).toBe(404);
        expect(await metrics.text()).not.toContain('salon_');

        // The visitor's session on one process, the exhibitor's on the other.
        const visitorCookie = await logIn(base, 'visiteur@salon.test');
        const visitorPort = await processOf(base, visitorCookie);
        const exhibitorCookie = await until('an exhibitor session on the other process', async () => {
          const cookie = await logIn(base, 'exposant@salon.test');
          return (await processOf(base, cookie)) !== visitorPort ? cookie : null;
        });
        const exhibitorUser = (await api<{ user: { obfuscated_id: string; fullname: string } }>(base, exhibitorCookie, '/api/users/me'))
          .user;
        const visitorUser = (await api<{ user: { fullname: string } }>(base, visitorCookie, '/api/users/me')).user;
        const opened = await api<{ channel: Channel }>(base, visitorCookie, '/api/chat/channels', {
          method: 'POST',
          body: { members: [exhibitorUser.obfuscated_id] },
        });

        // Each in Chromium, in English, the chat panel open: the visitor starts the chat from Start a chat (it lists
        // people active in the last hour: the exhibitor says so once, as the room would, to their own process; the
        // visitor's process reads it from Redis, where every process keeps last activity), the exhibitor opens it from
        // My chats once the first message is there.
        await api(base, exhibitorCookie, '/api/users/me/active', { method: 'PUT' });
        const firstName = exhibitorUser.fullname.split(' ')[0] ?? '';
        const open = async (cookie: string): Promise<Page> => {
          const context = await (browser as Browser).newContext({ locale: 'en-US', viewport: { width: 1280, height: 800 } });
          await context.addCookies([{ name: 'salon_session', value: cookie.replace(/^salon_session=/, ''), url: base }]);
          // Room for a loaded machine: a panel that reconnects to the other process may take more than Playwright's 30 s.
          context.setDefaultTimeout(90_000);
          const page = await context.newPage();
          const answer = await page.request.put(`${base}/api/locale`, {
            data: { lang: 'en_EN' },
            headers: { 'X-Requested-With': 'XMLHttpRequest', Origin: base },
          });
          expect(answer.status()).toBe(200);
          await page.goto(`${base}/salon`);
          await page.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: 'Chat' }).click();
          await chatPanel(page).getByRole('tab', { name: 'My chats' }).waitFor({ timeout: WAIT_MS });
          return page;
        };
        const visitor = await open(visitorCookie);
        await chatPanel(visitor).getByRole('tab', { name: 'Start a chat' }).click();
        await chatPanel(visitor).getByRole('searchbox', { name: 'Search by name' }).fill(firstName);
        await chatPanel(visitor)
          .getByRole('button', { name: new RegExp(exhibitorUser.fullname) })
          .first()
          .click();
        await send(visitor, 'Hello from the other process');
        const exhibitor = await open(exhibitorCookie);
        await chatPanel(exhibitor)
          .getByRole('button', { name: new RegExp(visitorUser.fullname) })
          .first()
          .click();
        await chatPanel(exhibitor).getByText('Hello from the other process', { exact: true }).waitFor({ timeout: WAIT_MS });

        // SIGTERM to npm, as Docker, supervisord or systemd send it: node stops gracefully and nothing is left behind.
        // A live-activity stream open on that process (as the room holds one) is ended, not broken: its client comes
        // back, through nginx, to the other process.
        const stream = await openSse(`${base}/api/sse/live/activity`, { cookie: visitorCookie });
        await stream.next();
        const index = salons.findIndex((s) => s.port === visitorPort);
        const stopped = salons[index] as Salon;
        const npmExited = new Promise((resolve) => stopped.npm.once('exit', resolve));
        stopped.npm.kill('SIGTERM');
        const written: string[] = [];
        for (let i = 1; i <= 3; i += 1) {
          written.push(`visitor during the restart ${i}`, `exhibitor during the restart ${i}`);
          await send(visitor, `visitor during the restart ${i}`);
          await send(exhibitor, `exhibitor during the restart ${i}`);
        }
        await npmExited;
        await until('the node process to exit', async () => !alive(stopped.pid));
        expect(stopped.logs()).toMatch(/"event":"stopped","signal":"SIGTERM".*"msg":"Salon stopped"/);
        expect(await stream.ended).toBe('end');
        const again = await openSse(`${base}/api/sse/live/activity`, { cookie: visitorCookie });
        await again.next();
        again.close();
        expect(upstreamPort(again.headers)).not.toBe(visitorPort);
        // Started again on its port (free: nothing kept it).
        salons[index] = await startProduction(stopped.port, env);
        written.push('visitor after the restart');
        await send(visitor, 'visitor after the restart');

        // Neither panel closed, and each message is on both sides, stored once.
        for (const text of written) {
          await chatPanel(visitor).getByText(text, { exact: true }).waitFor({ timeout: WAIT_MS });
          await chatPanel(exhibitor).getByText(text, { exact: true }).waitFor({ timeout: WAIT_MS });
        }
        for (const page of [visitor, exhibitor]) {
          expect(await chatPanel(page).getByRole('textbox', { name: 'Message' }).isVisible()).toBe(true);
          expect(await page.getByText('Chat is unavailable').count()).toBe(0);
        }
        const stored: ChatMessage[] = await storedHistory(base, visitorCookie, opened.channel.id_channel);
        const texts = stored.map((m) => (m.content.type === 'message' ? m.content.text : ''));
        for (const text of written) expect(texts.filter((t) => t === text)).toHaveLength(1);

        // PostgreSQL stopped: not ready (503), live still; ready again once it is back.
        const ready = (port: number) => fetch(`http://127.0.0.1:${port}/api/health/ready`);
        // The restarted process is ready once its Redis connections are (a loaded machine may take a moment).
        for (const s of salons) await until(`process ${s.port} ready`, async () => (await ready(s.port)).status === 200);
        await pgScript('halt');
        try {
          const answer = await ready(visitorPort);
          expect(answer.status).toBe(503);
          expect(await answer.json()).toMatchObject({ data: { status: 'unready', database: 'unreachable', redis: 'ok' } });
          expect((await fetch(`http://127.0.0.1:${visitorPort}/api/health/live`)).status).toBe(200);
        } finally {
          await pgScript();
        }
        for (const s of salons) await until(`process ${s.port} ready again`, async () => (await ready(s.port)).status === 200);
      } catch (err) {
        throw new Error(`${(err as Error).message}\n${lastLines()}`, { cause: err });
      }
    }, 300_000);
  });
} else {
  describe('deploy/: two production processes behind nginx, on PostgreSQL and Redis', () => {
    it('runs only in the PostgreSQL step of npm test, with redis-server, nginx, Chromium and the build', () => {
      console.log(`Deploy test NOT run: ${missing.join('; ')}`);
      expect(missing.length).toBeGreaterThan(0);
    });
  });
}
