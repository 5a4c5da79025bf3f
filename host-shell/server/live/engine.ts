import { LIVE_ACTIVITY_FIELDS, type LiveActivityField } from '@salon/shared/contracts/live-fields';
import type { ServerResponse } from 'node:http';
import type { Kysely } from 'kysely';
import { LIVE_NOTIFICATIONS_EVENT, LIVE_NOTIFICATIONS_LIMIT } from '@salon/shared/contracts/notifications';
import { LIVE_ACTIVITY_EVENT } from '@salon/shared/contracts/room';
import { LIVE_SETTINGS_EVENT } from '@salon/shared/contracts/settings';
import type { Database } from '../db/schema';
import { encodeId } from '../lib/ids';
import type { ActivityTracker } from '../services/activity';
import type { SearchClass } from '../services/chat-users';
import type { ParametersCache } from '../services/settings';
import { exScope, hisScope, isNewsScope, newsScope, visScope, type LiveChange, type Scope } from './changes';
import type { LiveHub } from './hub';
import { ChangeRing } from './ring';
import { RoomState, type ChatList, type NewsItem, type PersonList, type Piece } from './state';

export interface LiveOptions {
  /** At most one flush (recompute + events) per window; an isolated change goes out at once. */
  coalesceMs: number;
  /**
   * The room-wide scopes (active_users, chat_users: up to 200 people, sent to every stream) are recomputed at most
   * this often; a presence change meanwhile waits for the next turn. Stand scopes keep `coalesceMs`.
   */
  globalMinMs: number;
  pingMs: number;
  ringSize: number;
  maxBufferedBytes: number;
  chatLimit: number;
}

export interface LiveDeps {
  db: Kysely<Database>;
  hub: LiveHub;
  activity: ActivityTracker;
  parameters: ParametersCache;
  onError: (err: unknown, what: string) => void;
}

/** Who watches what: the validated query of GET /api/sse/live/activity. */
export interface StreamSpec {
  userId: number;
  /** Anonymous visitors get the visited-stand fields only. */
  anonymous: boolean;
  /** Whose search rules decide who chat_users lists (null: anonymous, who get none). */
  searchClass: SearchClass | null;
  visited: number | null;
  /** Stands the user owns (already checked). */
  owned: number[];
  /** Last-Event-ID header or lastEventId query, as sent. */
  lastEventId?: string;
}

type Field = LiveActivityField;
const FIELD_ORDER: readonly Field[] = LIVE_ACTIVITY_FIELDS;

export const frame = (id: number, data: string): string => `id: ${id}\nevent: ${LIVE_ACTIVITY_EVENT}\ndata: ${data}\n\n`;
/** Spec §4.7: the user's newest notifications, a list, as an event of its own on the same stream. */
export const newsFrame = (id: number, data: string): string => `id: ${id}\nevent: ${LIVE_NOTIFICATIONS_EVENT}\ndata: ${data}\n\n`;
/** The salon's settings (parameters, feature flags, live stream): one frame text for every stream of a flush. */
export const settingsFrame = (id: number, data: string): string => `id: ${id}\nevent: ${LIVE_SETTINGS_EVENT}\ndata: ${data}\n\n`;

/** Positions of a list as one stream sees it: its own user left out, at most `limit`. */
function viewOf(list: ChatList, self: number, limit: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < list.ids.length && out.length < limit; i += 1) if (list.ids[i] !== self) out.push(i);
  return out;
}

/**
 * `chat_users_delta`, from the list a stream has (`before`, as it saw it: its own user left out, at most `limit`) to
 * the new one: `users`, whole, the people new in it or changed other than in their last activity; `at`, by new last
 * activity (ms, to the minute, or "null"), the obfuscated ids of the others whose minute changed; `ids`, the new order,
 * only when it changed. Null when the stream's list did not change. Applying it needs the previous list only for
 * the people it does not carry, so applying it twice, or to a newer list, gives the same result.
 */
export function chatDelta(before: ChatList, after: ChatList, self: number, limit: number): string | null {
  const was = viewOf(before, self, limit);
  const now = viewOf(after, self, limit);
  const sent = new Set(was);
  let sameOrder = was.length === now.length;
  /** Ids by new last activity: at the turn of a minute, a list's people mostly share one. */
  const at = new Map<number | null, string[]>();
  const users: string[] = [];
  now.forEach((i, k) => {
    const id = after.ids[i] as number;
    if (sameOrder && before.ids[was[k] as number] !== id) sameOrder = false;
    const j = before.index.get(id);
    // Seen before only if it was within what the stream was sent.
    const had = j !== undefined && sent.has(j);
    if (!had || before.shapes[j] !== after.shapes[i]) users.push(after.items[i] ?? '');
    else if (before.at[j] !== after.at[i]) {
      const value = after.at[i] ?? null;
      const group = at.get(value) ?? [];
      group.push(`"${after.keys[i] ?? ''}"`);
      at.set(value, group);
    }
  });
  if (sameOrder && at.size === 0 && users.length === 0) return null;
  const ids = sameOrder ? '' : `"ids":[${now.map((i) => `"${after.keys[i] ?? ''}"`).join(',')}],`;
  const times = [...at].map(([value, keys]) => `"${value}":[${keys.join(',')}]`).join(',');
  return `{${ids}"at":{${times}},"users":[${users.join(',')}]}`;
}

/**
 * One stand's `owned_stands_users_delta`, from `before` to `after`: `users`, whole, the people who arrived (added at
 * the end, in order) or changed (replaced where they are); `gone`, the obfuscated ids of those who left; `ids`, the
 * new order, only when it is not the old one without the gone plus the arrivals; `count`, the new length (a client
 * whose list comes out another length missed something and pulls the whole state again). Null when nothing changed.
 * Applying it twice gives the same list.
 */
export function visitorsDelta(before: PersonList, after: PersonList): string | null {
  const gone: string[] = [];
  const expected: number[] = [];
  before.ids.forEach((id, i) => {
    if (after.index.has(id)) expected.push(id);
    else gone.push(`"${before.keys[i] ?? ''}"`);
  });
  const users: string[] = [];
  after.ids.forEach((id, i) => {
    const j = before.index.get(id);
    if (j === undefined) expected.push(id);
    if (j === undefined || before.items[j] !== after.items[i]) users.push(after.items[i] ?? '');
  });
  const sameOrder = expected.length === after.ids.length && expected.every((id, k) => id === after.ids[k]);
  if (sameOrder && gone.length === 0 && users.length === 0) return null;
  const ids = sameOrder ? '' : `"ids":[${after.keys.map((key) => `"${key}"`).join(',')}],`;
  return `{${ids}"users":[${users.join(',')}],"gone":[${gone.join(',')}],"count":${after.ids.length}}`;
}

/** What an open stream already has: the scopes changed by this flush and their values before it. */
interface DeltaBase {
  changed: Set<Scope>;
  previous: Map<Scope, Piece | undefined>;
}

const newestFirst = (a: NewsItem, b: NewsItem): number => (a.sentAt === b.sentAt ? b.id - a.id : a.sentAt < b.sentAt ? 1 : -1);
const PING = ': ping\n\n';

class LiveStream {
  /** False until its first event is written: flushes meanwhile only note what it missed. */
  ready = false;
  closed = false;
  readonly missed = new Set<Scope>();
  readonly ownedKey: string;

  constructor(
    readonly spec: StreamSpec,
    readonly scopes: Scope[],
    private readonly out: ServerResponse,
    private readonly maxBufferedBytes: number,
  ) {
    this.ownedKey = spec.owned.join(',');
  }

  send(chunk: string): void {
    if (this.closed) return;
    // A client that does not read: drop it rather than buffer without end (it reconnects and resumes).
    if (this.out.writableLength > this.maxBufferedBytes) {
      this.out.destroy();
      return;
    }
    this.out.write(chunk);
  }

  end(): void {
    if (!this.closed) this.out.end();
  }
}

/** The notifications a stream shows: the public ones and the user's own. */
const newsScopesOf = (spec: StreamSpec): Scope[] => ['news', newsScope(spec.userId)];

function scopesOf(spec: StreamSpec): Scope[] {
  const visited = spec.visited === null ? [] : [exScope(spec.visited)];
  // Anonymous visitors are in the room too: they get the organisers' notifications and the salon's settings.
  if (spec.anonymous) return [...visited, ...newsScopesOf(spec), 'settings'];
  const owned = spec.owned.flatMap((id) => [exScope(id), visScope(id), hisScope(id)]);
  return [...new Set<Scope>(['active', 'chat', ...visited, ...owned, ...newsScopesOf(spec), 'settings'])];
}

/**
 * The live activity streams of this process (spec §4.8).
 *
 * Changes arrive from the hub and are numbered; a flush (at most one per `coalesceMs`) resolves them to scopes,
 * recomputes each watched scope once, compares it with its previous value, and writes to each stream only the
 * fields whose scopes really changed. Every flush is remembered in a ring buffer with its scopes, so a stream
 * that reconnects with the id of its last event gets the fields touched since then (current values), or a full
 * state when the buffer no longer reaches back that far.
 *
 * Event ids start at the process start time in microseconds: an id from a previous process is below this
 * one's range, so it is never mistaken for one of ours (the client gets a full state).
 */
export class LiveActivity {
  private readonly state: RoomState;
  private readonly ring: ChangeRing;
  private readonly base = Date.now() * 1000;
  private seq = this.base;
  private flushedSeq = this.base;
  private pending: { id: number; change: LiveChange }[] = [];
  private readonly streams = new Set<LiveStream>();
  private readonly watchers = new Map<Scope, number>();
  private readonly pieces = new Map<Scope, Piece>();
  private readonly versions = new Map<Scope, number>();
  private readonly computing = new Map<Scope, Promise<Piece>>();
  private exhibitorIndex: { until: number; value: Promise<Map<number, number[]>> } | null = null;
  private timer: NodeJS.Timeout | null = null;
  private globalTimer: NodeJS.Timeout | null = null;
  private globalAt = 0;
  /** Fires when the next scheduled notification becomes due. */
  private newsTimer: { at: number; timer: NodeJS.Timeout } | null = null;
  private pingTimer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;
  private lastFlushAt = 0;
  private unsubscribe: (() => void) | null = null;
  private stopped = false;
  private flushes = 0;

  constructor(
    private readonly deps: LiveDeps,
    private readonly options: LiveOptions,
  ) {
    this.state = new RoomState({ db: deps.db, activity: deps.activity, parameters: deps.parameters, chatLimit: options.chatLimit });
    this.ring = new ChangeRing(options.ringSize);
  }

  start(): void {
    this.unsubscribe = this.deps.hub.subscribe((change) => this.receive(change));
    this.pingTimer = setInterval(() => {
      for (const stream of this.streams) if (stream.ready) stream.send(PING);
    }, this.options.pingMs);
    this.pingTimer.unref();
  }

  /** Ends every stream (server shutdown: open streams would keep it from closing). */
  async stop(): Promise<void> {
    this.stopped = true;
    this.unsubscribe?.();
    if (this.timer) clearTimeout(this.timer);
    if (this.globalTimer) clearTimeout(this.globalTimer);
    if (this.pingTimer) clearInterval(this.pingTimer);
    if (this.newsTimer) clearTimeout(this.newsTimer.timer);
    this.newsTimer = null;
    this.timer = null;
    this.globalTimer = null;
    this.pingTimer = null;
    await this.flushing?.catch(() => undefined);
    for (const stream of [...this.streams]) {
      stream.end();
      this.remove(stream);
    }
  }

  publish(change: LiveChange): void {
    this.deps.hub.publish(change);
  }

  stats(): { streams: number; scopes: number; pieces: number; pending: number; ring: number; flushes: number; lastEventId: number } {
    return {
      streams: this.streams.size,
      scopes: this.watchers.size,
      pieces: this.pieces.size,
      pending: this.pending.length,
      ring: this.ring.size,
      flushes: this.flushes,
      lastEventId: this.flushedSeq,
    };
  }

  /** Waits until every change received so far has been delivered (tests, benchmarks). */
  async settle(): Promise<void> {
    while (this.pending.length > 0 || this.flushing || this.timer) {
      if (this.timer && !this.flushing) {
        clearTimeout(this.timer);
        this.timer = null;
        void this.flush();
      }
      await (this.flushing ?? new Promise((resolve) => setImmediate(resolve)));
    }
  }

  /** Serves one stream on `out` (headers already written) until it closes. */
  async open(spec: StreamSpec, out: ServerResponse): Promise<void> {
    const stream = new LiveStream(spec, scopesOf(spec), out, this.options.maxBufferedBytes);
    if (this.stopped) {
      stream.end();
      return;
    }
    // The client may have left while the request was being checked: its 'close' has already fired.
    if (out.destroyed || !out.socket || out.socket.destroyed) return;
    this.streams.add(stream);
    for (const scope of stream.scopes) this.watchers.set(scope, (this.watchers.get(scope) ?? 0) + 1);
    out.on('close', () => this.remove(stream));

    const startId = this.flushedSeq;
    const resumed = this.resumable(spec.lastEventId);
    try {
      if (resumed && !resumed.has('*')) {
        // The client resumes on the stand it moved to (the room bus reopens the stream at each move, with the id of
        // its last event): that stand's fields always come, the rest only when it changed.
        const touched = stream.scopes.filter((s) => resumed.has(s));
        const visited = spec.visited !== null;
        if (touched.length > 0 || visited) stream.send(await this.build(stream, touched, false, startId, visited));
        else stream.send(': resumed\n\n');
      } else {
        stream.send(await this.build(stream, stream.scopes, true, startId));
      }
      // Flushes during the first build only noted what changed; send it before going live, in order.
      while (stream.missed.size > 0 && !stream.closed) {
        const missed = [...stream.missed];
        stream.missed.clear();
        const id = this.flushedSeq;
        stream.send(await this.build(stream, missed, false, id));
      }
      stream.ready = true;
    } catch (err) {
      this.deps.onError(err, 'live activity: first state');
      out.destroy();
    }
  }

  private remove(stream: LiveStream): void {
    if (stream.closed) return;
    stream.closed = true;
    this.streams.delete(stream);
    for (const scope of stream.scopes) {
      const n = (this.watchers.get(scope) ?? 0) - 1;
      if (n > 0) {
        this.watchers.set(scope, n);
      } else {
        // Versions stay (a few per stand): a computation still running must not be taken for a fresh one later.
        this.watchers.delete(scope);
        this.pieces.delete(scope);
        this.computing.delete(scope);
      }
    }
  }

  /** The scopes touched after `lastEventId`, or null for a full state. */
  private resumable(lastEventId: string | undefined): Set<Scope> | null {
    if (lastEventId === undefined || !/^\d{1,16}$/.test(lastEventId)) return null;
    const id = Number(lastEventId);
    if (id === this.flushedSeq) return new Set();
    if (id < this.base || id > this.flushedSeq) return null;
    return this.ring.scopesAfter(id);
  }

  private receive(change: LiveChange): void {
    if (this.stopped) return;
    // Whichever process the administrator used, each one reads the new parameters from now on.
    if (change.type === 'settings') this.deps.parameters.invalidate();
    this.seq += 1;
    this.pending.push({ id: this.seq, change });
    this.schedule();
  }

  private schedule(): void {
    if (this.timer || this.flushing || this.stopped) return;
    const delay = Math.max(0, this.lastFlushAt + this.options.coalesceMs - Date.now());
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, delay);
  }

  private flush(): Promise<void> {
    if (this.flushing) return this.flushing;
    const batch = this.pending;
    this.pending = [];
    const first = batch[0];
    const last = batch.at(-1);
    if (!first || !last) return Promise.resolve();
    const run = async () => {
      let scopes: Set<Scope>;
      try {
        scopes = await this.resolve(batch.map((b) => b.change));
      } catch (err) {
        // Nobody knows what changed: a stream resuming from before this gets a full state.
        this.deps.onError(err, 'live activity: resolving changes');
        this.ring.push({ from: first.id, to: last.id, scopes: ['*'] });
        this.flushedSeq = last.id;
        return;
      }
      this.deferGlobal(scopes);
      this.ring.push({ from: first.id, to: last.id, scopes: [...scopes] });
      const previous = new Map<Scope, Piece | undefined>();
      for (const scope of scopes) {
        previous.set(scope, this.pieces.get(scope));
        this.pieces.delete(scope);
        this.computing.delete(scope);
        this.versions.set(scope, (this.versions.get(scope) ?? 0) + 1);
      }
      const changed = new Set<Scope>();
      const fresh = new Map<Scope, Piece>();
      await Promise.all(
        [...scopes]
          .filter((scope) => this.watchers.has(scope))
          .map(async (scope) => {
            try {
              const piece = await this.piece(scope);
              fresh.set(scope, piece);
              if (previous.get(scope)?.json !== piece.json) changed.add(scope);
            } catch (err) {
              this.deps.onError(err, `live activity: computing ${scope}`);
            }
          }),
      );
      this.flushedSeq = last.id;
      this.flushes += 1;
      if (changed.size > 0) await this.deliver(changed, last.id, fresh, previous);
    };
    const flushing = run().finally(() => {
      this.flushing = null;
      this.lastFlushAt = Date.now();
      if (this.pending.length > 0) this.schedule();
    });
    this.flushing = flushing;
    return flushing;
  }

  /**
   * Takes the room-wide scopes out of this flush when they were recomputed less than `globalMinMs` ago, and
   * arranges a presence change (no users: it only touches them) for when their turn comes. A resume looks at
   * the flush that sends them, so nothing is lost.
   */
  private deferGlobal(scopes: Set<Scope>): void {
    if (!scopes.has('active') && !scopes.has('chat')) return;
    const now = Date.now();
    const due = this.globalAt + this.options.globalMinMs;
    if (now >= due) {
      this.globalAt = now;
      return;
    }
    scopes.delete('active');
    scopes.delete('chat');
    if (!this.globalTimer) {
      this.globalTimer = setTimeout(() => {
        this.globalTimer = null;
        this.receive({ type: 'presence', userIds: [] });
      }, due - now);
      this.globalTimer.unref();
    }
  }

  private async resolve(changes: LiveChange[]): Promise<Set<Scope>> {
    const scopes = new Set<Scope>();
    const users = new Set<number>();
    for (const change of changes) {
      switch (change.type) {
        case 'visitors':
          for (const id of change.standIds) scopes.add(visScope(id));
          break;
        case 'history':
          for (const id of change.standIds) scopes.add(hisScope(id));
          break;
        case 'exhibitors':
          for (const id of change.standIds ?? []) scopes.add(exScope(id));
          for (const id of change.userIds ?? []) users.add(id);
          break;
        case 'presence':
          scopes.add('active');
          scopes.add('chat');
          for (const id of change.userIds) users.add(id);
          break;
        case 'notifications':
          if (change.userIds.length === 0) scopes.add('news');
          for (const id of change.userIds) scopes.add(newsScope(id));
          break;
        case 'settings':
          // The activity windows and search permissions are parameters too: what they decide is recomputed.
          scopes.add('settings').add('active').add('chat');
          for (const scope of this.watchers.keys()) if (scope.startsWith('ex:')) scopes.add(scope);
          break;
      }
    }
    if (users.size > 0) {
      const index = await this.exhibitorStands();
      for (const user of users) for (const stand of index.get(user) ?? []) scopes.add(exScope(stand));
    }
    return scopes;
  }

  /** Exhibitor → their stands, refreshed every 30 s (stand_exhibitors changes rarely). */
  private exhibitorStands(): Promise<Map<number, number[]>> {
    const now = Date.now();
    if (this.exhibitorIndex && this.exhibitorIndex.until > now) return this.exhibitorIndex.value;
    const value = this.deps.db
      .selectFrom('stand_exhibitors')
      .select(['user_id', 'stand_id'])
      .execute()
      .then((rows) => {
        const map = new Map<number, number[]>();
        for (const row of rows) map.set(row.user_id, [...(map.get(row.user_id) ?? []), row.stand_id]);
        return map;
      });
    this.exhibitorIndex = { until: now + 30_000, value };
    value.catch(() => {
      if (this.exhibitorIndex?.value === value) this.exhibitorIndex = null;
    });
    return value;
  }

  /** A scope's value: cached while watched, computed once however many streams ask at the same time. */
  private piece(scope: Scope): Promise<Piece> {
    const cached = this.pieces.get(scope);
    if (cached) return Promise.resolve(cached);
    const inFlight = this.computing.get(scope);
    if (inFlight) return inFlight;
    const version = this.versions.get(scope) ?? 0;
    const computed = this.state.compute(scope).then((piece) => {
      // Not if a newer change invalidated it meanwhile, nor if nobody watches it any more.
      if ((this.versions.get(scope) ?? 0) === version && this.watchers.has(scope)) this.pieces.set(scope, piece);
      if (piece.kind === 'news' && piece.next) this.scheduleNews(piece.next);
      return piece;
    });
    const tracked = computed.finally(() => {
      if (this.computing.get(scope) === tracked) this.computing.delete(scope);
    });
    this.computing.set(scope, tracked);
    return tracked;
  }

  /**
   * A scheduled notification (sent_at in the future) is listed from its time on: at that time, the public scope is
   * recomputed as if one had just been sent. In this process only: each process serves its own streams.
   */
  private scheduleNews(next: string): void {
    const at = Date.parse(next);
    if (!Number.isFinite(at) || this.stopped) return;
    if (this.newsTimer && this.newsTimer.at <= at) return;
    if (this.newsTimer) clearTimeout(this.newsTimer.timer);
    // setTimeout takes at most 2^31-1 ms; a later one is set again when the list is next computed.
    const timer = setTimeout(
      () => {
        this.newsTimer = null;
        this.receive({ type: 'notifications', userIds: [] });
      },
      Math.min(Math.max(0, at - Date.now()) + 50, 2 ** 31 - 1),
    );
    timer.unref();
    this.newsTimer = { at, timer };
  }

  /**
   * Writes the changed fields to the streams that show them. Streams that are ready have the previous values: the
   * chat users and the owned stands' visitors go out as deltas from the previous lists (`previous`), the rest whole.
   */
  private async deliver(changed: Set<Scope>, id: number, fresh: Map<Scope, Piece>, previous: Map<Scope, Piece | undefined>): Promise<void> {
    const targets: { stream: LiveStream; touched: Scope[] }[] = [];
    for (const stream of this.streams) {
      const touched = stream.scopes.filter((s) => changed.has(s));
      if (touched.length === 0) continue;
      if (!stream.ready) for (const scope of touched) stream.missed.add(scope);
      else targets.push({ stream, touched });
    }
    if (targets.length === 0) return;
    const lookup = await this.lookup(
      targets.flatMap((t) => [
        ...this.scopesFor(t.stream, this.fieldsOf(t.stream, t.touched, false)),
        ...(t.touched.some(isNewsScope) ? newsScopesOf(t.stream.spec) : []),
        ...(t.touched.includes('settings') ? (['settings'] as Scope[]) : []),
      ]),
      fresh,
    );
    const memo = new Map<string, string>();
    const base: DeltaBase = { changed, previous };
    for (const { stream, touched } of targets) {
      if (stream.closed) continue;
      if (!stream.ready) {
        for (const scope of touched) stream.missed.add(scope);
        continue;
      }
      const chunk = this.frames(id, stream, this.fieldsOf(stream, touched, false), touched.some(isNewsScope), touched.includes('settings'), lookup, memo, base);
      // Empty when none of its lists changed as this stream sees them.
      if (chunk !== '') stream.send(chunk);
    }
  }

  /** The events for these scopes (all of the stream's fields and its notifications when `full`). */
  private async build(stream: LiveStream, scopes: Scope[], full: boolean, id: number, visitedFields = false): Promise<string> {
    const fields = visitedFields ? this.withVisited(this.fieldsOf(stream, scopes, full)) : this.fieldsOf(stream, scopes, full);
    const news = full || scopes.some(isNewsScope);
    const settings = full || scopes.includes('settings');
    const lookup = await this.lookup([...this.scopesFor(stream, fields), ...(news ? newsScopesOf(stream.spec) : []), ...(settings ? (['settings'] as Scope[]) : [])], new Map());
    return this.frames(id, stream, fields, news, settings, lookup, new Map());
  }

  /** A `liveActivity` event when fields changed, then a notifications event, then a settings event, when they changed. */
  private frames(id: number, stream: LiveStream, fields: Field[], news: boolean, settings: boolean, pieces: Map<Scope, Piece>, memo: Map<string, string>, delta?: DeltaBase): string {
    const body = fields.length > 0 ? this.render(stream, fields, pieces, memo, delta) : null;
    const activity = body === null ? '' : frame(id, body);
    const withNews = news ? activity + newsFrame(id, this.renderNews(stream, pieces, memo)) : activity;
    return settings ? withNews + this.renderSettings(id, pieces, memo) : withNews;
  }

  /** The settings frame, built once per flush and shared by every stream. */
  private renderSettings(id: number, pieces: Map<Scope, Piece>, memo: Map<string, string>): string {
    const key = `s|${id}`;
    let shared = memo.get(key);
    if (shared === undefined) {
      const piece = pieces.get('settings');
      if (!piece || piece.kind !== 'settings') throw new Error('live activity: no settings value');
      shared = settingsFrame(id, piece.json);
      memo.set(key, shared);
    }
    return shared;
  }

  /** The public notifications merged with the user's own, newest first; shared by every stream without their own. */
  private renderNews(stream: LiveStream, pieces: Map<Scope, Piece>, memo: Map<string, string>): string {
    const piece = (scope: Scope): Extract<Piece, { kind: 'news' }> => {
      const found = pieces.get(scope);
      if (!found || found.kind !== 'news') throw new Error(`live activity: no news value for ${scope}`);
      return found;
    };
    const all = piece('news');
    const own = piece(newsScope(stream.spec.userId));
    if (own.items.length === 0) {
      let shared = memo.get('n|');
      if (shared === undefined) {
        shared = all.json;
        memo.set('n|', shared);
      }
      return shared;
    }
    const merged = [...all.items, ...own.items].sort(newestFirst).slice(0, LIVE_NOTIFICATIONS_LIMIT);
    return `[${merged.map((item) => item.json).join(',')}]`;
  }

  private async lookup(scopes: Scope[], known: Map<Scope, Piece>): Promise<Map<Scope, Piece>> {
    const out = new Map(known);
    const missing = [...new Set(scopes)].filter((s) => !out.has(s));
    for (const scope of missing) {
      const cached = this.pieces.get(scope);
      if (cached) out.set(scope, cached);
    }
    const toCompute = missing.filter((s) => !out.has(s));
    if (toCompute.length > 0) {
      const computed = await Promise.all(toCompute.map((s) => this.piece(s)));
      toCompute.forEach((s, i) => out.set(s, computed[i] as Piece));
    }
    return out;
  }

  /** The fields a set of scopes affects, for one stream (all of its fields when `full`). */
  private fieldsOf(stream: LiveStream, scopes: Scope[], full: boolean): Field[] {
    const { spec } = stream;
    const fields = new Set<Field>();
    if (full) {
      fields.add('visited_stand_id').add('visited_stand_availability').add('visited_stand_animators');
      if (!spec.anonymous) fields.add('active_users').add('owned_stands_users').add('owned_stands_exhibitors').add('histories').add('chat_users');
    } else {
      for (const scope of scopes) {
        if (scope === 'active') fields.add('active_users');
        else if (scope === 'chat') fields.add('chat_users');
        else if (scope.startsWith('vis:')) fields.add('owned_stands_users');
        else if (scope.startsWith('his:')) fields.add('histories');
        else if (scope.startsWith('ex:')) {
          const standId = Number(scope.slice(3));
          if (standId === spec.visited) fields.add('visited_stand_availability').add('visited_stand_animators');
          if (spec.owned.includes(standId)) fields.add('owned_stands_exhibitors');
        }
      }
    }
    return FIELD_ORDER.filter((f) => fields.has(f));
  }

  /** The fields plus those of the visited stand (a few hundred bytes), in their order. */
  private withVisited(fields: Field[]): Field[] {
    const all = new Set<Field>([...fields, 'visited_stand_id', 'visited_stand_availability', 'visited_stand_animators']);
    return FIELD_ORDER.filter((f) => all.has(f));
  }

  /** The scopes whose values the fields are made of. */
  private scopesFor(stream: LiveStream, fields: Field[]): Scope[] {
    const { visited, owned } = stream.spec;
    return fields.flatMap((field): Scope[] => {
      switch (field) {
        case 'active_users':
          return ['active'];
        case 'chat_users':
          return ['chat'];
        case 'visited_stand_availability':
        case 'visited_stand_animators':
          return visited === null ? [] : [exScope(visited)];
        case 'owned_stands_users':
          return owned.map(visScope);
        case 'owned_stands_exhibitors':
          return owned.map(exScope);
        case 'histories':
          return owned.map(hisScope);
        case 'visited_stand_id':
          return [];
      }
    });
  }

  /**
   * `{"field":value,…}` by concatenating shared fragments; `memo` shares them between streams of one flush. With
   * `delta` (an open stream), the lists go out as deltas, and null when none of the fields changed for this stream.
   */
  private render(stream: LiveStream, fields: Field[], pieces: Map<Scope, Piece>, memo: Map<string, string>, delta?: DeltaBase): string | null {
    const { spec } = stream;
    const get = <K extends Piece['kind']>(scope: Scope, kind: K): Extract<Piece, { kind: K }> => {
      const piece = pieces.get(scope);
      if (!piece || piece.kind !== kind) throw new Error(`live activity: no ${kind} value for ${scope}`);
      return piece as Extract<Piece, { kind: K }>;
    };
    const shared = (key: string, make: () => string): string => {
      let value = memo.get(key);
      if (value === undefined) {
        value = make();
        memo.set(key, value);
      }
      return value;
    };
    const byOwned = (make: (standId: number) => string) => `{${spec.owned.map((id) => `"${encodeId(id)}":${make(id)}`).join(',')}}`;

    const parts = fields.map((field) => {
      let value: string;
      switch (field) {
        case 'active_users':
          value = get('active', 'active').json;
          break;
        case 'visited_stand_id':
          value = spec.visited === null ? 'null' : `"${encodeId(spec.visited)}"`;
          break;
        case 'visited_stand_availability':
          value = spec.visited === null ? 'null' : String(get(exScope(spec.visited), 'ex').available);
          break;
        case 'visited_stand_animators': {
          const visited = spec.visited;
          value = visited === null ? '{}' : shared(`va|${visited}`, () => `{"${encodeId(visited)}":${get(exScope(visited), 'ex').animators}}`);
          break;
        }
        case 'owned_stands_users': {
          const changedStands = delta ? spec.owned.filter((id) => delta.changed.has(visScope(id))) : [];
          // Whole when the stream may not have a stand's previous list (it was not computed before this flush).
          if (delta && changedStands.every((id) => delta.previous.get(visScope(id))?.kind === 'vis')) {
            const parts = changedStands.flatMap((id) => {
              const before = delta.previous.get(visScope(id)) as Extract<Piece, { kind: 'vis' }>;
              const one = shared(`vd|${id}`, () => visitorsDelta(before.list, get(visScope(id), 'vis').list) ?? '');
              return one === '' ? [] : [`"${encodeId(id)}":${one}`];
            });
            return parts.length === 0 ? null : `"owned_stands_users_delta":{${parts.join(',')}}`;
          }
          value = shared(`ou|${stream.ownedKey}`, () => byOwned((id) => get(visScope(id), 'vis').json));
          break;
        }
        case 'histories':
          value = shared(`h|${stream.ownedKey}`, () => byOwned((id) => get(hisScope(id), 'his').json));
          break;
        case 'owned_stands_exhibitors': {
          // "Other exhibitors": the stream's own user is left out, which only matters when they are listed.
          const self = spec.userId;
          const listed = spec.owned.some((id) => get(exScope(id), 'ex').availableItems.some((item) => item.id === self));
          value = shared(`oe|${stream.ownedKey}|${listed ? self : ''}`, () =>
            byOwned((id) =>
              `[${get(exScope(id), 'ex')
                .availableItems.filter((item) => item.id !== self)
                .map((item) => item.json)
                .join(',')}]`,
            ),
          );
          break;
        }
        case 'chat_users': {
          const searchClass = spec.searchClass;
          if (searchClass === null) {
            value = '[]';
            break;
          }
          const chat = get('chat', 'chat').lists[searchClass];
          const position = chat.index.get(spec.userId);
          const limit = this.options.chatLimit;
          const previousChat = delta?.previous.get('chat');
          if (delta && previousChat?.kind === 'chat') {
            const before = previousChat.lists[searchClass];
            // Shared by every stream whose own user is in neither list.
            const self = position !== undefined || before.index.has(spec.userId) ? spec.userId : '';
            const one = shared(`cd|${searchClass}|${self}`, () => chatDelta(before, chat, spec.userId, limit) ?? '');
            return one === '' ? null : `"chat_users_delta":${one}`;
          }
          value =
            position === undefined
              ? shared(`c|${searchClass}`, () => `[${chat.items.slice(0, limit).join(',')}]`)
              : shared(`c|${searchClass}|${spec.userId}`, () => `[${chat.items.filter((_, i) => i !== position).slice(0, limit).join(',')}]`);
          break;
        }
      }
      return `"${field}":${value}`;
    });
    const sent = parts.filter((part): part is string => part !== null);
    return sent.length === 0 ? null : `{${sent.join(',')}}`;
  }
}
