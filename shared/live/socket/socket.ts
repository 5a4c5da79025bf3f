import { io, type Socket } from 'socket.io-client';
import { atom, onMount, readonlyType, type WritableAtom } from 'nanostores';
import { SOCKET_PATH, type ClientToServerEvents, type ServerToClientEvents } from '@salon/shared/contracts/socket-events';
import { busSingleton, receiveNotifications } from '@salon/shared';
// By package name: part of the main entry.

/**
 * The page's one socket.io client (spec §7 "Realtime socket"): same origin, path `/socket.io`, the session
 * cookie (`withCredentials`), typed with the contract of `shared/contracts/socket-events.ts`. It is lazy: listening
 * to `$socketState` opens it (the chat store does, and any other socket feature should), and it closes 1 s
 * after the last listener leaves.
 */
export type SalonSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** 'connecting' until the first connection; 'down' after a close or an error, until a reconnection succeeds. */
export type SocketState = 'connecting' | 'connected' | 'down';

export type ServerEventName = keyof ServerToClientEvents;
type ServerHandler<E extends ServerEventName> = ServerToClientEvents[E];
type AckAnswer<E extends keyof ClientToServerEvents> = Parameters<
  Extract<Parameters<ClientToServerEvents[E]>[1], (...args: never[]) => void>
>[0];
type Payload<E extends keyof ClientToServerEvents> = Parameters<ClientToServerEvents[E]>[0];

/** Reconnection after the server refused the connection or closed it (socket.io does not retry those). */
const MANUAL_RECONNECT_BASE_MS = 2000;
const MANUAL_RECONNECT_MAX_MS = 30_000;
export const ACK_TIMEOUT_MS = 10_000;

const SERVER_EVENTS: readonly ServerEventName[] = [
  'stand_history',
  'notification',
  'new_chat_message',
  'update_chat_message',
  'user_writing',
];

interface SocketInternals {
  $state: WritableAtom<SocketState>;
  socket: SalonSocket | null;
  open: boolean;
  connectedOnce: boolean;
  /** The server said it is stopping (`reconnect_elsewhere`): its close is a move, not an outage. */
  moving: boolean;
  failures: number;
  retryTimer: ReturnType<typeof setTimeout> | undefined;
  handlers: Map<ServerEventName, Set<(...args: never[]) => void>>;
  connectListeners: Set<(reconnected: boolean) => void>;
}

const state = busSingleton<SocketInternals>('socket', () => {
  const $state = atom<SocketState>('connecting');
  onMount($state, () => {
    open();
    return close;
  });
  return {
    $state,
    socket: null,
    open: false,
    connectedOnce: false,
    moving: false,
    failures: 0,
    retryTimer: undefined,
    handlers: new Map(),
    connectListeners: new Set(),
  };
});

/** The socket's state. Listening to it is what keeps the socket open. */
export const $socketState = readonlyType(state.$state);

function dispatch(event: ServerEventName, args: unknown[]): void {
  for (const handler of [...(state.handlers.get(event) ?? [])]) {
    try {
      (handler as (...a: unknown[]) => void)(...args);
    } catch (error) {
      console.error(`[salon] a socket "${event}" handler failed`, error);
    }
  }
}

function scheduleManualReconnect(): void {
  clearTimeout(state.retryTimer);
  const delay = Math.min(MANUAL_RECONNECT_BASE_MS * 2 ** state.failures, MANUAL_RECONNECT_MAX_MS);
  state.failures += 1;
  state.retryTimer = setTimeout(() => {
    if (state.open && state.socket && !state.socket.connected) state.socket.connect();
  }, delay);
}

function create(): SalonSocket {
  const socket: SalonSocket = io({ path: SOCKET_PATH, withCredentials: true, autoConnect: false });
  socket.on('connect', () => {
    const reconnected = state.connectedOnce;
    state.connectedOnce = true;
    state.moving = false;
    state.failures = 0;
    clearTimeout(state.retryTimer);
    state.$state.set('connected');
    for (const listener of [...state.connectListeners]) {
      try {
        listener(reconnected);
      } catch (error) {
        console.error('[salon] a socket connect listener failed', error);
      }
    }
  });
  // The server is stopping (a restart): socket.io reconnects at once, behind the proxy to another process. Until that
  // succeeds or fails, the socket is 'connecting', not 'down': the chat stays open and its outbox waits.
  socket.on('reconnect_elsewhere', () => {
    state.moving = true;
  });
  socket.on('disconnect', (reason) => {
    if (reason === 'io client disconnect') return;
    if (state.moving && reason !== 'io server disconnect') {
      console.info(`[salon] socket moving to another server (${reason})`);
      state.$state.set('connecting');
      return;
    }
    console.warn(`[salon] socket closed (${reason})`);
    state.$state.set('down');
    // socket.io reconnects by itself, except when the server closed the connection on purpose.
    if (reason === 'io server disconnect') scheduleManualReconnect();
  });
  socket.on('connect_error', (error) => {
    console.warn('[salon] socket error', error.message);
    state.moving = false;
    state.$state.set('down');
    // `active` false: the server refused the handshake (a middleware error), which socket.io does not retry.
    if (!socket.active) scheduleManualReconnect();
  });
  for (const event of SERVER_EVENTS) {
    (socket.on as (event: string, listener: (...args: unknown[]) => void) => void)(event, (...args) => dispatch(event, args));
  }
  // Whoever holds the socket, the organisers' notifications reach the toaster (which never loads socket.io).
  socket.on('notification', (notification) => receiveNotifications([notification], 'push'));
  return socket;
}

function open(): void {
  state.open = true;
  state.socket ??= create();
  if (!state.socket.connected) {
    state.$state.set('connecting');
    state.socket.connect();
  }
}

function close(): void {
  state.open = false;
  clearTimeout(state.retryTimer);
  state.socket?.disconnect();
  state.$state.set('connecting');
}

/**
 * Keeps the socket open for a feature that only hears events (stand history, notifications): call it where the
 * feature starts (its store's `onMount`) and the returned function where it stops. Same as listening to
 * `$socketState`.
 */
export function holdSocket(): () => void {
  return state.$state.listen(() => undefined);
}

/** Subscribes to a server event (whether or not the socket is open yet). Returns unsubscribe. */
export function onSocketEvent<E extends ServerEventName>(event: E, handler: ServerHandler<E>): () => void {
  let set = state.handlers.get(event);
  if (!set) {
    set = new Set();
    state.handlers.set(event, set);
  }
  set.add(handler as (...args: never[]) => void);
  return () => {
    state.handlers.get(event)?.delete(handler as (...args: never[]) => void);
  };
}

/** Called on each successful connection: `reconnected` is false the first time on the page. Returns unsubscribe. */
export function onSocketConnect(listener: (reconnected: boolean) => void): () => void {
  state.connectListeners.add(listener);
  return () => {
    state.connectListeners.delete(listener);
  };
}

export class SocketUnavailableError extends Error {
  override readonly name = 'SocketUnavailableError';
}

/**
 * Emits an event that takes an acknowledgement and resolves with the server's answer (`{ok: true, …}` or
 * `{ok: false, error}`). Rejects with `SocketUnavailableError` when not connected (socket.io would buffer the
 * event and send it again on reconnection; callers retry themselves), or when no answer came in `timeoutMs`.
 */
export function emitWithAck<E extends Exclude<keyof ClientToServerEvents, 'user_writing'>>(
  event: E,
  payload: Payload<E>,
  timeoutMs = ACK_TIMEOUT_MS,
): Promise<AckAnswer<E>> {
  const socket = state.socket;
  if (!socket?.connected) return Promise.reject(new SocketUnavailableError('The socket is not connected'));
  return new Promise((resolve, reject) => {
    // `timeout()` flags the socket itself and returns it: `emit` must be called on it, never detached.
    const timed = socket.timeout(timeoutMs) as unknown as {
      emit(event: E, payload: Payload<E>, ack: (error: Error | null, answer: AckAnswer<E>) => void): void;
    };
    timed.emit(event, payload, (error, answer) => {
      if (error) reject(new SocketUnavailableError(`No answer to "${event}"`, { cause: error }));
      else resolve(answer);
    });
  });
}

/** Emits an event without acknowledgement, dropped when not connected (the typing indicator). */
export function emitVolatile(event: 'user_writing', payload: Payload<'user_writing'>): boolean {
  const socket = state.socket;
  if (!socket?.connected) return false;
  socket.volatile.emit(event, payload);
  return true;
}
