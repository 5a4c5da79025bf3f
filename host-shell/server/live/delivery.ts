/** A flush's changes written to the streams that show them, and a stream's events built whole (at open, on resume). */
import { isNewsScope, type Scope } from './changes';
import type { PieceCache } from './pieces';
import { fieldsOf, frames, scopesFor, withVisited, type DeltaBase } from './render';
import type { Piece } from './state';
import { newsScopesOf, type LiveStream } from './stream';

/** Streams written to in one turn of the event loop when a change reaches many of them (about 5 ms of work). */
export const DELIVERY_SLICE = 200;

/** Scopes every signed-in stream shows. */
const everyone = (scope: Scope): boolean => scope === 'active' || scope === 'chat' || scope === 'settings' || scope === 'news';

export async function deliver(
  streams: Iterable<LiveStream>,
  pieces: PieceCache,
  chatLimit: number,
  { changed, id, fresh, previous }: { changed: Set<Scope>; id: number; fresh: Map<Scope, Piece>; previous: Map<Scope, Piece | undefined> },
): Promise<void> {
  const targets: { stream: LiveStream; touched: Scope[] }[] = [];
  for (const stream of streams) {
    const touched = stream.scopes.filter((s) => changed.has(s));
    if (touched.length === 0) continue;
    if (!stream.ready) for (const scope of touched) stream.missed.add(scope);
    else targets.push({ stream, touched });
  }
  if (targets.length === 0) return;
  // The streams a change is for alone (a stand's owners, a user's notifications) come before those that get what
  // every stream gets: a visit reaches its stand's exhibitors in the first slice, not after thousands of others.
  targets.sort((a, b) => Number(a.touched.every(everyone)) - Number(b.touched.every(everyone)));
  const lookup = await pieces.lookup(
    targets.flatMap((t) => [
      ...scopesFor(t.stream.spec, fieldsOf(t.stream.spec, t.touched, false)),
      ...(t.touched.some(isNewsScope) ? newsScopesOf(t.stream.spec) : []),
      ...(t.touched.includes('settings') ? (['settings'] as Scope[]) : []),
    ]),
    fresh,
  );
  const memo = new Map<string, string>();
  const base: DeltaBase = { changed, previous };
  let sent = 0;
  for (const { stream, touched } of targets) {
    // A change every stream shows (who is connected, the chat users) goes to thousands of sockets, a write each: in
    // slices, with the event loop's other work (the activity pushes, the chat) between them, not in one long task.
    if (sent > 0 && sent % DELIVERY_SLICE === 0) await new Promise<void>((resolve) => setImmediate(resolve));
    sent += 1;
    if (stream.closed) continue;
    if (!stream.ready) {
      for (const scope of touched) stream.missed.add(scope);
      continue;
    }
    const chunk = frames(
      id,
      stream,
      fieldsOf(stream.spec, touched, false),
      touched.some(isNewsScope),
      touched.includes('settings'),
      lookup,
      memo,
      chatLimit,
      base,
    );
    // Empty when none of its lists changed as this stream sees them.
    if (chunk !== '') stream.send(chunk);
  }
}

/** The events for these scopes (all of the stream's fields and its notifications when `full`). */
export async function build(
  pieces: PieceCache,
  chatLimit: number,
  stream: LiveStream,
  scopes: Scope[],
  full: boolean,
  id: number,
  visitedFields = false,
): Promise<string> {
  const fields = visitedFields ? withVisited(fieldsOf(stream.spec, scopes, full)) : fieldsOf(stream.spec, scopes, full);
  const news = full || scopes.some(isNewsScope);
  const settings = full || scopes.includes('settings');
  const lookup = await pieces.lookup(
    [...scopesFor(stream.spec, fields), ...(news ? newsScopesOf(stream.spec) : []), ...(settings ? (['settings'] as Scope[]) : [])],
    new Map(),
  );
  return frames(id, stream, fields, news, settings, lookup, new Map(), chatLimit);
}

/**
 * A stream's first events: a full state, or on a resume (`resumed`: the scopes touched since its last event) what
 * changed; then what flushes during that first build only noted, in order; then it is live (`ready`).
 */
export async function firstEvents(
  pieces: PieceCache,
  chatLimit: number,
  stream: LiveStream,
  resumed: Set<Scope> | null,
  startId: number,
  currentId: () => number,
  /** On a resume, the chat users as the client last had them, when known: it gets what changed since, not the list. */
  chatBefore?: Piece,
): Promise<void> {
  if (resumed && !resumed.has('*')) {
    // The client resumes on the stand it moved to (the room bus reopens the stream at each move, with the id of
    // its last event): that stand's fields always come, the rest only when it changed.
    const touched = stream.scopes.filter((s) => resumed.has(s));
    const chatDelta = chatBefore !== undefined && touched.includes('chat');
    const whole = chatDelta ? touched.filter((s) => s !== 'chat') : touched;
    const visited = stream.spec.visited !== null;
    let events = whole.length > 0 || visited ? await build(pieces, chatLimit, stream, whole, false, startId, visited) : '';
    if (chatDelta) {
      const lookup = await pieces.lookup(['chat'], new Map());
      const previous = new Map<Scope, Piece | undefined>([['chat', chatBefore]]);
      events += frames(startId, stream, ['chat_users'], false, false, lookup, new Map(), chatLimit, {
        changed: new Set(['chat']),
        previous,
      });
    }
    stream.send(events === '' ? ': resumed\n\n' : events);
  } else {
    stream.send(await build(pieces, chatLimit, stream, stream.scopes, true, startId));
  }
  while (stream.missed.size > 0 && !stream.closed) {
    const missed = [...stream.missed];
    stream.missed.clear();
    const id = currentId();
    stream.send(await build(pieces, chatLimit, stream, missed, false, id));
  }
  // Live from the moment nothing is left missed, in the same turn: a delivery that runs before the caller resumes
  // writes to the stream instead of noting a miss nobody would read.
  stream.ready = true;
}
