/**
 * A stand's visitors (`owned_stands_users`), kept between recomputations. A busy stand has a few hundred people on
 * it and a visit starts or ends on it several times a second: reading and serialising every one of them at each
 * change was the live activity's largest cost. Here the stand's open visits are kept and changed by the visits a
 * change tells whole (`VisitsDelta`: from a visit's start or end, on whichever process it happened), and read again
 * only after a change that does not say (a timeout, a restart) and every `ROWS_REFRESH_MS` (`KeptByStand`). The
 * people are kept too: the row a delta carries for an arrival, or the rows read for those not known yet; each one is
 * serialised again only when their minute of last activity changes (the activity tracker knows it).
 *
 * What a kept row could miss comes back another way: a change that names users (`forget`: an account or profile
 * edited, someone back after a gap) marks their rows to be read again, and each stand's rows are all read again at least every
 * `ROWS_REFRESH_MS` (another process's users' last activity, as that process writes it to the database; an edit
 * that published nothing).
 */
import type { RoomUser } from '@salon/shared/contracts/room';
import { toLiveGrain, type ActivityTracker, type ActivityView } from '../services/activity';
import { toRoomUser, type RoomUserRow } from '../services/room-users';
import type { OpenVisit, VisitsDelta } from './changes';
import { KeptByStand } from './kept';
import type { LiveReads } from './reads';

/** Serialised room users in order: each one's user id, obfuscated id, JSON, and each user's position. */
export interface PersonList {
  ids: number[];
  keys: string[];
  items: string[];
  index: Map<number, number>;
}

/** Each stand's open visits and rows are read again, all of them, at least this often. */
export const ROWS_REFRESH_MS = 30_000;

/** A closed visit is remembered this long: its opening, told later by a slower process, does not bring it back. */
const CLOSED_KEPT_MS = 120_000;

interface Known {
  row: RoomUserRow;
  company: string | null;
  /** The row's last activity (ms, 0 when none), parsed once: the tracker's is newer for this process's users. */
  stored: number;
  /** The minute of last activity `json` carries (ms, 0 when unknown), and the person serialised with it. */
  minute: number;
  key: string;
  json: string;
  /** A change named them: the row is read again at the next recomputation (kept meanwhile for one still running). */
  stale?: true;
  /** When its read was asked (`StandVisitors.reads`): an older read finishing later does not replace it. */
  asked: number;
}

/** Open visits by their start, then their id. */
const visitOrder = (a: OpenVisit, b: OpenVisit): number => (a.startedAt === b.startedAt ? a.id - b.id : a.startedAt < b.startedAt ? -1 : 1);

interface Stand {
  people: Map<number, Known>;
  readAt: number;
}

export class StandVisitors {
  private readonly stands = new Map<number, Stand>();
  private readonly visits: KeptByStand<Map<number, OpenVisit>, VisitsDelta>;
  /** Visits heard closed, and when, oldest first (a visit heard closed again moves to the end). */
  private readonly closed = new Map<number, number>();
  /** Reads of rows asked so far, and those still running. */
  private asked = 0;
  private running = 0;
  /** While reads run: the users a change named, and when (a read asked before that returns the row before it). */
  private readonly namedAt = new Map<number, number>();

  constructor(
    private readonly reads: LiveReads,
    private readonly activity: ActivityTracker,
    private readonly now: () => number = Date.now,
  ) {
    this.visits = new KeptByStand(
      async (standId) => {
        const open = await reads.openVisits(standId);
        return new Map(
          open
            .filter((v) => !this.closed.has(v.id))
            .sort(visitOrder)
            .map((v) => [v.id, v]),
        );
      },
      (visits, delta, standId) => {
        for (const v of delta.closed) if (v.standId === standId) visits.delete(v.id);
        for (const v of delta.opened) if (v.standId === standId && !this.closed.has(v.id)) visits.set(v.id, v);
        return visits;
      },
      ROWS_REFRESH_MS,
      now,
    );
  }

  /** Visits started or ended on the stand: told whole (`delta`), or not (null: they are read again). */
  heard(standId: number, delta: VisitsDelta | null): void {
    if (delta) {
      const now = this.now();
      for (const v of delta.closed) {
        this.closed.delete(v.id);
        this.closed.set(v.id, now);
      }
      // Oldest first: only those past their time are visited, not the whole map at every visit.
      for (const [id, at] of this.closed) {
        if (now - at <= CLOSED_KEPT_MS) break;
        this.closed.delete(id);
      }
      // The arrivals' rows: not read again (an exhibitor's company is, with their row).
      const people = this.stands.get(standId)?.people;
      if (people)
        for (const row of delta.users)
          if (row.profile !== 'exhibitor' && !people.has(row.id))
            people.set(row.id, { row, company: null, stored: storedOf(row), minute: -1, key: '', json: '', asked: this.asked });
    }
    this.visits.heard(standId, delta);
  }

  /** The people with an open visit on the stand, earliest visit first. */
  async list(standId: number): Promise<PersonList> {
    const now = this.now();
    let stand = this.stands.get(standId);
    const ids = userIdsOf(await this.visits.get(standId));
    if (!stand || now - stand.readAt >= ROWS_REFRESH_MS) {
      // A new map: a recomputation still running on the old one keeps what it read.
      stand = { people: new Map(), readAt: now };
      this.stands.set(standId, stand);
    }
    const { people } = stand;
    const unknown = ids.filter((id) => people.get(id)?.stale ?? !people.has(id));
    if (unknown.length > 0) {
      const asked = (this.asked += 1);
      this.running += 1;
      try {
        const rows = await this.reads.users(unknown);
        const companies = await this.reads.companies(rows.filter((r) => r.profile === 'exhibitor').map((r) => r.id));
        for (const row of rows) {
          // A recomputation that asked later already holds a newer row.
          if ((people.get(row.id)?.asked ?? 0) > asked) continue;
          const stored = storedOf(row);
          // A change that named them while this read ran: the row may be from before it, read again next time.
          const stale = (this.namedAt.get(row.id) ?? 0) >= asked ? { stale: true as const } : {};
          people.set(row.id, { row, company: companies.get(row.id) ?? null, stored, minute: -1, key: '', json: '', asked, ...stale });
        }
      } finally {
        this.running -= 1;
        if (this.running === 0) this.namedAt.clear();
      }
    }
    const view = await this.activity.view(ids);
    const list: PersonList = { ids: [], keys: [], items: [], index: new Map() };
    for (const id of ids) {
      // Not there: the account was removed between the two reads.
      const known = people.get(id);
      if (!known) continue;
      this.serialise(known, view);
      list.index.set(id, list.ids.length);
      list.ids.push(id);
      list.keys.push(known.key);
      list.items.push(known.json);
    }
    // Those who left: kept until the next full read would let the map grow with every visit of the day.
    if (people.size > ids.length * 2 + 16) {
      const present = new Set(ids);
      for (const id of people.keys()) if (!present.has(id)) people.delete(id);
    }
    return list;
  }

  /** These users' rows are read again at the next recomputation of every stand they are on. */
  forget(userIds: Iterable<number>): void {
    for (const id of userIds) {
      if (this.running > 0) this.namedAt.set(id, this.asked);
      for (const stand of this.stands.values()) {
        const known = stand.people.get(id);
        if (known) known.stale = true;
      }
    }
  }

  /** Nobody shows the stand any more. */
  drop(standId: number): void {
    this.stands.delete(standId);
    this.visits.drop(standId);
  }

  /** Serialises a person again when their minute of last activity changed (to the minute, as the live lists carry it). */
  private serialise(known: Known, view: ActivityView): void {
    const at = Math.max(view.lastActivity(known.row.id) ?? 0, known.stored);
    const minute = at > 0 ? toLiveGrain(at) : 0;
    if (minute === known.minute) return;
    const user: RoomUser = toRoomUser(known.row, known.company, minute > 0 ? new Date(minute).toISOString() : null);
    known.minute = minute;
    known.key = user.id_user;
    known.json = JSON.stringify(user);
  }
}

const storedOf = (row: RoomUserRow): number => (row.last_activity_at === null ? 0 : Date.parse(row.last_activity_at) || 0);

/**
 * The users of these open visits, by their visit's start then its id; a user once (their earliest). Visits are
 * mostly kept in that order already (an arrival is the latest): sorted only when they are not.
 */
function userIdsOf(visits: Map<number, OpenVisit>): number[] {
  const ordered = [...visits.values()];
  if (ordered.some((visit, i) => i > 0 && visitOrder(ordered[i - 1]!, visit) > 0)) ordered.sort(visitOrder);
  return [...new Set(ordered.map((v) => v.userId))];
}
