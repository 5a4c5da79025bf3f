/**
 * The reads a flush makes for the stands it recomputes, gathered (DataLoader, without its cache). A flush computes
 * its scopes together, a dozen stands or more when the room is busy, and each stand's visitors and history were one
 * statement a stand, then one more for the companies of the exhibitors among them: now the reads of one kind asked
 * in the same turn of the event loop go to the database as one statement. Each read still returns what the
 * database holds at that moment: nothing is kept between flushes.
 */
import DataLoader from 'dataloader';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { OpenVisit } from './changes';
import {
  companiesOf,
  roomUserRows,
  standsHistoryRows,
  standsOpenVisits,
  type HistoryRowWithUser,
  type RoomUserRow,
} from '../services/room-users';

/** How many entries of a stand's history the live activity shows. */
export const LIVE_HISTORY_LIMIT = 20;

export interface LiveReads {
  /** The stand's open visits, earliest first. */
  openVisits(standId: number): Promise<OpenVisit[]>;
  /** The stand's last `LIVE_HISTORY_LIMIT` history entries, newest first. */
  history(standId: number): Promise<HistoryRowWithUser[]>;
  /** These users' rows (a removed account is left out). */
  users(userIds: readonly number[]): Promise<RoomUserRow[]>;
  /** The company of each exhibitor among these users. */
  companies(userIds: readonly number[]): Promise<Map<number, string>>;
}

export function liveReads(db: Kysely<Database>): LiveReads {
  const options = { cache: false };
  const visitors = new DataLoader(async (standIds: readonly number[]) => {
    const found = await standsOpenVisits(db, standIds);
    return standIds.map((id) => found.get(id) ?? []);
  }, options);
  const history = new DataLoader(async (standIds: readonly number[]) => {
    const found = await standsHistoryRows(db, standIds, LIVE_HISTORY_LIMIT);
    return standIds.map((id) => found.get(id) ?? []);
  }, options);
  const users = new DataLoader(async (ids: readonly number[]) => {
    const found = new Map((await roomUserRows(db, [...ids])).map((row) => [row.id, row]));
    return ids.map((id) => found.get(id) ?? null);
  }, options);
  const companies = new DataLoader(async (ids: readonly number[]) => {
    const found = await companiesOf(db, [...ids]);
    return ids.map((id) => found.get(id) ?? null);
  }, options);
  return {
    openVisits: (standId) => visitors.load(standId),
    history: (standId) => history.load(standId),
    users: async (ids) => (await loadAll(users, ids)).filter((row) => row !== null),
    companies: async (ids) => {
      const names = await loadAll(companies, ids);
      return new Map(ids.flatMap((id, i) => (typeof names[i] === 'string' ? [[id, names[i]] as const] : [])));
    },
  };
}

/** `loadMany`, failing as the read failed (`loadMany` answers an error in place of each value). */
async function loadAll<V>(loader: DataLoader<number, V>, keys: readonly number[]): Promise<V[]> {
  const values = await loader.loadMany(keys);
  const failed = values.find((value): value is Error => value instanceof Error);
  if (failed) throw failed;
  return values as V[];
}
