/**
 * Restart drills: two salon processes (`server.ts`, child processes) on one PostgreSQL and one Redis, a
 * visitor on process A chatting with an exhibitor on process B (socket.io clients sending continuously, resending
 * until acknowledged and catching up on every connection, as the chat widget does), and the visitor moving between the
 * exhibitor's two stands, watched by the exhibitor's live-activity streams on B (and on A). PostgreSQL restarts in the
 * middle, then Redis: no acknowledged message is lost (each is in the other member's view, live or caught up, and
 * stored exactly once), nothing is acknowledged and dropped, and the live activity resumes without a gap: a visit made
 * while Redis is down shows on A's stream at once and on B's once Redis is back.
 *
 * The drill restarts the database, so it runs on a PostgreSQL cluster of its own (`scripts/pg-test-server.sh` with
 * its own folder and port), only in the PostgreSQL step of `npm test` (SALON_TEST_POSTGRES set, PostgreSQL's
 * binaries there), and needs `redis-server`; otherwise it says why it did not run.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { RoomUser } from '@salon/shared/contracts/room';
import { ownedStandsUsersAfter } from '@salon/shared/contracts/live-fields';
import { Client } from 'pg';
import type { Channel, ChatMessage } from '@salon/shared/contracts/chat';
import { REPO_ROOT } from '../../host-shell/server/config';
import { encodeId } from '../../host-shell/server/lib/ids';
import { ChatClient, api, logIn, storedHistory, until } from '../browser/chat-client';
import { stopChild } from './compiled';
import { ON_POSTGRES } from './helpers';
import { REDIS_SERVER_INSTALLED, freePort, startRedis, type TestRedis } from './redis-server';
import { openSse, type SseClient } from './sse';

const run = promisify(execFile);

/** Each member sends a message this often, without waiting for acknowledgements. */
const SEND_EVERY_MS = 40;
/** How long each wait on a condition may take before the drill fails. */
const WAIT_MS = 20_000;

interface Process {
  base: string;
  logs(): string;
  stop(): Promise<void>;
}

/** What a failure shows of each process: its last lines of output (a stack, `[exited: …]`) rather than its banner. */
function lastLines(...processes: Process[]): string {
  return processes
    .map((p, i) => `${'AB'[i] ?? i} (${p.base}), last lines:\n${p.logs().trimEnd().split('\n').slice(-25).join('\n')}`)
    .join('\n');
}

/** `server.ts` as its own process, on that database and Redis; resolves once it answers. */
async function startProcess(env: Record<string, string>, dir: string): Promise<Process> {
  const port = await freePort();
  const childEnv: NodeJS.ProcessEnv = { ...process.env };
  for (const key of ['NODE_ENV', 'SALON_TEST_POSTGRES', 'TEST_DATABASE_URL', 'TEST_REDIS_URL', 'SQLITE_PATH']) delete childEnv[key];
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'host-shell/server/server.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...childEnv,
      HOST: '127.0.0.1',
      PORT: String(port),
      SALON_DEMO: '1',
      SPA_DIR: path.join(dir, 'no-spa'),
      UPLOAD_DIR: path.join(dir, 'uploads'),
      PANORAMA_DIR: path.join(dir, 'panoramas'),
      PANORAMA_PRERENDER: '0',
      LOG_LEVEL: 'warn',
      // The members send far more than a person would: the chat's budget is not what is drilled.
      RATE_LIMITS: JSON.stringify({ chatMessagesPerUser: { max: 1_000_000 } }),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  child.on('exit', (code, signal) => (output += `\n[exited: ${code ?? signal ?? ''}]\n`));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000; // 28 s seen for a start beside the browser tests
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}:\n${output}`);
    const ok = await fetch(`${base}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not answer within 90 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    base,
    logs: () => output,
    stop: () => stopChild(child),
  };
}

/**
 * The users listed on each owned stand, as the exhibitor's page sees them: the whole lists of a first state or a resume,
 * then each delta applied by the room bus's own function.
 */
function standUsers(stream: SseClient): (standKey: string) => string[] {
  return (standKey) => {
    let lists: Record<string, RoomUser[]> = {};
    for (const event of stream.events) {
      const owned = event.data.owned_stands_users as Record<string, RoomUser[]> | undefined;
      if (owned) lists = { ...lists, ...owned };
      const delta = event.data.owned_stands_users_delta;
      if (delta !== undefined) lists = ownedStandsUsersAfter(lists, delta) ?? lists;
    }
    return (lists[standKey] ?? []).map((u) => u.fullname);
  };
}

/** GET /api/health/ready on `base` until its data satisfies `match` (WAIT_MS at most): the answer's status and data. */
async function readiness(base: string, match: (data: Record<string, string>) => boolean): Promise<{ status: number; data: unknown }> {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const answer = await fetch(`${base}/api/health/ready`);
    const { data } = (await answer.json()) as { data: Record<string, string> };
    if (match(data)) return { status: answer.status, data };
    if (Date.now() > deadline) throw new Error(`ready answered ${answer.status} ${JSON.stringify(data)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** In the PostgreSQL step of npm test, or asked for (SALON_DRILLS=1). */
const canRun = (ON_POSTGRES || process.env.SALON_DRILLS === '1') && REDIS_SERVER_INSTALLED;

if (canRun) {
  describe('restart drills: two processes, one PostgreSQL, one Redis', () => {
    const pg = {
      PG_TEST_DIR: path.join(os.tmpdir(), `salon-pg-drill-${randomBytes(4).toString('hex')}`),
      PG_TEST_PORT: '',
      PG_TEST_DB: 'salon_drill',
    };
    const pgScript = (...args: string[]) =>
      run('bash', [path.join(REPO_ROOT, 'scripts', 'pg-test-server.sh'), ...args], { env: { ...process.env, ...pg } });
    let databaseUrl = '';
    let redis: TestRedis | null = null;
    let dir = '';
    const processes: Process[] = [];

    beforeAll(async () => {
      pg.PG_TEST_PORT = String(await freePort());
      databaseUrl = (await pgScript()).stdout.trim();
      redis = await startRedis();
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'salon-drill-'));
      const env = { DATABASE_URL: databaseUrl, REDIS_URL: redis.url };
      // One after the other: the first migrates and seeds the demo salon.
      processes.push(await startProcess(env, dir));
      processes.push(await startProcess(env, dir));
    }, 120_000);

    afterAll(async () => {
      await Promise.all(processes.map((p) => p.stop()));
      await redis?.stop();
      await pgScript('stop').catch(() => undefined);
      if (dir) fs.rmSync(dir, { recursive: true, force: true });
    }, 30_000);

    it('loses no acknowledged message and no visit across a PostgreSQL restart and a Redis restart', async () => {
      const [a, b] = processes as [Process, Process];
      const visitorCookie = await logIn(a.base, 'visiteur@salon.test');
      const exhibitorCookie = await logIn(b.base, 'exposant@salon.test');
      const exhibitorUser = (await api<{ user: { obfuscated_id: string } }>(b.base, exhibitorCookie, '/api/users/me')).user;
      const visitorUser = (await api<{ user: { obfuscated_id: string; fullname?: string } }>(a.base, visitorCookie, '/api/users/me')).user;
      const opened = await api<{ channel: Channel; messages: ChatMessage[] }>(a.base, visitorCookie, '/api/chat/channels', {
        method: 'POST',
        body: { members: [exhibitorUser.obfuscated_id] },
      });
      const memberOf = (userId: string) => opened.channel.members.find((m) => m.user.id_user === userId)?.id_member ?? '';

      // The exhibitor's two stands, and the visitor's name as the exhibitor's stream lists it.
      const db = new Client({ connectionString: databaseUrl });
      await db.connect();
      let standKeys: string[];
      let visitorName: string;
      try {
        const rows = await db.query<{ stand_id: number }>(
          `SELECT se.stand_id FROM stand_exhibitors se JOIN users u ON u.id = se.user_id WHERE u.email = 'exposant@salon.test' ORDER BY se.stand_id`,
        );
        standKeys = rows.rows.map((r) => encodeId(r.stand_id));
        const me = await db.query<{ firstname: string; lastname: string }>(
          `SELECT firstname, lastname FROM users WHERE email = 'visiteur@salon.test'`,
        );
        visitorName = `${me.rows[0]?.firstname ?? ''} ${me.rows[0]?.lastname ?? ''}`.trim();
      } finally {
        await db.end();
      }
      expect(standKeys).toHaveLength(2);
      const [first, second] = standKeys as [string, string];

      const visitor = new ChatClient(
        a.base,
        visitorCookie,
        'visitor',
        opened.channel.id_channel,
        memberOf(visitorUser.obfuscated_id),
        opened.messages,
      );
      const exhibitor = new ChatClient(
        b.base,
        exhibitorCookie,
        'exhibitor',
        opened.channel.id_channel,
        memberOf(exhibitorUser.obfuscated_id),
        opened.messages,
      );
      const streamOnB = await openSse(`${b.base}/api/sse/live/activity?owned_stands_ids=${standKeys.join(',')}`, {
        cookie: exhibitorCookie,
      });
      const streamOnA = await openSse(`${a.base}/api/sse/live/activity?owned_stands_ids=${standKeys.join(',')}`, {
        cookie: exhibitorCookie,
      });
      const closeAll = () => {
        visitor.close();
        exhibitor.close();
        streamOnA.close();
        streamOnB.close();
      };
      const onB = standUsers(streamOnB);
      const onA = standUsers(streamOnA);
      let sending = true;
      const sender = (async () => {
        while (sending) {
          visitor.send();
          exhibitor.send();
          await new Promise((resolve) => setTimeout(resolve, SEND_EVERY_MS));
        }
      })();
      /** Every status a visit answered that was neither 200 nor a 503 (the database out of reach: try again). */
      const unexpected: number[] = [];
      /** The visitor (on A) enters a stand; retried while the server cannot answer (the database restarting). */
      const moveTo = async (standKey: string) => {
        const deadline = Date.now() + WAIT_MS;
        for (;;) {
          const status = await fetch(`${a.base}/api/stands/${standKey}/visit`, {
            method: 'POST',
            headers: { cookie: visitorCookie, 'x-requested-with': 'XMLHttpRequest', origin: a.base, 'content-type': 'application/json' },
            body: JSON.stringify({ start: true }),
            signal: AbortSignal.timeout(5000),
          }).then(
            (res) => res.status,
            () => 0,
          );
          if (status === 200) return;
          if (status !== 503 && status !== 0) unexpected.push(status);
          if (Date.now() > deadline) throw new Error(`the visit to ${standKey} answered ${status}`);
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      };
      const seesVisitorOn = (users: (key: string) => string[], standKey: string, other: string) => () =>
        users(standKey).includes(visitorName) && !users(other).includes(visitorName);

      const started = Date.now();
      const steps: string[] = [];
      const step = (what: string) => {
        const state = (c: ChatClient) =>
          `acked ${c.acked.size}, pending ${c.pending.size}, refused ${c.refused.length}, ${c.socket.connected ? 'connected' : 'disconnected'} ${c.connections}×`;
        steps.push(`${((Date.now() - started) / 1000).toFixed(1)} s ${what} (visitor: ${state(visitor)}; exhibitor: ${state(exhibitor)})`);
        if (process.env.DRILL_VERBOSE) process.stderr.write(`${steps.at(-1) ?? ''}\n`);
      };
      try {
        await until(() => visitor.socket.connected && exhibitor.socket.connected, WAIT_MS, 'both sockets');
        step('connected');
        await moveTo(first);
        await until(seesVisitorOn(onB, first, second), WAIT_MS, 'the first visit on B’s stream');
        await until(() => visitor.acked.size > 10 && exhibitor.acked.size > 10, WAIT_MS, 'the chat to be under way');

        // PostgreSQL restarts (fast mode: every connection is cut) while both members write.
        const ackedBeforePg = visitor.acked.size + exhibitor.acked.size;
        step('PostgreSQL restarts');
        const moving = moveTo(second);
        await pgScript('restart');
        step('PostgreSQL restarted');
        await moving;
        step('moved');
        await until(seesVisitorOn(onB, second, first), WAIT_MS, 'a visit after the PostgreSQL restart on B’s stream');
        await until(
          () => visitor.acked.size + exhibitor.acked.size > ackedBeforePg + 20,
          WAIT_MS,
          'the chat to go on after the PostgreSQL restart',
        );

        // Redis goes away; the visitor moves while it is down; Redis comes back.
        const ackedBeforeRedis = visitor.acked.size + exhibitor.acked.size;
        await redis?.stop();
        step('Redis stopped');
        // Not ready without Redis (a load balancer sends new visitors elsewhere), live still; ready once it is back.
        if (redis?.own) {
          expect(await readiness(a.base, (data) => data.redis !== 'ok')).toEqual({
            status: 503,
            data: expect.objectContaining({ status: 'unready', database: 'ok', redis: 'unreachable' }),
          });
          expect((await fetch(`${a.base}/api/health/live`)).status).toBe(200);
        }
        await moveTo(first);
        step('moved');
        await until(seesVisitorOn(onA, first, second), WAIT_MS, 'the visit made without Redis on A’s own stream');
        await until(() => visitor.acked.size + exhibitor.acked.size > ackedBeforeRedis + 20, WAIT_MS, 'the chat to go on without Redis');
        step('seen on A, chat goes on');
        await redis?.restart();
        step('Redis restarted');
        await readiness(a.base, (data) => data.redis === 'ok');
        await until(seesVisitorOn(onB, first, second), WAIT_MS, 'the visit made without Redis on B’s stream once Redis is back');
        const ackedAfterRedis = visitor.acked.size + exhibitor.acked.size;
        await until(
          () => visitor.acked.size + exhibitor.acked.size > ackedAfterRedis + 20,
          WAIT_MS,
          'the chat to go on after Redis is back',
        );
        // And a visit after it all travels as before.
        await moveTo(second);
        await until(seesVisitorOn(onB, second, first), WAIT_MS, 'a visit after both restarts on B’s stream');
        step('a visit after both seen on B');
      } catch (err) {
        step('failed');
        // A client left open (a socket reconnecting, a stream) would keep Jest from exiting.
        closeAll();
        throw new Error(`${String(err)}\nsteps:\n${steps.join('\n')}\n${lastLines(a, b)}`, { cause: err });
      } finally {
        sending = false;
        await sender;
      }

      try {
        await until(
          () => visitor.pending.size === 0 && exhibitor.pending.size === 0,
          WAIT_MS,
          'every message to be acknowledged or refused',
        );
        const ackedByVisitor = [...visitor.acked.values()];
        const ackedByExhibitor = [...exhibitor.acked.values()];
        // Each member's acknowledged messages reach the other member (live, or by catching up after a reconnection).
        const missing = () => [
          ...ackedByVisitor.filter((m) => !exhibitor.view.has(m.id_message)),
          ...ackedByExhibitor.filter((m) => !visitor.view.has(m.id_message)),
        ];
        await until(() => missing().length === 0, WAIT_MS, 'each acknowledged message in the other member’s view').catch((err: unknown) => {
          throw new Error(
            `${String(err)}: ${missing().length} missing, e.g. ${missing()
              .slice(0, 3)
              .map((m) => m.client_id)
              .join(', ')}\n${lastLines(a, b)}`,
            { cause: err },
          );
        });
        // Every acknowledged message is stored once, as acknowledged.
        const stored = await storedHistory(a.base, visitorCookie, opened.channel.id_channel);
        const byClientId = new Map<string, ChatMessage[]>();
        for (const message of stored)
          byClientId.set(message.client_id ?? '', [...(byClientId.get(message.client_id ?? '') ?? []), message]);
        for (const message of [...ackedByVisitor, ...ackedByExhibitor]) {
          expect(byClientId.get(message.client_id ?? '')?.map((m) => m.id_message)).toEqual([message.id_message]);
        }
        const refused = [...visitor.refused, ...exhibitor.refused];
        console.log(
          `${steps.join('\n')}\nrestart drills: ${ackedByVisitor.length + ackedByExhibitor.length} messages acknowledged, ${stored.length} stored, ${refused.length} refused (${[...new Set(refused.map((r) => r.replace(/^[^:]*: /, '')))].join('; ')}), resent ${visitor.resent + exhibitor.resent}, caught up ${visitor.caughtUp + exhibitor.caughtUp}, connections ${visitor.connections}/${exhibitor.connections}`,
        );
        // A refusal is only ever the server failing during the outage (the widget shows it unsent): nothing else.
        for (const reason of refused) expect(reason).toMatch(/An error occurred|Une erreur est survenue/);
        // While the database was out of reach a visit was answered 503 (try again), never a 500.
        expect(unexpected).toEqual([]);
      } finally {
        closeAll();
      }
    }, 120_000);
  });
} else {
  describe('restart drills: two processes, one PostgreSQL, one Redis', () => {
    it('runs only in the PostgreSQL step of npm test, with redis-server installed', () => {
      console.log(
        `Restart drills NOT run: ${ON_POSTGRES ? '' : 'they restart PostgreSQL, so they run with SALON_TEST_POSTGRES (scripts/test-postgres.sh) or SALON_DRILLS=1; '}${REDIS_SERVER_INSTALLED ? '' : 'redis-server is not installed'}`,
      );
      expect(canRun).toBe(false);
    });
  });
}
