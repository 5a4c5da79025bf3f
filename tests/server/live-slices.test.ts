import type { ServerResponse } from 'node:http';
import { describe, expect, it } from '@jest/globals';
import type { Scope } from '../../host-shell/server/live/changes';
import type { PieceCache } from '../../host-shell/server/live/pieces';
import { DELIVERY_SLICE, deliver, firstEvents } from '../../host-shell/server/live/delivery';
import type { Piece } from '../../host-shell/server/live/state';
import { LiveStream } from '../../host-shell/server/live/stream';

// A change every stream shows reaches thousands of sockets: in slices, with the event loop free between them.
describe('delivering a change to many streams', () => {
  it(`writes to at most ${DELIVERY_SLICE} streams per turn of the event loop, and to every stream once`, async () => {
    let turn = 0;
    const writes: number[] = [];
    const chunks = new Set<string>();
    const out = {
      writableLength: 0,
      write: (chunk: string) => {
        writes.push(turn);
        chunks.add(chunk);
        return true;
      },
      destroy: () => undefined,
    } as unknown as ServerResponse;
    const count = 2 * DELIVERY_SLICE + 50;
    const streams = Array.from({ length: count }, (_, userId) => {
      const stream = new LiveStream({ userId, anonymous: true, searchClass: null, visited: null, owned: [] }, ['settings'], out, 1 << 20);
      stream.ready = true;
      return stream;
    });
    const settings: Piece = { kind: 'settings', json: '{"parameters":{}}' };
    // Only `lookup` is used by a delivery; the settings piece is the new value.
    const pieces = { lookup: async (_scopes: Scope[], known: Map<Scope, Piece>) => new Map(known) } as unknown as PieceCache;
    // Other work of the event loop: a turn counted at each of its checks.
    let done = false;
    const spin = () => {
      turn += 1;
      if (!done) setImmediate(spin);
    };
    setImmediate(spin);
    await deliver(streams, pieces, 50, {
      changed: new Set<Scope>(['settings']),
      id: 7,
      fresh: new Map<Scope, Piece>([['settings', settings]]),
      previous: new Map<Scope, Piece | undefined>([['settings', undefined]]),
    });
    done = true;
    expect(writes).toHaveLength(count);
    expect(chunks.size).toBe(1);
    const perTurn = new Map<number, number>();
    for (const t of writes) perTurn.set(t, (perTurn.get(t) ?? 0) + 1);
    expect(perTurn.size).toBe(Math.ceil(count / DELIVERY_SLICE));
    expect(Math.max(...perTurn.values())).toBe(DELIVERY_SLICE);
  });
});

describe('the order of a delivery', () => {
  it("writes to the streams a change is for alone (a user's notifications) before those that get what everyone gets", async () => {
    const order: number[] = [];
    const streamOf = (userId: number, scopes: Scope[]) => {
      const out = { writableLength: 0, write: () => order.push(userId), destroy: () => undefined } as unknown as ServerResponse;
      const stream = new LiveStream({ userId, anonymous: true, searchClass: null, visited: null, owned: [] }, scopes, out, 1 << 20);
      stream.ready = true;
      return stream;
    };
    const count = 2 * DELIVERY_SLICE;
    const streams = Array.from({ length: count }, (_, userId) => streamOf(userId, ['settings', 'news']));
    // Opened last: without the order, it would be written to in the last slice.
    streams.push(streamOf(count, ['settings', 'news', `news:${count}`]));
    const news: Piece = { kind: 'news', json: '[]', items: [], next: null };
    const mine: Piece = {
      kind: 'news',
      json: '[{"id_notification":"n1"}]',
      items: [{ id: 1, sentAt: '2026-11-27T00:00:00.000Z', json: '{"id_notification":"n1"}' }],
      next: null,
    };
    const fresh = new Map<Scope, Piece>([
      ['settings', { kind: 'settings', json: '{"parameters":{}}' }],
      ['news', news],
      [`news:${count}`, mine],
    ]);
    const pieces = { lookup: async (_scopes: Scope[], known: Map<Scope, Piece>) => new Map(known) } as unknown as PieceCache;
    await deliver(streams, pieces, 50, {
      changed: new Set<Scope>(['settings', `news:${count}`]),
      id: 8,
      fresh,
      previous: new Map<Scope, Piece | undefined>([
        ['settings', undefined],
        [`news:${count}`, news],
      ]),
    });
    expect(order).toHaveLength(count + 1);
    expect(order[0]).toBe(count);
  });
});

describe('a stream that opens while a change is delivered', () => {
  it('is live from the turn its first events are written: a delivery right after them reaches it', async () => {
    const before: Piece = { kind: 'settings', json: '{"parameters":{"a":1}}' };
    const after: Piece = { kind: 'settings', json: '{"parameters":{"a":2}}' };
    const chunks: string[] = [];
    let delivery: Promise<void> | null = null;
    const out = {
      writableLength: 0,
      write: (chunk: string) => {
        chunks.push(chunk);
        // The change's flush finishes in the same turn as the first events are written: its delivery runs before
        // whoever opened the stream resumes.
        delivery ??= Promise.resolve().then(() =>
          deliver([stream], pieces, 50, {
            changed: new Set<Scope>(['settings']),
            id: 2,
            fresh: new Map<Scope, Piece>([['settings', after]]),
            previous: new Map<Scope, Piece | undefined>([['settings', before]]),
          }),
        );
        return true;
      },
      destroy: () => undefined,
    } as unknown as ServerResponse;
    const stream = new LiveStream({ userId: 1, anonymous: true, searchClass: null, visited: null, owned: [] }, ['settings'], out, 1 << 20);
    const pieces = {
      lookup: async (scopes: Scope[], known: Map<Scope, Piece>) =>
        new Map([
          ...scopes.map((s): [Scope, Piece] => [s, s === 'settings' ? before : { kind: 'news', json: '[]', items: [], next: null }]),
          ...known,
        ]),
    } as unknown as PieceCache;
    await firstEvents(pieces, 50, stream, null, 1, () => 1);
    await delivery;
    expect(stream.ready).toBe(true);
    expect(stream.missed.size).toBe(0);
    expect(chunks).toHaveLength(2);
    expect(chunks[1]).toContain('"a":2');
  });
});
