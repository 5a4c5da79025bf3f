import type { ServerResponse } from 'node:http';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { ActivityTracker } from '../services/activity';
import type { ParametersCache } from '../services/settings';
import type { LiveChange, Scope } from './changes';
import type { LiveHub } from './hub';
import { deliver, firstEvents } from './delivery';
import { ChangeRing } from './ring';
import { ChatVersions } from './chat-versions';
import { ScopeIndex } from './scope-index';
import { PieceCache, samePiece } from './pieces';
import { ChangeScopes } from './scopes';
import { RoomPace } from './pace';
import { changedRoomPieces, fromShared, isRoomScope } from './room-pieces';
import { RoomState, type Piece } from './state';
import { LiveStream, PING, scopesOf, type StreamSpec } from './stream';

export interface LiveOptions {
  /** A flush (recompute + events) at most this long after the previous one's end; an isolated change goes out at once. */
  coalesceMs: number;
  /**
   * The same for a flush that carries a visit's start or end (`visitors`), when shorter: a stand's exhibitors see who
   * arrives sooner. The scopes it touches are a stand's own, watched by its exhibitors alone; the room-wide ones keep
   * `globalMinMs`.
   */
  visitorsMs: number;
  /**
   * The room-wide scopes (active_users, chat_users: up to 200 people, sent to every stream) are recomputed at most
   * this often; a presence change meanwhile waits for the next turn. Stand scopes keep `coalesceMs`.
   */
  globalMinMs: number;
  /** The same for active_users alone: a count no screen shows, written to every stream. */
  countMinMs: number;
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
  /** Whether this process computes the room-wide scopes; `shared`: other processes receive them (Redis). */
  leader: { readonly id: string; readonly isLeader: boolean; readonly shared: boolean };
  onError: (err: unknown, what: string) => void;
}

/**
 * The live activity streams of this process (spec §4.8; live/README.md). Changes arrive from the hub and are numbered;
 * a flush (at most one per `coalesceMs`, `visitorsMs` when it carries a visit's start or end) resolves them to scopes,
 * recomputes each watched scope once (the room-wide ones: on the leading process only, the others take its values),
 * and writes to each stream only the fields whose scopes really changed. An event id is the time its flush's last
 * change arrived, in microseconds (one more than the last when the clock has not moved). A ring buffer of flushes
 * lets a stream that reconnects with one of this process's ids get the fields touched since; with another process's
 * id (or an old one of ours), the hub says which of its scopes changed since that time (Redis), or it gets a full
 * state.
 */
export class LiveActivity {
  private readonly state: RoomState;
  private readonly pieces: PieceCache;
  private readonly changeScopes: ChangeScopes;
  private readonly ring: ChangeRing;
  private readonly base = Date.now() * 1000;
  private seq = this.base;
  private flushedSeq = this.base;
  private pending: { id: number; change: LiveChange }[] = [];
  private readonly streams = new Set<LiveStream>();
  private readonly watchers = new ScopeIndex();
  private timer: NodeJS.Timeout | null = null;
  /** When `timer` fires. */
  private timerAt = 0;
  private readonly pace: RoomPace;
  /** The room-wide values this process last published, as JSON. */
  private readonly shared = new Map<Scope, string>();
  private readonly chatVersions = new ChatVersions();
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
    this.pieces = new PieceCache(
      this.state,
      (scope) => this.watchers.has(scope),
      () => this.receive({ type: 'notifications', userIds: [] }),
    );
    this.changeScopes = new ChangeScopes(deps.db);
    this.ring = new ChangeRing(options.ringSize);
    this.pace = new RoomPace({ chat: options.globalMinMs, active: options.countMinMs }, (change) => this.receive(change));
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
    this.pace.stop();
    if (this.pingTimer) clearInterval(this.pingTimer);
    this.pieces.stop();
    this.timer = null;
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

  stats() {
    return {
      streams: this.streams.size,
      scopes: this.watchers.size,
      pieces: this.pieces.size,
      pending: this.pending.length,
      ring: this.ring.size,
      flushes: this.flushes,
      lastEventId: this.flushedSeq,
      leader: this.deps.leader.isLeader,
      received: this.deps.hub.received,
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
    for (const scope of this.watchers.add(stream)) this.deps.hub.watch(scope);
    out.on('close', () => this.remove(stream));

    const startId = this.flushedSeq;
    try {
      const resumed = await this.resumable(spec.lastEventId, stream.scopes);
      const lastId = Number(spec.lastEventId);
      const chatBefore = resumed && this.ring.issued(lastId) ? this.chatVersions.at(lastId) : undefined;
      await firstEvents(this.pieces, this.options.chatLimit, stream, resumed, startId, () => this.flushedSeq, chatBefore);
    } catch (err) {
      this.deps.onError(err, 'live activity: first state');
      out.destroy();
    }
  }

  private remove(stream: LiveStream): void {
    if (stream.closed) return;
    stream.closed = true;
    this.streams.delete(stream);
    // The last stream showing a scope drops it.
    for (const scope of this.watchers.remove(stream)) {
      this.pieces.drop(scope);
      if (scope === 'chat') this.chatVersions.clear();
      this.deps.hub.unwatch(scope);
    }
  }

  /** The scopes touched after `lastEventId`, or null for a full state. */
  private async resumable(lastEventId: string | undefined, scopes: Scope[]): Promise<Set<Scope> | null> {
    const id = lastEventId !== undefined && /^\d{1,16}$/.test(lastEventId) ? Number(lastEventId) : -1;
    if (id < 0) return null;
    if (id === this.flushedSeq) return new Set();
    const ours = (id === this.base || this.ring.issued(id)) && this.ring.scopesAfter(id, scopes);
    return ours || this.deps.hub.changedSince(scopes, Math.floor(id / 1000));
  }

  private receive(change: LiveChange): void {
    // Ended sessions travel on the hub for the session caches (plugins/live.ts); no stream shows them.
    if (this.stopped || change.type === 'sessions' || (change.type === 'room' && change.by === this.deps.leader.id)) return;
    // Whichever process the administrator used, each one reads the new parameters from now on.
    if (change.type === 'settings') this.deps.parameters.invalidate();
    this.seq = Math.max(this.seq + 1, Date.now() * 1000);
    this.pending.push({ id: this.seq, change });
    this.schedule();
  }

  private schedule(): void {
    if (this.flushing || this.stopped) return;
    const visits = this.pending.some((p) => p.change.type === 'visitors');
    const at = this.lastFlushAt + (visits ? Math.min(this.options.visitorsMs, this.options.coalesceMs) : this.options.coalesceMs);
    if (this.timer) {
      if (this.timerAt <= at) return;
      clearTimeout(this.timer);
    }
    this.timerAt = at;
    this.timer = setTimeout(
      () => {
        this.timer = null;
        void this.flush();
      },
      Math.max(0, at - Date.now()),
    );
  }

  private flush(): Promise<void> {
    if (this.flushing) return this.flushing;
    const batch = this.pending;
    this.pending = [];
    const first = batch[0];
    const last = batch.at(-1);
    if (!first || !last) return Promise.resolve();
    const run = async () => {
      const changes = batch.map((b) => b.change);
      this.state.heard(changes);
      let scopes: Set<Scope>;
      try {
        scopes = await this.changeScopes.resolve(changes, this.watchers.scopes());
      } catch (err) {
        // Nobody knows what changed: a stream resuming from before this gets a full state.
        this.deps.onError(err, 'live activity: resolving changes');
        this.ring.push({ from: first.id, to: last.id, scopes: ['*'] });
        this.flushedSeq = last.id;
        return;
      }
      const { leader } = this.deps;
      // Room-wide values another process computed: taken as they are.
      const provided = new Map<Scope, Piece>();
      for (const change of changes)
        if (change.type === 'room') for (const shared of change.pieces) provided.set(shared.scope, fromShared(shared));
      this.pace.defer(scopes, leader.isLeader);
      for (const scope of provided.keys()) scopes.add(scope);
      this.ring.push({ from: first.id, to: last.id, scopes: [...scopes] });
      const previous = new Map<Scope, Piece | undefined>();
      for (const scope of scopes) previous.set(scope, this.pieces.invalidate(scope));
      const changed = new Set<Scope>();
      const fresh = new Map<Scope, Piece>();
      const publish = leader.isLeader && leader.shared;
      await Promise.all(
        [...scopes]
          .filter((scope) => this.watchers.has(scope) || (publish && isRoomScope(scope)))
          .map(async (scope) => {
            try {
              const given = provided.get(scope);
              if (given) this.pieces.put(scope, given);
              const piece = given ?? (await this.pieces.get(scope));
              fresh.set(scope, piece);
              if (!samePiece(previous.get(scope), piece)) changed.add(scope);
            } catch (err) {
              this.deps.onError(err, `live activity: computing ${scope}`);
            }
          }),
      );
      const chat = fresh.get('chat');
      if (chat && changed.has('chat')) this.chatVersions.record(last.id, chat);
      const shared = publish ? changedRoomPieces(fresh, this.shared) : [];
      if (shared.length > 0) this.deps.hub.publish({ type: 'room', by: leader.id, pieces: shared });
      this.flushedSeq = last.id;
      this.flushes += 1;
      if (changed.size > 0)
        await deliver(this.watchers.showing(changed), this.pieces, this.options.chatLimit, { changed, id: last.id, fresh, previous });
    };
    const flushing = run().finally(() => {
      this.flushing = null;
      this.lastFlushAt = Date.now();
      if (this.pending.length > 0) this.schedule();
    });
    this.flushing = flushing;
    return flushing;
  }
}
