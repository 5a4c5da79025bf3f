/** A Redis for the tests: TEST_REDIS_URL, or a throwaway `redis-server` on a free loopback port when installed. */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import net from 'node:net';

export const GIVEN_REDIS_URL = process.env.TEST_REDIS_URL ?? '';
export const REDIS_SERVER_INSTALLED = spawnSync('redis-server', ['--version']).status === 0;

export interface TestRedis {
  url: string;
  /** Whether this test started it (and may stop it to see what the salon does without it). */
  own: boolean;
  /** Kills it (SIGKILL) and waits until it is gone: the clients lose their connection. */
  stop(): Promise<void>;
  /** Starts it again on the same port (the clients reconnect); only for one this test started. */
  restart(): Promise<void>;
}

/** A port nobody listens on right now (the OS picks it). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Whether Redis answers PING on that port. A plain socket: an ioredis client that failed to connect keeps a timer
 * for two seconds, which holds Jest open after the tests.
 */
function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let reply = '';
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.on('data', (chunk) => {
      reply += chunk.toString('latin1');
      if (reply.includes('\r\n')) done(reply.startsWith('+PONG'));
    });
  });
}

async function spawnOn(port: number): Promise<ChildProcess> {
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
  const deadline = Date.now() + 10_000;
  while (!(await answers(port))) {
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`redis-server did not start on port ${port}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return child;
}

export async function startRedis(): Promise<TestRedis> {
  if (GIVEN_REDIS_URL) {
    return {
      url: GIVEN_REDIS_URL,
      own: false,
      stop: async () => undefined,
      restart: async () => undefined,
    };
  }
  const port = await freePort();
  let child = await spawnOn(port);
  return {
    url: `redis://127.0.0.1:${port}`,
    own: true,
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      else return;
      await exited;
    },
    restart: async () => {
      child = await spawnOn(port);
    },
  };
}
