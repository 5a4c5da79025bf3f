/**
 * The frame's side of the room-frame contract (shared/contracts/room-frame.ts): it talks to one host origin, its
 * parent's, chosen among the allowed ones, and accepts commands from that origin only.
 */
import { listenToHost, sendToHost, type FrameMessageName, type FrameMessages, type HostCommand } from '@salon/shared/contracts/room-frame';

export interface HostLink {
  /** The host page's origin, or null when the frame is not embedded (opened on its own): nothing is sent then. */
  readonly origin: string | null;
  send<N extends FrameMessageName>(name: N, payload: FrameMessages[N]): void;
  listen(handler: (command: HostCommand) => void): () => void;
}

function originOf(address: string | undefined): string | null {
  if (!address) return null;
  try {
    return new URL(address).origin;
  } catch {
    return null;
  }
}

/**
 * The parent's origin when it is one of `allowed` (the browser says which through `location.ancestorOrigins`,
 * else `document.referrer`), else the first allowed origin: the browser already refused to show the frame in any
 * page that CSP frame-ancestors does not allow.
 */
export function hostOriginOf(win: Window, allowed: readonly string[]): string | null {
  if (win.parent === win) return null;
  const candidates = [win.location.ancestorOrigins?.[0], originOf(win.document.referrer) ?? undefined];
  return candidates.find((o): o is string => !!o && allowed.includes(o)) ?? allowed[0] ?? null;
}

export function connectHost(win: Window, allowed: readonly string[]): HostLink {
  const origin = hostOriginOf(win, allowed);
  return {
    origin,
    send(name, payload) {
      if (origin) sendToHost(win.parent, origin, name, payload);
    },
    listen(handler) {
      return origin ? listenToHost(win, origin, handler) : () => undefined;
    },
  };
}
