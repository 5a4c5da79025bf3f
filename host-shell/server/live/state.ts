import type { Kysely } from 'kysely';
import { LIVE_NOTIFICATIONS_LIMIT } from '@salon/shared/contracts/notifications';
import type { RoomUser } from '@salon/shared/contracts/room';
import type { Database } from '../db/schema';
import {
  CHAT_WINDOW_SECONDS,
  LIVE_ACTIVITY_GRAIN_MS,
  liveOrderCeiling,
  toLiveGrain,
  type ActivityTracker,
  type ActivityView,
  type ActivityWindows,
} from '../services/activity';
import { roomUserRows, toHistoryItem, toRoomUser, type RoomUserRow } from '../services/room-users';
import { publishedCard, standExhibitorCards } from '../services/exhibitor-profile';
import { latestNotifications, nextScheduledAt } from '../services/notifications';
import { SEARCH_CLASSES, foundAnywhere, searchRulesOfClass, type SearchClass } from '../services/chat-users';
import { loadFeatures, type ParametersCache, type StoredParameters } from '../services/settings';
import type { LiveSettings } from '@salon/shared/contracts/settings';
import { parseScope, type LiveChange, type Scope } from './changes';
import { liveReads, type LiveReads } from './reads';
import { StandVisitors, type PersonList } from './stand-visitors';
import { standHistory } from './stand-history';
import type { KeptByStand } from './kept';
import type { HistoryRowWithUser } from '../services/room-users';

export type { PersonList } from './stand-visitors';

/**
 * A scope's current value, computed once and shared by every stream that shows it. `json` is the serialised
 * value (what changed is decided by comparing it); the other fields are ready-made fragments, so building an
 * event for a stream is string concatenation.
 */
export type Piece =
  | { kind: 'active'; json: string }
  /** chat_users for each search class: the people its rules find anywhere in the room. */
  | { kind: 'chat'; json: string; lists: Record<SearchClass, ChatList> }
  | { kind: 'ex'; json: string; animators: string; available: boolean; availableItems: { id: number; json: string }[] }
  /** A stand's visitors (`owned_stands_users`), earliest visit first. */
  | { kind: 'vis'; json: string; list: PersonList }
  | { kind: 'his'; json: string }
  /** The salon's settings (`liveSettings` event): the same text for every stream. */
  | { kind: 'settings'; json: string }
  /** Newest first; `next`: when the next scheduled notification becomes due (the public scope only). */
  | { kind: 'news'; json: string; items: NewsItem[]; next: string | null };

/** Serialised room users, most recently active first (to the minute, then by id), and each user's position. */
export interface ChatList {
  items: string[];
  index: Map<number, number>;
  /** Per item: its user id, obfuscated id, last activity (ms, or null) and its JSON without the last activity. */
  ids: number[];
  keys: string[];
  at: (number | null)[];
  shapes: string[];
}

/** One notification, serialised once, with what merging two lists needs. */
export interface NewsItem {
  id: number;
  sentAt: string;
  json: string;
}

export function windowsOf(params: StoredParameters): ActivityWindows {
  return {
    activeSeconds: params.last_activity_period,
    exhibitorSeconds: params.exhibitor_activity_period_before_hide,
    chatSeconds: CHAT_WINDOW_SECONDS,
  };
}

export interface RoomStateDeps {
  db: Kysely<Database>;
  activity: ActivityTracker;
  parameters: ParametersCache;
  /** At most this many chat users per stream (the current user excluded). */
  chatLimit: number;
}

/** Computes the shared pieces of the live activity state from the database and the activity tracker. */
export class RoomState {
  private readonly reads: LiveReads;
  private readonly standVisitors: StandVisitors;
  private readonly standHistory: KeptByStand<HistoryRowWithUser[], HistoryRowWithUser[]>;

  constructor(private readonly deps: RoomStateDeps) {
    this.reads = liveReads(deps.db);
    this.standVisitors = new StandVisitors(this.reads, deps.activity);
    this.standHistory = standHistory(this.reads);
  }

  /**
   * What changes tell the values kept between recomputations: visits and history entries told whole are applied,
   * stands changed without saying how are read again, and the users changes name (an account or profile edited,
   * someone back after a gap) have their rows read again.
   */
  heard(changes: LiveChange[]): void {
    for (const change of changes) {
      if ((change.type === 'presence' || change.type === 'exhibitors') && change.userIds) this.standVisitors.forget(change.userIds);
      if (change.type === 'visitors') for (const id of change.standIds) this.standVisitors.heard(id, change.delta ?? null);
      if (change.type === 'history') for (const id of change.standIds) this.standHistory.heard(id, change.entries ?? null);
    }
  }

  /** Nobody shows the scope any more: what was kept to compute it goes. */
  drop(scope: Scope): void {
    const parsed = parseScope(scope);
    if (parsed.kind === 'vis') this.standVisitors.drop(parsed.standId);
    if (parsed.kind === 'his') this.standHistory.drop(parsed.standId);
  }

  async compute(scope: Scope): Promise<Piece> {
    const parsed = parseScope(scope);
    // Notifications need neither the parameters nor the activity tracker.
    if (parsed.kind === 'news') return this.news(null);
    if (parsed.kind === 'news-user') return this.news(parsed.userId);
    if (parsed.kind === 'settings') return this.settings();
    const { activity, parameters } = this.deps;
    const params = await parameters.get();
    activity.setWindows(windowsOf(params));
    const now = Date.now();
    switch (parsed.kind) {
      case 'active':
        return { kind: 'active', json: String(await activity.countSince(now - params.last_activity_period * 1000)) };
      case 'chat':
        return this.chat(now, params);
      case 'ex':
        return this.exhibitors(parsed.standId, now - params.exhibitor_activity_period_before_hide * 1000);
      case 'vis':
        return this.visitors(parsed.standId);
      case 'his':
        return this.history(parsed.standId);
      case '*':
        throw new Error('the scope "*" has no value');
    }
  }

  /** `grained`: last activity rounded down to the minute, as the live lists carry it (`LIVE_ACTIVITY_GRAIN_MS`). */
  private async roomUsers(rows: RoomUserRow[], grained = false, known?: ActivityView): Promise<RoomUser[]> {
    const { activity } = this.deps;
    const [companies, view] = await Promise.all([
      this.reads.companies(rows.filter((r) => r.profile === 'exhibitor').map((r) => r.id)),
      known ?? activity.view(rows.map((r) => r.id)),
    ]);
    const lastActivity = (row: RoomUserRow): string | null => {
      if (!grained) return view.effectiveIso(row.id, row.last_activity_at);
      const at = view.effective(row.id, row.last_activity_at);
      return at > 0 ? new Date(toLiveGrain(at)).toISOString() : null;
    };
    return rows.map((row) => toRoomUser(row, companies.get(row.id) ?? null, lastActivity(row)));
  }

  /**
   * The people with an open visit on the stand, each serialised once, so that a change goes out as a delta. The
   * whole list (a few hundred people on a busy stand, 100 kB) is joined only when a stream needs it whole (an
   * exhibitor's stream opening): a change is found by comparing the people (`samePiece`).
   */
  private async visitors(standId: number): Promise<Piece> {
    const list = await this.standVisitors.list(standId);
    let json: string | undefined;
    return {
      kind: 'vis',
      get json() {
        return (json ??= `[${list.items.join(',')}]`);
      },
      list,
    };
  }

  /**
   * People active in the last 60 minutes, most recent first to the minute (the current one counted as the previous
   * one: `liveOrderCeiling`), then by id, so that the list changes when someone comes, goes or stops being active,
   * not at every heartbeat, nor all at once at the turn of a minute; hidden profiles left out; for each search class:
   * only those its search permissions find anywhere in the room (spec §5 "Search permissions"); one more than the
   * limit, so that a stream can leave its own user out.
   */
  private async chat(now: number, params: StoredParameters): Promise<Piece> {
    const { activity, chatLimit, db } = this.deps;
    const wanted = chatLimit + 1;
    // Some candidates are hidden, or not found by a class: ask for a margin.
    const ceiling = liveOrderCeiling(now);
    const recent = await activity.recentSince(now - CHAT_WINDOW_SECONDS * 1000, wanted * 4 + 20, LIVE_ACTIVITY_GRAIN_MS, ceiling);
    const rows = new Map(
      (
        await roomUserRows(
          db,
          recent.map((r) => r.userId),
        )
      ).map((r) => [r.id, r]),
    );
    // Each row's last activity, read once (the store or the row, whichever is newer).
    const view = await activity.view(rows.keys());
    const lastAt = new Map<number, number>();
    for (const row of rows.values()) lastAt.set(row.id, view.effective(row.id, row.last_activity_at));
    const minutes = new Map<number, number>();
    for (const [id, at] of lastAt) minutes.set(id, Math.min(toLiveGrain(at), ceiling));
    const minute = (row: RoomUserRow): number => minutes.get(row.id) ?? 0;
    const visible = recent
      .flatMap((r) => {
        const row = rows.get(r.userId);
        return row && row.hidden === 0 ? [row] : [];
      })
      // The database may know a later activity than memory (another process): the order follows what is sent.
      .sort((a, b) => minute(b) - minute(a) || a.id - b.id);
    const connectedSince = now - params.last_activity_period * 1000;
    const kept = SEARCH_CLASSES.map((searchClass) => {
      const rules = searchRulesOfClass(searchClass, params);
      return visible.filter((row) => foundAnywhere(rules, row.profile, (lastAt.get(row.id) ?? 0) >= connectedSince)).slice(0, wanted);
    });
    const everyone = [...new Map(kept.flat().map((row) => [row.id, row])).values()];
    const users = await this.roomUsers(everyone, true, view);
    const byId = new Map(
      everyone.map((row, i) => {
        const user = users[i] as RoomUser;
        const at = user.last_activity_at === null ? null : Date.parse(user.last_activity_at);
        return [
          row.id,
          {
            json: JSON.stringify(user),
            key: user.id_user,
            at: Number.isFinite(at) ? at : null,
            shape: JSON.stringify({ ...user, last_activity_at: null }),
          },
        ];
      }),
    );
    const lists = Object.fromEntries(
      SEARCH_CLASSES.map((searchClass, c) => {
        const list = kept[c] ?? [];
        const of = (row: RoomUserRow) => byId.get(row.id) ?? { json: '', key: '', at: null, shape: '' };
        return [
          searchClass,
          {
            items: list.map((row) => of(row).json),
            index: new Map(list.map((row, i) => [row.id, i])),
            ids: list.map((row) => row.id),
            keys: list.map((row) => of(row).key),
            at: list.map((row) => of(row).at),
            shapes: list.map((row) => of(row).shape),
          },
        ];
      }),
    ) as Record<SearchClass, ChatList>;
    const serialised = SEARCH_CLASSES.map((searchClass) => `"${searchClass}":[${lists[searchClass].items.join(',')}]`).join(',');
    return { kind: 'chat', json: `{${serialised}}`, lists };
  }

  /**
   * The stand's exhibitors who are not hidden, each with `availability` (set, and active lately) and their card's
   * published fields, so that open cards follow an edit of the profile.
   */
  private async exhibitors(standId: number, activeSince: number): Promise<Piece> {
    const { activity, db } = this.deps;
    const { rows, company } = await standExhibitorCards(db, standId);
    const view = await activity.view(rows.map((r) => r.id));
    const animators: RoomUser[] = [];
    const availableItems: { id: number; json: string }[] = [];
    for (const row of rows) {
      if (row.hidden === 1) continue;
      const available = row.availability === 1 && view.effective(row.id, row.last_activity_at) >= activeSince;
      const user: RoomUser = {
        ...toRoomUser(row, company, view.effectiveIso(row.id, row.last_activity_at), { availability: available, hidden: false }),
        ...publishedCard(row),
      };
      animators.push(user);
      if (available) availableItems.push({ id: row.id, json: JSON.stringify(user) });
    }
    const json = JSON.stringify(animators);
    return { kind: 'ex', json, animators: json, available: availableItems.length > 0, availableItems };
  }

  /** The newest public notifications (`userId` null), or the newest sent to that user only. */
  private async news(userId: number | null): Promise<Piece> {
    const now = new Date().toISOString();
    const [list, next] = await Promise.all([
      latestNotifications(this.deps.db, userId, LIVE_NOTIFICATIONS_LIMIT, now),
      userId === null ? nextScheduledAt(this.deps.db, now) : Promise.resolve(null),
    ]);
    const items = list.map((n) => ({ id: n.id_notification, sentAt: n.sent_at, json: JSON.stringify(n) }));
    return { kind: 'news', json: `[${items.map((i) => i.json).join(',')}]`, items, next };
  }

  /** Parameters (through the cache, dropped when they change), feature flags and the live stream. */
  private async settings(): Promise<Piece> {
    const [parameters, features, stream] = await Promise.all([
      this.deps.parameters.get(),
      loadFeatures(this.deps.db),
      this.deps.parameters.stream(),
    ]);
    const value: LiveSettings = { parameters, features, stream };
    return { kind: 'settings', json: JSON.stringify(value) };
  }

  private async history(standId: number): Promise<Piece> {
    const rows = await this.standHistory.get(standId);
    const users = await this.roomUsers(rows.map((r) => r.user));
    return { kind: 'his', json: JSON.stringify(rows.map((row, i) => toHistoryItem(row, users[i] as RoomUser))) };
  }
}
