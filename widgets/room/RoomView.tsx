import { useId, type CSSProperties, type Ref } from 'react';
import { useStore } from '@nanostores/react';
import { useLingui } from '@lingui/react/macro';
import { $sidebar, IconButton, showSidebar, VisuallyHidden } from '@salon/shared';
import { $chatOpen, dismissBanner, toggleStreamChat, type RoomViewState } from './store';
import { injectRoomStyles } from './styles';

export interface RoomViewProps {
  view: RoomViewState;
  /** The frame's address as loaded (the view's, asked to start on the page address's panorama); the view's when absent. */
  frameSrc?: string | null;
  /** The room frame fired its load event (its loader hides). */
  frameLoaded: boolean;
  frameRef?: Ref<HTMLIFrameElement>;
  /** The live stream's box, and how much of its left the activity widget floating over its bottom-left corner takes (px). */
  streamRef?: Ref<HTMLDivElement>;
  streamCorner?: number;
  onFrameLoad?: () => void;
  onPointerOver?: () => void;
  onPointerLeave?: () => void;
}

function Banners({ view }: { view: RoomViewState }) {
  const { t } = useLingui();
  const sidebar = useStore($sidebar);
  if (!view.hiddenProfileHref && !view.unavailable) return null;
  return (
    <div className={`salon-room__banners${sidebar ? ' salon-room__banners--beside-sidebar' : ''}`}>
      {view.hiddenProfileHref && (
        <div className="salon-room__banner" role="note">
          <p>
            {t`Your profile is not published: visitors cannot see you.`}{' '}
            <a href={view.hiddenProfileHref} target="_blank" rel="noopener">
              {t`Open my profile sheet`}
              <VisuallyHidden>{` ${t`(opens in a new tab)`}`}</VisuallyHidden>
            </a>
          </p>
          <IconButton label={t`Close the message about your profile`} icon="×" onClick={() => dismissBanner('hidden-profile')} />
        </div>
      )}
      {view.unavailable && (
        <div className="salon-room__banner" role="note">
          <p>
            {t`You are registered as unavailable.`}{' '}
            <button type="button" className="salon-room__link" onClick={() => showSidebar({ name: 'activity-stream' })}>
              {t`Open the activity stream`}
            </button>
          </p>
          <IconButton label={t`Close the message about your availability`} icon="×" onClick={() => dismissBanner('unavailable')} />
        </div>
      )}
    </div>
  );
}

function Stream({
  stream,
  streamRef,
  corner,
}: {
  stream: NonNullable<RoomViewState['stream']>;
  streamRef?: Ref<HTMLDivElement>;
  corner: number;
}) {
  const { t } = useLingui();
  const chatOpen = useStore($chatOpen);
  const chatId = useId();
  // The player's controls run along its bottom: the stream starts right of what floats over its corner.
  const style = corner > 0 ? ({ '--salon-room-corner-width': `${corner}px` } as CSSProperties) : undefined;
  return (
    <div className="salon-room__stream" ref={streamRef} style={style}>
      <iframe className="salon-room__video" title={t`Live stream`} src={stream.videoUrl} allow="autoplay; fullscreen; picture-in-picture" />
      {stream.chatUrl && (
        <>
          <button
            type="button"
            className="salon-room__chat-toggle"
            aria-expanded={chatOpen}
            aria-controls={chatId}
            onClick={toggleStreamChat}
          >
            {chatOpen ? t`Hide the chat` : t`Show the chat`}
          </button>
          <iframe id={chatId} className="salon-room__chat" title={t`Live stream chat`} src={stream.chatUrl} hidden={!chatOpen} />
        </>
      )}
    </div>
  );
}

/** The room's markup for a given state (the `Room` container wires it to the stores and the frame). */
export function RoomView({
  view,
  frameSrc,
  frameLoaded,
  frameRef,
  streamRef,
  streamCorner = 0,
  onFrameLoad,
  onPointerOver,
  onPointerLeave,
}: RoomViewProps) {
  injectRoomStyles();
  const { t } = useLingui();
  return (
    <div className="salon-room" onMouseOver={onPointerOver} onMouseLeave={onPointerLeave}>
      <Banners view={view} />
      {view.mode === 'room' && view.frame && (
        <div className="salon-room__stage">
          {!frameLoaded && (
            <div className="salon-room__loader" role="status">
              <span className="salon-room__spinner" aria-hidden="true" />
              {t`Loading the room…`}
            </div>
          )}
          <iframe
            ref={frameRef}
            className="salon-room__frame"
            title={t`Virtual room`}
            src={frameSrc ?? view.frame.src}
            allow="fullscreen; autoplay; accelerometer; gyroscope"
            onLoad={onFrameLoad}
          />
        </div>
      )}
      {view.mode === 'stream-loading' && (
        <div className="salon-room__stage">
          <div className="salon-room__loader" role="status">
            <span className="salon-room__spinner" aria-hidden="true" />
            {t`Loading the live stream…`}
          </div>
        </div>
      )}
      {view.mode === 'stream' && view.stream && <Stream stream={view.stream} streamRef={streamRef} corner={streamCorner} />}
      {view.mode === 'missing' && (
        <p className="salon-room__missing" role="alert">
          {t`The room cannot be shown: its address is missing.`}
        </p>
      )}
    </div>
  );
}
