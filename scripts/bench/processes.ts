/*
 * `--processes N` of the visitors scenario: the salon as several processes behind Debian's nginx on one PostgreSQL and
 * one Redis, for `runVisitors` (visitors.ts) to load as it loads one process.
 *
 * - PostgreSQL: a throwaway cluster (scripts/pg-test-server.sh with a folder and port of its own), removed at the end;
 *   the processes reach it through PgBouncer in transaction mode (scripts/pgbouncer.sh), PG_POOL_MAX 4 each, as
 *   deploy/pgbouncer/ describes; the bench prepares the database directly.
 * - Redis: `redis-server` on a free port, no persistence.
 * - N `server.ts` processes (tsx, SALON_DEMO=1 on the bench's prepared database), started one after the other; with
 *   `pin`, process i is pinned to core i mod nproc (`taskset`).
 * - nginx (installed with scripts/ensure-apt.sh as for the Symfony host, run as a child, not a daemon, with a prefix of
 *   its own): an upstream hashed on the session cookie (`hash $cookie_salon_session consistent`), so a visitor's
 *   socket, stream and requests stay on one process; the WebSocket upgrade for /socket.io/, /api/sse/ unbuffered.
 *   Every answer says which process served it (`X-Salon-Upstream`): the report counts the chats whose two members,
 *   and the visitors whose stand's exhibitor, are on different processes.
 * - Counters per second over the steady state: PostgreSQL transactions (each of the server's queries is one) and rows
 *   written (pg_stat_database), Redis commands and PUBLISH calls (INFO), nginx requests (stub_status).
 */
import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';
import { REPO_ROOT } from '../../host-shell/server/config';
import { freePort } from '../../tests/browser/harness';
import { benchServerEnv } from './fixture';
import { ONE_CORE_NODE_FLAGS, type Deployment, type Fixture } from './visitors';

const run = promisify(execFile);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A child process whose output is kept (the last 20 kB). */
function child(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): { proc: ChildProcess; output: () => string } {
  const proc = spawn(command, args, { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const keep = (chunk: Buffer) => (out = (out + chunk.toString()).slice(-20_000));
  proc.stdout?.on('data', keep);
  proc.stderr?.on('data', keep);
  return { proc, output: () => out };
}

async function stop(proc: ChildProcess): Promise<void> {
  if (proc.exitCode !== null || proc.signalCode !== null) return;
  const exited = new Promise((resolve) => proc.once('exit', resolve));
  proc.kill('SIGTERM');
  if (!(await Promise.race([exited.then(() => true), sleep(5000).then(() => false)]))) {
    proc.kill('SIGKILL');
    await exited;
  }
}

async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs: number, output: () => string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`${what} did not start in ${timeoutMs / 1000} s\n${output()}`);
    await sleep(100);
  }
}

/** A Redis command over a plain socket (redis-cli may be missing): the raw reply. */
function redisCommand(port: number, command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let reply = '';
    socket.setTimeout(5000, () => socket.destroy(new Error('redis timeout')));
    socket.once('error', reject);
    socket.once('connect', () => socket.write(`${command}\r\nQUIT\r\n`));
    socket.on('data', (chunk) => (reply += chunk.toString('latin1')));
    socket.once('close', () => resolve(reply));
  });
}

/** The nginx configuration: one origin, N salon processes, stickiness on the session cookie. */
export function nginxConf(runDir: string, listen: number, upstreams: number[]): string {
  return `worker_processes 1;
worker_rlimit_nofile 200000;
pid ${runDir}/nginx.pid;
error_log ${runDir}/error.log warn;
events { worker_connections 100000; }
http {
    access_log off;
    client_body_temp_path ${runDir}/tmp/body;
    proxy_temp_path ${runDir}/tmp/proxy;
    fastcgi_temp_path ${runDir}/tmp/fastcgi;
    uwsgi_temp_path ${runDir}/tmp/uwsgi;
    scgi_temp_path ${runDir}/tmp/scgi;

    # A visitor's socket, stream and requests go to one process: the one their session cookie hashes to. A process
    # that goes away moves only its own visitors (consistent hashing); they reconnect and catch up.
    upstream salon {
        hash $cookie_salon_session consistent;
${upstreams.map((port) => `        server 127.0.0.1:${port} max_fails=0;`).join('\n')}
        keepalive 64;
    }
    map $http_upgrade $salon_connection {
        default upgrade;
        ''      '';
    }
    server {
        listen 127.0.0.1:${listen} backlog=4096;
        proxy_http_version 1.1;
        proxy_set_header Host $http_host;
        proxy_set_header X-Forwarded-For $remote_addr;
        proxy_set_header Connection '';
        add_header X-Salon-Upstream $upstream_addr always;

        # proxy_set_header in a location replaces the server's: Host and X-Forwarded-For again.
        location /socket.io/ {
            proxy_pass http://salon;
            proxy_set_header Host $http_host;
            proxy_set_header X-Forwarded-For $remote_addr;
            proxy_set_header Upgrade $http_upgrade;
            proxy_set_header Connection $salon_connection;
            proxy_read_timeout 1h;
        }
        # The live activity: unbuffered, long-lived.
        location ^~ /api/sse/ {
            proxy_pass http://salon;
            proxy_buffering off;
            proxy_cache off;
            proxy_read_timeout 1h;
        }
        location = /__nginx { stub_status; }
        location / { proxy_pass http://salon; }
    }
}
`;
}

export interface ProcessesOptions {
  processes: number;
  /** Pin process i to core i mod nproc. */
  pin: boolean;
  /** With `pin`: every process on this core (the same core as one process alone), instead of one core each in turn. */
  core?: number;
  /** Each process writes a V8 CPU profile there when it stops (`--cpu-prof`). */
  cpuProfDir?: string;
}

/** Starts PostgreSQL and Redis, and returns the database to prepare and the deployment to start on it. */
export async function multiProcess(
  options: ProcessesOptions,
): Promise<{ databaseUrl: string; deploy: (fixture: Fixture) => Promise<Deployment>; teardown: () => Promise<void> }> {
  execFileSync('bash', ['scripts/ensure-apt.sh', '/usr/sbin/nginx', 'nginx-light'], { cwd: REPO_ROOT, stdio: 'inherit' });
  execFileSync('bash', ['scripts/ensure-apt.sh', '/usr/bin/redis-server', 'redis-server'], { cwd: REPO_ROOT, stdio: 'inherit' });
  const pgEnv = {
    ...process.env,
    PG_TEST_DIR: path.join(os.tmpdir(), `salon-bench-pg-${process.pid}`),
    PG_TEST_PORT: String(await freePort()),
    PG_TEST_DB: 'salon_bench',
  };
  const databaseUrl = (await run('bash', ['scripts/pg-test-server.sh'], { cwd: REPO_ROOT, env: pgEnv })).stdout.trim();
  const bouncerDir = path.join(os.tmpdir(), `salon-bench-pgbouncer-${process.pid}`);
  const bouncerUrl = (
    await run('bash', ['scripts/pgbouncer.sh', bouncerDir, String(await freePort()), databaseUrl], { cwd: REPO_ROOT })
  ).stdout.trim();
  const redisPort = await freePort();
  const redis = child('redis-server', [
    '--port',
    String(redisPort),
    '--bind',
    '127.0.0.1',
    '--save',
    '',
    '--appendonly',
    'no',
    '--maxclients',
    '10000',
  ]);
  const teardown = async () => {
    await stop(redis.proc);
    await run('bash', ['scripts/pgbouncer.sh', 'stop', bouncerDir], { cwd: REPO_ROOT }).catch(() => undefined);
    await run('bash', ['scripts/pg-test-server.sh', 'stop'], { cwd: REPO_ROOT, env: pgEnv }).catch(() => undefined);
  };
  try {
    await waitFor('redis-server', async () => (await redisCommand(redisPort, 'PING')).startsWith('+PONG'), 10_000, redis.output);
  } catch (err) {
    await teardown();
    throw err;
  }

  const deploy = async (fixture: Fixture): Promise<Deployment> => {
    const servers: { proc: ChildProcess; output: () => string; base: string }[] = [];
    const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'salon-bench-nginx-'));
    let nginx: { proc: ChildProcess; output: () => string } | null = null;
    const cores = os.cpus().length;
    const stopAll = async () => {
      if (nginx) await stop(nginx.proc);
      await Promise.all(servers.map((s) => stop(s.proc)));
      fs.rmSync(runDir, { recursive: true, force: true });
    };
    try {
      for (let i = 0; i < options.processes; i += 1) {
        const port = await freePort();
        const env = {
          ...process.env,
          ...benchServerEnv(fixture),
          PORT: String(port),
          DATABASE_URL: bouncerUrl,
          DATABASE_DIRECT_URL: databaseUrl,
          PG_POOL_MAX: '4',
          REDIS_URL: `redis://127.0.0.1:${redisPort}`,
          LOG_LEVEL: 'warn',
        };
        const node = [
          process.execPath,
          '--expose-gc',
          ...(options.cpuProfDir ? ['--cpu-prof', `--cpu-prof-dir=${options.cpuProfDir}`] : []),
          '--import',
          'tsx',
          'host-shell/server/server.ts',
        ];
        const server = options.pin
          ? child('taskset', ['-c', String(options.core ?? i % cores), node[0] as string, ...ONE_CORE_NODE_FLAGS, ...node.slice(1)], env)
          : child(node[0] as string, node.slice(1), env);
        const base = `http://127.0.0.1:${port}`;
        servers.push({ ...server, base });
        // One after the other: the first runs the migrations (none left: prepare ran them) and the seed check.
        // 180 s: on a machine others load, a process compiling its sources on one core may take minutes.
        await waitFor(`salon process ${i + 1}`, async () => (await fetch(`${base}/api/health`)).ok, 180_000, server.output);
      }
      const listen = await freePort();
      fs.mkdirSync(path.join(runDir, 'tmp'), { recursive: true });
      fs.writeFileSync(
        path.join(runDir, 'nginx.conf'),
        nginxConf(
          runDir,
          listen,
          servers.map((s) => Number(new URL(s.base).port)),
        ),
      );
      if (process.getuid?.() === 0) execFileSync('chown', ['-R', 'nobody', path.join(runDir, 'tmp')]);
      nginx = child('/usr/sbin/nginx', [
        '-p',
        runDir,
        '-c',
        path.join(runDir, 'nginx.conf'),
        '-e',
        path.join(runDir, 'error.log'),
        '-g',
        'daemon off;',
      ]);
      const base = `http://127.0.0.1:${listen}`;
      const nginxOutput = nginx.output;
      await waitFor(
        'nginx',
        async () => (await fetch(`${base}/api/health`)).ok,
        10_000,
        () =>
          `${nginxOutput()}${fs.existsSync(path.join(runDir, 'error.log')) ? fs.readFileSync(path.join(runDir, 'error.log'), 'utf8') : ''}`,
      );
      const nginxProc = nginx.proc;
      const upstreamOf = async (cookie: string) =>
        (await fetch(`${base}/api/health`, { headers: { cookie } })).headers.get('x-salon-upstream') ?? '';
      return {
        base,
        // taskset execs node: the pid is node's.
        processes: servers.map((s) => ({ pid: s.proc.pid, base: s.base })),
        output: () => servers.map((s) => s.output()).join('\n'),
        stop: stopAll,
        counters: async () => {
          const db = new Client({ connectionString: databaseUrl });
          await db.connect();
          try {
            const { rows } = await db.query<{ xacts: string; written: string; backends: string }>(
              `SELECT xact_commit + xact_rollback AS xacts, tup_inserted + tup_updated + tup_deleted AS written, numbackends AS backends FROM pg_stat_database WHERE datname = current_database()`,
            );
            const info = await redisCommand(redisPort, 'INFO all');
            const field = (name: string) => Number(new RegExp(`${name}:(\\d+)`).exec(info)?.[1] ?? NaN);
            const calls = (command: string) => Number(new RegExp(`cmdstat_${command}:calls=(\\d+)`).exec(info)?.[1] ?? 0);
            const status = await (await fetch(`${base}/__nginx`)).text();
            const requests = Number(/\n\s*\d+\s+\d+\s+(\d+)/.exec(status)?.[1] ?? NaN);
            return {
              pg_transactions: Number(rows[0]?.xacts ?? NaN),
              pg_rows_written: Number(rows[0]?.written ?? NaN),
              redis_commands: field('total_commands_processed'),
              redis_publishes: calls('publish'),
              redis_spublishes: calls('spublish'),
              nginx_requests: requests,
            };
          } finally {
            await db.end();
          }
        },
        describe: async () => {
          // Where each exhibitor and each chatting visitor is served: how much crosses from one process to another.
          const exhibitorAt = await Promise.all(fixture.exhibitors.map((e) => upstreamOf(e.cookie)));
          let chatsAcross = 0;
          for (const [visitor, chat] of fixture.chats) {
            const account = fixture.visitors[visitor];
            if (account && (await upstreamOf(account.cookie)) !== exhibitorAt[chat.stand]) chatsAcross += 1;
          }
          const perProcess = new Map<string, number>();
          for (const at of exhibitorAt) perProcess.set(at, (perProcess.get(at) ?? 0) + 1);
          const db = new Client({ connectionString: databaseUrl });
          await db.connect();
          const backends = await db
            .query<{ n: string }>(`SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database()`)
            .finally(() => db.end());
          return {
            processes: servers.length,
            nginx_pid: nginxProc.pid,
            exhibitors_per_process: Object.fromEntries(perProcess),
            chats_across_processes: `${chatsAcross} of ${fixture.chats.size}`,
            pg_connections: Number(backends.rows[0]?.n ?? NaN),
          };
        },
      };
    } catch (err) {
      await stopAll();
      throw err;
    }
  };
  return { databaseUrl, deploy, teardown };
}
