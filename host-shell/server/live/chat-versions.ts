import type { Piece } from './state';

/** Chat users' values kept for resumes: at one every `liveGlobalMinMs` (3 s), about three minutes. */
const KEPT = 64;

/**
 * The chat users' last values and the flush that made each: a stream resumed with an id of this process gets the
 * changes since the value it had (`chat_users_delta`), not the whole list again at each move between stands.
 */
export class ChatVersions {
  private readonly kept: { id: number; piece: Piece }[] = [];

  /** The value flush `id` sent. */
  record(id: number, piece: Piece): void {
    this.kept.push({ id, piece });
    if (this.kept.length > KEPT) this.kept.shift();
  }

  /** The value streams had after event `id` (one of this process's); undefined when older than those kept. */
  at(id: number): Piece | undefined {
    let found: Piece | undefined;
    for (const version of this.kept) if (version.id <= id) found = version.piece;
    return found;
  }

  /** The next value is computed outside a flush (nobody showed the chat users): those kept no longer say what streams had. */
  clear(): void {
    this.kept.length = 0;
  }
}
