import type { LiveChange, Scope } from './changes';
import { ROOM_SCOPES, type RoomScope } from './room-pieces';

/**
 * The room-wide scopes are sent to every stream, so each one is recomputed at most every so often (`minMs`), and only
 * by the leading process: the others receive the finished values (live/room-pieces.ts). chat_users (up to 200 people:
 * whom Start a chat offers) every `liveGlobalMinMs`; active_users, a count no screen shows, every `liveCountMs`.
 */
export class RoomPace {
  private readonly at = new Map<RoomScope, number>();
  private timer: NodeJS.Timeout | null = null;
  /** When `timer` fires. */
  private timerAt = 0;

  constructor(
    private readonly minMs: Record<RoomScope, number>,
    /** A presence change (no users: it only touches them) for when their turn comes. */
    private readonly later: (change: LiveChange) => void,
  ) {}

  /**
   * Takes the room-wide scopes out of this flush when this process does not compute them (`leading` false: they come
   * from the leader), or when they were recomputed less than their `minMs` ago, and arranges their next turn. A
   * resume looks at the flush that sends them, so nothing is lost.
   */
  defer(scopes: Set<Scope>, leading: boolean): void {
    if (!ROOM_SCOPES.some((s) => scopes.has(s))) return;
    if (!leading) {
      for (const scope of ROOM_SCOPES) scopes.delete(scope);
      return;
    }
    const now = Date.now();
    let next = Infinity;
    for (const scope of ROOM_SCOPES) {
      if (!scopes.has(scope)) continue;
      const due = (this.at.get(scope) ?? 0) + this.minMs[scope];
      if (now >= due) {
        this.at.set(scope, now);
        continue;
      }
      scopes.delete(scope);
      next = Math.min(next, due);
    }
    if (next === Infinity || (this.timer && this.timerAt <= next)) return;
    if (this.timer) clearTimeout(this.timer);
    this.timerAt = next;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.later({ type: 'presence', userIds: [] });
    }, next - now);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
