import { useLingui } from '@lingui/react/macro';
import { answerInvitation, visioOpened, type MessageItem } from '@salon/shared/chat';
import { fileSize } from './format';

/** Only http(s) addresses become links or images: a message is data from another user. */
export function safeUrl(url: string): string | null {
  try {
    const parsed = new URL(url, globalThis.location?.href);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/** Spec §5: new lines become line breaks. Text nodes only: a message is never read as HTML. */
function Lines({ text }: { text: string }) {
  return text.split('\n').map((line, index) => (
    <span key={index}>
      {index > 0 && <br />}
      {line}
    </span>
  ));
}

/** A message's content (spec §3 Message content types). `name` is the author's. */
export function MessageBody({ item, name }: { item: MessageItem; name: string }) {
  const { t, i18n } = useLingui();
  const content = item.content;
  switch (content.type) {
    case 'message':
      return (
        <p>
          <Lines text={content.text} />
        </p>
      );
    case 'visio_ask':
      return <p>{item.mine ? t`You asked for a video call.` : t`${name} asks for a video call.`}</p>;
    case 'visio_invitation': {
      const state = item.invitation;
      const link = safeUrl(content.link);
      const label = {
        accepted: t`Accepted`,
        declined: t`Declined`,
        unanswered: t`Unanswered`,
        pending: item.mine ? t`Waiting for an answer` : null,
      };
      return (
        <>
          <p>{item.mine ? t`You sent a video call invitation.` : t`${name} invites you to a video call.`}</p>
          {state && label[state] && <p className="salon-chat__state">{label[state]}</p>}
          {!item.mine && state === 'pending' && item.id && (
            <p className="salon-chat__actions">
              <button type="button" className="salon-chat__button" onClick={() => void answerInvitation(item, true)}>
                {t`Accept`}
              </button>
              <button type="button" className="salon-chat__button" onClick={() => void answerInvitation(item, false)}>
                {t`Decline`}
              </button>
            </p>
          )}
          {link && (state === 'accepted' || (item.mine && state === 'pending')) && (
            <a href={link} target="_blank" rel="noopener noreferrer" onClick={() => void visioOpened(item.channelId)}>
              {t`Join the video call`}
            </a>
          )}
        </>
      );
    }
    case 'image':
    case 'file': {
      const url = safeUrl(content.url);
      const image = content.type === 'image' || content.mime.startsWith('image/');
      const download = content.type === 'image' || content.downloadable ? content.prettyName : undefined;
      return (
        <p>
          {image && url && <img className="salon-chat__image" src={url} alt={content.prettyName} />}
          {url ? (
            <a href={url} download={download} target={download ? undefined : '_blank'} rel="noopener noreferrer">
              {content.prettyName}
            </a>
          ) : (
            content.prettyName
          )}
          {content.type === 'file' && ` (${fileSize(i18n, content.size)})`}
        </p>
      );
    }
    case 'contact_details': {
      const fullName = [content.firstname, content.lastname].filter(Boolean).join(' ');
      return (
        <>
          <p>{item.mine ? t`You shared your contact details:` : t`${name} shared their contact details:`}</p>
          <ul className="salon-chat__details">
            {fullName && <li>{fullName}</li>}
            {content.email && (
              <li>
                <a href={`mailto:${content.email}`}>{content.email}</a>
              </li>
            )}
            {content.mobile && (
              <li>
                <a href={`tel:${content.mobile.replace(/[^\d+]/g, '')}`}>{content.mobile}</a>
              </li>
            )}
          </ul>
        </>
      );
    }
  }
}
