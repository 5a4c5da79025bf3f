/**
 * A fake socket.io client for tests and Storybook: `jest.mock('socket.io-client', () =>
 * (jest.requireActual('@salon/shared/test/socket') as { socketIoMock: unknown }).socketIoMock)`,
 * then drive the server side of the last socket made (`lastFakeSocket()`): connect, drop, fail, push events,
 * answer acknowledgements. Promise-based (never `queueMicrotask`, which Jest's fake timers replace).
 */
type Listener = (...args: unknown[]) => void;

export interface SentEvent {
  event: string;
  payload: unknown;
  /** Answers the acknowledgement (with the socket's `timeout()` flag: no error, this value). */
  answer: (value: unknown) => void;
  /** Whether an answer or the timeout settled it. */
  readonly settled: boolean;
}

export class FakeSocket {
  connected = false;
  active = false;
  connectCalls = 0;
  disconnectCalls = 0;
  readonly sent: SentEvent[] = [];
  /** What the fake server does on `connect()`: accept, refuse with `connect_error`, or wait for the test. */
  onConnect: 'accept' | 'refuse' | 'wait' = 'accept';
  private nextTimeout: number | undefined;
  /** Answers acknowledged events by itself when it returns a value (Storybook's fake server). */
  server: ((event: string, payload: unknown) => unknown) | null = null;
  readonly volatile = {
    emit: (event: string, payload: unknown) => {
      if (this.connected) this.record(event, payload, undefined, undefined);
      return this;
    },
  };
  private readonly listeners = new Map<string, Set<Listener>>();

  constructor(readonly options: unknown) {}

  on(event: string, listener: Listener): this {
    let set = this.listeners.get(event);
    if (!set) {
      set = new Set();
      this.listeners.set(event, set);
    }
    set.add(listener);
    return this;
  }

  off(event: string, listener: Listener): this {
    this.listeners.get(event)?.delete(listener);
    return this;
  }

  connect(): this {
    this.active = true;
    this.connectCalls += 1;
    if (this.onConnect === 'accept') void Promise.resolve().then(() => this.accept());
    else if (this.onConnect === 'refuse') void Promise.resolve().then(() => this.refuse());
    return this;
  }

  disconnect(): this {
    this.disconnectCalls += 1;
    const was = this.connected;
    this.connected = false;
    this.active = false;
    if (was) this.fire('disconnect', 'io client disconnect');
    return this;
  }

  /** Like socket.io: flags the socket for the next `emit` and returns the socket itself. */
  timeout(ms: number): this {
    this.nextTimeout = ms;
    return this;
  }

  emit(event: string, payload: unknown, ack?: (...args: unknown[]) => void): this {
    // A detached `emit` (no `this`) throws here as it does in socket.io.
    const ms = this.nextTimeout;
    this.nextTimeout = undefined;
    if (!ack) this.record(event, payload, undefined, undefined);
    else if (ms === undefined) this.record(event, payload, (_error, value) => ack(value), undefined);
    else this.record(event, payload, (error, value) => (error ? ack(error) : ack(null, value)), ms);
    return this;
  }

  private record(
    event: string,
    payload: unknown,
    ack: ((error: Error | null, value?: unknown) => void) | undefined,
    ms: number | undefined,
  ): void {
    let settled = false;
    const timer =
      ms === undefined || !ack
        ? undefined
        : setTimeout(() => {
            if (settled) return;
            settled = true;
            ack(new Error('operation has timed out'));
          }, ms);
    const sent: SentEvent = {
      event,
      payload,
      answer: (value) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        ack?.(null, value);
      },
      get settled() {
        return settled;
      },
    };
    this.sent.push(sent);
    const automatic = this.server?.(event, payload);
    if (automatic !== undefined) void Promise.resolve().then(() => sent.answer(automatic));
  }

  private fire(event: string, ...args: unknown[]): void {
    for (const listener of [...(this.listeners.get(event) ?? [])]) listener(...args);
  }

  // ─── The server's side ───

  /** The connection succeeds (first time, or a reconnection). */
  accept(): void {
    this.connected = true;
    this.active = true;
    this.fire('connect');
  }

  /** The connection is lost; socket.io would reconnect by itself (`active` stays true). */
  drop(reason = 'transport close'): void {
    this.connected = false;
    if (reason === 'io server disconnect') this.active = false;
    this.fire('disconnect', reason);
  }

  /** A connection attempt fails. `handshakeRefused`: the server's middleware said no (socket.io gives up). */
  refuse(handshakeRefused = false): void {
    this.connected = false;
    if (handshakeRefused) this.active = false;
    this.fire('connect_error', new Error(handshakeRefused ? 'unauthorized' : 'xhr poll error'));
  }

  /** A server event (`new_chat_message`, `user_writing`…). */
  push(event: string, ...args: unknown[]): void {
    this.fire(event, ...args);
  }

  emitted(event: string): SentEvent[] {
    return this.sent.filter((sent) => sent.event === event);
  }
}

// On globalThis, not in this module: `freshModule()` loads a new copy of the modules, this one included.
const LAST = Symbol.for('fake-socket.last');
const registry = globalThis as unknown as Record<symbol, FakeSocket | undefined>;

/** What `jest.mock('socket.io-client', …)` (or Storybook's alias) hands out instead of the real module. */
export const socketIoMock = {
  io: (options?: unknown) => {
    const socket = new FakeSocket(options);
    registry[LAST] = socket;
    return socket;
  },
};

/** The socket the page made last. */
export function lastFakeSocket(): FakeSocket {
  const socket = registry[LAST];
  if (!socket) throw new Error('No socket was made yet');
  return socket;
}

/** Forgets the last socket (a test that checks none is made). */
export function forgetFakeSocket(): void {
  registry[LAST] = undefined;
}
