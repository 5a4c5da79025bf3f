import { msg } from '@lingui/core/macro';
import { sendToFrame, type HostCommandName, type HostCommands } from '@salon/shared/contracts/room-frame';
import { busSingleton, showToast } from '@salon/shared';

/**
 * How the bus reaches the room frame: the room widget registers a port once its frame has loaded, and
 * unregisters it when the frame goes away. The port gives the frame's window at call time (null when
 * the frame element is missing) and its origin, the only target origin a command is posted to.
 */
export interface FramePort {
  window: () => Window | null | undefined;
  origin: string;
}

/** 'sent'; 'no-frame': no room frame on the page (yet); 'missing-frame': a port without its frame element. */
export type FrameSendResult = 'sent' | 'no-frame' | 'missing-frame';

const state = busSingleton('framePort', () => ({ port: null as FramePort | null, connected: [] as (() => void)[] }));

/** Registers the room frame (then calls what waits for it: `onFrameConnected`); returns the unregister function (which only removes this port). */
export function registerFramePort(port: FramePort): () => void {
  state.port = port;
  for (const listener of state.connected) listener();
  return () => {
    if (state.port === port) state.port = null;
  };
}

/** Called each time a room frame registers (it loaded): a command that found no frame before can be sent now. */
export function onFrameConnected(listener: () => void): void {
  state.connected.push(listener);
}

export function hasFramePort(): boolean {
  return state.port !== null;
}

/**
 * Posts a command to the room frame. A registered port whose frame element is gone is a bug in the page,
 * raised as an error (spec §8: 'Iframe est manquante') with its toast; the caller handles 'no-frame'.
 */
export function sendRoomCommand<N extends HostCommandName>(name: N, payload: HostCommands[N]): FrameSendResult {
  const port = state.port;
  if (!port) return 'no-frame';
  const target = port.window();
  if (!target) {
    console.error(new Error('Iframe est manquante'), { command: name });
    showToast({ kind: 'error', message: msg`Iframe is missing, please set one to interact with it`, unique: true });
    return 'missing-frame';
  }
  sendToFrame(target, port.origin, name, payload);
  return 'sent';
}
