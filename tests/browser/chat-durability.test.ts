/**
 * Nothing lost (issue: the chat). A visitor and an exhibitor chat over socket.io against the real server; the
 * server is killed (SIGKILL) while messages are in flight and started again on the same database and port. The
 * clients follow the widget's rules — a client id per message, resend until acknowledged, catch up with
 * `?lastOne=` after every (re)connection, merge by message id — and in the end every acknowledged message is in
 * the stored history and in both members' views exactly once.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { io, type Socket } from 'socket.io-client';
import type { Channel, ChatMessage } from '../../shared/api/schemas/chat';
import { SOCKET_PATH, type ClientToServerEvents, type ServerToClientEvents } from '../../shared/api/socket-events';
import { DEMO_PASSWORD, startSalon, type Salon } from './harness';

const PER_CLIENT = 60;
/** Each client sends one message this often, without waiting for acknowledgements: several are always in flight. */
const SEND_EVERY_MS = 15;
/** The server is killed once each client has sent this many. */
const KILL_AFTER = 25;
const ACK_TIMEOUT_MS = 3000;
const CATCH_UP_LIMIT = 200;

/** When the server was killed (for the report: resent messages that had been stored before the crash). */
let killedAt = Infinity;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function logIn(baseUrl: string, email: string): Promise<string> {
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

async function api<T>(baseUrl: string, cookie: string, path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: init.method ?? 'GET',
    headers: { cookie, 'x-requested-with': 'XMLHttpRequest', origin: baseUrl, ...(init.body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const json = (await response.json()) as { data: T };
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${JSON.stringify(json)}`);
  return json.data;
}

/** The widget's chat client for one channel, with the rules that make it lose nothing. */
class ChatClient {
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
        const { messages } = await api<{ messages: ChatMessage[] }>(this.baseUrl, this.cookie, `/api/chat/channels/${this.channelId}/messages${query}`);
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
      .emit('new_chat_message', { channel_id: this.channelId, member_id: this.memberId, client_id: clientId, content: { type: 'message', text: entry.text } }, (err, answer) => {
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
        if (this.resentIds.has(clientId) && Date.parse(answer.message.created_at) < killedAt) this.storedBeforeCrash += 1;
        this.acked.set(clientId, answer.message);
        this.view.set(answer.message.id_message, answer.message);
      });
  }

  close(): void {
    this.socket.close();
  }
}

async function until(check: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(25);
  }
}

/** The whole stored history of the channel, paging back with `?before=`. */
async function storedHistory(baseUrl: string, cookie: string, channelId: string): Promise<ChatMessage[]> {
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

test('every acknowledged message is stored and seen exactly once by both members, across a server crash', { timeout: 120_000 }, async (t) => {
  let salon: Salon = await startSalon({}, { requireBuild: false });
  const clients: ChatClient[] = [];
  try {
    const base = salon.baseUrl;
    const visitorCookie = await logIn(base, 'visiteur@salon.test');
    const exhibitorCookie = await logIn(base, 'exposant@salon.test');
    const exhibitorUser = (await api<{ user: { obfuscated_id: string } }>(base, exhibitorCookie, '/api/users/me')).user;
    const visitorUser = (await api<{ user: { obfuscated_id: string } }>(base, visitorCookie, '/api/users/me')).user;
    const opened = await api<{ channel: Channel; messages: ChatMessage[] }>(base, visitorCookie, '/api/chat/channels', { method: 'POST', body: { members: [exhibitorUser.obfuscated_id] } });
    const memberOf = (userId: string) => opened.channel.members.find((m) => m.user.id_user === userId)?.id_member ?? '';

    const visitor = new ChatClient(base, visitorCookie, 'visitor', opened.channel.id_channel, memberOf(visitorUser.obfuscated_id), opened.messages);
    const exhibitor = new ChatClient(base, exhibitorCookie, 'exhibitor', opened.channel.id_channel, memberOf(exhibitorUser.obfuscated_id), opened.messages);
    clients.push(visitor, exhibitor);
    await until(() => visitor.socket.connected && exhibitor.socket.connected, 10_000, 'both sockets');

    let inFlightAtKill = -1;
    let restart: Promise<void> | null = null;
    for (let i = 1; i <= PER_CLIENT; i += 1) {
      visitor.send();
      exhibitor.send();
      if (i === KILL_AFTER) {
        // A burst, and the kill while the server is busy with it.
        for (let burst = 0; burst < 5; burst += 1) {
          visitor.send();
          exhibitor.send();
        }
        // No wait: the burst is still unacknowledged (its acks need a round trip) when the server dies.
        inFlightAtKill = visitor.pending.size + exhibitor.pending.size;
        killedAt = Date.now();
        await salon.kill();
        // Started again on the same database and port while the members keep writing.
        restart = startSalon({}, { requireBuild: false, dataDir: salon.dataDir, port: salon.port }).then((restarted) => {
          salon = restarted;
        });
      }
      await sleep(SEND_EVERY_MS);
    }
    await restart;
    await until(() => visitor.pending.size === 0 && exhibitor.pending.size === 0, 30_000, 'every message to be acknowledged');

    t.diagnostic(
      `in flight at the kill: ${inFlightAtKill}; resent: ${visitor.resent + exhibitor.resent}, of which stored before the crash: ${visitor.storedBeforeCrash + exhibitor.storedBeforeCrash}; caught up by ?lastOne: ${visitor.caughtUp + exhibitor.caughtUp}; connections: ${visitor.connections}/${exhibitor.connections}`,
    );
    assert.ok(inFlightAtKill > 0, 'some messages were in flight when the server was killed');
    assert.ok(visitor.connections >= 2 && exhibitor.connections >= 2, 'both clients reconnected');
    assert.deepEqual([...visitor.refused, ...exhibitor.refused], []);
    const acked = [...visitor.acked.values(), ...exhibitor.acked.values()];
    const total = 2 * (PER_CLIENT + 5);
    assert.equal(acked.length, total);

    // Both views converge on the acknowledged messages (live events, and the catch-up after reconnecting).
    const ackedIds = new Set(acked.map((m) => m.id_message));
    const hasAll = (client: ChatClient) => [...ackedIds].every((id) => client.view.has(id));
    await until(() => hasAll(visitor) && hasAll(exhibitor), 15_000, 'both views to hold every acknowledged message');

    const stored = await storedHistory(salon.baseUrl, visitorCookie, opened.channel.id_channel);
    const storedClientIds = stored.map((m) => m.client_id);
    assert.equal(new Set(stored.map((m) => m.id_message)).size, stored.length, 'stored ids are unique');
    assert.equal(new Set(storedClientIds).size, stored.length, 'each client id is stored once');
    assert.equal(stored.length, total, 'the history holds exactly the messages sent');
    for (const message of acked) {
      const copies = stored.filter((m) => m.client_id === message.client_id);
      assert.equal(copies.length, 1, `${message.client_id ?? ''} is stored once`);
      assert.equal(copies[0]?.id_message, message.id_message, `${message.client_id ?? ''} is the acknowledged message`);
    }
    for (const client of [visitor, exhibitor]) {
      const seen = [...client.view.values()].filter((m) => m.channel_id === opened.channel.id_channel);
      assert.equal(seen.length, stored.length, 'a view holds as many messages as the history');
      assert.equal(new Set(seen.map((m) => m.client_id)).size, seen.length, 'no message twice in a view');
      assert.deepEqual(new Set(seen.map((m) => m.id_message)), new Set(stored.map((m) => m.id_message)));
    }
    // The exhibitor's own REST view agrees.
    assert.equal((await storedHistory(salon.baseUrl, exhibitorCookie, opened.channel.id_channel)).length, stored.length);
  } finally {
    for (const client of clients) client.close();
    await salon.stop();
  }
});
