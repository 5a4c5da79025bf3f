/*
 * The whole-visitor load test (`npm run bench -- --scenario visitors --visitors N [--duration S] [--find-max]`).
 *
 * One server process (tsx, SQLite in a temporary folder, demo seed + the bench's accounts with sessions written in the
 * database) pinned to core 0; this generator pinned to core 1. Every simulated visitor does what a browser on /salon
 * does: a live activity stream (SSE), a socket.io socket, PUT /api/users/me/active every 2 s, a stand change every
 * ~30 s (POST visit, then the stream reopened on the new stand, as the room bus does), and 5% of them chat with the
 * exhibitor of a stand (one message every 5 s). One exhibitor per stand watches it (a stream with owned_stands_ids and
 * a socket): a visitor's arrival on a stand is timed until that stream shows them. After a ramp, a steady state of
 * `--duration` seconds during which one visitor a second leaves and another arrives. Only the steady state is measured.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { createParser } from 'eventsource-parser';
import { io, type Socket } from 'socket.io-client';
import { Pool } from 'undici';
import type { ChatMessage } from '@salon/shared/contracts/chat';
import { coreSpeedMs } from './machine';
import { benchServerEnv, insertBenchUsers, insertDirectChannel } from './fixture';
import { SOCKET_PATH, type ClientToServerEvents, type ServerToClientEvents } from '@salon/shared/contracts/socket-events';
import { REPO_ROOT, type DatabaseConfig } from '../../host-shell/server/config';
import { openDatabase } from '../../host-shell/server/db/connect';
import { migrateToLatest } from '../../host-shell/server/db/migrate';
import { seedDemo } from '../../host-shell/server/db/seed';
import { encodeId } from '../../host-shell/server/lib/ids';
import { createSession } from '../../host-shell/server/services/sessions';

export interface VisitorsOptions {
  visitors: number;
  /** Seconds of steady state (measured). */
  duration: number;
  /** Arrivals per second during the ramp. */
  rampRate: number;
  /** Arrivals (and as many departures) per second during the steady state. */
  churnPerSecond: number;
  findMax: boolean;
  /** Where the server writes a V8 CPU profile of the run (`--cpu-prof`), or undefined for none (with `--processes`, one per process). */
  cpuProfDir?: string;
  /** More flags for the server's node (`--server-node-flags`, e.g. `--max-semi-space-size=32`; one process only). */
  serverNodeFlags?: string[];
  /** Where the salon's database is (the bench's SQLite file by default); `deploy` starts the servers instead of one. */
  database?: DatabaseConfig;
  /** Starts the salon another way (several processes behind nginx: processes.ts); one process on core 0 by default. */
  deploy?: (fixture: Fixture) => Promise<Deployment>;
}

/** The salon under load: where visitors connect, and each server process (its pid and direct address for its stats). */
export interface Deployment {
  base: string;
  processes: { pid: number | undefined; base: string }[];
  output(): string;
  stop(): Promise<void>;
  /** Counters read at the start and end of the steady state (per second in the report), e.g. database queries. */
  counters?(): Promise<Record<string, number>>;
  /** What the report adds about the deployment (read after the steady state). */
  describe?(): Promise<Record<string, unknown>>;
}

/** What a run must hold (issue targets). */
export const TARGETS = { heartbeatP99Ms: 100, chatAckP99Ms: 200, visitSeenP99Ms: 500, lost: 0, rssPerVisitorKb: 100 };

const HEARTBEAT_MS = 2000;
const VISIT_EVERY_MS = 30_000;
const CHAT_SHARE = 0.05;
const CHAT_EVERY_MS = 5000;
const REQUEST_TIMEOUT_MS = 10_000;
/** A visit not shown on the exhibitor's stream within this long counts as missed. */
const SEEN_TIMEOUT_MS = 10_000;
const DRAIN_MS = 5000;

const log = (line: string) => process.stdout.write(`${line}\n`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (values: number[], p: number): number => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};
const round1 = (n: number) => Math.round(n * 10) / 10;

interface Account {
  id: number;
  key: string;
  cookie: string;
}

export interface Fixture {
  dir: string;
  sqlitePath: string;
  stands: { id: number; key: string }[];
  /** One per stand, owning it. */
  exhibitors: Account[];
  visitors: Account[];
  /** Visitor index → their 1-to-1 channel with the exhibitor of stand `stand`. */
  chats: Map<number, { stand: number; channelKey: string; memberKey: string }>;
}

async function prepare(accounts: number, database?: DatabaseConfig): Promise<Fixture> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'salon-bench-visitors-'));
  const sqlitePath = path.join(dir, 'salon.sqlite');
  const handle = openDatabase(database ?? { dialect: 'sqlite', filename: sqlitePath });
  try {
    await migrateToLatest(handle);
    await seedDemo(handle.db);
    return await handle.db.transaction().execute(async (trx) => {
      const standRows = await trx.selectFrom('stands').select('id').orderBy('id').execute();
      const accountsOf = async (ids: number[]): Promise<Account[]> => {
        const out: Account[] = [];
        for (const id of ids) out.push({ id, key: encodeId(id), cookie: `salon_session=${await createSession(trx, id)}` });
        return out;
      };
      const exhibitors = await accountsOf(await insertBenchUsers(trx, standRows.length, 'exhibitor', 'Exhibitor'));
      await trx
        .insertInto('stand_exhibitors')
        .values(standRows.map((s, i) => ({ stand_id: s.id, user_id: exhibitors[i]?.id ?? 0 })))
        .execute();
      const visitors = await accountsOf(await insertBenchUsers(trx, accounts, 'visitor', 'Visitor'));
      const chats = new Map<number, { stand: number; channelKey: string; memberKey: string }>();
      const every = Math.round(1 / CHAT_SHARE);
      for (let i = 0; i < visitors.length; i += every) {
        const stand = (i / every) % standRows.length;
        const [a, b] = [visitors[i]?.id ?? 0, exhibitors[stand]?.id ?? 0];
        const { channelId, memberOf } = await insertDirectChannel(trx, a, b);
        chats.set(i, { stand, channelKey: encodeId(channelId), memberKey: encodeId(memberOf(a)) });
      }
      return { dir, sqlitePath, stands: standRows.map((s) => ({ id: s.id, key: encodeId(s.id) })), exhibitors, visitors, chats };
    });
  } finally {
    await handle.close();
  }
}

/** The servers started and not yet stopped: the bench's watchdog kills them when it gives up. */
const servers = new Set<ChildProcess>();
export const killServers = (): void => {
  for (const child of servers) child.kill('SIGKILL');
};

/** What scripts/node-flags.sh gives a server that runs on one core, as the bench's servers do (pinned with taskset). */
export const ONE_CORE_NODE_FLAGS = ['--single-threaded-gc'];

function startServer(
  fixture: Fixture,
  cpuProfDir?: string,
  nodeFlags: string[] = [],
): Promise<{ base: string; child: ChildProcess; output: () => string }> {
  return new Promise((resolve, reject) => {
    const profile = cpuProfDir ? ['--cpu-prof', `--cpu-prof-dir=${cpuProfDir}`] : [];
    const child = spawn(
      'taskset',
      [
        '-c',
        '0',
        process.execPath,
        '--expose-gc',
        ...ONE_CORE_NODE_FLAGS,
        ...profile,
        ...nodeFlags,
        '--import',
        'tsx',
        'host-shell/server/server.ts',
      ],
      {
        cwd: REPO_ROOT,
        env: { ...process.env, ...benchServerEnv(fixture), LOG_LEVEL: 'warn' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    servers.add(child);
    child.once('exit', () => servers.delete(child));
    let out = '';
    let started = false;
    const keep = (chunk: Buffer) => {
      out = (out + chunk.toString()).slice(-20_000);
      const match = /Salon is running at (http:\/\/127\.0\.0\.1:\d+)\//.exec(out);
      if (match && !started) {
        started = true;
        clearTimeout(timer);
        resolve({ base: match[1] ?? '', child, output: () => out });
      }
    };
    const timer = setTimeout(() => reject(new Error(`the server did not start in 60 s\n${out}`)), 60_000);
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    child.on('exit', (code) => {
      clearTimeout(timer);
      if (!started) reject(new Error(`the server exited with ${code}\n${out}`));
    });
  });
}

/** SIGTERM, then SIGKILL after `graceMs` (longer when a CPU profile must be written on exit). */
async function stopServer(child: ChildProcess, graceMs = 5000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  if (!(await Promise.race([exited.then(() => true), sleep(graceMs).then(() => false)]))) {
    child.kill('SIGKILL');
    await exited;
  }
}

const TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

function cpuMs(pid: number | undefined): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS;
  } catch {
    return NaN;
  }
}

/** Time the process ran and time it waited for a CPU while runnable (ns, /proc/<pid>/schedstat, every thread's sum for the main one). */
function schedstat(pid: number | undefined): { run: number; wait: number } {
  try {
    const [run, wait] = fs.readFileSync(`/proc/${pid}/schedstat`, 'utf8').trim().split(' ').map(Number);
    return { run: run ?? NaN, wait: wait ?? NaN };
  } catch {
    return { run: NaN, wait: NaN };
  }
}

interface ServerStats {
  memory: NodeJS.MemoryUsage;
  live: { streams: number };
  realtime: { sockets: number };
  /** Messages received from Redis, and events and packets delivered to its own clients, since the start. */
  traffic?: { redis_received: number; delivered: number };
}

type ChatSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** Everything measured, steady state only (`measuring`). */
class Meter {
  measuring = false;
  heartbeat: number[] = [];
  visit: number[] = [];
  seen: number[] = [];
  seenMissed = 0;
  ack: number[] = [];
  delivery: number[] = [];
  errors = new Map<string, number>();
  unanswered = 0;
  streamBytes = 0;
  rampHeartbeat: number[] = [];
  rampErrors = new Map<string, number>();

  error(what: string): void {
    const into = this.measuring ? this.errors : this.rampErrors;
    into.set(what, (into.get(what) ?? 0) + 1);
  }
}

interface VisitorState {
  index: number;
  account: Account;
  stream: http.ClientRequest | null;
  socket: ChatSocket | null;
  timers: NodeJS.Timeout[];
  gone: boolean;
  stand: number | null;
  /** The id of the last event its stream received. */
  lastEventId: string | null;
}

class Generator {
  readonly meter = new Meter();
  private readonly pool: Pool;
  private readonly agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  /** Stand index → visitor key → when the visit was posted. */
  private readonly pendingSeen = new Map<number, Map<string, number>>();
  private readonly exhibitorSockets: ChatSocket[] = [];
  private readonly exhibitorStreams: http.ClientRequest[] = [];
  readonly active = new Set<VisitorState>();
  private next = 0;
  /** client_id → sent at; acked ids. */
  private readonly sent = new Map<string, number>();
  private readonly acked = new Set<string>();
  private readonly delivered = new Set<string>();
  private messageSeq = 0;

  constructor(
    private readonly base: string,
    private readonly fixture: Fixture,
    connections: number,
  ) {
    this.pool = new Pool(base, {
      connections,
      pipelining: 1,
      headersTimeout: REQUEST_TIMEOUT_MS,
      bodyTimeout: REQUEST_TIMEOUT_MS,
      keepAliveTimeout: 60_000,
    });
  }

  get connectedVisitors(): number {
    return this.active.size;
  }

  /** One exhibitor per stand: a stream on the stand they own, and a socket for the chat. */
  async openExhibitors(): Promise<void> {
    const { stands, exhibitors } = this.fixture;
    await Promise.all(
      stands.map(async (stand, i) => {
        const account = exhibitors[i];
        if (!account) return;
        this.exhibitorStreams.push(
          await this.openStream(account, `owned_stands_ids=${stand.key}`, (data) => this.onExhibitorEvent(i, stand.key, data)),
        );
        const socket = await this.connectSocket(account);
        socket.on('new_chat_message', (message: ChatMessage) => {
          const id = message.client_id ?? '';
          const at = this.sent.get(id);
          if (at === undefined || this.delivered.has(id)) return;
          this.delivered.add(id);
          if (this.meter.measuring) this.meter.delivery.push(performance.now() - at);
        });
        this.exhibitorSockets.push(socket);
      }),
    );
  }

  private onExhibitorEvent(stand: number, standKey: string, data: string): void {
    const pending = this.pendingSeen.get(stand);
    if (!pending || pending.size === 0 || !data.includes('owned_stands_users')) return;
    let keys: Set<string>;
    try {
      // The whole list (first state, resume) or, on an open stream, the delta's arrivals.
      const parsed = JSON.parse(data) as {
        owned_stands_users?: Record<string, { id_user: string }[]>;
        owned_stands_users_delta?: Record<string, { users: { id_user: string }[] }>;
      };
      keys = new Set(
        (parsed.owned_stands_users?.[standKey] ?? parsed.owned_stands_users_delta?.[standKey]?.users ?? []).map((u) => u.id_user),
      );
    } catch {
      return;
    }
    const now = performance.now();
    for (const [key, at] of pending) {
      if (keys.has(key)) {
        pending.delete(key);
        if (this.meter.measuring) this.meter.seen.push(now - at);
      } else if (now - at > SEEN_TIMEOUT_MS) {
        pending.delete(key);
        this.meter.error('visit not seen by the exhibitor within 10 s');
        this.meter.seenMissed += this.meter.measuring ? 1 : 0;
      }
    }
  }

  /** `onData` gets each liveActivity event's data; `onId` each event's id (what the room bus resumes from). */
  private openStream(
    account: Account,
    query: string,
    onData: (data: string) => void,
    onId?: (id: string) => void,
    lastEventId?: string | null,
  ): Promise<http.ClientRequest> {
    return new Promise((resolve, reject) => {
      const headers: Record<string, string> = { cookie: account.cookie, accept: 'text/event-stream' };
      if (lastEventId) headers['last-event-id'] = lastEventId;
      const request = http.request(
        `${this.base}/api/sse/live/activity?${query}`,
        { agent: this.agent, headers, timeout: REQUEST_TIMEOUT_MS },
        (response) => {
          if (response.statusCode !== 200) {
            response.resume();
            reject(new Error(`stream answered ${response.statusCode}`));
            return;
          }
          request.setTimeout(0);
          resolve(request);
          response.setEncoding('utf8');
          const parser = createParser({
            onEvent: (event) => {
              if (event.id) onId?.(event.id);
              if (event.event === 'liveActivity') onData(event.data);
            },
          });
          response.on('data', (chunk: string) => {
            if (this.meter.measuring) this.meter.streamBytes += Buffer.byteLength(chunk);
            parser.feed(chunk);
          });
          response.on('error', () => undefined);
        },
      );
      request.on('timeout', () => {
        request.destroy(new Error('timeout'));
      });
      request.on('error', reject);
      request.end();
    });
  }

  private connectSocket(account: Account): Promise<ChatSocket> {
    return new Promise((resolve, reject) => {
      const socket: ChatSocket = io(this.base, {
        path: SOCKET_PATH,
        transports: ['websocket'],
        extraHeaders: { cookie: account.cookie, origin: this.base },
        reconnection: false,
        forceNew: true,
        timeout: REQUEST_TIMEOUT_MS,
      });
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', (err) => {
        socket.close();
        reject(err);
      });
    });
  }

  private async call(method: 'PUT' | 'POST', url: string, cookie: string, body?: unknown): Promise<number> {
    const started = performance.now();
    try {
      const answer = await this.pool.request({
        method,
        path: url,
        headers: {
          cookie,
          'x-requested-with': 'XMLHttpRequest',
          origin: this.base,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      await answer.body.dump();
      if (answer.statusCode !== 200) {
        this.meter.error(`${method} ${url.replace(/stands\/[^/]+/, 'stands/{id}')} answered ${answer.statusCode}`);
        return NaN;
      }
      return performance.now() - started;
    } catch (err) {
      const code = (err as { code?: string }).code ?? '';
      if (code.includes('TIMEOUT')) {
        if (this.meter.measuring) this.meter.unanswered += 1;
      } else this.meter.error(`${method} ${url.replace(/stands\/[^/]+/, 'stands/{id}')}: ${code || (err as Error).message}`);
      return NaN;
    }
  }

  /** A visitor arrives: stream, socket, heartbeats, stand changes, maybe a chat. */
  async arrive(): Promise<void> {
    const index = this.next++;
    const account = this.fixture.visitors[index];
    if (!account) throw new Error('no account left for an arrival: more churn than prepared');
    const v: VisitorState = { index, account, stream: null, socket: null, timers: [], gone: false, stand: null, lastEventId: null };
    this.active.add(v);
    const heartbeat = async () => {
      const ms = await this.call('PUT', '/api/users/me/active', account.cookie);
      if (Number.isFinite(ms)) (this.meter.measuring ? this.meter.heartbeat : this.meter.rampHeartbeat).push(ms);
    };
    try {
      v.stream = await this.openStream(
        account,
        '',
        () => undefined,
        (id) => (v.lastEventId = id),
      );
      v.socket = await this.connectSocket(account);
    } catch (err) {
      this.meter.error(`arrival: ${(err as Error).message}`);
      this.leave(v);
      return;
    }
    if (v.gone) return this.leave(v);
    void heartbeat();
    v.timers.push(setInterval(() => void heartbeat(), HEARTBEAT_MS));
    const move = () => {
      if (v.gone) return;
      void this.visit(v);
      v.timers.push(setTimeout(move, VISIT_EVERY_MS * (0.7 + Math.random() * 0.6)));
    };
    v.timers.push(setTimeout(move, Math.random() * 5000));
    const chat = this.fixture.chats.get(index);
    if (chat) {
      const send = () => this.chat(v, chat.channelKey, chat.memberKey);
      v.timers.push(
        setTimeout(() => {
          send();
          v.timers.push(setInterval(send, CHAT_EVERY_MS));
        }, Math.random() * CHAT_EVERY_MS),
      );
    }
  }

  private async visit(v: VisitorState): Promise<void> {
    const { stands } = this.fixture;
    let stand = Math.floor(Math.random() * stands.length);
    if (stand === v.stand) stand = (stand + 1) % stands.length;
    const key = stands[stand]?.key ?? '';
    v.stand = stand;
    const posted = performance.now();
    let pending = this.pendingSeen.get(stand);
    if (!pending) this.pendingSeen.set(stand, (pending = new Map()));
    pending.set(v.account.key, posted);
    const ms = await this.call('POST', `/api/stands/${key}/visit`, v.account.cookie, { start: true });
    if (!Number.isFinite(ms)) {
      pending.delete(v.account.key);
      return;
    }
    if (this.meter.measuring) this.meter.visit.push(ms);
    if (v.gone) return;
    // The room bus reopens the stream on the new visited stand, resuming after its last event.
    v.stream?.destroy();
    try {
      v.stream = await this.openStream(
        v.account,
        `visited_stand_id=${key}`,
        () => undefined,
        (id) => (v.lastEventId = id),
        v.lastEventId,
      );
      if (v.gone) v.stream.destroy();
    } catch (err) {
      this.meter.error(`stream reopen: ${(err as Error).message}`);
    }
  }

  private chat(v: VisitorState, channelKey: string, memberKey: string): void {
    if (v.gone || !v.socket) return;
    const clientId = `bench-${v.index}-${(this.messageSeq += 1)}`;
    const started = performance.now();
    const measured = this.meter.measuring;
    this.sent.set(clientId, started);
    v.socket
      .timeout(REQUEST_TIMEOUT_MS)
      .emit(
        'new_chat_message',
        { channel_id: channelKey, member_id: memberKey, client_id: clientId, content: { type: 'message', text: `hello from ${v.index}` } },
        (err, answer) => {
          if (err) {
            if (measured) this.meter.unanswered += 1;
          } else if (!answer.ok) this.meter.error('chat message refused');
          else {
            this.acked.add(clientId);
            if (measured) this.meter.ack.push(performance.now() - started);
          }
        },
      );
    if (!measured) this.sent.delete(clientId);
  }

  /** The oldest visitor leaves: ends the visit as the page's beacon does, closes stream and socket. */
  departOne(): void {
    const v = this.active.values().next().value;
    if (!v) return;
    if (v.stand !== null) {
      // Gone before the stand's next flush, their arrival may never be shown: that is no missed visit.
      this.pendingSeen.get(v.stand)?.delete(v.account.key);
      void this.call('POST', `/api/stands/${this.fixture.stands[v.stand]?.key ?? ''}/visit`, v.account.cookie, { end: true });
    }
    this.leave(v);
  }

  private leave(v: VisitorState): void {
    v.gone = true;
    for (const t of v.timers) clearTimeout(t);
    v.stream?.destroy();
    v.socket?.close();
    this.active.delete(v);
  }

  /** Acknowledged messages not delivered within DRAIN_MS. */
  async lost(): Promise<{ sent: number; acked: number; lost: number }> {
    const deadline = performance.now() + DRAIN_MS;
    const measuredIds = () => [...this.acked].filter((id) => this.sent.has(id));
    while (measuredIds().some((id) => !this.delivered.has(id)) && performance.now() < deadline) await sleep(50);
    const acked = measuredIds();
    return { sent: this.sent.size, acked: acked.length, lost: acked.filter((id) => !this.delivered.has(id)).length };
  }

  async close(): Promise<void> {
    for (const v of [...this.active]) this.leave(v);
    for (const s of this.exhibitorSockets) s.close();
    for (const s of this.exhibitorStreams) s.destroy();
    await this.pool.close().catch(() => undefined);
    this.agent.destroy();
  }
}

export interface VisitorsResult {
  visitors: number;
  duration_s: number;
  ramp_s: number;
  arrivals: number;
  departures: number;
  connected_at_end: number;
  heartbeat_ms: { p50: number; p99: number; count: number };
  ramp_heartbeat_p99_ms: number;
  visit_ms: { p50: number; p99: number; count: number };
  visit_seen_ms: { p50: number; p99: number; count: number; missed: number };
  chat: { sent: number; acked: number; lost: number; ack_ms: { p50: number; p99: number }; delivery_ms: { p50: number; p99: number } };
  errors: Record<string, number>;
  ramp_errors: Record<string, number>;
  unanswered: number;
  stream_bytes_per_visitor_per_s: number;
  server: {
    rss_mb_before: number;
    rss_mb_after: number;
    rss_per_visitor_kb: number;
    heap_per_visitor_kb: number;
    cpu_percent: number;
    waited_for_cpu_percent: number;
    streams: number;
    sockets: number;
    /** Every process's CPU time together, per connected socket: what adding processes must not multiply. */
    cpu_ms_per_s_per_socket: number;
    saturation_log_lines: number;
  };
  generator: { event_loop_p99_ms: number; cpu_percent: number };
  load_average: number[];
  /** coreSpeedMs() before the run: the machine's speed that day (lower is faster). */
  core0_reference_ms: number;
  /** Each server process: its CPU (% of a core), sockets and streams at the end, CPU ms per second per socket. */
  processes: {
    cpu_percent: number;
    sockets: number;
    streams: number;
    cpu_ms_per_s_per_socket: number;
    redis_received_per_s: number;
    delivered_per_s: number;
  }[];
  counters_per_s?: Record<string, number>;
  deployment?: Record<string, unknown>;
  holds: boolean;
  failed: string[];
}

/** The server's own figures (after a GC unless `gc` is false); null when it does not answer within 30 s. */
async function stats(base: string, gc = true): Promise<ServerStats | null> {
  try {
    const response = await fetch(`${base}/__bench/stats${gc ? '?gc=1' : ''}`, { signal: AbortSignal.timeout(30_000) });
    return (await response.json()) as ServerStats;
  } catch {
    return null;
  }
}

export async function runVisitors(options: VisitorsOptions): Promise<VisitorsResult> {
  const { visitors, duration, rampRate, churnPerSecond } = options;
  const accounts = visitors + Math.ceil(duration * churnPerSecond) + 50;
  log(`visitors: preparing ${accounts} accounts`);
  const fixture = await prepare(accounts, options.database);
  const core0ReferenceMs = coreSpeedMs();
  const server: Deployment = options.deploy
    ? await options.deploy(fixture)
    : await startServer(fixture, options.cpuProfDir, options.serverNodeFlags).then((one) =>
        oneProcess(one, options.cpuProfDir ? 60_000 : 5000),
      );
  const pids = server.processes.map((p) => p.pid);
  const generatorLoop = monitorEventLoopDelay({ resolution: 10 });
  const generator = new Generator(server.base, fixture, Math.max(16, Math.ceil(visitors / 4)));
  try {
    await sleep(1000);
    const before = await statsOf(server);
    if (!before) throw new Error(`the server does not answer /__bench/stats\n${server.output()}`);
    await generator.openExhibitors();
    const rampStarted = performance.now();
    log(`visitors: ${server.base}, ramp to ${visitors} at ${rampRate}/s`);
    const arrivals: Promise<void>[] = [];
    for (let i = 0; i < visitors; i += 1) {
      arrivals.push(generator.arrive());
      const due = rampStarted + ((i + 1) * 1000) / rampRate;
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
    }
    await Promise.all(arrivals);
    const rampSeconds = (performance.now() - rampStarted) / 1000;
    // Settle: the last arrivals' first visits, the server's first recomputations.
    await sleep(5000);
    log(
      `visitors: ${generator.connectedVisitors} connected after ${round1(rampSeconds)} s; steady state for ${duration} s with ${churnPerSecond} arrival(s) and departure(s) a second`,
    );

    generator.meter.measuring = true;
    generatorLoop.enable();
    const cpuBefore = pids.map(cpuMs);
    const schedBefore = pids.map(schedstat);
    const countersBefore = await server.counters?.();
    const trafficBefore = await Promise.all(server.processes.map((p) => stats(p.base, false)));
    const ownCpuBefore = process.cpuUsage();
    const steadyStarted = performance.now();
    let churned = 0;
    const churn: Promise<void>[] = [];
    while (performance.now() - steadyStarted < duration * 1000) {
      await sleep(1000 / churnPerSecond);
      generator.departOne();
      churn.push(generator.arrive());
      churned += 1;
    }
    const steadySeconds = (performance.now() - steadyStarted) / 1000;
    const cpuAfter = pids.map(cpuMs);
    const schedAfter = pids.map(schedstat);
    const countersAfter = await server.counters?.();
    const trafficAfter = await Promise.all(server.processes.map((p) => stats(p.base, false)));
    const ownCpu = process.cpuUsage(ownCpuBefore);
    generator.meter.measuring = false;
    generatorLoop.disable();
    await Promise.all(churn);
    const chat = await generator.lost();
    const after = await statsOf(server);
    const m = generator.meter;
    // Per visitor: those connected at the end (fewer than asked when arrivals failed).
    const present = Math.max(1, generator.connectedVisitors);
    const kb = (bytes: number) => Math.round(bytes / 1024);
    const saturation = (server.output().match(/event loop delay/gi) ?? []).length;
    const result: VisitorsResult = {
      visitors,
      duration_s: Math.round(steadySeconds),
      ramp_s: round1(rampSeconds),
      arrivals: churned,
      departures: churned,
      connected_at_end: generator.connectedVisitors,
      heartbeat_ms: { p50: round1(percentile(m.heartbeat, 50)), p99: round1(percentile(m.heartbeat, 99)), count: m.heartbeat.length },
      ramp_heartbeat_p99_ms: round1(percentile(m.rampHeartbeat, 99)),
      visit_ms: { p50: round1(percentile(m.visit, 50)), p99: round1(percentile(m.visit, 99)), count: m.visit.length },
      visit_seen_ms: {
        p50: round1(percentile(m.seen, 50)),
        p99: round1(percentile(m.seen, 99)),
        count: m.seen.length,
        missed: m.seenMissed,
      },
      chat: {
        ...chat,
        ack_ms: { p50: round1(percentile(m.ack, 50)), p99: round1(percentile(m.ack, 99)) },
        delivery_ms: { p50: round1(percentile(m.delivery, 50)), p99: round1(percentile(m.delivery, 99)) },
      },
      errors: Object.fromEntries(m.errors),
      ramp_errors: Object.fromEntries(m.rampErrors),
      unanswered: m.unanswered,
      stream_bytes_per_visitor_per_s: Math.round(m.streamBytes / present / steadySeconds),
      server: {
        rss_mb_before: Math.round(before.memory.rss / 2 ** 20),
        rss_mb_after: after ? Math.round(after.memory.rss / 2 ** 20) : NaN,
        rss_per_visitor_kb: after ? kb((after.memory.rss - before.memory.rss) / present) : NaN,
        heap_per_visitor_kb: after ? kb((after.memory.heapUsed - before.memory.heapUsed) / present) : NaN,
        cpu_percent: Math.round((sum(cpuAfter.map((ms, i) => ms - (cpuBefore[i] ?? NaN))) / (steadySeconds * 1000)) * 100),
        waited_for_cpu_percent: Math.round(
          (sum(schedAfter.map((t, i) => t.wait - (schedBefore[i]?.wait ?? NaN))) / 1e6 / (steadySeconds * 1000)) * 100,
        ),
        streams: after?.live.streams ?? NaN,
        sockets: after?.realtime.sockets ?? NaN,
        cpu_ms_per_s_per_socket:
          Math.round((sum(cpuAfter.map((ms, i) => ms - (cpuBefore[i] ?? NaN))) / steadySeconds / (after?.realtime.sockets ?? NaN)) * 1000) /
          1000,
        saturation_log_lines: saturation,
      },
      generator: {
        event_loop_p99_ms: round1(generatorLoop.percentile(99) / 1e6),
        cpu_percent: Math.round(((ownCpu.user + ownCpu.system) / 1000 / (steadySeconds * 1000)) * 100),
      },
      load_average: os.loadavg().map((n) => Math.round(n * 100) / 100),
      core0_reference_ms: core0ReferenceMs,
      processes: server.processes.map((p, i) => {
        const cpuPercent = (((cpuAfter[i] ?? NaN) - (cpuBefore[i] ?? NaN)) / (steadySeconds * 1000)) * 100;
        const sockets = after?.each[i]?.realtime.sockets ?? NaN;
        const rate = (pick: (t: NonNullable<ServerStats['traffic']>) => number) => {
          const [from, to] = [trafficBefore[i]?.traffic, trafficAfter[i]?.traffic];
          return from && to ? round1((pick(to) - pick(from)) / steadySeconds) : NaN;
        };
        return {
          cpu_percent: Math.round(cpuPercent),
          sockets,
          streams: after?.each[i]?.live.streams ?? NaN,
          cpu_ms_per_s_per_socket: Math.round((cpuPercent * 10 * 1000) / sockets) / 1000,
          redis_received_per_s: rate((t) => t.redis_received),
          delivered_per_s: rate((t) => t.delivered),
        };
      }),
      counters_per_s:
        countersBefore && countersAfter
          ? Object.fromEntries(Object.entries(countersAfter).map(([k, v]) => [k, round1((v - (countersBefore[k] ?? NaN)) / steadySeconds)]))
          : undefined,
      deployment: await server.describe?.(),
      holds: false,
      failed: [],
    };
    const errorCount = Object.values(result.errors).reduce((a, b) => a + b, 0);
    const checks: [boolean, string][] = [
      [result.heartbeat_ms.p99 < TARGETS.heartbeatP99Ms, `heartbeat p99 ${result.heartbeat_ms.p99} ms ≥ ${TARGETS.heartbeatP99Ms}`],
      [result.chat.ack_ms.p99 < TARGETS.chatAckP99Ms, `chat ack p99 ${result.chat.ack_ms.p99} ms ≥ ${TARGETS.chatAckP99Ms}`],
      [result.visit_seen_ms.p99 < TARGETS.visitSeenP99Ms, `visit seen p99 ${result.visit_seen_ms.p99} ms ≥ ${TARGETS.visitSeenP99Ms}`],
      [result.chat.lost === 0, `${result.chat.lost} messages lost`],
      [generator.connectedVisitors >= visitors, `${generator.connectedVisitors} of ${visitors} visitors connected at the end`],
      [
        result.server.rss_per_visitor_kb < TARGETS.rssPerVisitorKb,
        `${result.server.rss_per_visitor_kb} kB per visitor ≥ ${TARGETS.rssPerVisitorKb}`,
      ],
      [errorCount === 0 && result.unanswered === 0, `${errorCount} errors, ${result.unanswered} never answered`],
    ];
    result.failed = checks.filter(([ok]) => !ok).map(([, why]) => why);
    result.holds = result.failed.length === 0;
    return result;
  } finally {
    await generator.close();
    await server.stop();
    fs.rmSync(fixture.dir, { recursive: true, force: true });
  }
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

/** The default deployment: one process (startServer). */
/** `graceMs`: how long the server may take to stop (writing a CPU profile takes a while). */
function oneProcess(server: { base: string; child: ChildProcess; output: () => string }, graceMs: number): Deployment {
  return {
    base: server.base,
    processes: [{ pid: server.child.pid, base: server.base }],
    output: server.output,
    stop: () => stopServer(server.child, graceMs),
  };
}

/** Every process's stats, summed (memory, streams, sockets); null when one does not answer. */
async function statsOf(server: Deployment): Promise<(ServerStats & { each: ServerStats[] }) | null> {
  const each = await Promise.all(server.processes.map((p) => stats(p.base)));
  if (each.some((s) => s === null)) return null;
  const all = each as ServerStats[];
  const total = (pick: (s: ServerStats) => number) => sum(all.map(pick));
  return {
    memory: { ...(all[0] as ServerStats).memory, rss: total((s) => s.memory.rss), heapUsed: total((s) => s.memory.heapUsed) },
    live: { streams: total((s) => s.live.streams) },
    realtime: { sockets: total((s) => s.realtime.sockets) },
    each: all,
  };
}

/** Messages the processes received for each one published (PUBLISH and SPUBLISH, the chat's and the live hub's). */
function fanOut(r: VisitorsResult): string {
  const published = (r.counters_per_s?.redis_publishes ?? NaN) + (r.counters_per_s?.redis_spublishes ?? NaN);
  const received = r.processes.reduce((sum, p) => sum + p.redis_received_per_s, 0);
  return `${round1(received)} received/s for ${round1(published)} published/s: ${round1(received / published)} processes each`;
}

export function printVisitors(r: VisitorsResult): void {
  const rows: [string, string][] = [
    [
      `${r.visitors} visitors, steady ${r.duration_s} s (ramp ${r.ramp_s} s)`,
      `${r.arrivals} arrivals and ${r.departures} departures during the steady state; load average ${r.load_average.join(' ')}`,
    ],
    ['machine speed (core 0)', `reference work ${r.core0_reference_ms} ms before the run (lower is faster)`],
    ['connected at the end', `${r.connected_at_end}`],
    [
      'heartbeat (target p99 < 100 ms)',
      `p50 ${r.heartbeat_ms.p50} ms, p99 ${r.heartbeat_ms.p99} ms (${r.heartbeat_ms.count}; ramp p99 ${r.ramp_heartbeat_p99_ms} ms)`,
    ],
    ['stand visit POST', `p50 ${r.visit_ms.p50} ms, p99 ${r.visit_ms.p99} ms (${r.visit_ms.count})`],
    [
      'visit seen by the exhibitor (p99 < 500 ms)',
      `p50 ${r.visit_seen_ms.p50} ms, p99 ${r.visit_seen_ms.p99} ms (${r.visit_seen_ms.count}, missed ${r.visit_seen_ms.missed})`,
    ],
    ['chat ack (p99 < 200 ms)', `p50 ${r.chat.ack_ms.p50} ms, p99 ${r.chat.ack_ms.p99} ms (${r.chat.acked} acked of ${r.chat.sent})`],
    ['chat delivery', `p50 ${r.chat.delivery_ms.p50} ms, p99 ${r.chat.delivery_ms.p99} ms; lost ${r.chat.lost}`],
    ['errors / never answered', `${JSON.stringify(r.errors)} / ${r.unanswered} (during the ramp: ${JSON.stringify(r.ramp_errors)})`],
    ['stream bytes per visitor', `${r.stream_bytes_per_visitor_per_s} B/s`],
    [
      'server memory per visitor (< 100 kB)',
      `${r.server.rss_per_visitor_kb} kB RSS, ${r.server.heap_per_visitor_kb} kB heap (${r.server.rss_mb_before} → ${r.server.rss_mb_after} MB)`,
    ],
    [
      'server CPU (core 0)',
      `${r.server.cpu_percent} %, waiting for the CPU ${r.server.waited_for_cpu_percent} % of the time (other processes on core 0); ${r.server.streams} streams, ${r.server.sockets} sockets, ${r.server.cpu_ms_per_s_per_socket} ms CPU/s per socket (all processes); saturation warnings ${r.server.saturation_log_lines}`,
    ],
    ['generator (core 1)', `CPU ${r.generator.cpu_percent} %, event loop p99 ${r.generator.event_loop_p99_ms} ms`],
    ...(r.processes.length > 1 || r.counters_per_s
      ? ([
          [
            'each process',
            r.processes
              .map(
                (p, i) =>
                  `#${i + 1}: CPU ${p.cpu_percent} %, ${p.sockets} sockets, ${p.streams} streams, ${p.cpu_ms_per_s_per_socket} ms CPU/s per socket, Redis messages received ${p.redis_received_per_s}/s, delivered ${p.delivered_per_s}/s`,
              )
              .join('; '),
          ],
          ['per second', JSON.stringify(r.counters_per_s ?? {})],
          ['Redis fan-out', fanOut(r)],
          ['deployment', JSON.stringify(r.deployment ?? {})],
        ] as [string, string][])
      : []),
    ['holds the targets', r.holds ? 'yes' : `no: ${r.failed.join('; ')}`],
  ];
  const width = Math.max(...rows.map(([k]) => k.length));
  log('');
  for (const [k, v] of rows) log(`${k.padEnd(width)}  ${v}`);
}

/** Pins this process (all its threads) to core 1; the server gets core 0. */
export function pinGenerator(): void {
  try {
    execFileSync('taskset', ['-a', '-cp', '1', String(process.pid)], { stdio: 'ignore' });
  } catch {
    log('taskset is missing or refused: the generator is not pinned');
  }
}
