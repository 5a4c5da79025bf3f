import { atom, onMount, type ReadableAtom } from 'nanostores';
import { request } from '@salon/shared';
import { openEventStream, type EventStream } from '@salon/shared/live';
import type { AttendanceData, StandAnalyticsData } from '@salon/shared/contracts/analytics';
import type { UsersActivesData } from '@salon/shared/contracts/backoffice';

/*
 * The figures of the back office: one load per stand (exhibitors) or of the attendance (organisers), and the live
 * list of who is here. Every load asks the server again (the figures are never cached), so Refresh shows a visit
 * made a minute ago.
 */

export type Loadable<T> = { status: 'loading' } | { status: 'ready'; data: T } | { status: 'error' };

export const ANALYTICS_PATH = '/api/analytics';
export const ATTENDANCE_PATH = '/api/analytics/attendance';
export const ACTIVES_STREAM_PATH = '/api/sse/users/actives';
export const USERS_ACTIVES_EVENT = 'usersActives';

export const standCsvUrl = (standId: string): string => `${ANALYTICS_PATH}.csv?stand_id=${encodeURIComponent(standId)}`;
export const attendanceCsvUrl = (): string => `${ATTENDANCE_PATH}.csv`;

/** A store that loads with `load()`; a later load wins over an earlier one still running. */
function loader<T>(fetcher: () => Promise<T>): { $state: ReadableAtom<Loadable<T>>; load: () => Promise<void> } {
  const $state = atom<Loadable<T>>({ status: 'loading' });
  let latest = 0;
  const load = async () => {
    const run = ++latest;
    // Keeps the figures shown while they are refreshed.
    if ($state.get().status !== 'ready') $state.set({ status: 'loading' });
    try {
      const data = await fetcher();
      if (run === latest) $state.set({ status: 'ready', data });
    } catch {
      if (run === latest) $state.set({ status: 'error' });
    }
  };
  return { $state, load };
}

const stands = new Map<string, ReturnType<typeof loader<StandAnalyticsData>>>();

/** The figures of one stand (GET /api/analytics?stand_id=…), one store per stand. */
export function standFigures(standId: string) {
  let entry = stands.get(standId);
  if (!entry) {
    entry = loader(() => request<StandAnalyticsData>('GET', ANALYTICS_PATH, { searchParams: { stand_id: standId }, notify: false }));
    stands.set(standId, entry);
  }
  return entry;
}

const attendanceLoader = () => loader(() => request<AttendanceData>('GET', ATTENDANCE_PATH, { notify: false }));
let attendanceStore = attendanceLoader();

/** The salon's attendance over the last 24 hours (GET /api/analytics/attendance). */
export const attendance = () => attendanceStore;

/** Forgets every figure loaded (a new page: stories, tests). */
export function resetStats(): void {
  stands.clear();
  attendanceStore = attendanceLoader();
}

export type LiveActives = { status: 'connecting' } | { status: 'live' | 'reconnecting'; data: UsersActivesData | null };

/** Who is here now, live: GET /api/sse/users/actives while someone listens (the shared SSE reader reconnects). */
export const $actives = atom<LiveActives>({ status: 'connecting' });
let stream: EventStream | null = null;

onMount($actives, () => {
  stream = openEventStream(new URL(ACTIVES_STREAM_PATH, globalThis.location?.origin).href, {
    onEvent(message) {
      if (message.event !== USERS_ACTIVES_EVENT) return;
      try {
        $actives.set({ status: 'live', data: JSON.parse(message.data) as UsersActivesData });
      } catch {
        // A broken event is skipped; the next one carries the whole state again.
      }
    },
    onDisconnect() {
      const current = $actives.get();
      $actives.set({ status: 'reconnecting', data: current.status === 'connecting' ? null : current.data });
    },
  });
  return () => {
    stream?.close();
    stream = null;
    $actives.set({ status: 'connecting' });
  };
});
