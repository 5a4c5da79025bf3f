/**
 * A small stand-in for ClamAV's daemon on a unix socket, speaking what clamscan sends in socket mode: `PING` (→
 * `PONG`) and `zINSTREAM\0` followed by chunks (4-byte big-endian length, then the bytes; a zero length ends) →
 * `stream: OK\0`, or `stream: Eicar-Test-Signature FOUND\0` when the stream holds the EICAR test string.
 */
import fs from 'node:fs';
import { afterAll, beforeAll } from '@jest/globals';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createTestApp, type TestApp } from './helpers';
import { UPLOAD_RATE_LIMITS } from './uploads';
import { DEMO, login } from './accounts';

export const EICAR = 'X5O!P%@AP[4\\PZX54(P^)7CC)7}$EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*';

export interface FakeClamd {
  socket: string;
  /** Streams scanned so far. */
  scans: number;
  /** Verdicts sent so far (a scan's verdict comes `delayMs` after its stream). */
  answered: number;
  /** Milliseconds before each verdict. */
  delayMs: number;
  close(): Promise<void>;
}

export async function startFakeClamd(): Promise<FakeClamd> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'salon-clamd-'));
  const socketPath = path.join(dir, 'clamd.sock');
  const state: FakeClamd = {
    socket: socketPath,
    scans: 0,
    answered: 0,
    delayMs: 0,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  const server = net.createServer((client) => {
    let buffer = Buffer.alloc(0);
    let streaming = false;
    const content: Buffer[] = [];
    client.on('error', () => undefined);
    client.on('data', (data) => {
      buffer = Buffer.concat([buffer, data]);
      if (!streaming) {
        if (
          buffer.subarray(0, 4).toString() === 'PING' ||
          buffer.subarray(0, 5).toString() === 'zPING' ||
          buffer.subarray(0, 5).toString() === 'nPING'
        ) {
          client.end('PONG\n');
          return;
        }
        const command = Buffer.from('zINSTREAM\0');
        if (buffer.length < command.length) return;
        if (!buffer.subarray(0, command.length).equals(command)) {
          client.end('UNKNOWN COMMAND\n');
          return;
        }
        streaming = true;
        buffer = buffer.subarray(command.length);
      }
      while (buffer.length >= 4) {
        const size = buffer.readUInt32BE(0);
        if (size === 0) {
          state.scans += 1;
          const found = Buffer.concat(content).includes(EICAR);
          setTimeout(() => {
            state.answered += 1;
            client.end(found ? 'stream: Eicar-Test-Signature FOUND\0' : 'stream: OK\0');
          }, state.delayMs);
          buffer = Buffer.alloc(0);
          return;
        }
        if (buffer.length < 4 + size) return;
        content.push(buffer.subarray(4, 4 + size));
        buffer = buffer.subarray(4 + size);
      }
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => resolve());
  });
  return state;
}

/** A test app whose uploads this stand-in scans (waiting 300 ms for a verdict), with its administrator's cookie. */
export interface AntivirusApp extends TestApp {
  clamd: FakeClamd;
  admin: string;
}

/** The antivirus app of the calling describe block: started before its tests, closed after them. */
export function antivirusApp(): AntivirusApp {
  const av = {} as AntivirusApp;
  beforeAll(async () => {
    const clamd = await startFakeClamd();
    const app = await createTestApp({ config: { rateLimits: UPLOAD_RATE_LIMITS, clamavSocket: clamd.socket, scanWaitMs: 300 } });
    Object.assign(av, app, { clamd, admin: await login(app.app, DEMO.admin) });
  }, 60_000);
  afterAll(async () => {
    await av.close();
    await av.clamd.close();
  });
  return av;
}
