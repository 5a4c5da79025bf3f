/**
 * A value per stand (its open visits, its last history entries) kept between recomputations, and changed by what
 * the changes tell whole (`VisitsDelta`, history entries) instead of being read again at each one (live/README.md,
 * "Computed once"). It is read when first asked, after a change that did not say what changed, and at least every
 * `refreshMs`.
 *
 * Applying a change must give the same value whatever the order and however many times (a set of visits, entries
 * merged by id): what a read returns has the changes heard while it ran applied again, since the read may have
 * started before or after each of them was written.
 */
interface Entry<V, D> {
  value: V | null;
  readAt: number;
  /** Changes heard while reads run, numbered: those after a read's start are applied to what it returns. */
  heard: { n: number; change: D }[];
  /** The number of the last change that said "read again": a read started before it is not kept. */
  readAgainAt: number;
  reads: number;
}

export class KeptByStand<V, D> {
  private readonly stands = new Map<number, Entry<V, D>>();
  private n = 0;

  constructor(
    private readonly read: (standId: number) => Promise<V>,
    /** The value with a change applied (may change `value` itself and return it). */
    private readonly apply: (value: V, change: D, standId: number) => V,
    private readonly refreshMs: number,
    private readonly now: () => number,
  ) {}

  /** A change to the stand, told whole (`change`), or not (null: read it again when next asked). */
  heard(standId: number, change: D | null): void {
    const n = (this.n += 1);
    const entry = this.stands.get(standId);
    if (!entry) return;
    if (change === null) {
      entry.value = null;
      entry.readAgainAt = n;
      return;
    }
    if (entry.value !== null) entry.value = this.apply(entry.value, change, standId);
    if (entry.reads > 0) entry.heard.push({ n, change });
  }

  async get(standId: number): Promise<V> {
    let entry = this.stands.get(standId);
    if (!entry) {
      entry = { value: null, readAt: 0, heard: [], readAgainAt: 0, reads: 0 };
      this.stands.set(standId, entry);
    }
    const now = this.now();
    if (entry.value !== null && now - entry.readAt < this.refreshMs) return entry.value;
    const from = this.n;
    entry.reads += 1;
    try {
      let value: V = await this.read(standId);
      for (const { n, change } of entry.heard) if (n > from) value = this.apply(value, change, standId);
      if (entry.readAgainAt <= from && this.stands.get(standId) === entry) {
        entry.value = value;
        entry.readAt = now;
      }
      return value;
    } finally {
      entry.reads -= 1;
      if (entry.reads === 0) entry.heard = [];
    }
  }

  /** Nobody shows the stand any more. */
  drop(standId: number): void {
    this.stands.delete(standId);
  }
}
