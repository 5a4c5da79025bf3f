/*
 * Server benchmark (loopback only, bounded in time, cleans up after itself):
 *   node --import tsx scripts/bench/index.ts
 * (a) PUT /api/users/me/active on the real server (SQLite in a temp dir, logged-in sessions rotating on every
 *     request) against a bare node:http server answering the same JSON: requests/s of both and the ratio.
 * (b) STREAMS open live activity streams in one server process: memory per stream (measured inside the server
 *     through the bench-only /__bench/stats), and the time from one change (a visit start on a stand they all own)
 *     until it has reached every stream.
 * (c) CHAT_CLIENTS socket.io clients connected to one server process, CHAT_SENDERS of them sending one message a
 *     second for CHAT_SECONDS into 1-to-1 channels with other clients: acknowledgement and delivery latency,
 *     messages lost (acknowledged but never delivered to the other member), memory per connection.
 * Prints a table and writes dist/bench.json. Environment: BENCH_DURATION (s, 10), BENCH_CONNECTIONS (50),
 * BENCH_SESSIONS (200), BENCH_STREAMS (2000), BENCH_CHAT_CLIENTS (1000), BENCH_CHAT_SENDERS (100), BENCH_CHAT_SECONDS (15).
 */
// First: the server's files use the Lingui macro, which tsx compiles through this hook (as server.ts does).
import '../../host-shell/server/i18n/macro-hook';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon, { type Result } from 'autocannon';
import { createParser } from 'eventsource-parser';
import { io, type Socket } from 'socket.io-client';
import type { ChatMessage } from '@salon/shared/contracts/chat';
import { benchServerEnv, insertBenchUsers, insertDirectChannel } from './fixture';
import { SOCKET_PATH, type ClientToServerEvents, type ServerToClientEvents } from '@salon/shared/contracts/socket-events';
import { REPO_ROOT } from '../../host-shell/server/config';
import { openDatabase } from '../../host-shell/server/db/connect';
import { migrateToLatest } from '../../host-shell/server/db/migrate';
import { seedDemo } from '../../host-shell/server/db/seed';
import { encodeId } from '../../host-shell/server/lib/ids';
import { createSession } from '../../host-shell/server/services/sessions';

const int = (name: string, fallback: number): number => {
  const value = Number(process.env[name] ?? fallback);
  return Number.isInteger(value) && value > 0 ? value : fallback;
};
const DURATION = int('BENCH_DURATION', 10);
const CONNECTIONS = int('BENCH_CONNECTIONS', 50);
const SESSIONS = int('BENCH_SESSIONS', 200);
const WANTED_STREAMS = int('BENCH_STREAMS', 2000);
const WANTED_CHAT_CLIENTS = int('BENCH_CHAT_CLIENTS', 1000);
const CHAT_SENDERS = int('BENCH_CHAT_SENDERS', 100);
const CHAT_SECONDS = int('BENCH_CHAT_SECONDS', 15);
/** After the last message, how long deliveries may take before a message counts as lost. */
const CHAT_DRAIN_MS = 5000;
const WARMUP_SECONDS = 2;
const DELIVERY_ROUNDS = 5;
const OVERALL_TIMEOUT_MS = 180_000;
const STAND_SLUG = 'stand-helios-solaire';

const log = (line: string) => process.stdout.write(`${line}\n`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const children = new Set<ChildProcess>();

/** Each side of (b) holds one socket per stream; node raises its soft limit to the hard one at start. */
function fileLimit(): number {
  try {
    return Number(execFileSync('sh', ['-c', 'ulimit -Hn'], { encoding: 'utf8' }).trim()) || 1024;
  } catch {
    return 1024;
  }
}

/** One sender and its receiver, in their 1-to-1 channel. */
interface ChatPair {
  sender: number;
  receiver: number;
  channelKey: string;
  senderMemberKey: string;
}

interface Fixture {
  dir: string;
  sqlitePath: string;
  activityCookies: string[];
  streamCookies: string[];
  visitorCookie: string;
  standKey: string;
  /** Logged-in chat users (sessions created directly in the database). */
  chatCookies: string[];
  chatPairs: ChatPair[];
}

/** A migrated, seeded SQLite salon with SESSIONS visitors and `streams` extra exhibitors of one stand, all logged in. */
async function prepare(streams: number, chatClients: number): Promise<Fixture> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'salon-bench-'));
  const sqlitePath = path.join(dir, 'salon.sqlite');
  const handle = openDatabase({ dialect: 'sqlite', filename: sqlitePath });
  try {
    await migrateToLatest(handle);
    await seedDemo(handle.db);
    const db = handle.db;
    const stand = await db.selectFrom('stands').select('id').where('panorama_slug', '=', STAND_SLUG).executeTakeFirstOrThrow();
    const cookie = (token: string) => `salon_session=${token}`;
    return await db.transaction().execute(async (trx) => {
      const visitors = await insertBenchUsers(trx, SESSIONS + 1, 'visitor', 'Visitor');
      const exhibitors = await insertBenchUsers(trx, streams, 'exhibitor', 'Exhibitor');
      for (let i = 0; i < exhibitors.length; i += 500) {
        await trx
          .insertInto('stand_exhibitors')
          .values(exhibitors.slice(i, i + 500).map((user_id) => ({ stand_id: stand.id, user_id })))
          .execute();
      }
      const sessions = async (ids: number[]) => {
        const out: string[] = [];
        for (const id of ids) out.push(cookie(await createSession(trx, id)));
        return out;
      };
      const [visitorCookie, ...activityCookies] = await sessions(visitors);

      // Chat users; sender i talks with receiver CHAT_SENDERS + i, the others are connected and idle.
      const chatUsers = await insertBenchUsers(trx, chatClients, 'visitor', 'Chatter');
      const senders = Math.min(CHAT_SENDERS, Math.floor(chatClients / 2));
      const chatPairs: ChatPair[] = [];
      for (let i = 0; i < senders; i += 1) {
        const [a, b] = [chatUsers[i] ?? 0, chatUsers[senders + i] ?? 0];
        const { channelId, memberOf } = await insertDirectChannel(trx, a, b);
        chatPairs.push({ sender: i, receiver: senders + i, channelKey: encodeId(channelId), senderMemberKey: encodeId(memberOf(a)) });
      }
      return {
        dir,
        sqlitePath,
        activityCookies,
        streamCookies: await sessions(exhibitors),
        visitorCookie: visitorCookie ?? '',
        standKey: encodeId(stand.id),
        chatCookies: await sessions(chatUsers),
        chatPairs,
      };
    });
  } finally {
    await handle.close();
  }
}

/** Starts a child node process and resolves with what `ready` extracts from its stdout. */
function start(args: string[], env: NodeJS.ProcessEnv, ready: RegExp): Promise<{ child: ChildProcess; match: RegExpExecArray }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: REPO_ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    children.add(child);
    child.on('exit', () => children.delete(child));
    let out = '';
    let err = '';
    const timer = setTimeout(() => reject(new Error(`${args.join(' ')} did not start in 30 s\n${out}\n${err}`)), 30_000);
    child.stderr?.on('data', (chunk: Buffer) => {
      err = (err + chunk.toString()).slice(-4000);
    });
    let started = false;
    // Read to the end (a full pipe would block the child's logging), keeping only what precedes the banner.
    child.stdout?.on('data', (chunk: Buffer) => {
      if (started) return;
      out = (out + chunk.toString()).slice(-8000);
      const match = ready.exec(out);
      if (match) {
        started = true;
        clearTimeout(timer);
        resolve({ child, match });
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${args.join(' ')} exited with ${code}\n${out}\n${err}`));
    });
  });
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const killed = await Promise.race([exited.then(() => true), sleep(5000).then(() => false)]);
  if (!killed) {
    child.kill('SIGKILL');
    await exited;
  }
}

function startSalon(fixture: Fixture): Promise<{ base: string; child: ChildProcess }> {
  return start(
    ['--expose-gc', '--import', 'tsx', 'host-shell/server/server.ts'],
    benchServerEnv(fixture),
    /Salon is running at (http:\/\/127\.0\.0\.1:\d+)\//,
  ).then(({ child, match }) => ({ base: match[1] ?? '', child }));
}

const TICKS_PER_SECOND = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** CPU time (user + system, ms) a process has used so far, from /proc (Linux); null elsewhere. */
function cpuMs(child: ChildProcess): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${child.pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces): state is field 3, utime 14, stime 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

function cannon(base: string, cookies: string[], duration: number): Promise<Result> {
  let next = 0;
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: `${base}/api/users/me/active`,
        method: 'PUT',
        connections: CONNECTIONS,
        duration,
        headers: { 'x-requested-with': 'XMLHttpRequest', origin: base },
        // A different visitor on every request, as in the salon.
        requests: [
          { setupRequest: (request) => ({ ...request, headers: { ...request.headers, cookie: cookies[next++ % cookies.length] ?? '' } }) },
        ],
      },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
  });
}

/**
 * Both servers run side by side (the one not under load idles), and the measured time is split A-B-B-A: the
 * other work on the machine, which drifts over time, weighs on both alike.
 */
async function activityBench(fixture: Fixture) {
  const { base: salon, child: salonChild } = await startSalon(fixture);
  const { child: bareChild, match } = await start(['--import', 'tsx', 'scripts/bench/bare-server.ts'], {}, /listening (\d+)/);
  const bare = `http://127.0.0.1:${match[1] ?? ''}`;
  log(`(a) salon ${salon} and bare node:http ${bare}: ${CONNECTIONS} connections, ${fixture.activityCookies.length} sessions rotating`);
  log(`    warm-up ${WARMUP_SECONDS} s each, then ${DURATION} s each in the order salon, bare, bare, salon`);
  await cannon(salon, fixture.activityCookies, WARMUP_SECONDS);
  await cannon(bare, fixture.activityCookies, WARMUP_SECONDS);
  const half = Math.max(1, Math.round(DURATION / 2));
  const servers = {
    salon: { base: salon, child: salonChild, results: [] as Result[], cpu: 0 },
    bare: { base: bare, child: bareChild, results: [] as Result[], cpu: 0 },
  };
  for (const which of ['salon', 'bare', 'bare', 'salon'] as const) {
    const server = servers[which];
    const before = cpuMs(server.child);
    server.results.push(await cannon(server.base, fixture.activityCookies, half));
    const after = cpuMs(server.child);
    server.cpu += before === null || after === null ? NaN : after - before;
  }
  await stopAll();

  const summary = ({ results, cpu }: { results: Result[]; cpu: number }) => {
    const requests = results.reduce((sum, r) => sum + r.requests.total, 0);
    const seconds = results.reduce((sum, r) => sum + r.duration, 0);
    return {
      requests_per_s: Math.round(requests / seconds),
      latency_ms: { p50: Math.max(...results.map((r) => r.latency.p50)), p99: Math.max(...results.map((r) => r.latency.p99)) },
      non2xx: results.reduce((sum, r) => sum + r.non2xx, 0),
      errors: results.reduce((sum, r) => sum + r.errors, 0),
      /** Server CPU time per request: what the throughput would be limited by if the server, not the load generator, were the bottleneck. */
      cpu_us_per_request: Math.round(((cpu * 1000) / requests) * 10) / 10,
      /** Share of one core the server used while loaded (near 100 %: the server was the bottleneck). */
      cpu_busy_percent: Math.round((cpu / (seconds * 1000)) * 100),
    };
  };
  const salonSummary = summary(servers.salon);
  const bareSummary = summary(servers.bare);
  if (salonSummary.non2xx > 0 || salonSummary.errors > 0)
    throw new Error(`the salon answered ${salonSummary.non2xx} non-2xx and ${salonSummary.errors} errors`);
  const round2 = (n: number) => Math.round(n * 100) / 100;
  return {
    connections: CONNECTIONS,
    duration_s: half * 2,
    sessions: fixture.activityCookies.length,
    salon: salonSummary,
    bare: bareSummary,
    ratio: round2(salonSummary.requests_per_s / bareSummary.requests_per_s),
    cpu_ratio: round2(bareSummary.cpu_us_per_request / salonSummary.cpu_us_per_request),
  };
}

interface BenchStream {
  received: number;
  /** performance.now() of the first event after `since` that carries owned_stands_users (whole or as a delta). */
  deliveredAt: number;
  since: number;
  socket: { destroy(): void } | null;
}

const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });

function openStream(base: string, cookie: string, query: string): Promise<BenchStream> {
  return new Promise((resolve, reject) => {
    const stream: BenchStream = { received: 0, deliveredAt: 0, since: Infinity, socket: null };
    const request = http.request(
      `${base}/api/sse/live/activity?${query}`,
      { agent, headers: { cookie, accept: 'text/event-stream' } },
      (response) => {
        if (response.statusCode !== 200) {
          reject(new Error(`stream answered ${response.statusCode}`));
          response.resume();
          return;
        }
        stream.socket = response.socket;
        response.setEncoding('utf8');
        const parser = createParser({
          onEvent: (event) => {
            stream.received += 1;
            if (stream.received === 1) resolve(stream);
            else if (performance.now() >= stream.since && stream.deliveredAt === 0 && event.data.includes('"owned_stands_users'))
              stream.deliveredAt = performance.now();
          },
        });
        response.on('data', (chunk: string) => parser.feed(chunk));
      },
    );
    request.on('error', reject);
    request.end();
  });
}

interface ServerStats {
  memory: NodeJS.MemoryUsage;
  gcExposed: boolean;
  live: { streams: number };
  realtime: { sockets: number };
}

async function serverStats(base: string): Promise<ServerStats> {
  const response = await fetch(`${base}/__bench/stats?gc=1`);
  return (await response.json()) as ServerStats;
}

async function streamsBench(fixture: Fixture, count: number) {
  const { base: salon } = await startSalon(fixture);
  const headers = {
    'x-requested-with': 'XMLHttpRequest',
    origin: salon,
    cookie: fixture.visitorCookie,
    'content-type': 'application/json',
  };
  // The visitor is already active: their visit is then one change (visitors and history of the stand), not a presence one too.
  await fetch(`${salon}/api/users/me/active`, { method: 'PUT', headers });
  await sleep(500);
  const before = await serverStats(salon);

  log(`(b) opening ${count} live activity streams on ${salon}`);
  const query = `owned_stands_ids=${fixture.standKey}`;
  const opening = performance.now();
  const streams: BenchStream[] = [];
  for (let i = 0; i < count; i += 200) {
    streams.push(
      ...(await Promise.all(fixture.streamCookies.slice(i, Math.min(count, i + 200)).map((cookie) => openStream(salon, cookie, query)))),
    );
  }
  const openMs = performance.now() - opening;
  await sleep(1000);
  const after = await serverStats(salon);
  if (after.live.streams !== count) throw new Error(`the server holds ${after.live.streams} streams, expected ${count}`);

  const rounds: { last_ms: number; p50_ms: number; delivered: number }[] = [];
  for (let round = 0; round < DELIVERY_ROUNDS; round += 1) {
    const since = performance.now();
    for (const s of streams) {
      s.since = since;
      s.deliveredAt = 0;
    }
    const body = JSON.stringify(round % 2 === 0 ? { start: true } : { end: true });
    const answer = await fetch(`${salon}/api/stands/${fixture.standKey}/visit`, { method: 'POST', headers, body });
    if (answer.status !== 200) throw new Error(`visit answered ${answer.status}: ${await answer.text()}`);
    const deadline = performance.now() + 10_000;
    while (streams.some((s) => s.deliveredAt === 0) && performance.now() < deadline) await sleep(5);
    const times = streams
      .filter((s) => s.deliveredAt > 0)
      .map((s) => s.deliveredAt - since)
      .sort((a, b) => a - b);
    rounds.push({
      last_ms: Math.round(times.at(-1) ?? NaN),
      p50_ms: Math.round(times[Math.floor(times.length / 2)] ?? NaN),
      delivered: times.length,
    });
    // Past the coalescing window, so each round is one change on its own.
    await sleep(600);
  }
  for (const s of streams) s.socket?.destroy();
  await stopAll();

  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
  const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
  return {
    streams: count,
    open_all_ms: Math.round(openMs),
    gc_before_measuring: after.gcExposed,
    rss_per_stream_kb: kb((after.memory.rss - before.memory.rss) / count),
    heap_per_stream_kb: kb((after.memory.heapUsed - before.memory.heapUsed) / count),
    rss_mb: { before: Math.round(before.memory.rss / 2 ** 20), after: Math.round(after.memory.rss / 2 ** 20) },
    delivery: { rounds, median_last_ms: median(rounds.map((r) => r.last_ms)), median_p50_ms: median(rounds.map((r) => r.p50_ms)) },
  };
}

type ChatSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

function connectChat(base: string, cookie: string): Promise<ChatSocket> {
  return new Promise((resolve, reject) => {
    const socket: ChatSocket = io(base, {
      path: SOCKET_PATH,
      transports: ['websocket'],
      extraHeaders: { cookie, origin: base },
      reconnection: false,
      forceNew: true,
    });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (err) => reject(err));
  });
}

const percentile = (sorted: number[], p: number): number =>
  sorted.length === 0 ? NaN : (sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN);
const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * (c) The chat: every client connected at once; each sender sends one message a second, spread over the second,
 * and the clock starts at the emit. Ack: until the acknowledgement (stored). Delivery: until the other member's
 * socket has it. Lost: acknowledged, never delivered within CHAT_DRAIN_MS after the end.
 */
async function chatBench(fixture: Fixture, clients: number) {
  const { base: salon } = await startSalon(fixture);
  await sleep(500);
  const before = await serverStats(salon);
  log(`(c) connecting ${clients} socket.io clients to ${salon}`);
  const opening = performance.now();
  const sockets: ChatSocket[] = [];
  for (let i = 0; i < clients; i += 100) {
    sockets.push(
      ...(await Promise.all(fixture.chatCookies.slice(i, Math.min(clients, i + 100)).map((cookie) => connectChat(salon, cookie)))),
    );
  }
  const connectMs = performance.now() - opening;
  await sleep(1000);
  const after = await serverStats(salon);
  if (after.realtime.sockets !== clients) throw new Error(`the server holds ${after.realtime.sockets} sockets, expected ${clients}`);

  const sentAt = new Map<string, number>();
  const ackMs: number[] = [];
  const deliveryMs: number[] = [];
  const delivered = new Set<string>();
  const acked = new Set<string>();
  let refused = 0;
  let timedOut = 0;
  const pairs = fixture.chatPairs.filter((p) => p.receiver < clients);
  for (const pair of pairs) {
    sockets[pair.receiver]?.on('new_chat_message', (message: ChatMessage) => {
      const id = message.client_id ?? '';
      const start = sentAt.get(id);
      if (start === undefined || delivered.has(id)) return;
      delivered.add(id);
      deliveryMs.push(performance.now() - start);
    });
  }
  log(`    ${pairs.length} senders, one message a second each for ${CHAT_SECONDS} s`);
  const timers: NodeJS.Timeout[] = [];
  const sending = performance.now();
  await new Promise<void>((resolve) => {
    let remaining = pairs.length;
    pairs.forEach((pair, index) => {
      let sent = 0;
      const socket = sockets[pair.sender];
      // Spread over the first second, then one a second on that sender's own schedule.
      const origin = performance.now() + (index * 1000) / pairs.length;
      const fire = () => {
        sent += 1;
        const clientId = `bench-${pair.sender}-${sent}`;
        const start = performance.now();
        sentAt.set(clientId, start);
        socket?.timeout(10_000).emit(
          'new_chat_message',
          {
            channel_id: pair.channelKey,
            member_id: pair.senderMemberKey,
            client_id: clientId,
            content: { type: 'message', text: `message ${sent} from ${pair.sender}` },
          },
          (err, answer) => {
            if (err) timedOut += 1;
            else if (!answer.ok) refused += 1;
            else {
              acked.add(clientId);
              ackMs.push(performance.now() - start);
            }
          },
        );
        if (sent >= CHAT_SECONDS) {
          remaining -= 1;
          if (remaining === 0) resolve();
          return;
        }
        timers.push(setTimeout(fire, Math.max(0, origin + sent * 1000 - performance.now())));
      };
      timers.push(setTimeout(fire, Math.max(0, origin - performance.now())));
    });
  });
  const deadline = performance.now() + CHAT_DRAIN_MS;
  while ((acked.size + refused + timedOut < sentAt.size || [...acked].some((id) => !delivered.has(id))) && performance.now() < deadline)
    await sleep(20);
  const sendingSeconds = (performance.now() - sending) / 1000;
  for (const timer of timers) clearTimeout(timer);
  const lost = [...acked].filter((id) => !delivered.has(id)).length;
  for (const socket of sockets) socket.close();
  await stopAll();

  ackMs.sort((a, b) => a - b);
  deliveryMs.sort((a, b) => a - b);
  const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
  return {
    clients,
    senders: pairs.length,
    seconds: CHAT_SECONDS,
    connect_all_ms: Math.round(connectMs),
    messages: {
      sent: sentAt.size,
      acked: acked.size,
      delivered: delivered.size,
      lost,
      refused,
      ack_timeouts: timedOut,
      per_second: Math.round(sentAt.size / sendingSeconds),
    },
    ack_ms: { p50: round1(percentile(ackMs, 50)), p99: round1(percentile(ackMs, 99)), max: round1(ackMs.at(-1) ?? NaN) },
    delivery_ms: {
      p50: round1(percentile(deliveryMs, 50)),
      p99: round1(percentile(deliveryMs, 99)),
      max: round1(deliveryMs.at(-1) ?? NaN),
    },
    rss_per_connection_kb: kb((after.memory.rss - before.memory.rss) / clients),
    heap_per_connection_kb: kb((after.memory.heapUsed - before.memory.heapUsed) / clients),
    rss_mb: { before: Math.round(before.memory.rss / 2 ** 20), after: Math.round(after.memory.rss / 2 ** 20) },
  };
}

async function stopAll(): Promise<void> {
  await Promise.all([...children].map(stop));
}

async function main(): Promise<void> {
  const started = performance.now();
  const limit = fileLimit();
  const streams = Math.min(WANTED_STREAMS, limit - 256);
  if (streams < WANTED_STREAMS)
    log(`open file limit is ${limit}: measuring ${streams} streams instead of ${WANTED_STREAMS} (raise it with ulimit -Hn)`);
  const chatClients = Math.min(WANTED_CHAT_CLIENTS, limit - 256);
  if (chatClients < WANTED_CHAT_CLIENTS)
    log(`open file limit is ${limit}: connecting ${chatClients} chat clients instead of ${WANTED_CHAT_CLIENTS}`);

  const fixture = await prepare(streams, chatClients);
  try {
    const activity = await activityBench(fixture);
    const live = await streamsBench(fixture, streams);
    const chat = await chatBench(fixture, chatClients);
    if (chat.messages.lost > 0) log(`WARNING: ${chat.messages.lost} acknowledged messages were never delivered`);
    const report = {
      date: new Date().toISOString(),
      node: process.version,
      cpus: os.cpus().length,
      cpu_model: os.cpus()[0]?.model ?? '',
      activity,
      live,
      chat,
      total_s: Math.round((performance.now() - started) / 1000),
    };
    fs.mkdirSync(path.join(REPO_ROOT, 'dist'), { recursive: true });
    fs.writeFileSync(path.join(REPO_ROOT, 'dist', 'bench.json'), `${JSON.stringify(report, null, 2)}\n`);

    const rows: [string, string][] = [
      [
        'PUT /api/users/me/active, salon',
        `${activity.salon.requests_per_s} req/s (p50 ${activity.salon.latency_ms.p50} ms, p99 ${activity.salon.latency_ms.p99} ms, non-2xx ${activity.salon.non2xx})`,
      ],
      [
        'same JSON, bare node:http',
        `${activity.bare.requests_per_s} req/s (p50 ${activity.bare.latency_ms.p50} ms, p99 ${activity.bare.latency_ms.p99} ms)`,
      ],
      ['ratio salon / bare (target ≥ 0.5)', `${activity.ratio}`],
      [
        'server CPU per request, salon / bare',
        `${activity.salon.cpu_us_per_request} µs / ${activity.bare.cpu_us_per_request} µs → CPU-bound ratio ${activity.cpu_ratio} (servers busy ${activity.salon.cpu_busy_percent} % / ${activity.bare.cpu_busy_percent} % of a core)`,
      ],
      [`${live.streams} SSE streams: RSS per stream`, `${live.rss_per_stream_kb} kB (${live.rss_mb.before} → ${live.rss_mb.after} MB)`],
      ['  heap per stream', `${live.heap_per_stream_kb} kB`],
      ['  opening them all', `${live.open_all_ms} ms`],
      ['  one visit → last stream (median of rounds)', `${live.delivery.median_last_ms} ms (p50 stream ${live.delivery.median_p50_ms} ms)`],
      [
        '  rounds (last stream, ms)',
        live.delivery.rounds.map((r) => `${r.last_ms}${r.delivered === live.streams ? '' : ` (${r.delivered} got it)`}`).join(', '),
      ],
      [
        `${chat.clients} chat sockets, ${chat.senders} sending 1/s for ${chat.seconds} s`,
        `${chat.messages.sent} messages (${chat.messages.per_second}/s), connected in ${chat.connect_all_ms} ms`,
      ],
      ['  ack latency (target p99 < 200 ms)', `p50 ${chat.ack_ms.p50} ms, p99 ${chat.ack_ms.p99} ms, max ${chat.ack_ms.max} ms`],
      ['  delivery to the other member', `p50 ${chat.delivery_ms.p50} ms, p99 ${chat.delivery_ms.p99} ms, max ${chat.delivery_ms.max} ms`],
      [
        '  lost (acked, never delivered)',
        `${chat.messages.lost} (refused ${chat.messages.refused}, ack timeouts ${chat.messages.ack_timeouts})`,
      ],
      [
        '  memory per connection',
        `${chat.rss_per_connection_kb} kB RSS, ${chat.heap_per_connection_kb} kB heap (${chat.rss_mb.before} → ${chat.rss_mb.after} MB)`,
      ],
    ];
    const width = Math.max(...rows.map(([k]) => k.length));
    log('');
    for (const [k, v] of rows) log(`${k.padEnd(width)}  ${v}`);
    log(`\nwritten dist/bench.json (${report.total_s} s, ${report.cpus} CPUs, node ${report.node})`);
  } finally {
    await stopAll();
    fs.rmSync(fixture.dir, { recursive: true, force: true });
  }
}

/** `--scenario visitors`: the whole-visitor load test (scripts/bench/visitors.ts). */
function argValue(name: string): string | undefined {
  const args = process.argv.slice(2);
  const at = args.indexOf(`--${name}`);
  if (at >= 0) return args[at + 1];
  return args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
}
const SCENARIO = argValue('scenario') ?? 'server';

async function visitorsMain(): Promise<void> {
  const { runVisitors, printVisitors, pinGenerator, killServers } = await import('./visitors');
  const { sharingCost } = await import('./machine');
  killVisitorServers = killServers;
  const positive = (name: string, fallback: number): number => {
    const raw = argValue(name);
    const value = Number(raw ?? fallback);
    if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number (got ${raw})`);
    return value;
  };
  const findMax = process.argv.includes('--find-max');
  const options = {
    visitors: Math.round(positive('visitors', 1000)),
    duration: positive('duration', findMax ? 30 : 60),
    rampRate: positive('ramp-rate', 50),
    churnPerSecond: positive('churn', 1),
    findMax,
    // A V8 CPU profile of the server (`.cpuprofile`, for Chrome's DevTools or speedscope), written when it stops.
    cpuProfDir: argValue('cpu-prof') === undefined ? undefined : path.resolve(argValue('cpu-prof') as string),
    // More flags for the server's node, to compare settings at the same load (e.g. `--max-semi-space-size=32`).
    serverNodeFlags: (argValue('server-node-flags') ?? '').split(' ').filter((flag) => flag !== ''),
  };
  // Each side holds a stream and a socket per visitor, and a keep-alive connection per 4 (about 2.1 per visitor measured).
  if (fileLimit() < Math.ceil(options.visitors * 2.5) + 1000)
    log(`open file limit ${fileLimit()} may be too low for ${options.visitors} visitors (about 2.5 sockets each, on each side)`);
  pinGenerator();
  // --processes N: N processes behind nginx on one PostgreSQL and one Redis (processes.ts); 1 is the same on one process.
  const processes = argValue('processes') === undefined ? null : Math.round(positive('processes', 2));
  // --server-core C: every process pinned to core C, as one process alone is (the generator has core 1 either way).
  const serverCore = argValue('server-core') === undefined ? undefined : Math.round(Number(argValue('server-core')));
  const multi =
    processes === null
      ? null
      : await (await import('./processes')).multiProcess({ processes, pin: true, core: serverCore, cpuProfDir: options.cpuProfDir });
  const runs = [];
  let n = options.visitors;
  const step = Math.round(positive('step', 500));
  let best = 0;
  try {
    for (let run = 0; run < (findMax ? Math.round(positive('max-runs', 4)) : 1); run += 1) {
      const result = await runVisitors({
        ...options,
        visitors: n,
        ...(multi ? { database: { dialect: 'postgres' as const, connectionString: multi.databaseUrl }, deploy: multi.deploy } : {}),
      });
      printVisitors(result);
      runs.push(result);
      if (!findMax) break;
      if (result.holds) best = Math.max(best, n);
      const next = result.holds ? n + step : n - step;
      if (next <= best || next <= 0 || runs.some((r) => r.visitors === next)) break;
      n = next;
    }
  } finally {
    await multi?.teardown();
  }
  // What the machine charges for splitting work over these processes on these cores, whatever the code (visitors.ts).
  const cores = os.cpus().length;
  const sharing = processes !== null && processes > 1 ? await sharingCost(processes, (i) => serverCore ?? i % cores) : undefined;
  if (sharing)
    log(
      `the machine's cost of ${processes} processes: the same work split over ${processes} processes pinned as these were took ${sharing.split_cpu_ms} ms of CPU against ${sharing.one_cpu_ms} ms in one (${sharing.ratio} ×)`,
    );
  fs.mkdirSync(path.join(REPO_ROOT, 'dist'), { recursive: true });
  const report = {
    date: new Date().toISOString(),
    node: process.version,
    cpus: os.cpus().length,
    scenario: 'visitors',
    options: { ...options, processes },
    runs,
    largest_holding: findMax ? best : undefined,
    sharing,
  };
  fs.writeFileSync(path.join(REPO_ROOT, 'dist', 'bench-visitors.json'), `${JSON.stringify(report, null, 2)}\n`);
  if (findMax) log(`\nlargest number of visitors that held the targets: ${best || 'none of those tried'}`);
  log('written dist/bench-visitors.json');
}

/** The visitors scenario's servers (scripts/bench/visitors.ts, loaded on demand). */
let killVisitorServers = (): void => undefined;
// Several processes start one after the other, each compiling its sources: more time.
const giveUpAfterMs =
  SCENARIO === 'visitors'
    ? (process.argv.includes('--find-max') ? 15 : process.argv.includes('--processes') ? 8 : 4) * 60_000
    : OVERALL_TIMEOUT_MS;
const watchdog = setTimeout(() => {
  process.stderr.write(`bench: still running after ${giveUpAfterMs / 1000} s, giving up\n`);
  for (const child of children) child.kill('SIGKILL');
  killVisitorServers();
  process.exit(1);
}, giveUpAfterMs);
watchdog.unref();

(SCENARIO === 'visitors' ? visitorsMain() : main())
  .then(() => process.exit(0))
  .catch(async (err: unknown) => {
    process.stderr.write(`bench failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    await stopAll();
    process.exit(1);
  });
