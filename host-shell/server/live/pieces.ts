/** The values of the watched scopes: cached while watched, computed once however many streams ask. */
import { type Scope } from './changes';
import type { Piece, RoomState } from './state';

/** Whether two values of a scope are the same (a stand's visitors: the same people, serialised the same). */
export function samePiece(before: Piece | undefined, after: Piece): boolean {
  if (before?.kind === 'vis' && after.kind === 'vis') {
    const [a, b] = [before.list.items, after.list.items];
    return a.length === b.length && a.every((item, i) => item === b[i]);
  }
  return before?.json === after.json;
}

export class PieceCache {
  private readonly pieces = new Map<Scope, Piece>();
  private readonly versions = new Map<Scope, number>();
  private readonly computing = new Map<Scope, Promise<Piece>>();
  /** Fires when the next scheduled notification becomes due. */
  private newsTimer: { at: number; timer: NodeJS.Timeout } | null = null;
  private stopped = false;

  constructor(
    private readonly state: RoomState,
    /** Whether some stream still shows the scope (a value nobody watches is not kept). */
    private readonly watched: (scope: Scope) => boolean,
    /** A scheduled notification became due: the public notifications change now. */
    private readonly newsDue: () => void,
  ) {}

  get size(): number {
    return this.pieces.size;
  }

  /** The scope changed: its value is dropped (and returned), and a computation still running will not be kept. */
  invalidate(scope: Scope): Piece | undefined {
    const previous = this.pieces.get(scope);
    this.pieces.delete(scope);
    this.computing.delete(scope);
    this.versions.set(scope, (this.versions.get(scope) ?? 0) + 1);
    return previous;
  }

  /** A value computed elsewhere (another process's, for the room-wide scopes): kept while watched. */
  put(scope: Scope, piece: Piece): void {
    this.invalidate(scope);
    if (this.watched(scope)) this.pieces.set(scope, piece);
  }

  /** Nobody watches the scope any more. Versions stay (a few per stand): a computation still running must not be taken for a fresh one later. */
  drop(scope: Scope): void {
    this.state.drop(scope);
    this.pieces.delete(scope);
    this.computing.delete(scope);
  }

  stop(): void {
    this.stopped = true;
    if (this.newsTimer) clearTimeout(this.newsTimer.timer);
    this.newsTimer = null;
  }

  /** A scope's value: cached while watched, computed once however many streams ask at the same time. */
  get(scope: Scope): Promise<Piece> {
    const cached = this.pieces.get(scope);
    if (cached) return Promise.resolve(cached);
    const inFlight = this.computing.get(scope);
    if (inFlight) return inFlight;
    const version = this.versions.get(scope) ?? 0;
    const computed = this.state.compute(scope).then((piece) => {
      // Not if a newer change invalidated it meanwhile, nor if nobody watches it any more.
      if ((this.versions.get(scope) ?? 0) === version && this.watched(scope)) this.pieces.set(scope, piece);
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
        this.newsDue();
      },
      Math.min(Math.max(0, at - Date.now()) + 50, 2 ** 31 - 1),
    );
    timer.unref();
    this.newsTimer = { at, timer };
  }

  /** The values of these scopes: `known` ones, cached ones, the others computed. */
  async lookup(scopes: Scope[], known: Map<Scope, Piece>): Promise<Map<Scope, Piece>> {
    const out = new Map(known);
    const missing = [...new Set(scopes)].filter((s) => !out.has(s));
    for (const scope of missing) {
      const cached = this.pieces.get(scope);
      if (cached) out.set(scope, cached);
    }
    const toCompute = missing.filter((s) => !out.has(s));
    if (toCompute.length > 0) {
      const computed = await Promise.all(toCompute.map((s) => this.get(s)));
      toCompute.forEach((s, i) => out.set(s, computed[i] as Piece));
    }
    return out;
  }
}
