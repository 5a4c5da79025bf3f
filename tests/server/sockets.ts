/** socket.io clients against a listening test app, as the widget's socket connects (same origin, session cookie). */
import type { AddressInfo } from 'node:net';
import { io, type Socket } from 'socket.io-client';
import type { ChatMessage } from '@salon/shared/contracts/chat';
import { type ClientToServerEvents, type ServerToClientEvents, SOCKET_PATH } from '@salon/shared/contracts/socket-events';
import type { TestApp } from './helpers';

export type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** Listens on a free loopback port; returns the base address (its origin is what sockets must send). */
export async function listen(t: TestApp): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}

export interface ConnectOptions {
  cookie?: string;
  /** The Origin header; the base address by default, null for none. */
  origin?: string | null;
  transports?: ('websocket' | 'polling')[];
}

const opened = new Set<ClientSocket>();

/** Connects; rejects with the server's refusal (`message`, `data.status`). */
export function connect(base: string, options: ConnectOptions = {}): Promise<ClientSocket> {
  const headers: Record<string, string> = {};
  if (options.cookie) headers.cookie = options.cookie;
  const origin = options.origin === undefined ? base : options.origin;
  if (origin !== null) headers.origin = origin;
  const socket: ClientSocket = io(base, {
    path: SOCKET_PATH,
    transports: options.transports ?? ['websocket'],
    extraHeaders: headers,
    reconnection: false,
    forceNew: true,
  });
  opened.add(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (err) => {
      socket.close();
      reject(err);
    });
  });
}

export function closeSockets(): void {
  for (const socket of opened) socket.close();
  opened.clear();
}

/** Everything a socket receives for an event, from now on. */
export function collect<E extends keyof ServerToClientEvents>(socket: ClientSocket, event: E): Parameters<ServerToClientEvents[E]>[0][] {
  const received: Parameters<ServerToClientEvents[E]>[0][] = [];
  // socket.io-client's typed listener needs the event's own signature.
  socket.on(event, ((payload: Parameters<ServerToClientEvents[E]>[0]) => received.push(payload)) as never);
  return received;
}

export type AckAnswer = { ok: true; message?: ChatMessage } | { ok: false; error: string };

/** The message of a successful acknowledgement (fails the test otherwise). */
export function messageOf(answer: AckAnswer): ChatMessage {
  if (!answer.ok) throw new Error(`refused: ${answer.error}`);
  if (!answer.message) throw new Error('no message in the acknowledgement');
  return answer.message;
}

/** Emits with an acknowledgement; resolves with the server's answer. */
export function ask(socket: ClientSocket, event: keyof ClientToServerEvents, payload: unknown, timeoutMs = 10_000): Promise<AckAnswer> {
  return new Promise((resolve, reject) => {
    (socket.timeout(timeoutMs).emit as (event: string, payload: unknown, ack: (err: Error | null, answer: AckAnswer) => void) => void)(
      event,
      payload,
      (err, answer) => (err ? reject(err) : resolve(answer)),
    );
  });
}

/** Gives in-flight events time to arrive (for asserting that something did NOT arrive). */
export const settle = (ms = 150) => new Promise((resolve) => setTimeout(resolve, ms));
