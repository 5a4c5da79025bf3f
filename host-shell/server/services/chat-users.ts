import type { Kysely } from 'kysely';
import type { ChatUsersData } from '@salon/shared/contracts/chat';
import type { SearchPermission } from '@salon/shared/contracts/page-data';
import type { Database, ProfileCode, UserRow } from '../db/schema';
import { ActivityView, CHAT_WINDOW_SECONDS, type ActivityTracker } from './activity';
import { companiesOf, roomUserRows, toRoomUser, type RoomUserRow } from './room-users';
import type { StoredParameters } from './settings';
import { publicFullName } from './users';

/** At most this many people per card. */
export const CHAT_USERS_LIMIT = 100;
/** Candidates examined (the most recently active first). */
const CANDIDATES = 5000;

/** Who a user may find (spec §5 "Search permissions", §6). */
export interface SearchRules {
  enabled: boolean;
  /** Profiles found anywhere in the room. */
  anywhere: Set<ProfileCode>;
  /** Connected people (active within last_activity_period) of any profile, anywhere. */
  connectedAnywhere: boolean;
  /** Profiles found on the current stand only. */
  onStand: Set<ProfileCode>;
  /** Connected people of any profile, on the current stand only. */
  connectedOnStand: boolean;
}

const ALL: ProfileCode[] = ['administrator', 'promoter', 'exhibitor', 'visitor'];
/** 'promoter' names the organisers: promoters and administrators. */
const PROFILES_OF: Record<string, ProfileCode[]> = {
  exhibitor: ['exhibitor'],
  visitor: ['visitor'],
  promoter: ['promoter', 'administrator'],
};

/**
 * Administrators and promoters find everyone. Exhibitors and visitors are limited by their list: each profile
 * listed is found anywhere, `connected` finds connected people of any profile, and the `stand_*` values do the
 * same on the current stand only. An empty list (or an anonymous visitor) disables the search.
 */
export function searchRulesFor(
  user: Pick<UserRow, 'profile' | 'anonymous'>,
  params: Pick<StoredParameters, 'exhibitor_search_permissions' | 'visitor_search_permissions'>,
): SearchRules {
  const none: SearchRules = { enabled: false, anywhere: new Set(), connectedAnywhere: false, onStand: new Set(), connectedOnStand: false };
  if (user.anonymous === 1) return none;
  if (user.profile === 'administrator' || user.profile === 'promoter') {
    return { enabled: true, anywhere: new Set(ALL), connectedAnywhere: true, onStand: new Set(ALL), connectedOnStand: true };
  }
  const list: SearchPermission[] = user.profile === 'exhibitor' ? params.exhibitor_search_permissions : params.visitor_search_permissions;
  if (list.length === 0) return none;
  const profiles = (values: string[]) => new Set(values.flatMap((v) => PROFILES_OF[v] ?? []));
  return {
    enabled: true,
    anywhere: profiles(list.filter((p) => !p.startsWith('stand_'))),
    connectedAnywhere: list.includes('connected'),
    // The spec spells it stand_vistor.
    onStand: profiles(list.filter((p) => p.startsWith('stand_')).map((p) => (p === 'stand_vistor' ? 'visitor' : p.slice('stand_'.length)))),
    connectedOnStand: list.includes('stand_connected'),
  };
}

/** Users whose search rules are the same: the organisers, the exhibitors, the visitors (registered ones). */
export type SearchClass = 'organiser' | 'exhibitor' | 'visitor';
export const SEARCH_CLASSES: readonly SearchClass[] = ['organiser', 'exhibitor', 'visitor'];

/** The search class of a registered user; anonymous visitors have none (they cannot search). */
export function searchClassOf(user: Pick<UserRow, 'profile' | 'anonymous'>): SearchClass | null {
  if (user.anonymous === 1) return null;
  return user.profile === 'administrator' || user.profile === 'promoter' ? 'organiser' : user.profile;
}

const CLASS_PROFILE: Record<SearchClass, ProfileCode> = { organiser: 'promoter', exhibitor: 'exhibitor', visitor: 'visitor' };

/** The search rules of everyone in a class. */
export const searchRulesOfClass = (
  searchClass: SearchClass,
  params: Pick<StoredParameters, 'exhibitor_search_permissions' | 'visitor_search_permissions'>,
): SearchRules => searchRulesFor({ profile: CLASS_PROFILE[searchClass], anonymous: 0 }, params);

/**
 * Whether the rules let a person be found wherever they are in the room (the room-wide lists: the live activity's
 * `chat_users`); the stand-scoped permissions need a stand and are left to the search.
 */
export const foundAnywhere = (rules: SearchRules, profile: ProfileCode, connected: boolean): boolean =>
  rules.enabled && (rules.anywhere.has(profile) || (rules.connectedAnywhere && connected));

/** Lower case without accents, for a forgiving name search. */
export const fold = (text: string): string => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

export interface ChatUsersQueryParsed {
  search?: string;
  /** Profiles asked for (the filter checkboxes); all when absent. */
  profiles?: ProfileCode[];
  /** true: connected only; false: not connected only. */
  connected?: boolean;
  /** The current stand: its visitors (open visit) and exhibitors are "on the stand". */
  standId?: number;
  /** The stand-scoped permissions apply (the user is on that stand or owns it). */
  standAllowed: boolean;
}

export function parseProfiles(value: string | undefined): ProfileCode[] | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  return [
    ...new Set(value.split(',').flatMap((p) => PROFILES_OF[p.trim()] ?? (p.trim() === 'administrator' ? ['administrator' as const] : []))),
  ];
}

interface Deps {
  db: Kysely<Database>;
  activity: ActivityTracker;
  params: StoredParameters;
}

/** Start a chat (spec §2.7): people active in the last 60 minutes, the user and hidden profiles left out. */
export async function searchChatUsers(
  { db, activity, params }: Deps,
  viewer: UserRow,
  query: ChatUsersQueryParsed,
  now = Date.now(),
): Promise<ChatUsersData> {
  const rules = searchRulesFor(viewer, params);
  if (!rules.enabled) return { search_enabled: false, on_stand: [], elsewhere: [] };
  const recent = (await activity.recentSince(now - CHAT_WINDOW_SECONDS * 1000, CANDIDATES)).filter((r) => r.userId !== viewer.id);
  const view = new ActivityView(new Map(recent.map((r) => [r.userId, r.at])));
  const rows = new Map(
    (
      await roomUserRows(
        db,
        recent.map((r) => r.userId),
      )
    ).map((r) => [r.id, r]),
  );

  const onStandIds = new Set<number>();
  if (query.standId !== undefined) {
    const [visiting, exhibitors] = await Promise.all([
      db.selectFrom('stand_visits').select('user_id').where('stand_id', '=', query.standId).where('ended_at', 'is', null).execute(),
      db.selectFrom('stand_exhibitors').select('user_id').where('stand_id', '=', query.standId).execute(),
    ]);
    for (const r of [...visiting, ...exhibitors]) onStandIds.add(r.user_id);
  }

  const connectedSince = now - params.last_activity_period * 1000;
  const needle = query.search ? fold(query.search.trim()) : '';
  const onStand: RoomUserRow[] = [];
  const elsewhere: RoomUserRow[] = [];
  for (const { userId } of recent) {
    const row = rows.get(userId);
    // Anonymous visitors cannot chat (spec §6): never offered as partners.
    if (!row || row.hidden === 1 || row.anonymous === 1) continue;
    const connected = view.effective(row.id, row.last_activity_at) >= connectedSince;
    const here = onStandIds.has(row.id);
    const allowed =
      rules.anywhere.has(row.profile) ||
      (rules.connectedAnywhere && connected) ||
      (here && query.standAllowed && (rules.onStand.has(row.profile) || (rules.connectedOnStand && connected)));
    if (!allowed) continue;
    if (query.profiles && !query.profiles.includes(row.profile)) continue;
    if (query.connected !== undefined && query.connected !== connected) continue;
    if (needle && !fold([row.pseudo ?? '', publicFullName(row)].join(' ')).includes(needle)) continue;
    const list = here ? onStand : elsewhere;
    if (list.length < CHAT_USERS_LIMIT) list.push(row);
  }

  const companies = await companiesOf(
    db,
    [...onStand, ...elsewhere].filter((r) => r.profile === 'exhibitor').map((r) => r.id),
  );
  const exhibitorSince = now - params.exhibitor_activity_period_before_hide * 1000;
  const toUser = (row: RoomUserRow) =>
    toRoomUser(
      row,
      companies.get(row.id) ?? null,
      view.effectiveIso(row.id, row.last_activity_at),
      row.profile === 'exhibitor'
        ? { availability: row.availability === 1 && view.effective(row.id, row.last_activity_at) >= exhibitorSince }
        : {},
    );
  return { search_enabled: true, on_stand: onStand.map(toUser), elsewhere: elsewhere.map(toUser) };
}

async function ownedStandIds(db: Kysely<Database>, exhibitorId: number): Promise<number[]> {
  return (await db.selectFrom('stand_exhibitors').select('stand_id').where('user_id', '=', exhibitorId).execute()).map((r) => r.stand_id);
}

/** Whether `visitorId` ever visited one of the stands of exhibitor `exhibitorId` (`owned`, when already known). */
async function visitedStandOf(db: Kysely<Database>, exhibitorId: number, visitorId: number, owned?: number[]): Promise<boolean> {
  const stands = owned ?? (await ownedStandIds(db, exhibitorId));
  if (stands.length === 0) return false;
  return (
    (await db
      .selectFrom('stand_visits')
      .select('id')
      .where('user_id', '=', visitorId)
      .where('stand_id', 'in', stands)
      .executeTakeFirst()) !== undefined
  );
}

/**
 * Whether `viewer` may open a new channel with `other` (spec §6): only with someone the product shows them. An
 * existing channel between the two is always reopened; that is the caller's check, before this one.
 * - an anonymous visitor (who can answer a chat, not start one) only by the exhibitors of a stand they visited (the
 *   activity stream lists them); nobody else, organisers included, is offered them;
 * - organisers reach everyone else;
 * - nobody else reaches a hidden profile;
 * - a stand's exhibitors are reachable by every registered user (the contact point, the exhibitor cards);
 * - an exhibitor reaches whoever visited one of their stands (the activity stream lists them);
 * - otherwise the viewer's search permissions decide, the stand-scoped ones on the stand the viewer is visiting
 *   or owns (as the Start-a-chat search does, without its 60-minute window) — except for an exhibitor of no stand
 *   (created, not yet given one), whom no stand or card shows: found by the search only, so only while the search
 *   would list them (active within its 60-minute window). Enumerating ids reaches nobody the product does not show.
 */
export async function mayStartChatWith(
  { db, activity, params }: Deps,
  viewer: UserRow,
  other: UserRow,
  now = Date.now(),
): Promise<boolean> {
  const searchClass = searchClassOf(viewer);
  if (searchClass === null) return false;
  if (other.anonymous === 1) return viewer.profile === 'exhibitor' && (await visitedStandOf(db, viewer.id, other.id));
  if (searchClass === 'organiser') return true;
  if (other.hidden === 1) return false;
  if (
    other.profile === 'exhibitor' &&
    (await db.selectFrom('stand_exhibitors').select('stand_id').where('user_id', '=', other.id).executeTakeFirst())
  )
    return true;

  const owned = viewer.profile === 'exhibitor' ? await ownedStandIds(db, viewer.id) : [];
  if (owned.length > 0 && (await visitedStandOf(db, viewer.id, other.id, owned))) return true;

  const rules = searchRulesFor(viewer, params);
  const lastActive = (await activity.view([other.id])).effective(other.id, other.last_activity_at);
  // An exhibitor of no stand (the stand check above failed) is shown by the search alone, within its window.
  if (other.profile === 'exhibitor' && lastActive < now - CHAT_WINDOW_SECONDS * 1000) return false;
  const connected = lastActive >= now - params.last_activity_period * 1000;
  if (foundAnywhere(rules, other.profile, connected)) return true;
  if (!rules.enabled || !(rules.onStand.has(other.profile) || (rules.connectedOnStand && connected))) return false;
  const visiting = await db
    .selectFrom('stand_visits')
    .select('stand_id')
    .where('user_id', '=', viewer.id)
    .where('ended_at', 'is', null)
    .executeTakeFirst();
  const here = [...owned, ...(visiting ? [visiting.stand_id] : [])];
  if (here.length === 0) return false;
  const [visitor, exhibitor] = await Promise.all([
    db
      .selectFrom('stand_visits')
      .select('id')
      .where('user_id', '=', other.id)
      .where('ended_at', 'is', null)
      .where('stand_id', 'in', here)
      .executeTakeFirst(),
    db.selectFrom('stand_exhibitors').select('stand_id').where('user_id', '=', other.id).where('stand_id', 'in', here).executeTakeFirst(),
  ]);
  return visitor !== undefined || exhibitor !== undefined;
}
