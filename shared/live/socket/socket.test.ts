import { afterEach, beforeEach, describe, expect, jest, test } from '@jest/globals';
import { freshModule } from '@salon/shared/test/isolate';
import { forgetFakeSocket, lastFakeSocket } from '@salon/shared/test/socket';
import type * as SocketModule from './socket';

jest.mock('socket.io-client', () => (jest.requireActual('@salon/shared/test/socket') as { socketIoMock: unknown }).socketIoMock);

let socket: typeof SocketModule;
const flush = () => Promise.resolve().then(() => undefined);

beforeEach(async () => {
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  forgetFakeSocket();
  socket = await freshModule(() => import('./socket'));
});
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('the page socket (spec §7)', () => {
  test('is lazy: made and connected when its state is first listened to, same origin, /socket.io, with credentials', async () => {
    expect(() => lastFakeSocket()).toThrow();
    const states: string[] = [];
    const stop = socket.$socketState.subscribe((value) => states.push(value));
    const fake = lastFakeSocket();
    expect(fake.options).toEqual({ path: '/socket.io', withCredentials: true, autoConnect: false });
    expect(fake.connectCalls).toBe(1);
    await flush();
    expect(states).toEqual(['connecting', 'connected']);
    stop();
  });

  test('goes down on a close or an error, back up on reconnection; connect listeners hear which it was', async () => {
    const heard: boolean[] = [];
    socket.onSocketConnect((reconnected) => heard.push(reconnected));
    const stop = socket.$socketState.listen(() => undefined);
    const fake = lastFakeSocket();
    await flush();
    fake.drop();
    expect(socket.$socketState.get()).toBe('down');
    fake.refuse();
    expect(socket.$socketState.get()).toBe('down');
    fake.accept();
    expect(socket.$socketState.get()).toBe('connected');
    expect(heard).toEqual([false, true]);
    stop();
  });

  test('stays connecting, not down, when the server said it is stopping before closing; down if no server takes it', async () => {
    jest.spyOn(console, 'info').mockImplementation(() => undefined);
    const states: string[] = [];
    const stop = socket.$socketState.listen((value) => states.push(value));
    const fake = lastFakeSocket();
    await flush();
    fake.push('reconnect_elsewhere');
    fake.drop('transport close');
    expect(socket.$socketState.get()).toBe('connecting');
    fake.accept();
    expect(states).toEqual(['connected', 'connecting', 'connected']);
    // A close without the notice is an outage, as is a move that finds no server.
    fake.drop('transport close');
    expect(socket.$socketState.get()).toBe('down');
    fake.accept();
    fake.push('reconnect_elsewhere');
    fake.drop('transport close');
    fake.refuse();
    expect(socket.$socketState.get()).toBe('down');
    stop();
  });

  test('reconnects by itself (with a backoff) when the server refused the handshake or closed the connection', async () => {
    jest.useFakeTimers();
    const stop = socket.$socketState.listen(() => undefined);
    const fake = lastFakeSocket();
    fake.onConnect = 'wait';
    fake.refuse(true);
    expect(fake.connectCalls).toBe(1);
    jest.advanceTimersByTime(2000);
    expect(fake.connectCalls).toBe(2);
    fake.refuse(true);
    jest.advanceTimersByTime(3999);
    expect(fake.connectCalls).toBe(2);
    jest.advanceTimersByTime(1);
    expect(fake.connectCalls).toBe(3);
    fake.accept();
    fake.drop('io server disconnect');
    jest.advanceTimersByTime(2000);
    expect(fake.connectCalls).toBe(4);
    stop();
  });

  test('server events reach their handlers; emitWithAck resolves with the answer, rejects when down or unanswered', async () => {
    jest.useFakeTimers();
    const received: unknown[] = [];
    socket.onSocketEvent('user_writing', (event) => received.push(event));
    const stop = socket.$socketState.listen(() => undefined);
    const fake = lastFakeSocket();
    await expect(socket.emitWithAck('update_chat_message', { channel_id: 'c', message_id: 'm', acceptation: true })).rejects.toThrow(
      'not connected',
    );
    await flush();
    fake.push('user_writing', { channel_id: 'c1', user_id: 'u7', fullname: 'Alice' });
    expect(received).toEqual([{ channel_id: 'c1', user_id: 'u7', fullname: 'Alice' }]);

    const answered = socket.emitWithAck('update_chat_message', { channel_id: 'c', message_id: 'm', acceptation: true });
    fake.emitted('update_chat_message')[0]?.answer({ ok: false, error: 'Not yours' });
    await expect(answered).resolves.toEqual({ ok: false, error: 'Not yours' });

    const unanswered = socket.emitWithAck('update_chat_message', { channel_id: 'c', message_id: 'm', acceptation: true }, 5000);
    jest.advanceTimersByTime(5000);
    await expect(unanswered).rejects.toThrow('No answer');
    stop();
  });

  test('holdSocket() keeps it open for a feature that only hears events', async () => {
    jest.useFakeTimers();
    const release = socket.holdSocket();
    const fake = lastFakeSocket();
    expect(fake.connectCalls).toBe(1);
    release();
    jest.advanceTimersByTime(1000);
    expect(fake.disconnectCalls).toBe(1);
  });

  test('closes one second after the last listener leaves', async () => {
    jest.useFakeTimers();
    const stop = socket.$socketState.listen(() => undefined);
    const fake = lastFakeSocket();
    await flush();
    stop();
    expect(fake.disconnectCalls).toBe(0);
    jest.advanceTimersByTime(1000);
    expect(fake.disconnectCalls).toBe(1);
    expect(fake.connected).toBe(false);
  });
});
