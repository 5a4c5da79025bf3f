import { createMount } from '@salon/shared';
import { TopBar } from './TopBar';

const mountTopBar = createMount('top-bar', TopBar, {
  // Only this widget's catalog: the remote must not carry other widgets' messages.
  loadMessages: (locale) => import(`./locales/${locale}/messages.ts`),
});

export function mount(element: HTMLElement, props?: Record<string, unknown>): () => void {
  return mountTopBar(element, props);
}
