import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import { useLingui } from '@lingui/react/macro';
// By package name: part of the main entry.
import { $locale, $parameters, injectStyles, pickLocalized, VisuallyHidden } from '@salon/shared';
import {
  chatWith,
  contactEntries,
  mainAction,
  personId,
  personName,
  truncateText,
  UNKNOWN_USER,
  type ContactChannel,
  type ExhibitorLike,
  type MainAction,
} from './exhibitor';
import { ContactMenu } from './ContactMenu';

export interface ExhibitorCardProps {
  /** null: an unknown user ('Utilisateur Inconnu'). */
  exhibitor: ExhibitorLike | null;
  /** The stand the card is shown for: the chat records `chatStarted` there. */
  standId?: string | null;
  /** Lists (activity stream): no presentation. */
  compact?: boolean;
  /** More actions beside the main one (the activity stream's "mark unavailable"). */
  children?: ReactNode;
}

function injectCardStyles(): void {
  injectStyles(
    'salon-exhibitor-card-styles',
    `.salon-exhibitor-card{position:relative;display:grid;grid-template-columns:auto 1fr;gap:.25rem .75rem;padding:var(--salon-space-m);border:1px solid var(--salon-border);border-radius:var(--salon-radius-l);background:var(--salon-surface);color:var(--salon-text);font:14px/1.4 system-ui,sans-serif}
.salon-exhibitor-card__media{position:relative;grid-row:span 2;width:4rem;height:4rem;border-radius:50%;overflow:hidden;background:#e8eef7}
.salon-exhibitor-card--compact .salon-exhibitor-card__media{width:2.5rem;height:2.5rem}
.salon-exhibitor-card__media img,.salon-exhibitor-card__media video{width:100%;height:100%;object-fit:cover;display:block}
.salon-exhibitor-card__media video[hidden]{display:none}
.salon-exhibitor-card__placeholder{display:flex;align-items:center;justify-content:center;width:100%;height:100%;font-weight:600;color:var(--salon-accent)}
.salon-exhibitor-card__play{position:absolute;inset:auto 0 0 auto;width:1.6rem;height:1.6rem;border:0;border-radius:50%;background:rgba(0,0,0,.65);color:var(--salon-text-inverse);cursor:pointer;font-size:.7rem}
.salon-exhibitor-card__body{min-width:0}
.salon-exhibitor-card__name{margin:0;font-size:1rem}
.salon-exhibitor-card__meta,.salon-exhibitor-card__text{margin:.1rem 0 0;color:var(--salon-text-muted);overflow-wrap:anywhere}
.salon-exhibitor-card__actions{grid-column:2;display:flex;flex-wrap:wrap;align-items:center;gap:.4rem;margin-top:.25rem}
.salon-exhibitor-card__main{display:inline-block;padding:.35rem .75rem;border:0;border-radius:var(--salon-radius-pill);background:var(--salon-accent);color:var(--salon-text-inverse);font:inherit;text-decoration:none;cursor:pointer}
.salon-exhibitor-card__main:disabled{opacity:.5;cursor:default}
.salon-exhibitor-card__menu{position:relative}
.salon-exhibitor-card__menu [role=menu]{position:absolute;z-index:3;right:0;top:100%;min-width:9rem;margin:.25rem 0 0;padding:.25rem 0;list-style:none;background:var(--salon-surface);border:1px solid var(--salon-border);border-radius:var(--salon-radius-m);box-shadow:0 6px 20px rgba(0,0,0,.15)}
.salon-exhibitor-card__menu [role=menuitem]{display:block;width:100%;padding:.4rem .75rem;border:0;background:none;font:inherit;text-align:left;cursor:pointer}
.salon-exhibitor-card__menu [role=menuitem]:hover,.salon-exhibitor-card__menu [role=menuitem]:focus{background:#eef3fb}
.salon-exhibitor-card button:focus-visible,.salon-exhibitor-card a:focus-visible{outline:2px solid var(--salon-accent);outline-offset:2px}`,
  );
}

function initials(name: string | null): string {
  if (!name) return '?';
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => [...part][0]?.toUpperCase() ?? '')
    .join('');
}

type VideoState = 'ready' | 'playing' | 'missing';

/** Picture or placeholder (also when the image fails); the optional video plays on click, back to the start on end or pause. */
function Media({ picture, video, name }: { picture: string | null; video: string | null; name: string }) {
  const { t } = useLingui();
  const [pictureFailed, setPictureFailed] = useState(false);
  const [videoState, setVideoState] = useState<VideoState>(video ? 'ready' : 'missing');
  const videoRef = useRef<HTMLVideoElement>(null);
  useEffect(() => setPictureFailed(false), [picture]);
  useEffect(() => setVideoState(video ? 'ready' : 'missing'), [video]);

  const rewind = () => {
    const element = videoRef.current;
    if (element) element.currentTime = 0;
    setVideoState((current) => (current === 'missing' ? current : 'ready'));
  };
  const play = () => {
    setVideoState('playing');
    try {
      const started = videoRef.current?.play();
      if (started) started.catch(() => setVideoState((current) => (current === 'playing' ? 'ready' : current)));
    } catch {
      setVideoState('ready');
    }
  };

  return (
    <div className="salon-exhibitor-card__media">
      {video && videoState !== 'missing' && (
        <video
          ref={videoRef}
          src={video}
          preload="metadata"
          playsInline
          hidden={videoState !== 'playing'}
          aria-label={t`Video of ${name}`}
          onClick={() => videoRef.current?.pause()}
          onError={() => setVideoState('missing')}
          onEnded={rewind}
          onPause={rewind}
        />
      )}
      {videoState !== 'playing' &&
        (picture && !pictureFailed ? (
          <img src={picture} alt={t`Picture of ${name}`} onError={() => setPictureFailed(true)} />
        ) : (
          <span className="salon-exhibitor-card__placeholder" role="img" aria-label={t`No picture`}>
            <span aria-hidden="true">{initials(name)}</span>
          </span>
        ))}
      {video && videoState === 'ready' && (
        <button
          type="button"
          className="salon-exhibitor-card__play"
          aria-label={t`Play the video of ${name}`}
          title={t`Play the video of ${name}`}
          onClick={play}
        >
          <span aria-hidden="true">▶</span>
        </button>
      )}
      {videoState === 'playing' && (
        <button
          type="button"
          className="salon-exhibitor-card__play"
          aria-label={t`Stop the video of ${name}`}
          title={t`Stop the video of ${name}`}
          onClick={() => videoRef.current?.pause()}
        >
          <span aria-hidden="true">■</span>
        </button>
      )}
    </div>
  );
}

function MainActionButton({
  action,
  name,
  userId,
  standId,
}: {
  action: MainAction;
  name: string;
  userId: string | null;
  standId: string | null;
}) {
  const { t } = useLingui();
  if (action.kind === 'chat') {
    return (
      <button
        type="button"
        className="salon-exhibitor-card__main"
        aria-label={t`Chat with ${name}`}
        disabled={!userId}
        onClick={() => userId && void chatWith(userId, standId)}
      >
        {t`Chat`}
      </button>
    );
  }
  const labels: Record<Exclude<MainAction['kind'], 'chat'>, [string, string]> = {
    visio: [t`Join the video call`, t`Join the video call with ${name}`],
    mail: [t`Send an email`, t`Send an email to ${name}`],
    mobile: [t`Call`, t`Call ${name}`],
    linkedin: [t`LinkedIn`, t`LinkedIn profile of ${name}`],
  };
  const [text, label] = labels[action.kind];
  const external = action.kind === 'visio' || action.kind === 'linkedin';
  return (
    <a
      className="salon-exhibitor-card__main"
      href={action.href}
      aria-label={label}
      {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
    >
      {text}
    </a>
  );
}

/**
 * An exhibitor (spec §2.9): picture or placeholder, optional video, name, function, presentation cut at 60
 * characters (the whole text as tooltip and accessible description), the main action (§5) and the three-dots
 * menu of published contact channels. Used by the contact point and the activity stream.
 */
export function ExhibitorCard({ exhibitor, standId = null, compact = false, children }: ExhibitorCardProps) {
  injectCardStyles();
  const { i18n } = useLingui();
  const { locale } = useStore($locale);
  const parameters = useStore($parameters);
  const [selected, setSelected] = useState<ContactChannel | null>(null);
  const nameId = useId();
  const descriptionId = useId();

  const name = personName(exhibitor) ?? i18n._(UNKNOWN_USER);
  const userId = personId(exhibitor);
  const role = exhibitor?.function ? pickLocalized(locale, exhibitor.function, exhibitor.function_en) : null;
  const company = exhibitor?.company?.name ?? null;
  const presentation = exhibitor?.presentation ? pickLocalized(locale, exhibitor.presentation, exhibitor.presentation_en) : '';
  const cut = truncateText(presentation);
  const entries = contactEntries(exhibitor);
  const shown = entries.find((entry) => entry.channel === selected) ?? null;
  const action = mainAction(exhibitor, parameters);

  return (
    <article
      className={compact ? 'salon-exhibitor-card salon-exhibitor-card--compact' : 'salon-exhibitor-card'}
      aria-labelledby={nameId}
      aria-describedby={!compact && !shown && presentation ? descriptionId : undefined}
    >
      <Media
        key={`${exhibitor?.picturePath ?? ''}|${exhibitor?.videoPath ?? ''}`}
        picture={exhibitor?.picturePath ?? null}
        video={exhibitor?.videoPath ?? null}
        name={name}
      />
      <div className="salon-exhibitor-card__body">
        <h3 className="salon-exhibitor-card__name" id={nameId}>
          {name}
        </h3>
        {(role || company) && <p className="salon-exhibitor-card__meta">{role ?? company}</p>}
        {shown ? (
          <p className="salon-exhibitor-card__text">
            <a href={shown.href} {...(shown.channel === 'linkedin' ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
              {shown.value}
            </a>
          </p>
        ) : (
          !compact &&
          presentation && (
            <p className="salon-exhibitor-card__text" title={cut.truncated ? presentation : undefined}>
              {cut.truncated ? (
                <>
                  <span aria-hidden="true">{cut.text}</span>
                  <VisuallyHidden>
                    <span id={descriptionId}>{presentation}</span>
                  </VisuallyHidden>
                </>
              ) : (
                <span id={descriptionId}>{presentation}</span>
              )}
            </p>
          )
        )}
      </div>
      <div className="salon-exhibitor-card__actions">
        <MainActionButton action={action} name={name} userId={userId} standId={standId} />
        {entries.length > 0 && (
          <ContactMenu name={name} channels={entries.map((entry) => entry.channel)} selected={selected} onSelect={setSelected} />
        )}
        {children}
      </div>
    </article>
  );
}
