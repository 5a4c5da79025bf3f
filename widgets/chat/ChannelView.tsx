import { useEffect, useRef } from 'react';
import { useLingui } from '@lingui/react/macro';
import { IconButton } from '@salon/shared';
import {
  askVisio,
  closeChannel,
  discardMessage,
  inviteToVisio,
  loadEarlierMessages,
  retryMessage,
  type OpenChannelView,
} from '@salon/shared/chat';
import { MessageBody } from './Message';
import { Composer } from './Composer';
import { CHAT_TITLE, messageDate, personName } from './format';
import { Icon } from './icons';

/** The channel header (spec §2.7, §6): back, the other member's name and company, and the actions. */
export function ChannelTitle({ view }: { view: OpenChannelView }) {
  const { t, i18n } = useLingui();
  const name = view.other ? (personName(view.other) ?? t`Unknown user`) : i18n._(CHAT_TITLE);
  return (
    <>
      <IconButton label={t`Back`} icon={<Icon name="back" />} onClick={closeChannel} />
      <div className="salon-chat__who">
        <h2>{name}</h2>
        {view.other?.company && <p className="salon-chat__muted">{view.other.company.name}</p>}
      </div>
      {view.invite && (
        <IconButton
          label={view.invite === 'waiting' ? t`Invitation sent, waiting for an answer` : t`Invite to a video call`}
          icon={<Icon name="video" />}
          disabled={view.invite === 'waiting'}
          onClick={() => inviteToVisio(view.id)}
        />
      )}
      {view.ask && <IconButton label={t`Ask for a video call`} icon={<Icon name="video" />} onClick={() => askVisio(view.id)} />}
      {view.phone && (
        <a className="salon-icon-button" href={`tel:${view.phone.replace(/[^\d+]/g, '')}`} aria-label={t`Call ${name}`} title={view.phone}>
          <Icon name="phone" />
        </a>
      )}
      {view.email && (
        <a className="salon-icon-button" href={`mailto:${view.email}`} aria-label={t`Email ${name}`} title={view.email}>
          <Icon name="mail" />
        </a>
      )}
    </>
  );
}

/** The open channel (spec §2.7): messages with date and author separators, the typing indicator, the composer. */
export function ChannelView({ view }: { view: OpenChannelView }) {
  const { t, i18n } = useLingui();
  const list = useRef<HTMLOListElement>(null);
  const last = view.items.at(-1)?.key;
  useEffect(() => {
    list.current?.lastElementChild?.scrollIntoView?.({ block: 'end' });
  }, [last]);

  if (view.status === 'loading') return <p role="status" className="salon-chat__empty">{t`Loading…`}</p>;
  const otherName = personName(view.other) ?? t`Unknown user`;
  const typist = view.typing;
  return (
    <>
      {view.hasEarlier && (
        <button type="button" className="salon-chat__button salon-chat__earlier" onClick={() => void loadEarlierMessages()}>
          {t`Earlier messages`}
        </button>
      )}
      <ol className="salon-chat__messages" aria-label={t`Messages`} ref={list}>
        {view.items.map((item) => {
          const name = item.mine ? t`You` : (personName(item.author) ?? otherName);
          return (
            <li key={item.key} className={item.mine ? 'salon-chat__mine' : undefined}>
              {item.showDate && (
                <p className="salon-chat__date">
                  <time dateTime={item.createdAt}>{messageDate(i18n, item.createdAt)}</time>
                </p>
              )}
              {item.showAuthor && <p className="salon-chat__author">{name}</p>}
              <div className="salon-chat__bubble">
                <MessageBody item={item} name={name} />
              </div>
              {item.delivery === 'sending' && <p className="salon-chat__muted">{t`Sending…`}</p>}
              {item.delivery === 'failed' && (
                <p role="alert" className="salon-chat__failed">
                  {t`Not sent:`} {item.error}{' '}
                  <button type="button" className="salon-chat__button" onClick={() => retryMessage(item.key)}>
                    {t`Retry`}
                  </button>{' '}
                  <button type="button" className="salon-chat__button" onClick={() => discardMessage(item.key)}>
                    {t`Delete`}
                  </button>
                </p>
              )}
            </li>
          );
        })}
      </ol>
      <p className="salon-chat__typing" role="status">
        {typist ? t`${typist} is typing…` : ''}
      </p>
      <Composer view={view} />
    </>
  );
}
