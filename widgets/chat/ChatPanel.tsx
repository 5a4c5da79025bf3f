import { useRef, type KeyboardEvent } from 'react';
import { useStore } from '@nanostores/react';
import { Plural, useLingui } from '@lingui/react/macro';
import { $sidebar, CountBadge, SidebarFrame } from '@salon/shared';
import { $chat, selectChatTab, type ChatTab } from '@salon/shared/chat';
import { ChannelList } from './ChannelList';
import { ChannelView, ChannelTitle } from './ChannelView';
import { StartChat } from './StartChat';
import { CHAT_TITLE } from './format';
import { injectChatStyles } from './styles';

/**
 * The chat sidebar (spec §2.7): tabs My chats / Start a chat, or the open channel. Once loaded it listens to
 * `$chat` for the rest of the page, which keeps the socket open and the new-message counters live; it shows
 * only while the sidebar slot holds the chat.
 */
export default function ChatPanel() {
  const view = useStore($chat);
  const sidebar = useStore($sidebar);
  const { t, i18n } = useLingui();
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  if (sidebar?.name !== 'chat') return null;
  injectChatStyles();

  if (view.open) {
    return (
      <SidebarFrame name="chat" label={i18n._(CHAT_TITLE)} title={<ChannelTitle view={view.open} />}>
        <ChannelView view={view.open} />
      </SidebarFrame>
    );
  }

  // Named as in the list's badges: the same message.
  const count = view.unread;
  const list: [ChatTab, string][] = [['chats', t`My chats`]];
  if (view.startTab) list.push(['start', t`Start a chat`]);
  const onKeyDown = (event: KeyboardEvent) => {
    if (list.length < 2 || (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft')) return;
    const next = view.tab === 'chats' ? 'start' : 'chats';
    selectChatTab(next);
    tabs.current[next === 'chats' ? 0 : 1]?.focus();
  };
  return (
    <SidebarFrame name="chat" label={i18n._(CHAT_TITLE)} title={<h2>{i18n._(CHAT_TITLE)}</h2>}>
      <div className="salon-chat__tabs" role="tablist" aria-label={i18n._(CHAT_TITLE)} onKeyDown={onKeyDown}>
        {list.map(([tab, label], index) => (
          <button
            key={tab}
            ref={(element) => {
              tabs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`salon-chat-tab-${tab}`}
            aria-selected={view.tab === tab}
            aria-controls="salon-chat-panel"
            tabIndex={view.tab === tab ? 0 : -1}
            onClick={() => selectChatTab(tab)}
          >
            {label}
            {tab === 'chats' && count > 0 && (
              <CountBadge className="salon-chat__badge" count={count} spoken={<Plural value={count} one="# new" other="# new" />} />
            )}
          </button>
        ))}
      </div>
      <div className="salon-chat__panel" role="tabpanel" id="salon-chat-panel" aria-labelledby={`salon-chat-tab-${view.tab}`}>
        {view.tab === 'start' && view.startTab ? <StartChat /> : <ChannelList view={view} />}
      </div>
    </SidebarFrame>
  );
}
