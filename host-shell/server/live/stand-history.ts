/**
 * A stand's last history entries, kept between recomputations: the entries a change carries (a visit's start or
 * end) are merged in, and the stand's history is read again only after a change that does not carry them and every
 * `ROWS_REFRESH_MS` (`KeptByStand`).
 */
import { newestFirst, type HistoryRowWithUser } from '../services/room-users';
import { KeptByStand } from './kept';
import { LIVE_HISTORY_LIMIT, type LiveReads } from './reads';
import { ROWS_REFRESH_MS } from './stand-visitors';

/** Entries merged by id, newest first, the last `LIVE_HISTORY_LIMIT`. */
function mergeHistory(rows: HistoryRowWithUser[], entries: HistoryRowWithUser[]): HistoryRowWithUser[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  for (const entry of entries) byId.set(entry.id, entry);
  return [...byId.values()].sort(newestFirst).slice(0, LIVE_HISTORY_LIMIT);
}

export function standHistory(reads: LiveReads, now: () => number = Date.now): KeptByStand<HistoryRowWithUser[], HistoryRowWithUser[]> {
  return new KeptByStand(
    (standId) => reads.history(standId),
    (rows, entries, standId) =>
      mergeHistory(
        rows,
        entries.filter((e) => e.stand_id === standId),
      ),
    ROWS_REFRESH_MS,
    now,
  );
}
