import { Plural, useLingui } from '@lingui/react/macro';
import { useStore } from '@nanostores/react';
import { openChat, selectChatTab, type ChatView, type MessageContent } from '@salon/shared/chat';
import { $currentPanorama, loginHref } from '@salon/shared/room';
import { messageDate, personName } from './format';

function usePreview() {
  const { t } = useLingui();
  return (content: MessageContent): string => {
    switch (content.type) {
      case 'message':
        return content.text;
      case 'file':
      case 'image':
        return content.prettyName;
      case 'visio_invitation':
        return t`Video call invitation`;
      case 'visio_ask':
        return t`Video call request`;
      case 'contact_details':
        return t`Contact details`;
    }
  };
}

/** My chats (spec §2.7): channels with messages, newest first, each with its new-message counter. */
export function ChannelList({ view }: { view: ChatView }) {
  const { t, i18n } = useLingui();
  const preview = usePreview();
  const panorama = useStore($currentPanorama);
  if (view.channels.length === 0 && view.anonymous && view.channelsStatus !== 'loading' && view.channelsStatus !== 'idle') {
    return (
      <div className="salon-chat__empty">
        <p role="status">{t`Chatting with exhibitors needs an account. Log in or create one in a minute: you will come back here.`}</p>
        <a className="salon-chat__button" href={loginHref(panorama)}>
          {t`Log in`}
        </a>
        <a className="salon-chat__button" href={loginHref(panorama, true)}>
          {t`Create an account`}
        </a>
      </div>
    );
  }
  if (view.channels.length === 0) {
    return (
      <div className="salon-chat__empty">
        <p role="status">{view.channelsStatus === 'loading' || view.channelsStatus === 'idle' ? t`Loading…` : t`No conversation yet.`}</p>
        {view.startTab && view.channelsStatus === 'ready' && (
          <button type="button" className="salon-chat__button" onClick={() => selectChatTab('start')}>
            {t`Start a chat`}
          </button>
        )}
      </div>
    );
  }
  return (
    <ul className="salon-chat__list" aria-label={t`My chats`}>
      {view.channels.map((channel) => {
        const count = channel.unread;
        return (
          <li key={channel.id}>
            <button type="button" className="salon-chat__channel" onClick={() => void openChat(channel.id)}>
              <strong>{personName(channel.other) ?? t`Unknown user`}</strong>
              {channel.other?.company && <span className="salon-chat__muted">{channel.other.company.name}</span>}
              {channel.lastMessage && (
                <span className="salon-chat__preview">
                  <span>{preview(channel.lastMessage.content)}</span>
                  <time dateTime={channel.lastMessage.created_at}>{messageDate(i18n, channel.lastMessage.created_at)}</time>
                </span>
              )}
              {count > 0 && (
                <span className="salon-chat__badge">
                  <Plural value={count} one="# new" other="# new" />
                </span>
              )}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
