import type { LiveChange, Scope } from './changes';
import { ROOM_SCOPES } from './room-pieces';

/**
 * The room-wide scopes (active_users, chat_users: up to 200 people, sent to every stream) are recomputed at most
 * every `minMs`, and only by the leading process: the others receive the finished values (live/room-pieces.ts).
 */
export class RoomPace {
  private at = 0;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly minMs: number,
    /** A presence change (no users: it only touches them) for when their turn comes. */
    private readonly later: (change: LiveChange) => void,
  ) {}

  /**
   * Takes the room-wide scopes out of this flush when this process does not compute them (`leading` false: they come
   * from the leader), or when they were recomputed less than `minMs` ago, and arranges their next turn. A resume looks
   * at the flush that sends them, so nothing is lost.
   */
  defer(scopes: Set<Scope>, leading: boolean): void {
    if (!ROOM_SCOPES.some((s) => scopes.has(s))) return;
    if (!leading) {
      for (const scope of ROOM_SCOPES) scopes.delete(scope);
      return;
    }
    const now = Date.now();
    const due = this.at + this.minMs;
    if (now >= due) {
      this.at = now;
      return;
    }
    for (const scope of ROOM_SCOPES) scopes.delete(scope);
    if (!this.timer) {
      this.timer = setTimeout(() => {
        this.timer = null;
        this.later({ type: 'presence', userIds: [] });
      }, due - now);
      this.timer.unref();
    }
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
