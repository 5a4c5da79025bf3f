import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import {
  $activity,
  framePanoramaSource,
  frameReloading,
  handleFrameMessage,
  leaveStand,
  listenToFrame,
  registerFramePort,
  sendToFrame,
  setPointerOverRoom,
} from '@salon/shared/room';
import { $liveActivity } from '@salon/shared/live';
import { $roomView, checkStream, reloadForBlockedStream } from './store';
import { RoomView } from './RoomView';
import { useCoveredCorner } from './corner';

/**
 * The room (spec §2.2): the 360° frame, or the live stream that replaces it, and the exhibitor banners.
 * It wires the frame to the bus: frame messages (origin and window checked) go to `handleFrameMessage`,
 * commands go out through the frame port it registers once the frame has loaded.
 */
export function Room() {
  const view = useStore($roomView);
  // Listening is what runs them: the activity push (spec §4.3) and the live activity stream (§4.8).
  useStore($activity);
  useStore($liveActivity);
  const frameRef = useRef<HTMLIFrameElement>(null);
  const [loadedSrc, setLoadedSrc] = useState<string | null>(null);
  const origin = view.mode === 'room' ? (view.frame?.origin ?? null) : null;
  const src = view.mode === 'room' ? (view.frame?.src ?? null) : null;
  const loaded = src !== null && loadedSrc === src;

  useEffect(() => {
    void checkStream();
  }, []);

  // A stream switched on after the page was served may come from an origin its Content-Security-Policy does not list.
  useEffect(() => {
    const onViolation = (event: Event) => {
      let storage: Storage | null;
      try {
        storage = window.sessionStorage;
      } catch {
        storage = null;
      }
      if (reloadForBlockedStream(event as SecurityPolicyViolationEvent, $roomView.get(), storage)) window.location.reload();
    };
    document.addEventListener('securitypolicyviolation', onViolation);
    return () => document.removeEventListener('securitypolicyviolation', onViolation);
  }, []);

  // The frame starts on the place the page's address names (spec §2.1; kept up to date as the visitor moves). A new
  // frame address (language switch, consent given) reloads the frame there: leave the stand now, the new frame
  // enters it again.
  const frameSrc = useMemo(() => (src ? framePanoramaSource(src, window.location.pathname) : null), [src]);
  const shownSrc = useRef<string | null>(null);
  useEffect(() => {
    if (!src) return;
    if (shownSrc.current && shownSrc.current !== src) leaveStand();
    frameReloading();
    shownSrc.current = src;
  }, [src]);

  useEffect(() => {
    if (!origin) return undefined;
    return listenToFrame(window, origin, handleFrameMessage, () => frameRef.current?.contentWindow);
  }, [origin]);

  // Commands wait for the frame to load (before, "not available, try again later"). A page without a
  // room address still gets a port, so a command raises "Iframe est manquante" (spec §8).
  useEffect(() => {
    if (view.mode === 'missing') return registerFramePort({ window: () => null, origin: globalThis.location.origin });
    if (!loaded || !origin) return undefined;
    return registerFramePort({ window: () => frameRef.current?.contentWindow ?? null, origin });
  }, [view.mode, loaded, origin]);

  // What floats over the room's bottom-left corner (the exhibitor's activity widget): the frame keeps its panel, its
  // bar's buttons and its hotspots out of it, told on every change and once more to a frame that (re)loaded (a fresh
  // frame has nothing over it: 0 × 0 is not said to it); a live stream starts right of it (RoomView).
  const frameCorner = useCoveredCorner(frameRef, view.mode === 'room' && Boolean(view.frame));
  const streamRef = useRef<HTMLDivElement>(null);
  const streamCorner = useCoveredCorner(streamRef, view.mode === 'stream');
  const cornerTold = useRef<string | null>(null);
  useEffect(() => {
    const target = frameRef.current?.contentWindow;
    if (!loaded || !origin || !target || !src) return;
    if (frameCorner.width === 0 && frameCorner.height === 0 && cornerTold.current !== src) return;
    cornerTold.current = src;
    sendToFrame(target, origin, 'setCoveredCorner', { width: frameCorner.width, height: frameCorner.height });
  }, [loaded, origin, src, frameCorner.width, frameCorner.height]);

  useEffect(() => () => setPointerOverRoom(false), []);
  const onFrameLoad = useCallback(() => setLoadedSrc(src), [src]);

  return (
    <RoomView
      view={view}
      frameSrc={frameSrc}
      frameLoaded={loaded}
      frameRef={frameRef}
      streamRef={streamRef}
      streamCorner={streamCorner.height > 0 ? streamCorner.width : 0}
      onFrameLoad={onFrameLoad}
      onPointerOver={() => setPointerOverRoom(true)}
      onPointerLeave={() => setPointerOverRoom(false)}
    />
  );
}
