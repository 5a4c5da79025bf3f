import { createMount } from '@salon/shared';
import { ActivityStream } from './ActivityStream';

const mountActivityStream = createMount('activity-stream', ActivityStream, {
  // Only this widget's catalog: the remote must not carry other widgets' messages.
  loadMessages: (locale) => import(`./locales/${locale}/messages.ts`),
});

export function mount(element: HTMLElement, props?: Record<string, unknown>): () => void {
  return mountActivityStream(element, props);
}
