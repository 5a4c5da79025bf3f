import { lazy, Suspense, useState } from 'react';
import { useStore } from '@nanostores/react';
import { useLingui } from '@lingui/react/macro';
import { $sidebar, SidebarFrame } from '@salon/shared';
import { CHAT_TITLE } from './format';

// The panel, the chat bus and the socket.io client load the first time the chat opens: a page where nobody
// opens it carries only this module.
const ChatPanel = lazy(() => import('./ChatPanel'));

/** The chat remote's root: nothing until the chat sidebar first opens, then the panel for the rest of the page. */
export function Chat() {
  const sidebar = useStore($sidebar);
  const { t, i18n } = useLingui();
  const open = sidebar?.name === 'chat';
  const [started, setStarted] = useState(open);
  if (open && !started) setStarted(true);
  if (!started) return null;
  const loading = (
    <SidebarFrame name="chat" label={i18n._(CHAT_TITLE)} title={<h2>{i18n._(CHAT_TITLE)}</h2>}>
      <p role="status" className="salon-chat__empty">
        {t`Loading…`}
      </p>
    </SidebarFrame>
  );
  return (
    <Suspense fallback={open ? loading : null}>
      <ChatPanel />
    </Suspense>
  );
}
