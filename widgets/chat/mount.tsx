import { createMount } from '@salon/shared';
import { Chat } from './Chat';

const mountChat = createMount('chat', Chat, {
  // Only this widget's catalog: the remote must not carry other widgets' messages.
  loadMessages: (locale) => import(`./locales/${locale}/messages.ts`),
});

export function mount(element: HTMLElement, props?: Record<string, unknown>): () => void {
  return mountChat(element, props);
}
