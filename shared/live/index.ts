/**
 * `@salon/shared/live`: live connections, kept out of the main entry so that only the widgets that
 * need them (room, activity stream, contact point, chat) carry them and eventsource-parser.
 */
export { openEventStream, SSE_RECONNECT_MS, StreamClosedError, type EventStream, type EventStreamOptions, type SseMessage } from './sse';
export {
  $liveActivity,
  liveActivityUrl,
  pauseLive,
  resumeLive,
  refreshLiveActivity,
  LIVE_ACTIVITY_PATH,
  type LiveStatus,
} from './liveActivity';
