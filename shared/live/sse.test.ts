import { afterEach, beforeEach, describe, expect, jest, test } from '@jest/globals';
import { installFetch } from '@salon/shared/test/fetch';
import { sseBody } from '@salon/shared/test/sse';
import { openEventStream, SSE_RECONNECT_MS, type EventStream, type SseMessage } from './sse';

const URL_ = 'http://localhost/api/sse/live/activity?visited_stand_id=s1';
let bodies: ReturnType<typeof sseBody>[];
let fetchMock: ReturnType<typeof installFetch>;
let stream: EventStream | null;
let received: SseMessage[];
let disconnects: unknown[];

const flush = () => jest.advanceTimersByTimeAsync(0);

function open(lastEventId?: string) {
  stream = openEventStream(URL_, { onEvent: (m) => received.push(m), onDisconnect: (e) => disconnects.push(e), lastEventId });
  return stream;
}

beforeEach(() => {
  jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
  bodies = [];
  received = [];
  disconnects = [];
  stream = null;
  fetchMock = installFetch(() => {
    const body = sseBody();
    bodies.push(body);
    return body.response();
  });
});

afterEach(() => {
  stream?.close();
  jest.clearAllTimers();
  jest.useRealTimers();
  fetchMock.restore();
});

describe('the SSE reader', () => {
  test('GET with same-origin cookies and the event-stream headers; parses events, even split across chunks', async () => {
    open();
    await flush();
    expect(fetchMock.requests).toHaveLength(1);
    const [request] = fetchMock.requests;
    expect(request?.method).toBe('GET');
    expect(request?.url.href).toBe(URL_);
    expect(request?.credentials).toBe('same-origin');
    expect(request?.headers.get('Accept')).toBe('text/event-stream');
    expect(request?.headers.get('X-Requested-With')).toBe('XMLHttpRequest');
    expect(request?.headers.get('Last-Event-ID')).toBeNull();

    bodies[0]!.push('event: liveActivity\nid: 1\ndata: {"active_users":');
    await flush();
    expect(received).toHaveLength(0);
    bodies[0]!.push('3}\n\n: a comment\n\nevent: other\ndata: line one\ndata: line two\n\n');
    await flush();
    expect(received).toEqual([
      { event: 'liveActivity', id: '1', data: '{"active_users":3}' },
      { event: 'other', id: undefined, data: 'line one\nline two' },
    ]);
    expect(stream?.lastEventId).toBe('1');
  });

  test('a stream opened after a given event sends its id from the first request on', async () => {
    open('17');
    await flush();
    expect(fetchMock.requests[0]?.headers.get('Last-Event-ID')).toBe('17');
    expect(stream?.lastEventId).toBe('17');
  });

  test('the server closes: reconnects 2000 ms later with Last-Event-ID', async () => {
    open();
    await flush();
    bodies[0]!.push('event: liveActivity\nid: 41\ndata: {}\n\nevent: liveActivity\nid: 42\ndata: {}\n\n');
    await flush();
    bodies[0]!.end();
    await flush();
    expect(disconnects).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(SSE_RECONNECT_MS - 1);
    expect(fetchMock.requests).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(fetchMock.requests).toHaveLength(2);
    expect(fetchMock.requests[1]?.headers.get('Last-Event-ID')).toBe('42');
    bodies[1]!.push('event: liveActivity\nid: 43\ndata: {"active_users":1}\n\n');
    await flush();
    expect(received.map((m) => m.id)).toEqual(['41', '42', '43']);
  });

  test('a broken connection or an error status: reconnects 2000 ms later', async () => {
    let calls = 0;
    fetchMock.restore();
    fetchMock = installFetch(() => {
      calls += 1;
      if (calls === 1) return new Response('', { status: 503 });
      if (calls === 2) return Promise.reject(new TypeError('Failed to fetch'));
      const body = sseBody();
      bodies.push(body);
      return body.response();
    });
    open();
    await flush();
    expect(disconnects).toEqual([new Error('Response not ok: 503')]);
    await jest.advanceTimersByTimeAsync(2000);
    expect(fetchMock.requests).toHaveLength(2);
    expect(disconnects).toHaveLength(2);
    await jest.advanceTimersByTimeAsync(2000);
    expect(fetchMock.requests).toHaveLength(3);
    bodies[0]!.fail();
    await flush();
    expect(disconnects).toHaveLength(3);
    await jest.advanceTimersByTimeAsync(2000);
    expect(fetchMock.requests).toHaveLength(4);
  });

  test('close() aborts the request cleanly: no more events, no reconnect, no error', async () => {
    open();
    await flush();
    const signal = fetchMock.mock.mock.calls[0]?.[1]?.signal;
    stream!.close();
    expect(signal?.aborted).toBe(true);
    bodies[0]!.push('event: liveActivity\ndata: {}\n\n');
    await jest.advanceTimersByTimeAsync(10_000);
    expect(received).toHaveLength(0);
    expect(disconnects).toHaveLength(0);
    expect(fetchMock.requests).toHaveLength(1);
  });

  test('close() while waiting to reconnect cancels the reconnect', async () => {
    open();
    await flush();
    bodies[0]!.end();
    await flush();
    stream!.close();
    await jest.advanceTimersByTimeAsync(10_000);
    expect(fetchMock.requests).toHaveLength(1);
  });
});
