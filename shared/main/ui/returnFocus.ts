import { sendToFrame } from '@salon/shared/contracts/room-frame';

/**
 * Gives the focus back to what had it before a sidebar or a modal opened. When that was the room frame (a button of
 * its panel opened it), focusing the `<iframe>` alone lands on the frame's `<body>`: the frame is also told to focus
 * again the control that had its focus (`returnFocus`, contract v1).
 */
export function returnFocus(element: HTMLElement | null | undefined): void {
  if (!element?.isConnected) return;
  element.focus();
  if (!(element instanceof HTMLIFrameElement) || !element.contentWindow || !element.src) return;
  try {
    sendToFrame(element.contentWindow, new URL(element.src, globalThis.location.href).origin, 'returnFocus', {});
  } catch {
    // A frame without an address of its own: nothing to tell.
  }
}
