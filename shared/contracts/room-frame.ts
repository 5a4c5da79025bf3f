/**
 * The room-frame contract: the messages the 360° room frame (`/room/`) and the room widget exchange through
 * `postMessage`. Every message is an envelope `{protocol, version, name, payload}`; each side sends with an
 * explicit target origin and accepts only messages from the other side's origin (and window).
 * Version 1: names and payload fields may be added, never renamed or removed.
 */
export const ROOM_FRAME_PROTOCOL = 'salon.room-frame';
export const ROOM_FRAME_VERSION = 1;

/** Frame → host: the 13 message names of spec §7, matched by name. */
export const FRAME_MESSAGE_NAMES = [
  'showSharingModal',
  'enterOnStand',
  'leaveStand',
  'requestContactStand',
  'showStandUcp',
  'showCompanySheet',
  'showContestModal',
  'handleContestParticipation',
  'emitTrackingEvent',
  'addStandToJourney',
  'checkSound',
  'showContactFormInfos',
  'showPopupOffer',
] as const;

export type FrameMessageName = (typeof FRAME_MESSAGE_NAMES)[number];

/** Payloads of the frame's messages. Stand and company ids are obfuscated ids. */
export interface FrameMessages {
  showSharingModal: Record<string, never>;
  /** The visitor entered a stand (hotspot or the stand list). `panorama` is the stand's panorama slug. */
  enterOnStand: { stand_id: string; panorama: string };
  /** The visitor left the stand's panorama. */
  leaveStand: { stand_id: string };
  requestContactStand: { stand_id: string; company_id?: string };
  showStandUcp: { stand_id: string };
  showCompanySheet: { company_id: string; stand_id?: string };
  showContestModal: Record<string, never>;
  handleContestParticipation: { score: number };
  emitTrackingEvent: { name: string; value?: string; stand_id?: string };
  addStandToJourney: { stand_id: string };
  /** The frame's sound state, sent when it loads and after each change. */
  checkSound: { muted: boolean; available: boolean };
  showContactFormInfos: { stand_id: string; subject: string; code_apporteur?: string; display_marketing?: boolean };
  showPopupOffer: { stand_id?: string; offer: string };
}

/** Host → frame commands. */
export interface HostCommands {
  /** Move to a panorama: 'home', 'plan' (map), 'conference' or a stand's slug. */
  goToPanorama: { slug: string };
  setSound: { muted: boolean };
  /**
   * Who may play the contest quiz (spec §5: visitors with a profile route): 'open', or 'login' (an anonymous
   * visitor) and 'closed' (anyone else), for which the frame asks the host for the contest modal instead of
   * starting the questions. Sent when the frame reports it is there (its first checkSound). A frame that was never
   * told plays the quiz (the host's modal still decides).
   */
  setContestAccess: { access: ContestAccess };
  /**
   * The sidebar or modal that a control of the frame opened has closed: the frame focuses that control again (the
   * host has focused the `<iframe>`, which alone lands on the frame's body).
   */
  returnFocus: Record<string, never>;
  /**
   * What the host page lays over the frame's bottom-left corner (the exhibitor's activity widget), in the frame's CSS
   * pixels from its left and bottom edges; 0 and 0 when nothing. The frame keeps its panel above it, its bar's buttons
   * right of it and a hotspot that would lie under it out of view. Sent again whenever it changes, and to a frame that
   * (re)loaded; a frame that was never told has nothing over it.
   */
  setCoveredCorner: { width: number; height: number };
}
export type ContestAccess = 'open' | 'login' | 'closed';
export type HostCommandName = keyof HostCommands;
export const HOST_COMMAND_NAMES: readonly HostCommandName[] = [
  'goToPanorama',
  'setSound',
  'setContestAccess',
  'returnFocus',
  'setCoveredCorner',
];

/** Panoramas that are not stands: moving to one of them does not leave the current stand (spec §4.2). */
export const SPECIAL_PANORAMAS = ['home', 'plan', 'conference'] as const;

export interface Envelope<N extends string, P> {
  protocol: typeof ROOM_FRAME_PROTOCOL;
  version: number;
  name: N;
  payload: P;
}

export type FrameMessage = { [N in FrameMessageName]: Envelope<N, FrameMessages[N]> }[FrameMessageName];
export type HostCommand = { [N in HostCommandName]: Envelope<N, HostCommands[N]> }[HostCommandName];

function isEnvelope(data: unknown): data is Envelope<string, Record<string, unknown>> {
  if (!data || typeof data !== 'object') return false;
  const d = data as Record<string, unknown>;
  return (
    d.protocol === ROOM_FRAME_PROTOCOL &&
    typeof d.version === 'number' &&
    d.version >= 1 &&
    typeof d.name === 'string' &&
    !!d.payload &&
    typeof d.payload === 'object' &&
    !Array.isArray(d.payload)
  );
}

export function isFrameMessage(data: unknown): data is FrameMessage {
  return isEnvelope(data) && (FRAME_MESSAGE_NAMES as readonly string[]).includes(data.name);
}

export function isHostCommand(data: unknown): data is HostCommand {
  return isEnvelope(data) && (HOST_COMMAND_NAMES as readonly string[]).includes(data.name);
}

export function envelope<N extends string, P>(name: N, payload: P): Envelope<N, P> {
  return { protocol: ROOM_FRAME_PROTOCOL, version: ROOM_FRAME_VERSION, name, payload };
}

/**
 * What the message helpers need of a window (the page's, the frame's): structural, so that the server, which imports
 * this contract without the DOM's types, can type-check it. A browser `Window` is both.
 */
export interface MessageTarget {
  postMessage(message: unknown, targetOrigin: string): void;
}
/** A message as the helpers read it (the part of the DOM's `MessageEvent` they use). */
export interface ReceivedMessage {
  origin: string;
  source: unknown;
  data: unknown;
}
export interface MessageSource {
  addEventListener(type: 'message', listener: (event: ReceivedMessage) => void): void;
  removeEventListener(type: 'message', listener: (event: ReceivedMessage) => void): void;
}

/** Sends a command to the frame; the target origin is always explicit, never '*'. */
export function sendToFrame<N extends HostCommandName>(frame: MessageTarget, frameOrigin: string, name: N, payload: HostCommands[N]): void {
  frame.postMessage(envelope(name, payload), frameOrigin);
}

/** Sends a message to the host page (from inside the frame). */
export function sendToHost<N extends FrameMessageName>(host: MessageTarget, hostOrigin: string, name: N, payload: FrameMessages[N]): void {
  host.postMessage(envelope(name, payload), hostOrigin);
}

/**
 * Listens to the frame's messages on `win`; only those from `frameOrigin` (and from the frame's own window when
 * given) that follow the contract reach `handler`. Returns the unsubscribe function.
 */
export function listenToFrame(
  win: MessageSource,
  frameOrigin: string,
  handler: (message: FrameMessage) => void,
  frameWindow?: () => MessageTarget | null | undefined,
): () => void {
  const onMessage = (event: ReceivedMessage) => {
    if (event.origin !== frameOrigin) return;
    const source = frameWindow?.();
    if (source && event.source !== source) return;
    if (isFrameMessage(event.data)) handler(event.data);
  };
  win.addEventListener('message', onMessage);
  return () => win.removeEventListener('message', onMessage);
}

/** The frame side: commands from the host page's origin only. */
export function listenToHost(win: MessageSource, hostOrigin: string, handler: (command: HostCommand) => void): () => void {
  const onMessage = (event: ReceivedMessage) => {
    if (event.origin !== hostOrigin) return;
    if (isHostCommand(event.data)) handler(event.data);
  };
  win.addEventListener('message', onMessage);
  return () => win.removeEventListener('message', onMessage);
}
