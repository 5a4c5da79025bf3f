/** One open live activity stream: who watches what, the scopes it shows, and its connection. */
import type { ServerResponse } from 'node:http';
import type { SearchClass } from '../services/chat-users';
import { exScope, hisScope, newsScope, visScope, type Scope } from './changes';

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

export const PING = ': ping\n\n';

/** Events written to this process's streams so far, pings left out (`GET /__bench/stats`). */
export const written = { events: 0 };

export class LiveStream {
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
    if (chunk !== PING) written.events += 1;
    this.out.write(chunk);
  }

  end(): void {
    if (!this.closed) this.out.end();
  }
}

/** The notifications a stream shows: the public ones and the user's own. */
export const newsScopesOf = (spec: StreamSpec): Scope[] => ['news', newsScope(spec.userId)];

export function scopesOf(spec: StreamSpec): Scope[] {
  const visited = spec.visited === null ? [] : [exScope(spec.visited)];
  // Anonymous visitors are in the room too: they get the organisers' notifications and the salon's settings.
  if (spec.anonymous) return [...visited, ...newsScopesOf(spec), 'settings'];
  const owned = spec.owned.flatMap((id) => [exScope(id), visScope(id), hisScope(id)]);
  return [...new Set<Scope>(['active', 'chat', ...visited, ...owned, ...newsScopesOf(spec), 'settings'])];
}
