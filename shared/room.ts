/**
 * `@salon/shared/room`: the room's part of the bus (spec §3 room state, §4.2 stand visit, §4.3 activity,
 * §4.12 sound and fullscreen, the frame port and the frame's 13 messages, the journey (its state machine is
 * `@salon/shared/journey`, loaded when the journey first changes)). Kept out of the main entry so that widgets which never touch the room (the toaster) do not carry it.
 * Live connections are in `@salon/shared/live`.
 */
export { onBusEvent, emitBusEvent, type BusEvents, type BusEventName } from './bus/events';
export {
  $room,
  $currentPanorama,
  applyLiveActivity,
  isOwnedStand,
  LIVE_ACTIVITY_FIELDS,
  type RoomState,
  type OngoingVisit,
  type RoomUser,
  type HistoryItem,
  type LiveActivityState,
} from './bus/room';
export { enterStand, leaveStand, goToPanorama, isSpecialPanorama } from './bus/standVisit';
export { handleFrameMessage } from './bus/frameMessages';
export { $contestScore, setContestScore } from './bus/contest';
export { registerFramePort, hasFramePort, sendRoomCommand, type FramePort, type FrameSendResult } from './bus/framePort';
export { $activity, setPointerOverRoom, ACTIVITY_PUSH_INTERVAL_MS, type ActivityState } from './bus/activity';
export { $sound, setSoundState, setMuted, toggleSound, type SoundState } from './bus/sound';
export { $fullscreen, toggleFullscreen, type FullscreenState } from './bus/fullscreen';
export { $journey, parseJourney, isJourneyEnabled, EMPTY_JOURNEY, type Journey } from './bus/journey';
export { $isMobile, MOBILE_MEDIA_QUERY } from './bus/viewport';
export { emitTracking, type TrackingEvent } from './bus/tracking';
export { postVisit, endVisitByBeacon, putActive, getActiveStream, postTrackingEvent, visitPath } from './api/room';
export type { StreamData, VisitData } from './api/schemas/room';
export { listenToFrame, sendToFrame, FRAME_MESSAGE_NAMES, SPECIAL_PANORAMAS, type FrameMessage, type FrameMessageName, type HostCommandName } from './room-frame/contract';
