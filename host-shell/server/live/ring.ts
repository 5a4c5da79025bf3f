import type { Scope } from './changes';

/** One flush: the changes numbered `from`..`to` and the scopes they touched. */
export interface RingEntry {
  from: number;
  to: number;
  scopes: Scope[];
}

/** The last `capacity` flushes, for Last-Event-ID resumes. */
export class ChangeRing {
  private readonly entries: RingEntry[] = [];

  constructor(private readonly capacity: number) {}

  push(entry: RingEntry): void {
    this.entries.push(entry);
    if (this.entries.length > this.capacity) this.entries.shift();
  }

  /**
   * The scopes touched after event `id`, or null when the buffer no longer holds everything that followed it
   * (the caller then sends a full state).
   */
  scopesAfter(id: number): Set<Scope> | null {
    const oldest = this.entries[0];
    if (!oldest || id < oldest.from - 1) return null;
    const scopes = new Set<Scope>();
    for (const entry of this.entries) if (entry.to > id) for (const scope of entry.scopes) scopes.add(scope);
    return scopes;
  }

  /** Whether `id` is one this process gave an event (a flush's last change) and still holds. */
  issued(id: number): boolean {
    return this.entries.some((entry) => entry.to === id);
  }

  get size(): number {
    return this.entries.length;
  }
}
