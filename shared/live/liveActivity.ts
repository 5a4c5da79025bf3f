import { atom, onMount, readonlyType, type WritableAtom } from 'nanostores';
import type { LIVE_ACTIVITY_EVENT as LiveActivityEvent } from '@salon/shared/contracts/room';
import { busSingleton, LIVE_NOTIFICATIONS_EVENT, LIVE_SETTINGS_EVENT, receiveLiveNotifications, receiveLiveSettings } from '@salon/shared';
// By package name, not '../bus/room': a remote then shares the room bus instead of carrying a second copy.
import { $room, applyLiveActivity } from '@salon/shared/room';
import { openEventStream, type EventStream } from './sse';

/** The schema's event name, checked against it at compile time (a value import would bundle TypeBox). */
const LIVE_ACTIVITY_EVENT: typeof LiveActivityEvent = 'liveActivity';

export const LIVE_ACTIVITY_PATH = '/api/sse/live/activity';

/** 'idle': nobody listens; 'paused': `pauseLive()` holds it; 'connecting' until the server answers, then 'open'. */
export type LiveStatus = 'idle' | 'connecting' | 'open' | 'reconnecting' | 'paused';

interface LiveInternals {
  $status: WritableAtom<LiveStatus>;
  stream: EventStream | null;
  /** The query of the open stream: a new visited stand means a new stream. */
  streamUrl: string | null;
  /** The owned stands of the open stream: while they stay, a new stream resumes after the last event. */
  streamOwned: string | null;
  mounted: boolean;
  pauses: number;
}

/** GET /api/sse/live/activity?visited_stand_id=…&owned_stands_ids=a,b (empty values left out). */
export function liveActivityUrl(visitedStandId: string | null, ownedStandsIds: readonly string[]): string {
  const query = new URLSearchParams();
  if (visitedStandId) query.set('visited_stand_id', visitedStandId);
  if (ownedStandsIds.length > 0) query.set('owned_stands_ids', ownedStandsIds.join(','));
  const search = query.toString();
  return new URL(`${LIVE_ACTIVITY_PATH}${search ? `?${search}` : ''}`, globalThis.location?.origin).href;
}

const state = busSingleton<LiveInternals>('liveActivity', () => {
  const $status = atom<LiveStatus>('idle');
  onMount($status, () => {
    state.mounted = true;
    connect();
    // The spec's "refreshes activity" on entering or leaving a stand: the stream follows the visited stand.
    const stop = $room.listen((room, previous) => {
      if (room.visited_stand_id !== previous?.visited_stand_id || room.owned_stands_ids !== previous?.owned_stands_ids) connect();
    });
    return () => {
      stop();
      state.mounted = false;
      disconnect();
      $status.set('idle');
    };
  });
  return { $status, stream: null, streamUrl: null, streamOwned: null, mounted: false, pauses: 0 };
});

/**
 * The live activity stream's status. Listening to it (the room, the activity stream, the contact point,
 * the chat) opens `GET /api/sse/live/activity` with the visited stand and the owned stands; each
 * `liveActivity` event replaces the room-state fields it carries (`$room`). The stream closes when the
 * last listener leaves.
 */
export const $liveActivity = readonlyType(state.$status);

function onData(data: string): void {
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch (error) {
    console.error('[salon] unreadable live activity event', error);
    return;
  }
  // A delta that names someone this page does not have (it missed an event): the whole state again.
  if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) && !applyLiveActivity(parsed as Record<string, unknown>))
    refreshLiveActivity();
}

function disconnect(): void {
  state.stream?.close();
  state.stream = null;
  state.streamUrl = null;
  state.streamOwned = null;
}

/** (Re)opens the stream for the current room, unless nobody listens, it is paused or already open on that query. */
function connect(): void {
  if (!state.mounted) return;
  if (state.pauses > 0) {
    disconnect();
    state.$status.set('paused');
    return;
  }
  const room = $room.get();
  const url = liveActivityUrl(room.visited_stand_id, room.owned_stands_ids);
  if (state.stream && state.streamUrl === url) return;
  // A move to another stand keeps everything but the visited stand's fields: the new stream resumes after the last
  // event (the server sends that stand's fields and what changed since), rather than the whole state again.
  const owned = room.owned_stands_ids.join(',');
  const resumeAfter = state.stream && state.streamOwned === owned ? state.stream.lastEventId : null;
  disconnect();
  state.streamOwned = owned;
  state.$status.set('connecting');
  state.streamUrl = url;
  state.stream = openEventStream(url, {
    lastEventId: resumeAfter,
    onOpen: () => state.$status.set('open'),
    onEvent: (message) => {
      if (message.event === LIVE_ACTIVITY_EVENT) onData(message.data);
      // The organisers' notifications ride on this stream: open on every room page, socket or not.
      else if (message.event === LIVE_NOTIFICATIONS_EVENT) receiveLiveNotifications(message.data);
      // The salon's settings (parameters, feature flags, live stream), whenever an administrator changes them.
      else if (message.event === LIVE_SETTINGS_EVENT) receiveLiveSettings(message.data);
    },
    onDisconnect: (error) => {
      console.warn('[salon] live activity stream interrupted; reconnecting', error);
      state.$status.set('reconnecting');
    },
  });
}

/** Pulls the live state again now: a new stream, whose first event is the whole state. */
export function refreshLiveActivity(): void {
  disconnect();
  connect();
}

/**
 * Holds the live updates (spec §4.4: while the availability is saved, so a stale event does not undo the
 * local toggle). Pauses nest; the last `resumeLive()` pulls the live state again.
 */
export function pauseLive(): void {
  state.pauses += 1;
  connect();
}

export function resumeLive(): void {
  if (state.pauses === 0) return;
  state.pauses -= 1;
  if (state.pauses === 0) refreshLiveActivity();
}
