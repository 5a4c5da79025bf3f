/**
 * The chat widget's delivery rules as a plain client, for the durability tests (chat-durability.test.ts,
 * restart-drills.test.ts): a client id per message, resend until acknowledged, catch up with `?lastOne=` after every
 * (re)connection, merge by message id.
 */
import assert from 'node:assert/strict';
import { io, type Socket } from 'socket.io-client';
import type { ChatMessage } from '@salon/shared/contracts/chat';
import { SOCKET_PATH, type ClientToServerEvents, type ServerToClientEvents } from '@salon/shared/contracts/socket-events';
import { DEMO_PASSWORD } from '../../host-shell/server/db/seed-data';

const ACK_TIMEOUT_MS = 3000;
const CATCH_UP_LIMIT = 200;

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function logIn(baseUrl: string, email: string): Promise<string> {
  const response = await fetch(`${baseUrl}/connexion`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: baseUrl },
    body: new URLSearchParams({ email, password: DEMO_PASSWORD }).toString(),
  });
  assert.equal(response.status, 303, `login of ${email}`);
  const session = response.headers.getSetCookie().find((c) => c.startsWith('salon_session='));
  assert.ok(session, 'no session cookie');
  return session.split(';')[0] ?? '';
}

export async function api<T>(baseUrl: string, cookie: string, path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      cookie,
      'x-requested-with': 'XMLHttpRequest',
      origin: baseUrl,
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const json = (await response.json()) as { data: T };
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${JSON.stringify(json)}`);
  return json.data;
}

/** The widget's chat client for one channel, with the rules that make it lose nothing. */
export class ChatClient {
  readonly socket: Socket<ServerToClientEvents, ClientToServerEvents>;
  /** What the member sees: every message by id (a message received twice is one message). */
  readonly view = new Map<string, ChatMessage>();
  /** Sent and not yet acknowledged, in sending order: resent on every connection until the server says it has them. */
  readonly pending = new Map<string, { text: string }>();
  /** client_id → the stored message the server acknowledged. */
  readonly acked = new Map<string, ChatMessage>();
  readonly refused: string[] = [];
  /**
   * The last message received in server order (live events, catch-up pages): the next catch-up starts after it.
   * Acknowledgements never move it, and live events do not while a catch-up runs (if the catch-up fails, the next
   * one must start from before what it was fetching).
   */
  private watermark: string | null;
  private catchingUp = false;
  private sent = 0;
  connections = 0;
  /** Sends of a message that had been sent before (after a reconnection or a timeout). */
  resent = 0;
  /** Resent messages the server had stored before the crash (their first acknowledgement was lost): answered from the store. */
  storedBeforeCrash = 0;
  /** Messages of the other member that only the catch-up brought (missed live while the server was down). */
  caughtUp = 0;
  private readonly transmitted = new Set<string>();
  private readonly resentIds = new Set<string>();

  constructor(
    private readonly baseUrl: string,
    private readonly cookie: string,
    private readonly name: string,
    private readonly channelId: string,
    private readonly memberId: string,
    initial: ChatMessage[],
    /** When the server was stopped, if it was: resent messages stored before then are counted in `storedBeforeCrash`. */
    private readonly crashedAt: () => number = () => Infinity,
  ) {
    for (const message of initial) this.view.set(message.id_message, message);
    this.watermark = initial.at(-1)?.id_message ?? null;
    this.socket = io(baseUrl, {
      path: SOCKET_PATH,
      transports: ['websocket'],
      extraHeaders: { cookie, origin: baseUrl },
      reconnectionDelay: 100,
      reconnectionDelayMax: 400,
      randomizationFactor: 0,
    });
    this.socket.on('connect', () => {
      this.connections += 1;
      for (const clientId of this.pending.keys()) this.transmit(clientId);
      void this.catchUp();
    });
    this.socket.on('new_chat_message', (message) => {
      if (message.channel_id !== this.channelId) return;
      this.view.set(message.id_message, message);
      if (!this.catchingUp) this.watermark = message.id_message;
    });
  }

  /** Pages `?lastOne=` until a short page: everything stored after the watermark. */
  private async catchUp(): Promise<void> {
    if (this.catchingUp) return;
    this.catchingUp = true;
    try {
      for (;;) {
        const query = this.watermark ? `?lastOne=${this.watermark}&limit=${CATCH_UP_LIMIT}` : `?limit=${CATCH_UP_LIMIT}`;
        const { messages } = await api<{ messages: ChatMessage[] }>(
          this.baseUrl,
          this.cookie,
          `/api/chat/channels/${this.channelId}/messages${query}`,
        );
        for (const message of messages) {
          if (!this.view.has(message.id_message) && message.member.id_member !== this.memberId) this.caughtUp += 1;
          this.view.set(message.id_message, message);
        }
        if (messages.length > 0) this.watermark = messages.at(-1)?.id_message ?? this.watermark;
        if (messages.length < CATCH_UP_LIMIT) break;
      }
    } catch {
      // The server went away again: the next connection catches up from the same watermark.
    } finally {
      this.catchingUp = false;
    }
  }

  send(): string {
    this.sent += 1;
    const clientId = `${this.name}-${this.sent}-${Math.random().toString(36).slice(2, 8)}`;
    this.pending.set(clientId, { text: `${this.name} says ${this.sent}` });
    this.transmit(clientId);
    return clientId;
  }

  private transmit(clientId: string): void {
    const entry = this.pending.get(clientId);
    // While disconnected nothing is emitted (socket.io would buffer it): the next `connect` resends everything pending.
    if (!entry || !this.socket.connected) return;
    if (this.transmitted.has(clientId)) {
      this.resent += 1;
      this.resentIds.add(clientId);
    }
    this.transmitted.add(clientId);
    this.socket
      .timeout(ACK_TIMEOUT_MS)
      .emit(
        'new_chat_message',
        { channel_id: this.channelId, member_id: this.memberId, client_id: clientId, content: { type: 'message', text: entry.text } },
        (err, answer) => {
          if (!this.pending.has(clientId)) return;
          if (err) {
            // No acknowledgement in time: resend if still connected (a reconnection resends anyway).
            if (this.socket.connected) this.transmit(clientId);
            return;
          }
          if (!answer.ok) {
            this.pending.delete(clientId);
            this.refused.push(`${clientId}: ${answer.error}`);
            return;
          }
          this.pending.delete(clientId);
          if (this.resentIds.has(clientId) && Date.parse(answer.message.created_at) < this.crashedAt()) this.storedBeforeCrash += 1;
          this.acked.set(clientId, answer.message);
          this.view.set(answer.message.id_message, answer.message);
        },
      );
  }

  close(): void {
    this.socket.close();
  }
}

export async function until(check: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(25);
  }
}

/** The whole stored history of the channel, paging back with `?before=`. */
export async function storedHistory(baseUrl: string, cookie: string, channelId: string): Promise<ChatMessage[]> {
  const all: ChatMessage[] = [];
  let before: string | null = null;
  for (;;) {
    const query: string = before ? `?before=${before}&limit=200` : '?limit=200';
    const { messages } = await api<{ messages: ChatMessage[] }>(baseUrl, cookie, `/api/chat/channels/${channelId}/messages${query}`);
    all.unshift(...messages);
    if (messages.length < 200) return all;
    before = messages[0]?.id_message ?? null;
  }
}
