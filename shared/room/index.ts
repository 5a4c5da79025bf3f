/**
 * `@salon/shared/room`: the room's part of the bus (spec §3 room state, §4.2 stand visit, §4.3 activity,
 * §4.12 sound and fullscreen, the frame port and the frame's 13 messages, the journey (its state machine is
 * `@salon/shared/journey`, loaded when the journey first changes)). Kept out of the main entry so that widgets which never touch the room (the toaster) do not carry it.
 * Live connections are in `@salon/shared/live`.
 */
export { onBusEvent, emitBusEvent, type BusEvents, type BusEventName } from './events';
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
} from './room';
export { enterStand, leaveStand, goToPanorama, isSpecialPanorama } from './standVisit';
export { handleFrameMessage } from './frameMessages';
export { framePanoramaSource, frameReloading, loginHref, panoramaOfPath, panoramaShown } from './address';
export { $contestScore, contestAccess, hasEnteredContest, markContestEntered, setContestScore } from './contest';
export { registerFramePort, hasFramePort, sendRoomCommand, type FramePort, type FrameSendResult } from './framePort';
export { $activity, setPointerOverRoom, ACTIVITY_PUSH_INTERVAL_MS, type ActivityState } from './activity';
export { $sound, setSoundState, setMuted, toggleSound, type SoundState } from './sound';
export { $fullscreen, toggleFullscreen, type FullscreenState } from './fullscreen';
// The room's events drive the journey's state machine (its state, `$journey`, is in the main entry).
import './journey';
export { $isMobile, MOBILE_MEDIA_QUERY } from './viewport';
export { $roomOverlay, setRoomOverlay, coveredCorner, type ScreenBox } from './overlay';
export { emitTracking, type TrackingEvent } from './tracking';
export { postVisit, endVisitByBeacon, putActive, getActiveStream, postTrackingEvent, visitPath } from './api';
export type { StreamData, VisitData } from '@salon/shared/contracts/room';
export {
  listenToFrame,
  sendToFrame,
  FRAME_MESSAGE_NAMES,
  SPECIAL_PANORAMAS,
  type FrameMessage,
  type FrameMessageName,
  type HostCommandName,
} from '@salon/shared/contracts/room-frame';
